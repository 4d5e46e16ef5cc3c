export * from './api-error.ts';
export * from './client.ts';
export * from './errors.ts';
export * from './rules.ts';
