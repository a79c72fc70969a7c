export * from './reports.operations.ts';
export * from './reports.ts';
