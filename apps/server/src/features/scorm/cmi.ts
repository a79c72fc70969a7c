import {
  COMPLETION_STATUSES,
  LESSON_STATUSES,
  SUCCESS_STATUSES,
  type TScormVersion,
  type TScoStatus,
} from '@atrium/contract';
import { z } from 'zod';
import { badRequest } from '../../core/errors/app-error.ts';
import { parseDuration2004, parseTimespan12 } from './cmi-time.ts';

/**
 * Server-side validation of a commit's cmi data model, per version. scorm-again
 * validates in the browser too, but the browser is not to be trusted with
 * scores and completion: every element Atrium stores or reports is checked
 * for type, vocabulary and range here. Empty strings mean "not set" (a full
 * commit carries every element). Read-only elements (learner id and name,
 * credit, entry, total_time…) are ignored: the server owns them.
 */

/** SCORM 2004 smallest permitted maximums, used for both versions. */
export const MAX_OBJECTIVES = 100;
export const MAX_INTERACTIONS = 250;
const MAX_SUB_ITEMS = 50;
export const SUSPEND_DATA_MAX = { '1.2': 4096, '2004': 64_000 } as const;

const unset = (v: unknown) => v === '' || v === null || v === undefined;
const opt = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (unset(v) ? undefined : v), schema.optional());
const str = (max: number) => opt(z.string().max(max, `At most ${max} characters.`));
const vocab = (values: readonly string[]) =>
  opt(z.enum(values as [string, ...string[]], { error: `Must be one of: ${values.join(', ')}.` }));
const decimal = (min?: number, max?: number) => {
  let n = z.number({ error: 'Must be a number.' });
  const range =
    min !== undefined && max !== undefined ? `a number from ${min} to ${max}` : 'a number';
  if (min !== undefined) n = n.min(min, `Must be ${range}.`);
  if (max !== undefined) n = n.max(max, `Must be ${range}.`);
  return z.preprocess((v) => {
    if (unset(v)) return undefined;
    if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
    return v;
  }, n.optional());
};
const duration = (parse: (s: string) => number | null, format: string) =>
  opt(
    z.string().transform((s, ctx) => {
      const n = parse(s);
      if (n === null) {
        ctx.addIssue({ code: 'custom', message: `Must be a duration like ${format}.` });
        return z.NEVER;
      }
      return n;
    }),
  );
/** scorm-again sends arrays as {"0": …, "1": …}; a plain array is accepted too. */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => {
    if (unset(v)) return undefined;
    if (Array.isArray(v)) return v;
    if (typeof v === 'object')
      return Object.entries(v as Record<string, unknown>)
        .filter(([k]) => /^\d+$/.test(k))
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, x]) => x);
    return v;
  }, z.array(item).max(max, `At most ${max} entries.`).optional());

// ── SCORM 1.2 ───────────────────────────────────────────────────────────
const score12 = z.object({ raw: decimal(0, 100), min: decimal(0, 100), max: decimal(0, 100) });
const INTERACTION_TYPES_12 = [
  'true-false',
  'choice',
  'fill-in',
  'matching',
  'performance',
  'sequencing',
  'likert',
  'numeric',
];
const result12 = opt(
  z
    .string()
    .regex(
      /^(correct|wrong|unanticipated|neutral|-?\d+(\.\d+)?)$/,
      'Must be correct, wrong, unanticipated, neutral or a number.',
    ),
);
const Cmi12 = z.object({
  core: z
    .object({
      lesson_location: str(255),
      lesson_status: vocab(LESSON_STATUSES),
      exit: vocab(['time-out', 'suspend', 'logout']),
      session_time: duration(parseTimespan12, 'HH:MM:SS or HH:MM:SS.SS'),
      total_time: duration(parseTimespan12, 'HH:MM:SS or HH:MM:SS.SS'),
      score: score12.optional(),
    })
    .optional(),
  suspend_data: str(SUSPEND_DATA_MAX['1.2']),
  comments: str(4096),
  objectives: list(
    z.object({ id: str(255), status: vocab(LESSON_STATUSES), score: score12.optional() }),
    MAX_OBJECTIVES,
  ),
  interactions: list(
    z.object({
      id: str(255),
      time: opt(z.string().regex(/^\d{2}:\d{2}:\d{2}(\.\d{1,2})?$/, 'Must be a time HH:MM:SS.')),
      type: vocab(INTERACTION_TYPES_12),
      weighting: decimal(),
      student_response: str(255),
      result: result12,
      latency: duration(parseTimespan12, 'HH:MM:SS'),
      objectives: list(z.object({ id: str(255) }), MAX_SUB_ITEMS),
      correct_responses: list(z.object({ pattern: str(255) }), MAX_SUB_ITEMS),
    }),
    MAX_INTERACTIONS,
  ),
  student_preference: z
    .object({
      audio: decimal(-1, 100),
      language: str(255),
      speed: decimal(-100, 100),
      text: decimal(-1, 1),
    })
    .optional(),
});

// ── SCORM 2004 ──────────────────────────────────────────────────────────
const score2004 = z.object({
  scaled: decimal(-1, 1),
  raw: decimal(),
  min: decimal(),
  max: decimal(),
});
const INTERACTION_TYPES_2004 = [...INTERACTION_TYPES_12, 'long-fill-in', 'other'];
const iso8601 = opt(
  z
    .string()
    .regex(
      /^\d{4}(-\d{2}(-\d{2}(T\d{2}(:\d{2}(:\d{2}(\.\d{1,2})?)?)?)?)?)?([Z]|[+-]\d{2}(:\d{2})?)?$/,
      {
        message: 'Must be a date and time (ISO 8601).',
      },
    ),
);
const Cmi2004 = z.object({
  location: str(1000),
  completion_status: vocab(COMPLETION_STATUSES),
  success_status: vocab(SUCCESS_STATUSES),
  exit: vocab(['time-out', 'suspend', 'logout', 'normal']),
  session_time: duration(parseDuration2004, 'PT1H30M5.5S'),
  total_time: duration(parseDuration2004, 'PT1H30M5.5S'),
  progress_measure: decimal(0, 1),
  score: score2004.optional(),
  suspend_data: str(SUSPEND_DATA_MAX['2004']),
  objectives: list(
    z.object({
      id: str(4000),
      success_status: vocab(SUCCESS_STATUSES),
      completion_status: vocab(COMPLETION_STATUSES),
      progress_measure: decimal(0, 1),
      description: str(250),
      score: score2004.optional(),
    }),
    MAX_OBJECTIVES,
  ),
  interactions: list(
    z.object({
      id: str(4000),
      type: vocab(INTERACTION_TYPES_2004),
      timestamp: iso8601,
      weighting: decimal(),
      learner_response: str(4000),
      result: opt(
        z
          .string()
          .regex(
            /^(correct|incorrect|unanticipated|neutral|-?\d+(\.\d+)?)$/,
            'Must be correct, incorrect, unanticipated, neutral or a number.',
          ),
      ),
      latency: duration(parseDuration2004, 'PT5S'),
      description: str(250),
      objectives: list(z.object({ id: str(4000) }), MAX_SUB_ITEMS),
      correct_responses: list(z.object({ pattern: str(4000) }), MAX_SUB_ITEMS),
    }),
    MAX_INTERACTIONS,
  ),
  comments_from_learner: list(
    z.object({ comment: str(4000), location: str(250), timestamp: iso8601 }),
    MAX_INTERACTIONS,
  ),
  learner_preference: z
    .object({
      audio_level: decimal(0),
      language: str(250),
      delivery_speed: decimal(0),
      audio_captioning: opt(z.enum(['-1', '0', '1'], { error: 'Must be -1, 0 or 1.' })),
    })
    .optional(),
});

/** What a commit changes, in the terms of the scorm_runtime row. */
export interface CmiUpdate {
  location?: string;
  suspendData?: string;
  exit?: string;
  completionStatus?: string;
  successStatus?: string;
  score: { raw?: number; min?: number; max?: number; scaled?: number };
  sessionSeconds?: number;
  /**
   * total_time as the run-time computed it (read-only for the SCO). Used only when the SCO
   * reports no session_time: scorm-again with `selfReportSessionTime` measures the session
   * itself and sends it this way.
   */
  reportedTotalSeconds?: number;
  /** The rest of the data model, validated, replacing what was stored when present. */
  data: Record<string, unknown>;
}

function refuse(error: z.ZodError): never {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues.slice(0, 20)) {
    const key = ['cmi', ...issue.path.map(String)].join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  const [first] = Object.entries(errors);
  throw badRequest(
    `The SCORM data is not valid: ${first ? `${first[0]}: ${first[1][0]}` : 'unreadable'}`,
    errors,
  );
}

const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export function parseCmi(version: TScormVersion, cmi: unknown): CmiUpdate {
  if (version === '1.2') {
    const r = Cmi12.safeParse(cmi);
    if (!r.success) refuse(r.error);
    const c = r.data;
    return {
      location: c.core?.lesson_location,
      suspendData: c.suspend_data,
      exit: c.core?.exit,
      completionStatus: c.core?.lesson_status,
      sessionSeconds: c.core?.session_time,
      reportedTotalSeconds: c.core?.total_time,
      score: defined({ ...c.core?.score }),
      data: defined({
        comments: c.comments,
        objectives: c.objectives,
        interactions: c.interactions,
        student_preference: c.student_preference,
      }),
    };
  }
  const r = Cmi2004.safeParse(cmi);
  if (!r.success) refuse(r.error);
  const c = r.data;
  return {
    location: c.location,
    suspendData: c.suspend_data,
    exit: c.exit,
    completionStatus: c.completion_status,
    successStatus: c.success_status,
    sessionSeconds: c.session_time,
    reportedTotalSeconds: c.total_time,
    score: defined({ ...c.score }),
    data: defined({
      progress_measure: c.progress_measure,
      objectives: c.objectives,
      interactions: c.interactions,
      comments_from_learner: c.comments_from_learner,
      learner_preference: c.learner_preference,
    }),
  };
}

/** One status for reports: 1.2 lesson_status; 2004 success (passed/failed) over completion. */
export function statusOf(
  version: TScormVersion,
  completion: string | null,
  success: string | null,
): TScoStatus {
  if (version === '1.2') return (completion as TScoStatus | null) ?? 'not attempted';
  if (success === 'passed' || success === 'failed') return success;
  if (completion === 'completed' || completion === 'incomplete' || completion === 'not attempted')
    return completion;
  return completion === null && success === null ? 'not attempted' : 'unknown';
}
