import type { AppModule } from '../../core/module.ts';
import { catalogueMatrix } from './catalogue.matrix.ts';
import { registerCatalogueRoutes } from './catalogue.routes.ts';
import { courseSearch } from './catalogue.search.ts';
import { courseReviewApproval } from './course-review.approval.ts';
import { fileSearch } from './files.search.ts';

/** Defining courses: categories, courses, modules, the file repository, import, settings. */
export const catalogueModule: AppModule = {
  name: 'catalogue',
  routes: registerCatalogueRoutes,
  matrix: catalogueMatrix,
  approvalKinds: [courseReviewApproval],
  search: { kinds: [courseSearch, fileSearch] },
};

export * from './catalogue.policy.ts';
export { managedBy } from './catalogue.repository.ts';
export * from './course-access.ts';
export { fileUrl } from './course-modules.service.ts';
export { fileRepository } from './file-repository.service.ts';
export { addLinkedItem } from './linked-items.ts';
