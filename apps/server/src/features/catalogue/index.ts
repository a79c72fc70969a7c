import type { AppModule } from '../../core/module.ts';
import { catalogueMatrix } from './catalogue.matrix.ts';
import { registerCatalogueRoutes } from './catalogue.routes.ts';
import { courseReviewApproval } from './course-review.approval.ts';

/** Defining courses: categories, courses, modules, the file repository, import, settings. */
export const catalogueModule: AppModule = {
  name: 'catalogue',
  routes: registerCatalogueRoutes,
  matrix: catalogueMatrix,
  approvalKinds: [courseReviewApproval],
};

export * from './catalogue.policy.ts';
export { managedBy } from './catalogue.repository.ts';
export * from './course-access.ts';
export { fileUrl } from './course-modules.service.ts';
export { fileRepository } from './file-repository.service.ts';
