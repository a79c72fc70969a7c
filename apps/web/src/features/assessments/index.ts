/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const assessmentsPages = {
  // Staff: the list, the editor, the attendees and report of one assessment, the bank.
  assessments: () => import('./pages/assessments.page.tsx'),
  assessmentEditor: () => import('./pages/assessment-editor.page.tsx'),
  attendees: () => import('./pages/attendees.page.tsx'),
  questionBank: () => import('./pages/question-bank.page.tsx'),
  // Reviewers: answers waiting for a grade.
  gradingQueue: () => import('./pages/grading-queue.page.tsx'),
  // Learners: their assessments, the start page and attempt, their results.
  myAssessments: () => import('./pages/my-assessments.page.tsx'),
  takeAssessment: () => import('./pages/take-assessment.page.tsx'),
  myResults: () => import('./pages/my-results.page.tsx'),
  attemptResult: () => import('./pages/attempt-result.page.tsx'),
};
