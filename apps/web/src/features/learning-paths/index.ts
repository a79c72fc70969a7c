/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The learner dashboard's "My learning" card. */
export { MyLearningPathsCard } from './components/dashboard/my-learning-paths-card.tsx';

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const learningPathsPages = {
  learningPaths: () => import('./pages/learning-paths.page.tsx'),
  pathEditor: () => import('./pages/path-editor.page.tsx'),
  learnerPath: () => import('./pages/learner-path.page.tsx'),
};
