export * from './apiKeys.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './dashboard.ts';
export * from './files.ts';
export * from './pastes.ts';
export * from './system.ts';
export * from './url.ts';
