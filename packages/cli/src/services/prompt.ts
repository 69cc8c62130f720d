/** Questions asked at the terminal (on stderr, so stdout stays the command's result). */
import { createInterface } from 'node:readline/promises';
import { CliError } from '../errors.ts';

export function canPrompt(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY);
}

export async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

/** Reads a secret without echoing it: raw mode, one key at a time. Ctrl-C aborts with exit 130. */
export function askSecret(question: string): Promise<string> {
  const stdin = process.stdin;
  // Raw mode before the question appears: keys typed ahead must not be echoed either.
  stdin.setRawMode(true);
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: CliError) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(new CliError('cancelled', { exitCode: 130 }));
        if (ch === '\u0004') return value ? finish() : finish(new CliError('cancelled', { exitCode: 130 }));
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
  });
}
