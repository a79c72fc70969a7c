import { CPD_UNITS, type TCpdUnit, ZCpdExternalFields } from '@atrium/contract';
import { z } from 'zod';
import { localToday } from './cpd-format.ts';

const field = ZCpdExternalFields.shape;

/**
 * The add-external-CPD form: the contract's rules for each field, a completion date (a day: the
 * server counts it as midnight UTC) not after today, and the category as '' for none.
 */
export const ZExternalForm = z.object({
  title: field.title,
  category: z.union([z.literal(''), z.number().int().positive()]),
  value: field.value,
  unit: z.enum(CPD_UNITS),
  completed_at: z.iso
    .date('Enter the completion date.')
    .refine((day) => day <= localToday(), 'The completion may not be in the future.'),
  reflection: z.string().max(20_000, 'The reflection must be at most 20000 characters.'),
});
/** What the inputs hold: the value as typed (the schema reads it as a number). */
export type ExternalFormValues = Omit<z.input<typeof ZExternalForm>, 'value'> & {
  value: string | number;
};
export type ExternalValues = z.output<typeof ZExternalForm>;

/** Fields the server may name in its errors, to show them under the right input. */
export const EXTERNAL_FIELDS = [
  'title',
  'category',
  'value',
  'unit',
  'completed_at',
  'reflection',
] as const satisfies readonly (keyof ExternalFormValues)[];

export function emptyExternal(unit: TCpdUnit): ExternalFormValues {
  return { title: '', category: '', value: '', unit, completed_at: '', reflection: '' };
}

/** The multipart body of entries/: text fields as strings, the evidence when chosen. */
export function toExternalFormData(values: ExternalValues, evidence: File | null): FormData {
  const form = new FormData();
  form.append('title', values.title);
  if (values.category !== '') form.append('category', String(values.category));
  form.append('value', String(values.value));
  form.append('unit', values.unit);
  form.append('completed_at', values.completed_at);
  form.append('reflection', values.reflection);
  if (evidence) form.append('evidence', evidence, evidence.name);
  return form;
}
