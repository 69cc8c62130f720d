/** End-to-end encryption: the stream format (docs/e2e-format.md), keys in link fragments, text helpers. */

export { encryptBlob } from './blob.ts';
export { bytesOf, toReadableStream } from './bytes.ts';
export { decryptBytes, decryptStream, type OpenedStream } from './decrypt.ts';
export { EncryptionPlan, type EncryptOptions, encryptBytes, encryptStream } from './encrypt.ts';
export { E2eError, type E2eErrorCode } from './errors.ts';
export {
  type E2eMeta,
  encryptedSize,
  HEADER_BYTES,
  MAX_CHUNK_BYTES,
  plaintextSize,
  STREAM_START_BYTES,
} from './format.ts';
export {
  decodeKey,
  encodeKey,
  fromBase64Url,
  generateKey,
  keyFromFragment,
  toBase64Url,
  withKeyFragment,
} from './keys.ts';
export { type EncryptedSourceOptions, encryptedSource, SEALED_NAME, SEALED_TYPE } from './source.ts';
export {
  decryptPaste,
  decryptText,
  encryptText,
  MARKDOWN_TYPE,
  type OpenedPaste,
  PLAIN_TYPE,
} from './text.ts';
