/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/**
 * Plagiarism (issue 24): `/plagiarism`, the staff's list of checked submissions, and
 * `/plagiarism/:id`, one check with the matched passages side by side.
 */
export const plagiarismPages = {
  checks: () => import('./pages/plagiarism.page.tsx'),
  check: () => import('./pages/check.page.tsx'),
};

/** The learner's own similarity score, for the screens that show their submission. */
export { OwnSimilarity } from './components/own-similarity.tsx';
