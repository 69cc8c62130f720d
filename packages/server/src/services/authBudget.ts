/**
 * One guessing budget per client address for every credential that opens the admin's or a key's access
 * (ADR 0044): the admin password (login, change-password, WebDAV Basic), API keys and session tokens, on
 * the API and WebDAV alike. A budget per surface would multiply the guesses; an uncounted key would let a
 * client guess custom keys without end.
 *
 * Passwords count under `authBudgetKey` before scrypt runs (passwordChecks.ts). A key or token costs one
 * indexed read, so it is counted after its lookup instead, and only when it matched nothing: a valid key
 * adds no write to the request (the price: a parallel burst's guesses already in flight are answered,
 * ADR 0044). Share passwords keep a budget of their own (their guesses open one share).
 */
import type { RateLimiter } from './rateLimiter.ts';
import { type CountRow, storedRateLimitKey } from './rateLimitStore.ts';

/** The rate-limit key of a client's credential budget. */
export const authBudgetKey = (client: string): string => `auth:${client}`;

/**
 * A client's budget read by the key lookup itself (apiKeyStore.ts): one round trip on Postgres for both.
 * `row` is the budget's stored key; `refuseWhileSpent` is `check`'s verdict on what was read.
 */
export interface BudgetGate {
  row: string;
  refuseWhileSpent(read: CountRow | null): void;
}

export interface AuthBudget {
  /** 429 with Retry-After while the client's budget is spent, even for a right credential. */
  check(client: string): Promise<void>;
  /** `check`, for a lookup that reads the budget in its own statement. */
  gate(client: string): BudgetGate;
  /** Counts a key, token or header that matched nothing; 429 once the budget is spent. */
  miss(client: string): Promise<void>;
}

export function createAuthBudget(limiter: RateLimiter): AuthBudget {
  return {
    check: (client) => limiter.check(authBudgetKey(client)),
    gate: (client) => ({
      row: storedRateLimitKey(authBudgetKey(client)),
      refuseWhileSpent: limiter.refuseWhileLocked,
    }),
    miss: (client) => limiter.attempt(authBudgetKey(client)),
  };
}
