export * from './webhooks.operations.ts';
export * from './webhooks.ts';
