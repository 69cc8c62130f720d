import { type HotStatements, hotStatement } from './hotStatements.ts';

/** A round trip to the database on a statement prepared once (hotStatements.ts): what /health measures. */
const HEALTH_PROBE = hotStatement('health_probe', 'SELECT 1');

export const pingDatabase = (hot: HotStatements): Promise<unknown> => hot.rows(HEALTH_PROBE, []);
