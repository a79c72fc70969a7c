import {
  blankIdsIn,
  OPTION_ID,
  type TDefinitionOf,
  type TQuestionDefinition,
  type TQuestionType,
  ZBankQuestionInput,
} from '@atrium/contract';
import { ApiError } from '../../../shared/api/api-error.ts';

/*
 * The question editor's model: a fresh definition per type, switching types without losing what
 * applies to both, blanks kept in step with the text, and one error map (dotted paths such as
 * `definition.options.1.text`) filled alike by the contract's own check and by a server 400.
 */

export { QUESTION_TYPE_LABELS } from '../questions/index.ts';

/** Dotted path → message, e.g. `definition.options` → 'Mark exactly one option correct.' */
export type EditorErrors = Record<string, string>;

/** The first id `prefix1`, `prefix2`, … not yet taken (ids must be unique within a question). */
export function nextId(prefix: string, taken: readonly { id: string }[]): string {
  const used = new Set(taken.map((e) => e.id));
  for (let n = 1; ; n += 1) {
    const id = `${prefix}${n}`;
    if (!used.has(id)) return id;
  }
}

const noFeedback = () => ({ general: '', correct: '', incorrect: '' });
const common = (points = 1) => ({ points, stem: '', feedback: noFeedback() });

export function emptyDefinition(type: TQuestionType): TQuestionDefinition {
  switch (type) {
    case 'single_choice':
    case 'multiple_choice': {
      const options = [
        { id: 'o1', text: '', correct: false },
        { id: 'o2', text: '', correct: false },
      ];
      return type === 'single_choice'
        ? { type, ...common(), options }
        : { type, ...common(), options, scoring: 'all_or_nothing' };
    }
    case 'true_false':
      return { type, ...common(), correct: true };
    case 'short_answer':
      return { type, ...common(), accepted: [''], case_sensitive: false };
    case 'numeric':
      return { type, ...common(), value: 0, tolerance: 0, tolerance_mode: 'absolute' };
    case 'matching':
      return {
        type,
        ...common(),
        premises: [
          { id: 'p1', text: '', response: 'r1' },
          { id: 'p2', text: '', response: 'r2' },
        ],
        responses: [
          { id: 'r1', text: '' },
          { id: 'r2', text: '' },
        ],
      };
    case 'ordering':
      return {
        type,
        ...common(),
        items: [
          { id: 'i1', text: '' },
          { id: 'i2', text: '' },
        ],
      };
    case 'fill_in_blanks':
      return { type, ...common(), text: '', blanks: [] };
    case 'essay':
      return {
        type,
        ...common(5),
        rubric: [],
        reviewer_notes: '',
        min_words: null,
        max_words: null,
      };
    case 'file_upload':
      return {
        type,
        ...common(5),
        rubric: [],
        reviewer_notes: '',
        allowed_types: ['pdf'],
        max_bytes: 10 * 1024 * 1024,
        max_files: 1,
      };
  }
}

/** Another type keeps the stem, points and feedback; choices survive between the two choice types. */
export function changeType(draft: TQuestionDefinition, type: TQuestionType): TQuestionDefinition {
  if (draft.type === type) return draft;
  const fresh = emptyDefinition(type);
  const kept = { ...fresh, stem: draft.stem, points: draft.points, feedback: draft.feedback };
  if ('options' in draft && kept.type === 'single_choice') {
    const first = draft.options.findIndex((o) => o.correct);
    return { ...kept, options: draft.options.map((o, i) => ({ ...o, correct: i === first })) };
  }
  if ('options' in draft && kept.type === 'multiple_choice')
    return { ...kept, options: draft.options };
  return kept as TQuestionDefinition;
}

/**
 * The blanks of a fill-in-the-blanks question in the order the text names them: answers already
 * given are kept, a new `[[id]]` gets an empty list. Invalid or repeated markers are left to the
 * contract's check, which says what is wrong with them.
 */
export function syncBlanks(
  text: string,
  blanks: TDefinitionOf<'fill_in_blanks'>['blanks'],
): TDefinitionOf<'fill_in_blanks'>['blanks'] {
  const byId = new Map(blanks.map((b) => [b.id, b]));
  const ids = [...new Set(blankIdsIn(text))].filter((id) => OPTION_ID.test(id));
  return ids.map((id) => byId.get(id) ?? { id, accepted: [''], case_sensitive: false });
}

export interface QuestionForm {
  title: string;
  category: number | null;
  tags: string[];
  definition: TQuestionDefinition;
}

export type CheckedQuestion =
  | { ok: true; value: ReturnType<typeof ZBankQuestionInput.parse> }
  | { ok: false; errors: EditorErrors };

/** The contract's own check, so the author sees the server's words before sending anything. */
export function checkQuestion(form: QuestionForm): CheckedQuestion {
  const parsed = ZBankQuestionInput.safeParse(form);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: EditorErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A server 400's `errors` in the same map (several messages for one field are joined). */
export function serverErrors(error: unknown): EditorErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([key, messages]) => [key, messages.join(' ')]),
  );
}

/** The messages at or under `prefix` that no field shows, e.g. a list's own rule. */
export function errorsUnder(errors: EditorErrors, prefix: string): string[] {
  return Object.entries(errors)
    .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`))
    .map(([, message]) => message);
}
