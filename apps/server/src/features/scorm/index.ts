export { registerScormRoutes } from './scorm.routes.ts';
export * from './scorm.table.ts';
