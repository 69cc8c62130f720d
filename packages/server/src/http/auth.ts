/** Resolves the caller into an Actor and applies a route's policy. */
import type { Context, Next } from 'koa';
import { type Actor, ANONYMOUS } from '../services/actor.ts';
import type { AdminAuthService } from '../services/adminAuthService.ts';
import type { ApiKeyService } from '../services/apiKeyService.ts';
import type { AuthBudget } from '../services/authBudget.ts';
import { type Policy, requirePolicy } from '../services/permissions.ts';
import { invalidApiKey, unauthorized } from './appError.ts';

export interface Credentials {
  scheme: 'bearer' | 'apikey';
  value: string;
}

export function readCredentials(ctx: Context): Credentials | null {
  const header = ctx.get('authorization');
  const match = /^(Bearer|ApiKey)\s+(\S+)\s*$/i.exec(header);
  if (!match) return null;
  return { scheme: match[1].toLowerCase() === 'bearer' ? 'bearer' : 'apikey', value: match[2] };
}

/**
 * A key or token is a guessable credential: refused while the client's one budget is spent, and counted
 * against it when it matches nothing (services/authBudget.ts). On a public route (a share read) a
 * credential that matches nothing is counted the same way but the request goes on as anonymous: a
 * stale session must not fail a reader's access (the owner's credentials only spare a view, ADR 0057).
 */
export function createAuth(admins: AdminAuthService, keys: ApiKeyService, budget: AuthBudget) {
  async function resolve(ctx: Context, lenient: boolean): Promise<Actor> {
    if (ctx.state.actor) return ctx.state.actor;
    const creds = readCredentials(ctx);
    let actor: Actor = ANONYMOUS;
    // The client's budget is read alongside the credential's lookup (for a key, in its very statement): on
    // Postgres one round trip's wait instead of two in a row. It still decides first: while spent, it
    // refuses whatever the lookup found.
    if (creds?.scheme === 'bearer') {
      const [, found] = await Promise.all([budget.check(ctx.ip), admins.actorForToken(creds.value)]);
      actor = found ?? ANONYMOUS;
      if (actor.kind === 'anonymous') {
        await budget.miss(ctx.ip);
        if (!lenient) throw unauthorized('admin token invalid or expired', 'INVALID_TOKEN');
      }
    } else if (creds?.scheme === 'apikey') {
      actor = (await keys.actorForKey(creds.value, budget.gate(ctx.ip))) ?? ANONYMOUS;
      if (actor.kind === 'anonymous') {
        await budget.miss(ctx.ip);
        if (!lenient) throw invalidApiKey();
      }
    } else if (ctx.get('authorization') && !lenient) {
      throw unauthorized('Authorization must be "Bearer <token>" or "ApiKey <key>"');
    }
    ctx.state.actor = actor;
    return actor;
  }

  /** Route middleware: resolves the actor into ctx.state.actor and enforces the policy. */
  return function auth(policy: Policy) {
    const layer = async function authLayer(ctx: Context, next: Next): Promise<void> {
      requirePolicy(await resolve(ctx, policy === 'public'), policy);
      await next();
    };
    // The route table reads the policy back from here (OpenAPI security, docs).
    return Object.assign(layer, { [POLICY]: policy });
  };
}

/** The property under which `auth(policy)` middleware carries its policy. */
export const POLICY = Symbol('clip.policy');

/** The policy of the first `auth(policy)` layer among a route's middleware; `public` when none. */
export function policyOf(stack: readonly unknown[]): Policy {
  for (const fn of stack) {
    const policy = (fn as { [POLICY]?: Policy })[POLICY];
    if (policy) return policy;
  }
  return 'public';
}

export type AuthMiddleware = ReturnType<typeof createAuth>;

export const actorOf = (ctx: Context): Actor => ctx.state.actor ?? ANONYMOUS;
