export * from './support.contact.operations.ts';
export * from './support.contact.ts';
export * from './support.feedback.operations.ts';
export * from './support.feedback.ts';
