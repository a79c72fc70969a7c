export * from './plagiarism.operations.ts';
export * from './plagiarism.ts';
