import {
  hasMarkup,
  PLAIN_TEXT_MESSAGE,
  QUESTION_TYPES,
  type TQuestionDefinition,
  ZBankQuestionInput,
} from '@atrium/contract';
import { AppError, badRequest } from '../../core/errors/app-error.ts';
import type { SheetRow } from '../../core/export/spreadsheet-read.ts';
import { sanitiseDefinition } from './question-text.ts';

/**
 * The CSV/XLSX question sheet: one row per question. Lists in a cell are `;`-separated (`\;` for a
 * literal semicolon). By type:
 * - single_choice / multiple_choice: `options` with `*` before each correct one; `scoring`
 *   (multiple: all_or_nothing or per_option).
 * - true_false: `answers` is true or false.
 * - short_answer: `answers` the accepted answers; `case_sensitive`.
 * - numeric: `answers` the value; `tolerance` in its units, or `5%` of it.
 * - matching: `options` as `premise=response` pairs; an entry without `=` is a distractor.
 * - ordering: `options` the items in the correct order.
 * - fill_in_blanks: `text` with `[[b1]]` where each blank goes; `answers` as
 *   `b1=blue|azure;b2=red`; `case_sensitive` for every blank.
 * - essay: `min_words`, `max_words`, `reviewer_notes`.
 * - file_upload: `answers` the allowed file types (`pdf;docx`); `max_files`, `max_mb`,
 *   `reviewer_notes`.
 * Every row: `title`, `stem`, `points` (default 1), `category` (a path such as
 * `Safety / Fire`, created where absent), `tags`, `feedback`, `feedback_correct`,
 * `feedback_incorrect`.
 */
export const QUESTION_COLUMNS = [
  'type',
  'title',
  'category',
  'tags',
  'points',
  'stem',
  'options',
  'answers',
  'text',
  'tolerance',
  'case_sensitive',
  'scoring',
  'min_words',
  'max_words',
  'max_files',
  'max_mb',
  'reviewer_notes',
  'feedback',
  'feedback_correct',
  'feedback_incorrect',
] as const;
type Column = (typeof QUESTION_COLUMNS)[number];
export type QuestionRow = Partial<Record<Column, string>>;

/** One example per type: the template's rows, and what the tests import back. */
export const TEMPLATE_ROWS: QuestionRow[] = [
  {
    type: 'single_choice',
    title: 'Capital of France',
    category: 'Geography',
    tags: 'europe;capitals',
    points: '1',
    stem: 'Which city is the capital of France?',
    options: '*Paris;Lyon;Marseille',
    feedback_correct: 'Yes: Paris.',
  },
  {
    type: 'multiple_choice',
    title: 'Primary colours',
    category: 'Art',
    stem: 'Which are primary colours of light?',
    options: '*Red;*Green;*Blue;Yellow',
    scoring: 'per_option',
    points: '3',
  },
  {
    type: 'true_false',
    title: 'Water boils at 100 °C',
    stem: 'At sea level, water boils at 100 °C.',
    answers: 'true',
  },
  {
    type: 'short_answer',
    title: 'Largest planet',
    stem: 'Name the largest planet of the solar system.',
    answers: 'Jupiter;planet Jupiter',
    case_sensitive: 'false',
  },
  {
    type: 'numeric',
    title: 'Pi to two decimals',
    stem: 'Give π to two decimals.',
    answers: '3.14',
    tolerance: '0.01',
  },
  {
    type: 'matching',
    title: 'Countries and capitals',
    category: 'Geography',
    stem: 'Match each country with its capital.',
    options: 'France=Paris;Italy=Rome;Spain=Madrid;Lisbon',
    points: '3',
  },
  {
    type: 'ordering',
    title: 'Planets from the Sun',
    stem: 'Put these planets in order from the Sun.',
    options: 'Mercury;Venus;Earth;Mars',
  },
  {
    type: 'fill_in_blanks',
    title: 'Sky and grass',
    stem: 'Fill in the colours.',
    text: 'The sky is [[b1]] and grass is [[b2]].',
    answers: 'b1=blue|azure;b2=green',
    points: '2',
  },
  {
    type: 'essay',
    title: 'Safety at work',
    stem: 'Describe one hazard in your workplace and how you would reduce it.',
    min_words: '50',
    max_words: '300',
    reviewer_notes: 'Look for a concrete hazard and a realistic measure.',
    points: '5',
  },
  {
    type: 'file_upload',
    title: 'Signed form',
    stem: 'Upload your signed induction form.',
    answers: 'pdf;jpg;png',
    max_files: '1',
    max_mb: '5',
  },
];

/** `a;b\;c` → ['a', 'b;c']; blanks dropped. */
export function splitList(cell: string | undefined, sep = ';'): string[] {
  if (!cell) return [];
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i]!;
    if (c === '\\' && cell[i + 1] === sep) {
      cur += sep;
      i++;
    } else if (c === sep) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

const letterId = (i: number) => (i < 26 ? String.fromCharCode(97 + i) : `o${i + 1}`);
const num = (cell: string | undefined) =>
  cell === undefined || cell === '' ? undefined : Number(cell.replace(',', '.'));
const bool = (cell: string | undefined) =>
  cell === undefined ? undefined : /^(true|yes|1|y)$/i.test(cell);
const plainToHtml = (cell: string | undefined) => cell ?? '';

/** The definition a row describes (unchecked: the contract's schema checks it). */
function definitionOf(row: QuestionRow): Record<string, unknown> {
  const type = row.type?.toLowerCase().replace(/[\s-]+/g, '_');
  const options = splitList(row.options);
  const base = {
    type,
    points: num(row.points) ?? 1,
    stem: plainToHtml(row.stem),
    feedback: {
      general: row.feedback ?? '',
      correct: row.feedback_correct ?? '',
      incorrect: row.feedback_incorrect ?? '',
    },
  };
  switch (type) {
    case 'single_choice':
    case 'multiple_choice':
      return {
        ...base,
        options: options.map((o, i) => ({
          id: letterId(i),
          text: o.replace(/^\*\s*/, ''),
          correct: o.startsWith('*'),
        })),
        ...(type === 'multiple_choice' && row.scoring ? { scoring: row.scoring } : {}),
      };
    case 'true_false':
      return {
        ...base,
        correct: /^(true|false)$/i.test(row.answers ?? '') ? bool(row.answers) : undefined,
      };
    case 'short_answer':
      return {
        ...base,
        accepted: splitList(row.answers),
        case_sensitive: bool(row.case_sensitive) ?? false,
      };
    case 'numeric': {
      const percent = row.tolerance?.trim().endsWith('%');
      return {
        ...base,
        value: num(row.answers),
        tolerance: num(row.tolerance?.replace('%', '').trim()) ?? 0,
        tolerance_mode: percent ? 'percent' : 'absolute',
      };
    }
    case 'matching': {
      const responses: { id: string; text: string }[] = [];
      const responseId = (text: string) => {
        const found = responses.find((r) => r.text === text);
        if (found) return found.id;
        responses.push({ id: `r${responses.length + 1}`, text });
        return responses.at(-1)!.id;
      };
      const premises = options
        .filter((o) => o.includes('='))
        .map((o, i) => {
          const [premise, response] = [o.slice(0, o.indexOf('=')), o.slice(o.indexOf('=') + 1)];
          return { id: `p${i + 1}`, text: premise.trim(), response: responseId(response.trim()) };
        });
      for (const o of options.filter((o) => !o.includes('='))) responseId(o);
      return { ...base, premises, responses };
    }
    case 'ordering':
      return { ...base, items: options.map((text, i) => ({ id: letterId(i), text })) };
    case 'fill_in_blanks':
      return {
        ...base,
        text: row.text ?? '',
        blanks: splitList(row.answers).map((b) => {
          const eq = b.indexOf('=');
          return {
            id: eq === -1 ? b : b.slice(0, eq).trim(),
            accepted: eq === -1 ? [] : splitList(b.slice(eq + 1), '|'),
            case_sensitive: bool(row.case_sensitive) ?? false,
          };
        }),
      };
    case 'essay':
      return {
        ...base,
        min_words: num(row.min_words) ?? null,
        max_words: num(row.max_words) ?? null,
        reviewer_notes: row.reviewer_notes ?? '',
      };
    case 'file_upload': {
      const mb = num(row.max_mb);
      return {
        ...base,
        allowed_types: splitList(row.answers).map((t) => t.replace(/^\./, '')),
        ...(row.max_files ? { max_files: num(row.max_files) } : {}),
        ...(mb !== undefined ? { max_bytes: Math.round(mb * 1024 * 1024) } : {}),
        reviewer_notes: row.reviewer_notes ?? '',
      };
    }
    default:
      return base;
  }
}

/** The sheet column an error of the definition belongs to. */
const COLUMN_OF: Record<string, Column> = {
  type: 'type',
  points: 'points',
  stem: 'stem',
  options: 'options',
  premises: 'options',
  responses: 'options',
  items: 'options',
  scoring: 'scoring',
  correct: 'answers',
  accepted: 'answers',
  value: 'answers',
  blanks: 'answers',
  allowed_types: 'answers',
  tolerance: 'tolerance',
  text: 'text',
  min_words: 'min_words',
  max_words: 'max_words',
  max_files: 'max_files',
  max_bytes: 'max_mb',
  reviewer_notes: 'reviewer_notes',
};
function columnOf(path: PropertyKey[]): string {
  if (path[0] !== 'definition') return String(path[0] ?? 'row');
  if (path[1] === 'feedback')
    return path[2] === 'general' ? 'feedback' : `feedback_${String(path[2])}`;
  return COLUMN_OF[String(path[1])] ?? 'type';
}

export interface ParsedQuestion {
  line: number;
  title: string;
  tags: string[];
  /** Category path segments, or empty for none. */
  category: string[];
  definition: TQuestionDefinition;
}

/**
 * Every row checked: the questions, or the errors keyed `row N` (each message starting with its
 * column), as the users import reports them. Definitions come out sanitised.
 */
export function parseQuestionRows(rows: (QuestionRow & { line: number })[]): {
  questions: ParsedQuestion[];
  errors: Record<string, string[]>;
} {
  const questions: ParsedQuestion[] = [];
  const errors: Record<string, string[]> = {};
  for (const row of rows) {
    const problems: string[] = [];
    const category = (row.category ?? '')
      .split('/')
      .map((s) => s.trim())
      .filter(Boolean);
    if (category.some((c) => c.length > 120))
      problems.push('category: a category name has at most 120 characters.');
    else if (category.some(hasMarkup)) problems.push(`category: ${PLAIN_TEXT_MESSAGE}`);
    else if (category.length > 10) problems.push('category: at most 10 levels.');
    const type = row.type?.toLowerCase().replace(/[\s-]+/g, '_') ?? '';
    if (!(QUESTION_TYPES as readonly string[]).includes(type)) {
      problems.push(
        `type: '${row.type ?? ''}' is not a question type (${QUESTION_TYPES.join(', ')}).`,
      );
    } else {
      const parsed = ZBankQuestionInput.safeParse({
        title: row.title ?? '',
        tags: splitList(row.tags),
        definition: definitionOf(row),
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          problems.push(`${columnOf(issue.path)}: ${issue.message}`);
      } else {
        try {
          if (problems.length === 0)
            questions.push({
              line: row.line,
              title: parsed.data.title,
              tags: parsed.data.tags,
              category,
              definition: sanitiseDefinition(parsed.data.definition),
            });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          for (const [key, messages] of Object.entries(err.fieldErrors ?? {}))
            for (const m of messages) problems.push(`${columnOf(key.split('.'))}: ${m}`);
        }
      }
    }
    if (problems.length > 0) errors[`row ${row.line}`] = [...new Set(problems)];
  }
  return { questions, errors };
}

/** The sheet's header and rows as column-keyed rows; unknown or missing columns refuse the file. */
export function rowsOfSheet(
  header: string[],
  rows: SheetRow[],
): (QuestionRow & { line: number })[] {
  const keys = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const unknown = keys.filter((k) => k && !(QUESTION_COLUMNS as readonly string[]).includes(k));
  const missing = ['type', 'title', 'stem'].filter((c) => !keys.includes(c));
  if (unknown.length > 0 || missing.length > 0) {
    const problems = [
      ...(missing.length ? [`Missing columns: ${missing.join(', ')}.`] : []),
      ...(unknown.length ? [`Unknown columns: ${unknown.join(', ')}.`] : []),
    ];
    throw badRequest(`${problems.join(' ')} Start from the template.`, { file: problems });
  }
  const out = rows.map(({ line, cells }) => {
    const row: QuestionRow & { line: number } = { line };
    keys.forEach((k, i) => {
      const v = cells[i]?.trim();
      if (k && v) row[k as Column] = v;
    });
    return row;
  });
  if (out.length === 0)
    throw badRequest('The file has no questions to import.', {
      file: ['The file has no rows below the header.'],
    });
  return out;
}
