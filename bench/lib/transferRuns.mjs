// What the transfer benchmarks (upload, fs-upload) share: checked command runs, subject and reference
// measured in alternating runs, and the reference commands themselves (cp, aws s3 cp).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { timeOnce } from './timing.mjs';
import { summarize } from './transferReport.mjs';
import { MIB } from './uploadSetup.mjs';

export const AWS = existsSync('/usr/bin/aws') ? '/usr/bin/aws' : 'aws';
/** The file size and runs per command, from BENCH_UPLOAD_MIB (default 1024) and BENCH_UPLOAD_RUNS (3). */
export const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MIB;
export const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);

export const log = (line) => process.stderr.write(`${line}\n`);

/** Runs a command once; fails the benchmark when it fails (a failed run measured nothing). */
export async function run(label, command, args, options = {}) {
  const result = await timeOnce(command, args, options);
  if (result.code !== 0)
    throw new Error(
      `${label} exited with ${result.code}: ${`${result.stderr.trim()} ${result.stdout.trim()}`.trim()}`,
    );
  log(`    ${label}: ${(result.ms / 1000).toFixed(2)} s`);
  return result;
}

/**
 * RUNS alternating runs of subject and reference (each `{ label, targetRatio?, run(r) }` answering its
 * wall time in ms and cleaning up after itself); answers a row for transferReport.
 */
export async function compare(measurement, subject, reference) {
  const times = { subject: [], reference: [] };
  log(`  ${measurement}`);
  for (let r = 0; r < RUNS; r++) {
    const sides = [
      ['subject', subject],
      ['reference', reference],
    ];
    for (const [key, side] of r % 2 ? sides.reverse() : sides) {
      // Every run starts with no dirty pages left by the one before, so neither side pays for the other's writeback.
      execFileSync('sync');
      times[key].push(await side.run(r));
    }
  }
  return {
    measurement,
    subjectLabel: subject.label,
    referenceLabel: reference.label,
    subject: summarize(times.subject, SIZE),
    reference: summarize(times.reference, SIZE),
    targetRatio: subject.targetRatio,
  };
}

/** `cp` of the file to `target` (removed after each run): the disk's own speed. */
export function cpSide(file, target) {
  return {
    label: 'cp',
    run: async () => {
      const { ms } = await run('cp', 'cp', [file, target]);
      await rm(target);
      return ms;
    },
  };
}

/** `aws s3 cp` of the file into s3rver (its default 8 MiB parts, 10 at once); the object is removed after. */
export function awsCpSide(file, s3) {
  const env = { ...process.env, ...s3.credentials };
  return {
    label: 'aws s3 cp',
    run: async (r) => {
      const key = `s3://${s3.bucket}/aws-${r}.bin`;
      const args = ['--endpoint-url', s3.url, '--only-show-errors'];
      const { ms } = await run('aws s3 cp', AWS, ['s3', 'cp', file, key, ...args], { env });
      await timeOnce(AWS, ['s3', 'rm', key, ...args], { env });
      return ms;
    },
  };
}

/** The aws CLI's version line, for the report. */
export async function awsVersion() {
  const { stdout } = await timeOnce(AWS, ['--version']);
  return `${stdout.trim() || 'aws CLI'} (${AWS})`;
}
