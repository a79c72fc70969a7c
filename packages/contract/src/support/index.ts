export * from './support.contact.operations.ts';
export * from './support.contact.ts';
export * from './support.feedback.operations.ts';
export * from './support.feedback.ts';
export * from './support.tickets.operations.ts';
export * from './support.tickets.ts';
