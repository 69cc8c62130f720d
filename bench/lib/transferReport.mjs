// Writes bench/results/<name>.md for transfer benchmarks: wall times of whole commands turned into
// throughput, each against a reference measured in the same run, with the ratio and its target.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitRevision, machineInfo } from './machine.mjs';
import { RESULTS_DIR } from './paths.mjs';
import { median, percent } from './stats.mjs';

const MB = 1_000_000;

/** Median wall time of runs (ms) and the throughput it means for `bytes`. */
export function summarize(times, bytes) {
  const ms = median(times);
  return { ms, mbPerSec: bytes / MB / (ms / 1000), times };
}

/** A row: { measurement, subject, reference, subjectLabel, referenceLabel, targetRatio? }. */
export function verdict(row) {
  const ratio = row.reference.ms / row.subject.ms;
  if (row.targetRatio === undefined) return { ratio, text: 'no target' };
  return {
    ratio,
    pass: ratio >= row.targetRatio,
    text: ratio >= row.targetRatio ? 'pass' : `shortfall: ${percent(row.targetRatio - ratio)} below target`,
  };
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const rate = (t) => `${t.mbPerSec.toFixed(0)} MB/s`;

export function resultLines(rows) {
  const lines = [
    '| Measurement | clip (median) | Reference (median) | Ratio (clip throughput / reference) | Target | Result |',
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const v = verdict(row);
    lines.push(
      `| ${row.measurement} | ${row.subjectLabel}: ${s(row.subject.ms)}, ${rate(row.subject)} | ${row.referenceLabel}: ${s(row.reference.ms)}, ${rate(row.reference)} | ${percent(v.ratio)} | ${row.targetRatio === undefined ? '-' : `>= ${percent(row.targetRatio)}`} | ${v.text} |`,
    );
  }
  return lines;
}

export function runLines(rows) {
  const lines = ['| Measurement | Command | Wall time per run |', '|---|---|---|'];
  for (const row of rows)
    for (const [label, t] of [
      [row.subjectLabel, row.subject],
      [row.referenceLabel, row.reference],
    ])
      lines.push(`| ${row.measurement} | ${label} | ${t.times.map(s).join(', ')} |`);
  return lines;
}

export function printRows(name, rows, extra = []) {
  const out = [`\n${name}`];
  for (const row of rows) {
    const v = verdict(row);
    out.push(
      `  ${row.measurement}: ${row.subjectLabel} ${s(row.subject.ms)} (${rate(row.subject)}), ${row.referenceLabel} ${s(row.reference.ms)} (${rate(row.reference)}), ratio ${percent(v.ratio)}: ${v.text}`,
    );
  }
  process.stdout.write(`${[...out, ...extra.map((l) => `  ${l}`)].join('\n')}\n`);
}

/** sections: [{ title, lines }] after the header. */
export function writeTransferReport(name, { title, command, settings, sections }) {
  const m = machineInfo();
  const parts = [
    `# ${title}`,
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${gitRevision()}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory, ${m.os}`,
    `- Node: ${m.node}`,
    `- Command: \`${command}\``,
    ...settings.map((line) => `- ${line}`),
    '',
  ];
  for (const section of sections) parts.push(`## ${section.title}`, '', ...section.lines, '');
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.md`);
  writeFileSync(file, parts.join('\n'));
  process.stdout.write(`  written to ${file}\n`);
  return file;
}
