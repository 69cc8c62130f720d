export { copyItems } from './copyItems.ts';
export type { CopyOptions, CopyPhase, CopyProgress, CopyReport } from './types.ts';
