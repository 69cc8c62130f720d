/** Reads the text a share is made from: a file, or stdin. Bytes must be UTF-8 text. */
import { readFile } from 'node:fs/promises';
import { CliError } from '../errors.ts';
import { localFileError } from './localFiles.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decode(bytes: Uint8Array, what: string): string {
  try {
    const text = utf8.decode(bytes);
    if (text.includes('\0')) throw new Error('binary');
    return text;
  } catch {
    throw new CliError(`${what} is not UTF-8 text; text shares hold text only`);
  }
}

export async function readTextFile(path: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (err) {
    throw localFileError(path, err);
  }
  return decode(bytes, path);
}

export async function readStdinText(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return decode(Buffer.concat(chunks), 'stdin');
}
