/**
 * Every process sharing a database must have the same secret: API keys and S3 credentials are sealed
 * with it and links are signed with it, so a process with another one answers keys with 409 and its
 * links fail on the others. The first start stores a fingerprint of the secret (an HMAC keyed by the
 * secret over a fixed label: it proves nothing about the secret to someone who reads the database), and
 * a process whose secret gives another fingerprint refuses to start (ADR 0063).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { createServerIdentityStore } from './serverIdentityStore.ts';

const LABEL = 'clip secret fingerprint v1';

export class SecretMismatchError extends Error {
  constructor() {
    super(
      'CLIP_SECRET differs from the secret this database was first started with; give every process the same CLIP_SECRET',
    );
    this.name = 'SecretMismatchError';
  }
}

export const secretFingerprint = (secret: string): string =>
  createHmac('sha256', secret).update(LABEL).digest('hex');

/** Stores this secret's fingerprint on the first start; throws SecretMismatchError when the database has another. */
export async function checkSecretFingerprint(knex: Knex, secret: string, now: number): Promise<void> {
  const mine = secretFingerprint(secret);
  const kept = await createServerIdentityStore(knex).claim('secret_fingerprint', mine, now);
  const a = Buffer.from(kept, 'hex');
  const b = Buffer.from(mine, 'hex');
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new SecretMismatchError();
}
