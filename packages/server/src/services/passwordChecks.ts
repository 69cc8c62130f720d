/**
 * Every password check (admin login, password change, share passwords) goes through here:
 * 1. the attempt is counted atomically in the database before anything is verified (rateLimiter.attempt),
 *    so parallel guesses past the limit are refused without running scrypt;
 * 2. at most `concurrent` scrypt runs per client at once, `queued` more wait, beyond that 429: scrypt is
 *    deliberately expensive (16 MiB, tens of ms), and one client must not occupy every core. This cap
 *    is per process on purpose: it protects this process's CPU, while the counts live in the database.
 */
import { verifyPassword } from '../crypto/passwords.ts';
import { AppError } from '../http/appError.ts';
import type { RateLimiter } from './rateLimiter.ts';

export interface PasswordCheckOptions {
  concurrent?: number;
  queued?: number;
  /** The password check itself (scrypt); tests replace it to hold checks open. */
  verifier?: (password: string, hash: string) => Promise<boolean>;
}

export interface PasswordChecks {
  /**
   * Counts the attempt under `limitKey`, then verifies `password` against `hash` (a null hash is checked
   * against a dummy, so an unknown user costs the same time). On success the count is reset (`reset`,
   * for logins) or the attempt given back (`refund`, where success proves nothing: share passwords).
   */
  verify(input: {
    limitKey: string;
    client: string;
    password: string;
    hash: string | null;
    onSuccess: 'reset' | 'refund';
  }): Promise<boolean>;
}

/** A valid scrypt hash of a random password nobody knows, for timing-equal checks of unknown users. */
export const DUMMY_HASH =
  'scrypt$16384$8$1$4vc9oNlsO6nFpT1Yd0pHRQ$0Fj2rXqVn9bY3kZt1mQw8eLs5uHc7aPd2gJf6iKo4yE';

const busy = () =>
  new AppError(429, 'RATE_LIMITED', 'too many password checks at once from this client, try again shortly', {
    headers: { 'Retry-After': '1' },
    data: { retry_after: 1 },
  });

export function createPasswordChecks(
  limiter: RateLimiter,
  options: PasswordCheckOptions = {},
): PasswordChecks {
  const concurrent = options.concurrent ?? 2;
  const queued = options.queued ?? 8;
  const verifier = options.verifier ?? verifyPassword;
  const perClient = new Map<string, { running: number; waiting: (() => void)[] }>();

  async function withSlot<T>(client: string, work: () => Promise<T>): Promise<T> {
    let slot = perClient.get(client);
    if (!slot) {
      slot = { running: 0, waiting: [] };
      perClient.set(client, slot);
    }
    if (slot.running >= concurrent) {
      if (slot.waiting.length >= queued) throw busy();
      await new Promise<void>((resolve) => slot.waiting.push(resolve));
    } else slot.running++;
    try {
      return await work();
    } finally {
      const next = slot.waiting.shift();
      // The slot passes straight to the next waiter; the entry goes when nobody uses it.
      if (next) next();
      else if (--slot.running === 0) perClient.delete(client);
    }
  }

  return {
    async verify({ limitKey, client, password, hash, onSuccess }) {
      await limiter.attempt(limitKey);
      let ok: boolean;
      try {
        ok = await withSlot(client, async () => {
          const matches = await verifier(password, hash ?? DUMMY_HASH);
          return matches && hash !== null;
        });
      } catch (err) {
        // Refused for being busy, not for a wrong password: that attempt does not count.
        await limiter.refund(limitKey);
        throw err;
      }
      if (ok) await (onSuccess === 'reset' ? limiter.reset(limitKey) : limiter.refund(limitKey));
      return ok;
    },
  };
}
