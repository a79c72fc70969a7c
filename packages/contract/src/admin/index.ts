export * from './admin.operations.ts';
export * from './admin.ts';
