export * from './xr.operations.ts';
export * from './xr.ts';
