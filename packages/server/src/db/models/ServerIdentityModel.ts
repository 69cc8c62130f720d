/** A fact about the installation every process checks at start, such as the secret's fingerprint (ADR 0063). */
import type { ServerIdentityRow } from '../../services/serverIdentityStore.ts';
import { modelOf } from './modelOf.ts';

export class ServerIdentityModel extends modelOf<ServerIdentityRow>() {
  static override tableName = 'server_identity';
  static override idColumn = 'name';
}
