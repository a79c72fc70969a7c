export * from './lti.operations.ts';
export * from './lti.ts';
