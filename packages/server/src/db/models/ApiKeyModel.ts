/**
 * Thin objection model of an API key row: the table, its id and the column types, nothing more.
 * Queries stay plain knex underneath (objection is unmaintained; stack.md), so it could be replaced.
 */
import { Model } from 'objection';

export class ApiKeyModel extends Model {
  static override tableName = 'api_keys';

  declare id: string;
  declare name: string;
  declare key_hash: string;
  declare key_sealed: string;
  declare expires_at: number | null;
  /** 0/1 on SQLite, boolean on Postgres. */
  declare text_permission: boolean | number;
  declare file_permission: boolean | number;
  declare mount_permission: boolean | number;
  declare basic_path: string;
  declare last_used: number | null;
  declare created_at: number;
}
