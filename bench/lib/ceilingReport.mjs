// The browser-upload report's ceiling section: what Chromium sent to a bare sink in each shape, against
// the CLI (is 80% of it reachable from this browser at all?) and against clip's pages (what clip adds).
import { percent } from './stats.mjs';
import { summarize } from './transferReport.mjs';

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const rate = (t) => `${t.mbPerSec.toFixed(0)} MB/s`;
const ratio = (subject, reference) => reference.ms / subject.ms;

/**
 * `ceilings`: [{ key, label }]; `times`: ms per run by side key; `pages`: [{ label, key, shapeKey }] the
 * clip pages and the ceiling shape each sends in; `clis`: [{ label, key }] the CLI references.
 */
export function ceilingLines({ ceilings, times, bytes, pages, clis }) {
  const measured = ceilings.filter((c) => times[c.key]?.length > 0);
  if (measured.length === 0) return [];
  const sum = (key) => summarize(times[key], bytes);
  const present = (list) => list.filter((x) => times[x.key]?.length > 0);
  const cliRefs = present(clis);
  const row = (cells) => `| ${cells.join(' | ')} |`;
  const lines = [
    row([
      'Shape (to the sink)',
      'Median',
      ...cliRefs.map((c) => `Ceiling / ${c.label}`),
      'Wall time per run',
    ]),
    row(['---', '---:', ...cliRefs.map(() => '---:'), '---']),
  ];
  for (const c of measured) {
    const t = sum(c.key);
    const vs = cliRefs.map((cli) => percent(ratio(t, sum(cli.key))));
    lines.push(row([c.label, `${s(t.ms)}, ${rate(t)}`, ...vs, t.times.map(s).join(', ')]));
  }
  const best = measured.reduce((a, b) => (sum(a.key).ms <= sum(b.key).ms ? a : b));
  lines.push(
    '',
    '| clip page | clip (median) | Ceiling of its shape | clip page / ceiling | Fastest shape | clip page / fastest |',
    '|---|---:|---:|---:|---|---:|',
  );
  for (const p of present(pages)) {
    const page = sum(p.key);
    const shape = measured.find((c) => c.key === p.shapeKey);
    const own = shape ? `${shape.label}: ${s(sum(shape.key).ms)}` : '-';
    const ownRatio = shape ? percent(ratio(page, sum(shape.key))) : '-';
    lines.push(
      `| ${p.label} | ${s(page.ms)}, ${rate(page)} | ${own} | ${ownRatio} | ${best.label}: ${s(sum(best.key).ms)} | ${percent(ratio(page, sum(best.key)))} |`,
    );
  }
  return lines;
}
