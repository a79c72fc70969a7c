import {
  essayWordCount,
  type TAnswerOf,
  type TQuestionAnswer,
  type TQuestionType,
  type TQuestionView,
} from '@atrium/contract';

/**
 * How a question is shown: `answer` while a learner takes it (editable), `review` on a result
 * (read-only, with marks and the solution when the server gives them), `preview` for authors
 * (editable, nothing is saved).
 */
export type QuestionMode = 'answer' | 'review' | 'preview';

export type TViewOf<T extends TQuestionType> = Extract<TQuestionView, { type: T }>;

/** What a result adds to a question; every part is null when the review options hide it. */
export interface QuestionReview {
  correct: boolean | null;
  score: number | null;
  solution: TQuestionAnswer | null;
  feedback: string | null;
  reviewer_feedback: string | null;
  pending: boolean;
}

/** The props each type's component takes. */
export interface TypeProps<T extends TQuestionType> {
  view: TViewOf<T>;
  answer: TAnswerOf<T> | null;
  onChange: (answer: TAnswerOf<T>) => void;
  readOnly: boolean;
  /** The right answer, shown beside the learner's (review only, when given). */
  solution: TAnswerOf<T> | null;
  /** The id of the question's stem, which names its inputs. */
  labelId: string;
  /** For file uploads in answer mode. */
  files?: FileTools;
}

/** Uploads and links for file-upload questions, given by the screen that knows the attempt. */
export interface FileTools {
  upload?: (
    file: File,
    onProgress: (percent: number | null) => void,
  ) => Promise<{ id: number; name: string }>;
  /**
   * Downloads an uploaded file (through the API client, which adds the token: a plain link
   * would not); absent in previews.
   */
  download?: (file: { id: number; name: string }) => Promise<void>;
}

/** An answer with nothing in it, in the type's shape. */
export function emptyAnswer(view: TQuestionView): TQuestionAnswer {
  switch (view.type) {
    case 'single_choice':
      return { type: view.type, selected: null };
    case 'multiple_choice':
      return { type: view.type, selected: [] };
    case 'true_false':
      return { type: view.type, value: null };
    case 'short_answer':
      return { type: view.type, text: '' };
    case 'numeric':
      return { type: view.type, value: null };
    case 'matching':
      return { type: view.type, pairs: {} };
    case 'ordering':
      return { type: view.type, order: view.items.map((i) => i.id) };
    case 'fill_in_blanks':
      return { type: view.type, blanks: {} };
    case 'essay':
      return { type: view.type, text: '' };
    case 'file_upload':
      return { type: view.type, files: [] };
  }
}

/** Whether the learner has given something (the navigator and the submit check use it). */
export function isAnswered(answer: TQuestionAnswer | null | undefined): boolean {
  if (!answer) return false;
  switch (answer.type) {
    case 'single_choice':
      return answer.selected !== null;
    case 'multiple_choice':
      return answer.selected.length > 0;
    case 'true_false':
    case 'numeric':
      return answer.value !== null;
    case 'short_answer':
      return answer.text.trim() !== '';
    case 'essay':
      return answer.text.replace(/<[^>]*>/g, '').trim() !== '';
    case 'matching':
      return Object.keys(answer.pairs).length > 0;
    // An ordering always has an order: saved once, the learner has answered it.
    case 'ordering':
      return answer.order.length > 0;
    case 'fill_in_blanks':
      return Object.values(answer.blanks).some((t) => t.trim() !== '');
    case 'file_upload':
      return answer.files.length > 0;
  }
}

/** Words in an essay's HTML, for its word limits: the server counts them the same way. */
export const wordCount = essayWordCount;

export const QUESTION_TYPE_LABELS: Record<TQuestionType, string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  true_false: 'True or false',
  short_answer: 'Short answer',
  numeric: 'Numeric',
  matching: 'Matching',
  ordering: 'Ordering',
  fill_in_blanks: 'Fill in the blanks',
  essay: 'Essay',
  file_upload: 'File upload',
};

/** 1 → '1 point', 2.5 → '2.5 points'. */
export function pointsLabel(points: number): string {
  return `${points} ${points === 1 ? 'point' : 'points'}`;
}
