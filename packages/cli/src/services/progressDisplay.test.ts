import { execFileSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { plainProgressDisplay } from './progressDisplay.ts';

test('a plain display prints one line per file with its size, time and a whole-byte rate', () => {
  const lines: string[] = [];
  let now = 0;
  const display = plainProgressDisplay(
    ['a.txt', 'b.txt'],
    'upload',
    (line) => lines.push(line),
    () => now,
  );
  display.start(0);
  display.update(0, { stage: 'uploading', loaded: 6, total: 6, percent: 100, speed: 0 });
  now = 180;
  display.finish(0, true);
  display.start(1);
  display.finish(1, false, 'refused');
  assert.equal(lines, ['upload a.txt: done  6 B in 0.2 s (33 B/s)', 'upload b.txt: failed (refused)']);
});

test("the default clock does not load Node's perf_hooks (a plain upload's start-up cost)", () => {
  const script = `
    const { plainProgressDisplay } = await import(${JSON.stringify(new URL('./progressDisplay.ts', import.meta.url).href)});
    const display = plainProgressDisplay(['a'], 'upload', () => {});
    display.start(0);
    display.finish(0, true);
    process.stdout.write(JSON.stringify(process.moduleLoadList.includes('NativeModule perf_hooks')));
  `;
  const loaded = execFileSync(
    process.execPath,
    ['--conditions=source', '--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  assert.is(loaded, 'false');
});

test.run();
