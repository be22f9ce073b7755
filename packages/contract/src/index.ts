// The contract's shared core. A domain module that only some screens use (accounts, fabric, mandates, payment links) is
// NOT re-exported here but imported from its own entry (`@meridian/contract/accounts`…, package.json "exports"):
// the web bundler puts everything this barrel reaches into one chunk that most screens load.
export * from './errors.ts';
export * from './lists.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './flow.ts';
export * from './callbacks.ts';
export * from './search.ts';
export * from './text.ts';
