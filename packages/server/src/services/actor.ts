/** Who is asking: every service takes an Actor, and every permission decision is made in permissions.ts. */
import type { Permissions } from '@clip/sdk';

export type Actor =
  | { kind: 'admin'; id: string; username: string }
  | { kind: 'apikey'; id: string; name: string; permissions: Permissions; basicPath: string }
  | { kind: 'anonymous' };

export const ANONYMOUS: Actor = { kind: 'anonymous' };

/** The `created_by` value stored on what an actor creates: the admin's id, or `apikey:{id}`. */
export function creatorId(actor: Actor): string {
  if (actor.kind === 'admin') return actor.id;
  if (actor.kind === 'apikey') return `apikey:${actor.id}`;
  throw new Error('anonymous actors create nothing');
}
