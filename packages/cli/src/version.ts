import { readFileSync } from 'node:fs';

/** The CLI's version, from its package.json (read on demand: no JSON import on the start-up path). */
export function cliVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
