import {
  type TAssessmentSettings,
  type TAssessmentSettingsInput,
  type TGradingMethod,
  type TReviewOptions,
  ZAssessmentSettingsInput,
} from '@atrium/contract';
import { isoToLocalInput, localInputToIso } from './labels.ts';

/*
 * The settings form in the units authors think in (minutes, local date-times) and the payload the
 * contract takes (seconds, ISO instants). The contract's own schema checks the payload, so the
 * form refuses what the server would, with the field that is wrong.
 */

export type SettingsForm = {
  time_limit: string;
  opens_at: string;
  closes_at: string;
  grace: string;
  unlimited: boolean;
  attempts_allowed: string;
  delay: string;
  grading_method: TGradingMethod;
  pass_mark: string;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  review: TReviewOptions;
  /** A new password; '' keeps the current one unless `clear_password`. */
  password: string;
  clear_password: boolean;
  proctored: boolean;
};
export type SettingsField = Exclude<keyof SettingsForm, 'review' | 'unlimited' | 'clear_password'>;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

const minutes = (seconds: number | null) => (seconds === null ? '' : String(seconds / 60));

export function settingsToForm(s: TAssessmentSettings): SettingsForm {
  return {
    time_limit: minutes(s.time_limit_seconds),
    opens_at: isoToLocalInput(s.opens_at),
    closes_at: isoToLocalInput(s.closes_at),
    grace: minutes(s.grace_seconds),
    unlimited: s.attempts_allowed === null,
    attempts_allowed: s.attempts_allowed === null ? '1' : String(s.attempts_allowed),
    delay: minutes(s.attempt_delay_seconds),
    grading_method: s.grading_method,
    pass_mark: String(s.pass_mark),
    shuffle_questions: s.shuffle_questions,
    shuffle_options: s.shuffle_options,
    review: s.review,
    password: '',
    clear_password: false,
    proctored: s.proctored,
  };
}

/** From the payload's field to the form's. */
const FIELD_OF: Record<string, SettingsField> = {
  time_limit_seconds: 'time_limit',
  opens_at: 'opens_at',
  closes_at: 'closes_at',
  grace_seconds: 'grace',
  attempts_allowed: 'attempts_allowed',
  attempt_delay_seconds: 'delay',
  grading_method: 'grading_method',
  pass_mark: 'pass_mark',
  password: 'password',
  proctored: 'proctored',
};
/** Clearer words than a number schema's for the minute fields. */
const RANGE: Partial<Record<SettingsField, string>> = {
  grace: 'From 0 to 60 minutes.',
  attempts_allowed: 'From 1 to 100 attempts.',
  delay: 'From 0 minutes to a year.',
  pass_mark: 'A percentage from 0 to 100.',
  password: 'From 4 to 128 characters.',
};

export function fieldOf(payloadField: string): SettingsField | undefined {
  return FIELD_OF[payloadField];
}

type Parsed =
  | { ok: true; payload: TAssessmentSettingsInput }
  | { ok: false; errors: SettingsErrors };

export function settingsPayload(assessment: number, form: SettingsForm): Parsed {
  const errors: SettingsErrors = {};
  const wholeMinutes = (field: SettingsField, value: string, empty: number | null) => {
    if (value.trim() === '') return empty;
    const n = Number(value);
    if (!Number.isInteger(n)) {
      errors[field] = 'Whole minutes.';
      return empty;
    }
    return n * 60;
  };
  const number = (field: SettingsField, value: string) => {
    const n = value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(n)) errors[field] = RANGE[field] ?? 'Enter a number.';
    return n;
  };
  const opens = form.opens_at ? localInputToIso(form.opens_at) : null;
  const closes = form.closes_at ? localInputToIso(form.closes_at) : null;
  if (form.opens_at && !opens) errors.opens_at = 'Enter a date and time.';
  if (form.closes_at && !closes) errors.closes_at = 'Enter a date and time.';
  const payload = {
    assessment,
    time_limit_seconds: wholeMinutes('time_limit', form.time_limit, null),
    opens_at: opens,
    closes_at: closes,
    grace_seconds: wholeMinutes('grace', form.grace, 0) ?? 0,
    attempts_allowed: form.unlimited ? null : number('attempts_allowed', form.attempts_allowed),
    attempt_delay_seconds: wholeMinutes('delay', form.delay, 0) ?? 0,
    grading_method: form.grading_method,
    pass_mark: number('pass_mark', form.pass_mark),
    shuffle_questions: form.shuffle_questions,
    shuffle_options: form.shuffle_options,
    review: form.review,
    proctored: form.proctored,
    // Left out, the password keeps its value; null clears it.
    ...(form.clear_password
      ? { password: null }
      : form.password
        ? { password: form.password }
        : {}),
  };
  const parsed = ZAssessmentSettingsInput.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(String(issue.path[0]));
      if (field && !errors[field]) {
        errors[field] =
          field === 'time_limit' || field === 'closes_at'
            ? issue.message
            : (RANGE[field] ?? issue.message);
      }
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, payload: parsed.data };
}
