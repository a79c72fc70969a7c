import type { AppModule } from '../../core/module.ts';
import { registerScormContent } from './content.ts';
import { scormProcessor } from './packages.service.ts';
import { scormMatrix } from './scorm.matrix.ts';
import { registerScormRoutes } from './scorm.routes.ts';

/** SCORM packages: checked and unpacked on upload, played from the content origin, tracked. */
export const scormModule: AppModule = {
  name: 'scorm',
  routes: registerScormRoutes,
  matrix: scormMatrix,
  contentRoutes: registerScormContent,
  contentProcessors: { scorm: scormProcessor },
};
