/**
 * Spec section 6, enforced by the server: the one module that decides what an actor may do.
 * Routes declare a policy; services call these checks for ownership and path scope.
 */
import { DEFAULT_MESSAGES, isPathWithin, normalizeScopePath } from '@clip/sdk';
import { forbidden, unauthorized } from '../http/appError.ts';
import { type Actor, creatorId } from './actor.ts';

export type Capability = 'text' | 'file' | 'mount';

/** What a route requires of its caller. */
export type Policy = 'public' | 'admin' | 'authenticated' | Capability;

export function requirePolicy(actor: Actor, policy: Policy): void {
  if (policy === 'public') return;
  if (actor.kind === 'anonymous') throw unauthorized(DEFAULT_MESSAGES.permissionRequired);
  if (policy === 'authenticated' || actor.kind === 'admin') return;
  if (policy === 'admin') throw forbidden('this action needs the administrator');
  if (!actor.permissions[policy]) throw forbidden(`this API key has no ${policy} permission`);
}

/** The admin counts as creator of everything; a key owns what it created. */
export function ownsRecord(actor: Actor, createdBy: string): boolean {
  if (actor.kind === 'admin') return true;
  if (actor.kind === 'apikey') return createdBy === creatorId(actor) || createdBy === actor.id;
  return false;
}

/** The `created_by` filter a listing applies: null = everything (admin). */
export function ownerFilter(actor: Actor): string[] | null {
  if (actor.kind === 'admin') return null;
  if (actor.kind === 'apikey') return [creatorId(actor), actor.id];
  return [];
}

/** Throws unless the actor's basic path covers `path` (normalised; '..' never escapes). */
export function requirePathAccess(actor: Actor, path: string): string {
  const normalized = normalizeScopePath(path);
  if (normalized === null) throw forbidden(`path "${path}" is not allowed`);
  if (actor.kind === 'admin') return normalized;
  if (actor.kind === 'anonymous') throw unauthorized(DEFAULT_MESSAGES.permissionRequired);
  if (!isPathWithin(actor.basicPath, normalized))
    throw forbidden(`no access to "${normalized}" for this API key`);
  return normalized;
}
