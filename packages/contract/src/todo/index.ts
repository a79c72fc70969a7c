export * from './todo.operations.ts';
export * from './todo.ts';
