/** uvu's API with bookkeeping for the runner (see uvuGuard.mjs). */
import * as uvu from 'uvu';
import { reportToRunner } from './report.mjs';

/** Suites with tests that were registered but not (yet) handed to uvu by `.run()`. */
const pending = new Set();
let unnamed = 0;

/**
 * uvu swallows an error thrown by a `before` hook (its runner returns from a `finally`): the suite's
 * tests count as not passed, but why is never printed. Each hook's error is printed and reported.
 */
function reportingHook(register, hook, label) {
  return (fn) =>
    register(async (state) => {
      try {
        return await fn(state);
      } catch (err) {
        process.stderr.write(`${hook} hook of suite ${label} failed: ${err?.stack ?? err}\n`);
        reportToRunner({ event: 'hook-failed', suite: label, hook, message: String(err?.message ?? err) });
        throw err;
      }
    });
}

function guard(original, name) {
  const label = name || `(default suite ${++unnamed})`;
  const count = { label, tests: 0 };
  const wrapped = (title, handler) => {
    count.tests++;
    pending.add(count);
    return original(title, handler);
  };
  Object.assign(wrapped, original);
  for (const kind of ['before', 'after']) {
    wrapped[kind] = reportingHook(original[kind], kind, label);
    wrapped[kind].each = reportingHook(original[kind].each, `${kind}.each`, label);
  }
  wrapped.only = (title, handler) => {
    count.tests++;
    pending.add(count);
    reportToRunner({ event: 'only', suite: label, test: title });
    return original.only(title, handler);
  };
  wrapped.run = () => {
    pending.delete(count);
    count.tests = 0;
    return original.run();
  };
  return wrapped;
}

export const suite = (name, state) => guard(uvu.suite(name, state), name);
export const test = guard(uvu.test, '');
export const exec = uvu.exec;

process.on('exit', () => {
  for (const count of pending) reportToRunner({ event: 'not-run', suite: count.label, tests: count.tests });
});
