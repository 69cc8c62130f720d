export * from './offlineFetch.ts';
export * from './rules.ts';
export * from './store.ts';
