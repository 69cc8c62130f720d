/** uvu's API with bookkeeping for the runner (see uvuGuard.mjs). */
import * as uvu from 'uvu';
import { reportToRunner } from './report.mjs';

/** Suites with tests that were registered but not (yet) handed to uvu by `.run()`. */
const pending = new Map();
let unnamed = 0;

function guard(original, name) {
  const label = name || `(default suite ${++unnamed})`;
  const count = { tests: 0, only: 0 };
  const wrapped = (title, handler) => {
    count.tests++;
    pending.set(label, count);
    return original(title, handler);
  };
  Object.assign(wrapped, original);
  wrapped.only = (title, handler) => {
    count.tests++;
    count.only++;
    pending.set(label, count);
    reportToRunner({ event: 'only', suite: label, test: title });
    return original.only(title, handler);
  };
  wrapped.run = () => {
    pending.delete(label);
    return original.run();
  };
  return wrapped;
}

export const suite = (name, state) => guard(uvu.suite(name, state), name);
export const test = guard(uvu.test, '');
export const exec = uvu.exec;

process.on('exit', () => {
  for (const [label, count] of pending)
    reportToRunner({ event: 'not-run', suite: label, tests: count.tests });
});
