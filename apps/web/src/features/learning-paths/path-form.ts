import {
  type TLearningPath,
  type TLearningPathInput,
  ZLearningPathInput,
  ZLearningPathUpdate,
} from '@atrium/contract';
import { dueDayToIso, isoToDueDay } from '../../shared/format/due-day.ts';

/**
 * What the path form holds while someone types: numbers stay strings and the due date a day
 * until submit, when the contract's own schema (the one the server runs) checks them.
 */
export interface PathFormValues {
  title: string;
  /** Plain text; paragraphs are separated by a blank line. */
  description: string;
  category: number | '';
  visibility: TLearningPathInput['visibility'];
  enrolment: TLearningPathInput['enrolment'];
  estimated_minutes: string;
  due_mode: TLearningPathInput['due_mode'];
  due_day: string;
  due_days: string;
  due_soon_days: string;
  validity_months: string;
  cpd_hours: string;
}

export const PATH_FORM_FIELDS = [
  'title',
  'description',
  'category',
  'visibility',
  'enrolment',
  'estimated_minutes',
  'due_mode',
  'due_day',
  'due_days',
  'due_soon_days',
  'validity_months',
  'cpd_hours',
] as const satisfies readonly (keyof PathFormValues)[];

export function emptyPathForm(): PathFormValues {
  return {
    title: '',
    description: '',
    category: '',
    visibility: 'organisation',
    enrolment: 'assigned',
    estimated_minutes: '',
    due_mode: 'none',
    due_day: '',
    due_days: '',
    due_soon_days: '3',
    validity_months: '',
    cpd_hours: '',
  };
}

export function pathToForm(path: TLearningPath): PathFormValues {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    title: path.title,
    // Rich text as stored (sanitised by the server); the editor edits it as is.
    description: path.description,
    category: path.category?.id ?? '',
    visibility: path.visibility,
    enrolment: path.enrolment,
    estimated_minutes: text(path.estimated_minutes),
    due_mode: path.due_mode,
    due_day: isoToDueDay(path.due_at),
    due_days: text(path.due_days),
    due_soon_days: String(path.due_soon_days),
    validity_months: text(path.validity_months),
    cpd_hours: text(path.cpd_hours),
  };
}

/** The form's values as the fields the server reads (strings; '' clears a value). */
function fields(values: PathFormValues): Record<string, string> {
  return {
    title: values.title,
    description: values.description,
    category: values.category === '' ? '' : String(values.category),
    visibility: values.visibility,
    enrolment: values.enrolment,
    estimated_minutes: values.estimated_minutes.trim(),
    due_mode: values.due_mode,
    // Only the due rule's own value is sent; the other one is cleared.
    due_at: values.due_mode === 'fixed' && values.due_day ? dueDayToIso(values.due_day) : '',
    due_days: values.due_mode === 'relative' ? values.due_days.trim() : '',
    due_soon_days: values.due_soon_days.trim() || '0',
    validity_months: values.validity_months.trim(),
    cpd_hours: values.cpd_hours.trim(),
  };
}

/** The server's field names for the form's (the due day is sent as due_at). */
const FORM_FIELD: Record<string, keyof PathFormValues> = { due_at: 'due_day' };

/**
 * Checks the values with the contract's schema (create or update) and answers the problems by
 * form field, or the multipart body to send. The image goes last: the server reads the fields
 * as the body streams in.
 */
export function pathFormData(
  values: PathFormValues,
  image: { file: File | null; remove: boolean },
  mode: 'create' | 'update',
): { form: FormData } | { problems: Partial<Record<keyof PathFormValues, string>> } {
  const body = fields(values);
  const schema = mode === 'create' ? ZLearningPathInput : ZLearningPathUpdate;
  const parsed = schema.safeParse(body);
  const problems: Partial<Record<keyof PathFormValues, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'title');
      problems[FORM_FIELD[key] ?? (key as keyof PathFormValues)] = issue.message;
    }
  }
  if (values.due_mode === 'fixed' && !values.due_day) problems.due_day = 'Choose the due date.';
  if (values.due_mode === 'relative' && !values.due_days.trim()) {
    problems.due_days = 'Say how many days learners have.';
  }
  if (Object.keys(problems).length > 0) return { problems };
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) form.append(key, value);
  if (mode === 'update' && image.remove && !image.file) form.append('remove_image', 'true');
  if (image.file) form.append('image', image.file);
  return { form };
}

export { FORM_FIELD as SERVER_TO_FORM_FIELD };
