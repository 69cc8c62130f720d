/**
 * Text shares: creation and the public reads. A successful content read counts one view in the same
 * statement that checks expiry and the view limit (pasteQueries.ts), so the hot path is one round trip.
 */
import type { CreatePasteBody, PasteCreated, PasteFormat, PasteLocked, PasteView } from '@clip/sdk';
import type { Knex } from 'knex';
import { type Clock, systemClock } from '../clock.ts';
import { hashPassword } from '../crypto/passwords.ts';
import { randomSlug, timeOrderedUuid } from '../crypto/tokens.ts';
import { isUniqueViolation } from '../db/connect.ts';
import type { HotStatements, SqliteHotStatements } from '../db/hotStatements.ts';
import { gone, notFound, unauthorized } from '../http/appError.ts';
import { type Actor, creatorId } from './actor.ts';
import type { PasswordChecks } from './passwordChecks.ts';
import type { PasteTokens } from './pasteAccessTokens.ts';
import { createPasteManagement, type PasteManagement } from './pasteManagement.ts';
import { createPasteQueries, isLive, type PasteRow, type ReadRow } from './pasteQueries.ts';
import {
  checkContent,
  checkSlug,
  isSlugShaped,
  linksFor,
  optionalText,
  slugTaken,
  toView,
} from './pasteRules.ts';
import { expiryFromHours, iso, isoOrNull } from './time.ts';

/** Random slugs are retried on collision; after a few misses they grow, so a crowded space still ends. */
const RANDOM_SLUG_ATTEMPTS = 8;

export interface PasteReadOutcome {
  row: ReadRow;
  /** The share as its password was checked against; null when it has none. */
  protectedBy: { id: string; slug: string; password_hash: string } | null;
}

export interface PasteService extends PasteManagement {
  create(actor: Actor, body: CreatePasteBody): Promise<PasteCreated>;
  /** GET /paste/{slug}: the content (one view counted), or `requires_password` for a protected share. */
  view(slug: string): Promise<PasteView | PasteLocked>;
  /**
   * POST /paste/{slug}: checks the password (rate limited per client) and answers the content, with the
   * share's access token when it has a password.
   */
  unlock(slug: string, password: string, clientAddress: string): Promise<PasteView>;
  /** GET /raw/{slug}: the stored text; a protected share needs its password. */
  raw(slug: string, password: string | undefined, clientAddress: string): Promise<ReadRow>;
  /**
   * GET /raw/{slug}?token=: a protected share's text for its access token. It counts no view (the
   * unlock that issued it did) and keeps working for its hour once the view limit is reached.
   */
  rawWithToken(slug: string, token: string): Promise<ReadRow>;
  /**
   * HEAD: what a read would answer (404, 410, and for raw a 401 without the right password), counting
   * nothing, so a link checker never uses up a share. `password` undefined skips the password check.
   */
  peek(slug: string, password: string | undefined, clientAddress: string): Promise<void>;
  /** Deletes expired and used-up shares everywhere; what the periodic sweep runs. */
  removeDead(now?: number): Promise<number>;
}

export interface PasteServiceDeps {
  knex: Knex;
  hot: HotStatements;
  sqliteHot: SqliteHotStatements | null;
  passwords: PasswordChecks;
  tokens: PasteTokens;
  maxTextBytes: number;
  /** Expiry and view counts are judged by this clock. */
  clock?: Clock;
  /** The public origin links are built on. */
  origin(): string;
}

const passwordNeeded = () => unauthorized('this text share is protected: give its password');
const tokenRefused = () =>
  unauthorized('this access token is not valid for this text share or has expired: unlock it again');
const goneError = (slug: string) => gone(`text share "${slug}" has expired or reached its view limit`);
const missing = (slug: string) => notFound(`text share "${slug}" not found`);

export function createPasteService(deps: PasteServiceDeps): PasteService {
  const { knex, passwords } = deps;
  const clock = deps.clock ?? systemClock;
  const q = createPasteQueries(knex, deps.hot, deps.sqliteHot);

  /** The share as it stands, or 404 (unknown) / 410 (expired, used up): what a failed count means. */
  async function requireLive(slug: string, now: number): Promise<PasteRow> {
    const row = isSlugShaped(slug) ? await q.bySlug(slug) : null;
    if (!row) throw missing(slug);
    if (!isLive(row, now)) throw goneError(slug);
    return row;
  }

  /** Reads a share without a password: the row, or 'locked' when it has one. */
  async function readOpen(slug: string): Promise<ReadRow | 'locked'> {
    // Two tries: the probe can see a share that changed between the statements (password cleared, limit raised).
    if (!isSlugShaped(slug)) throw missing(slug);
    for (let attempt = 0; attempt < 2; attempt++) {
      const now = clock.now();
      const row = await q.countUnprotected(slug, now);
      if (row) return row;
      const probe = await requireLive(slug, now);
      if (probe.password_hash !== null) return 'locked';
    }
    throw goneError(slug);
  }

  /** Rate limited per client address; 429 while locked out, even for the right password. */
  async function checkPassword(hash: string, password: string, clientAddress: string): Promise<void> {
    // No reset on success: anyone can make a share with a known password, so success proves nothing.
    const ok = await passwords.verify({
      limitKey: `share-password:${clientAddress}`,
      client: clientAddress,
      password,
      hash,
      onSuccess: 'refund',
    });
    if (!ok) throw unauthorized('wrong password', 'WRONG_PASSWORD');
  }

  async function readWithPassword(
    slug: string,
    password: string,
    clientAddress: string,
  ): Promise<PasteReadOutcome> {
    const now = clock.now();
    const probe = await requireLive(slug, now);
    if (probe.password_hash === null) {
      const row = await readOpen(slug);
      if (row === 'locked') throw unauthorized('wrong password', 'WRONG_PASSWORD');
      return { row, protectedBy: null };
    }
    await checkPassword(probe.password_hash, password, clientAddress);
    const row = await q.countVerified(probe.id, probe.password_hash, clock.now());
    const protectedBy = { id: probe.id, slug: probe.slug, password_hash: probe.password_hash };
    if (row) return { row, protectedBy };
    await requireLive(slug, clock.now());
    throw goneError(slug);
  }

  async function insertWithSlug(row: PasteRow, custom: string | null): Promise<void> {
    for (let attempt = 0; attempt < RANDOM_SLUG_ATTEMPTS; attempt++) {
      row.slug = custom ?? randomSlug(6 + 2 * Math.floor(attempt / 3));
      try {
        await q.insert(row);
        return;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        if (custom !== null) throw slugTaken();
      }
    }
    throw new Error(`no free random slug after ${RANDOM_SLUG_ATTEMPTS} attempts`);
  }

  return {
    ...createPasteManagement({
      knex,
      queries: q,
      maxTextBytes: deps.maxTextBytes,
      origin: deps.origin,
      clock,
    }),

    async create(actor, body) {
      const content = checkContent(body.content, deps.maxTextBytes);
      const custom = body.slug === undefined || body.slug === null ? null : checkSlug(body.slug);
      const now = clock.now();
      const row: PasteRow = {
        id: timeOrderedUuid(now),
        slug: '',
        title: optionalText(body.title, 'title'),
        content,
        format: (body.format ?? 'text') satisfies PasteFormat,
        remark: optionalText(body.remark, 'remark'),
        password_hash: body.password ? await hashPassword(body.password) : null,
        expires_at: expiryFromHours(body.expires_in, now),
        max_views: body.max_views ?? 0,
        views: 0,
        created_by: creatorId(actor),
        created_at: now,
        updated_at: now,
      };
      await insertWithSlug(row, custom);
      return {
        id: row.id,
        slug: row.slug,
        ...linksFor(deps.origin(), row.slug),
        expires_at: isoOrNull(row.expires_at),
        max_views: row.max_views,
        created_at: iso(row.created_at),
      };
    },

    async view(slug) {
      const row = await readOpen(slug);
      return row === 'locked' ? { slug, requires_password: true } : toView(row, false);
    },

    async unlock(slug, password, clientAddress) {
      const { row, protectedBy } = await readWithPassword(slug, password, clientAddress);
      if (!protectedBy) return toView(row, false);
      return { ...toView(row, true), token: deps.tokens.issue(protectedBy, clock.now()) };
    },

    async raw(slug, password, clientAddress) {
      if (password) return (await readWithPassword(slug, password, clientAddress)).row;
      const row = await readOpen(slug);
      if (row === 'locked') throw passwordNeeded();
      return row;
    },

    async rawWithToken(slug, token) {
      const now = clock.now();
      const row = isSlugShaped(slug) ? await q.bySlug(slug) : null;
      if (!row) throw missing(slug);
      if (row.expires_at !== null && row.expires_at <= now) throw goneError(slug);
      const { password_hash } = row;
      if (password_hash === null || !deps.tokens.valid({ ...row, password_hash }, token, now))
        throw tokenRefused();
      return row;
    },

    async peek(slug, password, clientAddress) {
      const probe = await requireLive(slug, clock.now());
      if (password === undefined || probe.password_hash === null) return;
      if (!password) throw passwordNeeded();
      await checkPassword(probe.password_hash, password, clientAddress);
    },

    removeDead(now = clock.now()) {
      return q.deleteDead(now);
    },
  };
}
