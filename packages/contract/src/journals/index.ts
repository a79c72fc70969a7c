export * from './journals.operations.ts';
export * from './journals.ts';
