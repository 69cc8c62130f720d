// Writes bench/results/explorer-huge.md: the first-row times and the long tasks of bench/explorer-huge.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitRevision, machineInfo } from './machine.mjs';
import { RESULTS_DIR } from './paths.mjs';
import { median } from './stats.mjs';

const ms = (x) => `${x.toFixed(0)} ms`;
const worst = (list) => (list.length ? Math.max(...list) : 0);
const load = (l) => l.map((n) => n.toFixed(1)).join(' / ');

export function writeExplorerReport({ objects, small, runs, loads, firstRows, tasks, targets, webSource }) {
  const m = machineInfo();
  const lines = [
    `# Benchmark: the web explorer on a folder of ${objects} entries`,
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${gitRevision()}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory, ${m.os}`,
    `- Node: ${m.node}; browser: /usr/bin/chromium (headless, playwright-core), 1280 x 900, a fresh context per navigation`,
    `- Command: \`npm run bench -- explorer-huge\`; web app: ${webSource}`,
    `- Folders: ${objects} files in one folder of a local storage (/disk/big) and under one prefix of an s3rver bucket (/s3/big), each beside a folder of ${small} (the reference); cache_ttl 3600 s (a folder over 20,000 entries is never cached: its pages are listed from storage)`,
    `- ${runs} rounds after one unmeasured round; first rows = from the navigation's start (performance.timeOrigin) to the first \`.entry\` in the page (a MutationObserver); long tasks = PerformanceObserver 'longtask' (main-thread tasks over 50 ms)`,
    `- Load average (1 / 5 / 15 min) at the start and after each round: ${loads.map(load).join('; ')} (the machine is shared: times grow with the load)`,
    '',
    '## (a) First rows after navigation',
    '',
    `| Folder | ${objects} entries (median) | ${small} entries (median) | Target | Result |`,
    '|---|---:|---:|---:|---|',
  ];
  for (const [label, big, ref] of [
    ['local disk', firstRows.disk, firstRows.diskSmall],
    ['s3rver', firstRows.s3, firstRows.s3Small],
    ['local disk, path share (a visitor)', firstRows.share, firstRows.shareSmall],
  ]) {
    const value = median(big);
    lines.push(
      `| ${label} | ${ms(value)} | ${ms(median(ref))} | <= ${ms(targets.firstRowsMs)} | ${value <= targets.firstRowsMs ? 'pass' : 'fail'} |`,
    );
  }
  lines.push(
    '',
    `s3rver's own first page of the ${objects}-object folder (ListObjectsV2, 1,000 keys, from the bench process): median ${ms(median(firstRows.s3Own))}; the explorer's first rows of that folder took ${(median(firstRows.s3) / median(firstRows.s3Own)).toFixed(2)}x that.`,
  );
  lines.push(
    '',
    '## (b) Long tasks on the local folder',
    '',
    "Wall: the longest task of all rounds (PerformanceObserver) and the count of tasks over 50 ms in all rounds. CPU: the median over the rounds of the longest main-thread task's CPU time (Chromium trace, `tdur`), which the other processes on the shared cores do not inflate; the target is judged on it.",
    '',
    `| Step | ${objects}: wall longest | over 50 ms | CPU longest | ${small}: wall longest | over 50 ms | CPU longest | Target | Result |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const [step, label] of [
    ['load', 'the later pages arriving (navigation included)'],
    ['scroll', 'scrolling to the end (wheel, 20,000 px a turn)'],
    ['filter', 'typing a 6-digit filter key by key, then deleting it'],
    ['sort', 'Name ↓, Size ↓, Modified ↑, Name ↑'],
  ]) {
    const big = tasks.big.flatMap((r) => r[step].wall);
    const ref = tasks.small.flatMap((r) => r[step].wall);
    const bigCpu = median(tasks.big.map((r) => r[step].cpu));
    const refCpu = median(tasks.small.map((r) => r[step].cpu));
    lines.push(
      `| ${label} | ${ms(worst(big))} | ${big.length} | ${ms(bigCpu)} | ${ms(worst(ref))} | ${ref.length} | ${ms(refCpu)} | < ${ms(targets.longTaskMs)} | ${bigCpu < targets.longTaskMs ? 'pass' : 'fail'} |`,
    );
  }
  lines.push('', '## Runs', '');
  for (const [key, values] of Object.entries(firstRows))
    lines.push(`- first rows, ${key}: ${values.map(ms).join(', ')}`);
  for (const [count, rounds] of [
    [objects, tasks.big],
    [small, tasks.small],
  ])
    for (const [i, r] of rounds.entries()) {
      const list = ['load', 'scroll', 'filter', 'sort'].map(
        (step) => `${step} [${r[step].wall.join(', ')}] (CPU longest ${r[step].cpu})`,
      );
      lines.push(
        `- round ${i + 1}, ${count} entries: all listed in ${(r.loadMs / 1000).toFixed(1)} s; long tasks, wall ms: ${list.join(', ')}`,
      );
    }
  lines.push('');
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, 'explorer-huge.md');
  writeFileSync(file, lines.join('\n'));
  process.stderr.write(`${lines.join('\n')}\n\nwritten to ${file}\n`);
}
