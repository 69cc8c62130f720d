/** Runs Debian's litmus against a collection URL and reads its per-group summary. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LitmusGroup {
  name: string;
  run: number;
  passed: number;
  failed: number;
  percent: number;
  warnings: number;
}

export interface LitmusResult {
  groups: LitmusGroup[];
  warnings: string[];
  failures: string[];
  output: string;
}

export function parseLitmus(output: string): LitmusResult {
  const groups: LitmusGroup[] = [];
  const warnings: string[] = [];
  const failures: string[] = [];
  let current: string | null = null;
  let groupWarnings = 0;
  for (const line of output.split('\n')) {
    const start = /^-> running `(\w+)':/.exec(line);
    if (start) {
      current = start[1];
      groupWarnings = 0;
    }
    if (/WARNING:/.test(line)) {
      warnings.push(`${current}: ${line.trim()}`);
      groupWarnings++;
    }
    if (/\.\.\.\. ?FAIL/.test(line) || /\bFAIL\b/.test(line)) failures.push(`${current}: ${line.trim()}`);
    const summary =
      /^<- summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed\. ([\d.]+)%/.exec(line);
    if (summary)
      groups.push({
        name: summary[1],
        run: Number(summary[2]),
        passed: Number(summary[3]),
        failed: Number(summary[4]),
        percent: Number(summary[5]),
        warnings: groupWarnings,
      });
  }
  return { groups, warnings, failures, output };
}

export async function runLitmus(url: string, user: string, password: string): Promise<LitmusResult> {
  const cwd = await mkdtemp(join(tmpdir(), 'clip-litmus-'));
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('/usr/bin/litmus', ['-k', url, user, password], {
        cwd,
        env: { ...process.env, TESTS: 'basic copymove props locks http' },
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('error', reject);
      child.on('close', () => resolve(out));
    });
    return parseLitmus(output);
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}
