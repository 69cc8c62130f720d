/** Schemas of answer data (the `data` of the envelope), each tied to the SDK interface it documents. */
export * from './accessLog.ts';
export * from './auth.ts';
export * from './copy.ts';
export * from './fileShares.ts';
export * from './fs.ts';
export * from './mounts.ts';
export * from './pastes.ts';
export * from './pathShares.ts';
export { listOf, nullDataSchema } from './shape.ts';
export * from './storage.ts';
export * from './system.ts';
export * from './tasks.ts';
export * from './uploadRequests.ts';
