import {
  type IDENTITY_CHECKS,
  type TProctoringMode,
  type TProctoringSettings,
  type TProctoringSettingsInput,
  type TProctoringSignal,
  ZProctoringSettingsInput,
} from '@atrium/contract';
import { type FieldMessages, issuesByField } from '../components/field-errors.ts';

/*
 * The proctoring form as people type it (numbers as text, an empty budget for "never") and the
 * payload the contract takes. The contract's own schema checks it, so the form refuses what the
 * server would, under the same field.
 */

export type ProctoringForm = {
  mode: TProctoringMode;
  signals: TProctoringSignal[];
  look_away_seconds: string;
  no_face_seconds: string;
  identity_check: (typeof IDENTITY_CHECKS)[number];
  /** '' means never. */
  violation_budget: string;
  auto_submit: boolean;
  retention_days: string;
};

export function proctoringToForm(s: TProctoringSettings): ProctoringForm {
  return {
    mode: s.mode,
    signals: [...s.signals],
    look_away_seconds: String(s.look_away_seconds),
    no_face_seconds: String(s.no_face_seconds),
    identity_check: s.identity_check,
    violation_budget: s.violation_budget === null ? '' : String(s.violation_budget),
    auto_submit: s.auto_submit,
    retention_days: String(s.retention_days),
  };
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export type ParsedProctoring =
  | { ok: true; payload: TProctoringSettingsInput }
  | { ok: false; errors: FieldMessages };

export function proctoringPayload(assessment: number, form: ProctoringForm): ParsedProctoring {
  const budget = form.violation_budget.trim() === '' ? null : number(form.violation_budget);
  const parsed = ZProctoringSettingsInput.safeParse({
    assessment,
    mode: form.mode,
    signals: form.signals,
    look_away_seconds: number(form.look_away_seconds),
    no_face_seconds: number(form.no_face_seconds),
    identity_check: form.identity_check,
    violation_budget: budget,
    auto_submit: form.auto_submit,
    retention_days: number(form.retention_days),
  });
  const errors = parsed.success ? {} : issuesByField(parsed.error);
  // Nothing to count against: the contract allows it, but the switch would never act.
  if (form.auto_submit && budget === null) {
    errors.auto_submit = 'Auto-submit needs a violation budget.';
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, payload: parsed.data };
}

/** Whether the form says something else than what is saved (an unchanged save is not audited). */
export function proctoringChanged(saved: TProctoringSettings, form: ProctoringForm): boolean {
  const a = proctoringToForm(saved);
  const sameSignals =
    a.signals.length === form.signals.length && a.signals.every((s) => form.signals.includes(s));
  return (
    !sameSignals ||
    (Object.keys(a) as (keyof ProctoringForm)[]).some(
      (key) => key !== 'signals' && String(a[key]).trim() !== String(form[key]).trim(),
    )
  );
}
