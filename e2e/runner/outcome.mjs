/**
 * One job's counts from uvu's summary and the events the test process reported (report.mjs).
 * Passed, failed and skipped are counted separately: uvu's Total is the number of tests it ran,
 * so failed = Total - Passed, and skips never cancel failures.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
export const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

const lastNumber = (text, label) => {
  const all = [...text.matchAll(new RegExp(`^\\s*${label}:\\s+(\\d+)\\s*$`, 'gm'))];
  return all.length ? Number(all[all.length - 1][1]) : null;
};

/** Reads the JSON lines a test process reported; a torn last line is ignored. */
export function parseEvents(text) {
  const events = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      events.push(JSON.parse(line));
    } catch {
      // a process killed mid-write
    }
  }
  return events;
}

/**
 * @param {{ code: number | null, output: string, events: any[], database: string, declared: string[] | null }} run
 * @returns {{ passed: number, failed: number, skipped: number, skipReasons: string[], problems: string[] }}
 */
export function outcomeOf({ code, output, events, database, declared }) {
  const text = stripAnsi(output);
  const total = lastNumber(text, 'Total');
  const passed = lastNumber(text, 'Passed') ?? 0;
  let skipped = lastNumber(text, 'Skipped') ?? 0;
  let failed = total === null ? 0 : Math.max(0, total - passed);
  const problems = [];
  const skipReasons = [];

  const reasons = events.filter((e) => e.event === 'skip-reason').map((e) => e.reason);
  const notRun = events.filter((e) => e.event === 'not-run');
  const notRunTests = notRun.reduce((n, e) => n + e.tests, 0);
  if (notRunTests > 0) {
    if (reasons.length) {
      skipped += notRunTests;
      skipReasons.push(...reasons);
    } else {
      failed += notRunTests;
      problems.push(
        `${notRunTests} test(s) registered but never run (suite ${notRun.map((e) => `"${e.suite}"`).join(', ')} has no .run())`,
      );
    }
  }
  for (const e of events.filter((e) => e.event === 'only')) {
    failed++;
    problems.push(`.only left in suite "${e.suite}" (test "${e.test}"): the other tests did not run`);
  }

  for (const e of events.filter((e) => e.event === 'hook-failed'))
    problems.push(`${e.hook} hook of suite "${e.suite}" failed: ${e.message.split('\n')[0]}`);

  const opened = new Set(events.filter((e) => e.event === 'database').map((e) => e.dialect));
  if (database === 'postgres' && !opened.has('postgres')) {
    failed++;
    problems.push('declares @clip-databases postgres but opened no Postgres test database');
  }
  if (!declared && opened.size > 0) {
    failed++;
    problems.push(
      'starts a server on a test database but declares no databases: add "// @clip-databases sqlite postgres" near its top',
    );
  }

  if ((code !== 0 || events.some((e) => e.event === 'hook-failed')) && failed === 0) {
    failed = 1;
    if (code !== 0)
      problems.push(`exited with ${code === null ? 'a signal' : `code ${code}`} and no failed test counted`);
  }
  if (code === 0 && total === null && notRunTests === 0) {
    failed++;
    problems.push('ran no test (no uvu summary)');
  }
  return { passed, failed, skipped, skipReasons, problems };
}
