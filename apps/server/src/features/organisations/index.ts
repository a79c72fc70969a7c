export * from './organisations.repository.ts';
export { registerOrganisationRoutes } from './organisations.routes.ts';
export * from './organisations.service.ts';
export { organisations, organisationThemes } from './organisations.table.ts';
export { registerStructureRoutes } from './structure.routes.ts';
export { departments, designations, locations } from './structure.table.ts';
export { registerThemeRoutes } from './theme.routes.ts';
