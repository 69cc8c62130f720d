export * from './client.ts';
export * from './constants.ts';
export * from './contract/index.ts';
export * from './errors.ts';
export * from './offline/index.ts';
export * from './sdk.ts';
export * from './upload/index.ts';
export * from './validation.ts';
