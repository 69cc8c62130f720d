/** `clip paste [FILE|-]`: creates a text share and prints only its link. */
import { basename } from 'node:path';
import {
  type CreatePasteBody,
  contentProblem,
  isMarkdownFilename,
  type PasteFormat,
  slugProblem,
} from '@clip/sdk';
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { parseCount, parseShareExpiry } from '../services/durations.ts';
import { withSession } from '../services/session.ts';
import { readStdinText, readTextFile } from '../services/textInput.ts';

export interface PasteOptions extends GlobalOptions {
  slug?: string;
  password?: string;
  expire?: string;
  maxViews?: string;
  remark?: string;
  title?: string;
  format?: string;
  qr?: boolean;
  encrypt?: boolean;
}

async function readContent(file: string | undefined): Promise<string> {
  if (file && file !== '-') return readTextFile(file);
  if (!file && process.stdin.isTTY) note('Type or paste the text, then press Ctrl-D on a new line.');
  return readStdinText();
}

function formatFor(file: string | undefined, explicit: string | undefined): PasteFormat {
  if (explicit === undefined) return file && file !== '-' && isMarkdownFilename(file) ? 'markdown' : 'text';
  if (explicit !== 'markdown' && explicit !== 'text') throw new CliError('--format must be markdown or text');
  return explicit;
}

/** Checks the flags before any input is read, so a typo fails fast even with a pipe attached. */
function shareSettings(file: string | undefined, options: PasteOptions): Omit<CreatePasteBody, 'content'> {
  if (options.slug !== undefined) {
    const problem = slugProblem(options.slug);
    if (problem) throw new CliError(problem);
  }
  if (options.password !== undefined && options.password === '')
    throw new CliError('--password must not be empty');
  const named = file && file !== '-' ? basename(file) : undefined;
  return {
    slug: options.slug,
    password: options.password,
    expires_in: options.expire === undefined ? undefined : parseShareExpiry(options.expire),
    max_views: options.maxViews === undefined ? undefined : parseCount(options.maxViews, '--max-views'),
    remark: options.remark,
    title: options.title ?? named,
    format: formatFor(file, options.format),
  };
}

/** On a terminal, coloured half blocks; into a pipe or file, plain block characters (no escape codes). */
async function drawQr(url: string): Promise<void> {
  const { default: qrcode } = await import('qrcode');
  const art = process.stderr.isTTY
    ? await qrcode.toString(url, { type: 'terminal', small: true })
    : await qrcode.toString(url, { type: 'utf8', margin: 4 });
  process.stderr.write(art);
}

export async function paste(file: string | undefined, options: PasteOptions): Promise<void> {
  const settings = shareSettings(file, options);
  const content = await readContent(file);
  const problem = contentProblem(content);
  if (problem) throw new CliError(`nothing to share: ${problem}`);
  await withSession(options, { requireAuth: true }, async ({ client }) => {
    const created = await client.pastes.create({ ...settings, content, encrypt: options.encrypt });
    if (options.qr) await drawQr(created.url);
    if (options.json) return printJson(created);
    return printLine(created.url);
  });
}
