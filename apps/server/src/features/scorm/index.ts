export { registerScormContent } from './content.ts';
export { registerScormRoutes } from './scorm.routes.ts';
export * from './scorm.table.ts';
