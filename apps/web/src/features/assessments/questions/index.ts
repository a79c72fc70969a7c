/* The question renderer, shared by the learner's screens, authors' previews and grading. */
export { QuestionHtml } from './question-html.tsx';
export {
  emptyAnswer,
  type FileTools,
  isAnswered,
  pointsLabel,
  QUESTION_TYPE_LABELS,
  type QuestionMode,
  type QuestionReview,
  wordCount,
} from './question-model.ts';
export { QuestionRenderer, type QuestionRendererProps } from './question-renderer.tsx';
