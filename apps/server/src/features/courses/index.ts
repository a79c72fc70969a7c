export { registerCatalogueRoutes } from './catalogue.routes.ts';
export * from './course-access.ts';
export * from './courses.table.ts';
export type { EnrolmentEvent } from './enrolments.events.ts';
export * from './enrolments.table.ts';
export { registerLearningRoutes } from './learning.routes.ts';
