/**
 * End-to-end encrypted shares (docs/e2e-format.md): the server holds ciphertext it cannot read, so it
 * checks only that what it is given looks like a stream (its magic), never more.
 */
import { badRequest } from '../../http/appError.ts';

/** What the server keeps of an encrypted file's name and type: nothing of the real ones. */
export const SEALED_FILENAME = 'encrypted.clpe';
export const SEALED_MIMETYPE = 'application/octet-stream';

/** "CLPE", the stream's magic, as the first six base64url characters of any stream. */
const SEALED_TEXT_START = 'Q0xQRQ';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A text share's encrypted `content`: the base64url of a stream. */
export function checkSealedText(content: string): string {
  if (!content.startsWith(SEALED_TEXT_START) || !BASE64URL.test(content))
    throw badRequest(
      'body.content must be the base64url of an encrypted stream (docs/e2e-format.md) when encrypted is true',
    );
  return content;
}

/** What an encrypted text share may not have in the clear: its title and format travel inside the ciphertext. */
export function checkSealedTextFields(body: { title?: string | null; format?: string | null }): void {
  if (body.title)
    throw badRequest(
      'body.title is not allowed on an encrypted share: its title travels inside the ciphertext',
    );
  if (body.format && body.format !== 'text')
    throw badRequest(
      'body.format is not allowed on an encrypted share: its format travels inside the ciphertext',
    );
}

/** The stored ciphertext of a text share as the bytes of the stream. */
export function sealedTextBytes(content: string): Buffer {
  return Buffer.from(content, 'base64url');
}
