/** uvu's API with bookkeeping for the runner (see uvuGuard.mjs). */
import * as uvu from 'uvu';
import { reportToRunner } from './report.mjs';

/** Suites with tests that were registered but not (yet) handed to uvu by `.run()`. */
const pending = new Set();
let unnamed = 0;

function guard(original, name) {
  const label = name || `(default suite ${++unnamed})`;
  const count = { label, tests: 0 };
  const wrapped = (title, handler) => {
    count.tests++;
    pending.add(count);
    return original(title, handler);
  };
  Object.assign(wrapped, original);
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
