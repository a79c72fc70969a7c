export * from './manual.operations.ts';
export * from './manual.ts';
