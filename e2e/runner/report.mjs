/**
 * The channel from a test process to the runner: JSON lines appended to the file named by
 * CLIP_TEST_REPORT (set by run-tests.mjs for each job). Outside the runner it does nothing.
 */
import { appendFileSync } from 'node:fs';

/** @param {Record<string, unknown>} event */
export function reportToRunner(event) {
  const file = process.env.CLIP_TEST_REPORT;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify(event)}\n`);
}
