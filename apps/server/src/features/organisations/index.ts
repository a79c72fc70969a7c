export * from './organisations.repository.ts';
export { organisations, organisationThemes } from './organisations.table.ts';
