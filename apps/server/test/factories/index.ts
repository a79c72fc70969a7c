export * from './approvals.ts';
export * from './assessments.ts';
export * from './catalogue.ts';
export * from './learning.ts';
export * from './learning-paths.ts';
export * from './organisations.ts';
export * from './structure.ts';
export * from './users.ts';
