/** AES-256-GCM encryption of secrets that must be shown or used again (API key copies, S3 secrets). */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A sealed value this server cannot open: it was sealed with another server secret (CLIP_SECRET or
 * `<data dir>/secret.key` changed), or the stored value is damaged. The API answers it as a clear 409.
 */
export class SealedSecretError extends Error {
  constructor() {
    super(
      'a stored secret cannot be decrypted: it was sealed with a different server secret. Start the server ' +
        'with the previous CLIP_SECRET (or restore <data dir>/secret.key), or create the API keys and ' +
        'storage secrets again',
    );
    this.name = 'SealedSecretError';
  }
}

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(serverSecret: string): SecretBox {
  const key = createHash('sha256').update(`clip-secret-box:${serverSecret}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new SealedSecretError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // GCM's authentication failed: another key sealed it (or it was altered).
        throw new SealedSecretError();
      }
    },
  };
}
