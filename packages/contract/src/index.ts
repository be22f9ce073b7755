export * from './errors.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './flow.ts';
export * from './callbacks.ts';
export * from './search.ts';
export * from './text.ts';
export * from './fabric.ts';
