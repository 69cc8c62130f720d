/** Where things go: results on stdout, chrome and progress on stderr. */

/** Writes a result to stdout and resolves once it is handed to the OS (so a pipe gets all of it). */
export function writeOut(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (err) => (err ? reject(err) : resolve()));
  });
}

export function printLine(line: string): Promise<void> {
  return writeOut(`${line}\n`);
}

export function printJson(value: unknown): Promise<void> {
  return writeOut(`${JSON.stringify(value, null, 2)}\n`);
}

/** Chrome: notes and hints for the person at the terminal, never part of the result. */
export function note(line: string): void {
  process.stderr.write(`${line}\n`);
}
