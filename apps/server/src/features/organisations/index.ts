export * from './organisations.repository.ts';
export { registerOrganisationRoutes } from './organisations.routes.ts';
export * from './organisations.service.ts';
export { organisations, organisationThemes } from './organisations.table.ts';
