/** A text share as the `pastes` table stores it. */
export interface PasteRow {
  id: string;
  slug: string;
  title: string | null;
  content: string;
  format: string;
  remark: string | null;
  password_hash: string | null;
  expires_at: number | null;
  max_views: number;
  views: number;
  /** End-to-end encrypted (`content` is base64url ciphertext). SQLite answers 0/1, Postgres a boolean. */
  encrypted: boolean | number;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** What a content read answers: the row without secrets (its owner names whose access log it goes to). */
export type ReadRow = Omit<PasteRow, 'password_hash' | 'updated_at'>;

/** Every column, in the order inserts bind them. */
export const PASTE_COLUMNS = [
  'id',
  'slug',
  'title',
  'content',
  'format',
  'remark',
  'password_hash',
  'expires_at',
  'max_views',
  'views',
  'encrypted',
  'created_by',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof PasteRow)[];
