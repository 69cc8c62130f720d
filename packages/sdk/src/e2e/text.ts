/** Text shares: the stream base64url-encoded, so it travels in the JSON `content` of a text share. */
import type { PasteFormat, PasteView } from '../contract/pastes.ts';
import { decryptBytes } from './decrypt.ts';
import { encryptBytes } from './encrypt.ts';
import { E2eError } from './errors.ts';
import type { E2eMeta } from './format.ts';
import { fromBase64Url, toBase64Url } from './keys.ts';

export const MARKDOWN_TYPE = 'text/markdown';
export const PLAIN_TYPE = 'text/plain';

export async function encryptText(key: Uint8Array, text: string, meta: E2eMeta): Promise<string> {
  return toBase64Url(await encryptBytes(key, meta, new TextEncoder().encode(text)));
}

export async function decryptText(
  key: Uint8Array,
  content: string,
): Promise<{ meta: E2eMeta; text: string }> {
  const sealed = fromBase64Url(content.trim());
  if (!sealed) throw new E2eError('not-encrypted');
  const { meta, data } = await decryptBytes(key, sealed);
  return { meta, text: new TextDecoder().decode(data) };
}

/** An encrypted text share opened: what its ciphertext holds. */
export interface OpenedPaste {
  title: string | null;
  format: PasteFormat;
  content: string;
}

export async function decryptPaste(view: Pick<PasteView, 'content'>, key: Uint8Array): Promise<OpenedPaste> {
  const { meta, text } = await decryptText(key, view.content);
  return {
    title: meta.name || null,
    format: meta.type === MARKDOWN_TYPE ? 'markdown' : 'text',
    content: text,
  };
}
