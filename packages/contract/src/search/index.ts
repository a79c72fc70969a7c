export * from './search.operations.ts';
export * from './search.ts';
