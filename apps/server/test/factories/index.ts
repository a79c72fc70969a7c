export * from './organisations.ts';
export * from './users.ts';
