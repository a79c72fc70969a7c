import type { AppModule } from '../../core/module.ts';
import { registerScormContent } from './content.ts';
import { scormProcessor } from './packages.service.ts';
import { registerScormRoutes } from './scorm.routes.ts';

/** SCORM packages: checked and unpacked on upload, played from the content origin, tracked. */
export const scormModule: AppModule = {
  name: 'scorm',
  routes: registerScormRoutes,
  contentRoutes: registerScormContent,
  contentProcessors: { scorm: scormProcessor },
};
