export { registerVideoRoutes } from './video.routes.ts';
export * from './video.table.ts';
