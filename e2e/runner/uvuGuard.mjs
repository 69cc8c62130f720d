/**
 * Preloaded by run-tests.mjs into every test process: test files that import `uvu` get this module
 * instead, which hands out uvu's own suites but tells the runner (through report.mjs) when a test is
 * marked `.only`, how many tests each suite registered, and which suites never ran. The runner turns
 * these into failures or declared skips, so a forgotten `.only` or `test.run()` cannot hide tests.
 */
import { registerHooks } from 'node:module';

const self = import.meta.url;
const wrapper = new URL('./uvuWrapper.mjs', self).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'uvu' && context.parentURL !== wrapper) return { url: wrapper, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
