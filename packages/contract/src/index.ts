export * from './core/errors.ts';
export * from './core/pagination.ts';
export * from './organisations/theme.ts';
export * from './system/system.ts';
export * from './users/roles.ts';
