/** Why an encrypted stream could not be opened, in words a person can act on. */
export type E2eErrorCode =
  /** No key, or a key that is not 32 bytes of base64url. */
  | 'missing-key'
  /** The key's check in the header does not match: another share's key, or a mistyped one. */
  | 'wrong-key'
  /** Not a clip encrypted stream (bad magic), or a version this client does not know. */
  | 'not-encrypted'
  /** A chunk failed its integrity check: the ciphertext was changed or its chunks reordered. */
  | 'corrupted'
  /** The stream ends before its last chunk. */
  | 'truncated';

const MESSAGES: Record<E2eErrorCode, string> = {
  'missing-key': 'the link has no decryption key (#k=...); ask for the whole link',
  'wrong-key': 'the decryption key does not match this share; check the link was copied whole',
  'not-encrypted': 'this is not a clip encrypted share, or it was made by a newer clip',
  corrupted: 'the encrypted data was changed or damaged; it cannot be trusted',
  truncated: 'the encrypted data ends early; the download was cut short or the share was damaged',
};

export class E2eError extends Error {
  readonly code: E2eErrorCode;
  constructor(code: E2eErrorCode, detail?: string) {
    super(detail ? `${MESSAGES[code]} (${detail})` : MESSAGES[code]);
    this.name = 'E2eError';
    this.code = code;
  }
}
