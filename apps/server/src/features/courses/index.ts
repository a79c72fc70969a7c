export * from './course-access.ts';
export * from './courses.table.ts';
export * from './enrolments.table.ts';
