import type { AppModule } from '../../core/module.ts';
import { manualMatrix } from './manual.matrix.ts';
import { registerManualRoutes } from './manual.routes.ts';

/**
 * The user manual (issue 23; spec §2 /user-manual): role-specific help pages for staff, written
 * in Markdown under apps/server/manual/ and served as sanitised HTML with headings for deep
 * links, plus a search over them. Learners are refused: their guide lives on the support page.
 */
export const manualModule: AppModule = {
  name: 'manual',
  routes(app) {
    registerManualRoutes(app);
  },
  matrix: manualMatrix,
};
