/**
 * Text shares: creation and the public reads. A successful content read counts one view in the same
 * statement that checks expiry and the view limit (textShareStore.ts), so the hot path is one round trip.
 * Every public read is an access-log event (shares/core/accessLog/); a read with the owner's credentials
 * counts no view and is no event.
 */
import type { CreatePasteBody, PasteCreated, PasteFormat, PasteLocked, PasteView } from '@clip/sdk';
import type { Knex } from 'knex';
import { type Clock, systemClock } from '../../clock.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { timeOrderedUuid } from '../../crypto/tokens.ts';
import { isUniqueViolation } from '../../db/connect.ts';
import type { HotStatements, SqliteHotStatements } from '../../db/hotStatements.ts';
import { gone, notFound, unauthorized } from '../../http/appError.ts';
import { type Actor, creatorId } from '../../services/actor.ts';
import type { PasswordChecks } from '../../services/passwordChecks.ts';
import { expiryFromHours, iso, isoOrNull } from '../../services/time.ts';
import type { AccessRecorder } from '../core/accessLog/accessRecorder.ts';
import { createShareAccessLog } from '../core/accessLog/shareAccessLog.ts';
import type { Visit } from '../core/accessLog/visit.ts';
import { createCountedViews } from '../core/countedView.ts';
import { isExpired, isLive } from '../core/liveness.ts';
import { checkSealedText, checkSealedTextFields } from '../core/sealedContent.ts';
import type { ShareAccessTokens } from '../core/shareAccessTokens.ts';
import { allocateSlug, checkSlug, isSlugShaped } from '../core/slugs.ts';
import { createPasteManagement, type PasteManagement } from './pasteManagement.ts';
import type { PasteRow, ReadRow } from './pasteRow.ts';
import { checkContent, linksFor, optionalText, toView } from './pasteRules.ts';
import { createTextShareStore } from './textShareStore.ts';

export interface PasteReadOutcome {
  row: ReadRow;
  /** The share as its password was checked against; null when it has none. */
  protectedBy: { id: string; slug: string; password_hash: string } | null;
}

export interface PasteService extends PasteManagement {
  create(actor: Actor, body: CreatePasteBody): Promise<PasteCreated>;
  /**
   * GET /paste/{slug}: the content (one view counted), or `requires_password` for a protected share. The
   * owner gets the content of any live share, with an owner token for its raw link, counting nothing.
   */
  view(slug: string, visit: Visit): Promise<PasteView | PasteLocked>;
  /**
   * POST /paste/{slug}: checks the password (rate limited per client) and answers the content, with the
   * share's access token when it has a password.
   */
  unlock(slug: string, password: string, visit: Visit): Promise<PasteView>;
  /** GET /raw/{slug}: the stored text; a protected share needs its password. */
  raw(slug: string, password: string | undefined, visit: Visit): Promise<ReadRow>;
  /**
   * GET /raw/{slug}?token=: a protected share's text for its access token, or any share's for an owner
   * token. It counts no view (the unlock that issued it did) and keeps working for its hour once the view
   * limit is reached.
   */
  rawWithToken(slug: string, token: string, visit: Visit): Promise<ReadRow>;
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
  tokens: ShareAccessTokens;
  accessLog: AccessRecorder;
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
  const store = createTextShareStore(knex, deps.hot, deps.sqliteHot);

  const views = createCountedViews<PasteRow, ReadRow>({
    store: {
      // Anything not shaped like a slug is unknown without asking the database (which may refuse it).
      probe: (slug) => (isSlugShaped(slug) ? store.bySlug(slug) : Promise.resolve(null)),
      countUnprotected: (slug, now) =>
        isSlugShaped(slug) ? store.countUnprotected(slug, now) : Promise.resolve(null),
      countVerified: store.countVerified,
    },
    passwords,
    clock,
    missing,
    gone: goneError,
  });

  const shareBySlug = (slug: string) => (isSlugShaped(slug) ? store.bySlug(slug) : Promise.resolve(null));
  const log = createShareAccessLog<PasteRow>({
    log: deps.accessLog,
    kind: 'text',
    probe: shareBySlug,
    clock,
  });
  const bytesOf = (row: ReadRow) => ({ bytes: Buffer.byteLength(row.content, 'utf8') });

  /**
   * The owner's read: a live share whose owner's credentials the visit carries, counting no view and
   * logging nothing (it is 410 once expired or used up, as for anyone); null for everyone else.
   */
  async function ownerRead(slug: string, visit: Visit): Promise<PasteRow | null> {
    if (visit.actor.kind === 'anonymous') return null;
    const row = await shareBySlug(slug);
    if (!row || !log.byOwner(visit, row)) return null;
    if (!isLive(row, clock.now())) throw goneError(slug);
    return row;
  }

  const ownerView = (row: PasteRow): PasteView => ({
    ...toView(row, row.password_hash !== null),
    token: deps.tokens.issueOwner(row, clock.now()),
    id: row.id,
  });

  async function readWithPassword(
    slug: string,
    password: string,
    clientAddress: string,
  ): Promise<PasteReadOutcome> {
    const { read, probe } = await views.readWithPassword(slug, password, clientAddress);
    const { password_hash } = probe;
    return {
      row: read,
      protectedBy: password_hash === null ? null : { id: probe.id, slug: probe.slug, password_hash },
    };
  }

  async function insertWithSlug(row: PasteRow, custom: string | null): Promise<void> {
    await allocateSlug(custom, async (slug) => {
      row.slug = slug;
      try {
        await store.insert(row);
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    });
  }

  return {
    ...createPasteManagement({
      store,
      maxTextBytes: deps.maxTextBytes,
      origin: deps.origin,
      clock,
    }),

    async create(actor, body) {
      const encrypted = body.encrypted === true;
      if (encrypted) checkSealedTextFields(body);
      const content = checkContent(body.content, deps.maxTextBytes);
      if (encrypted) checkSealedText(content);
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
        encrypted,
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

    async view(slug, visit) {
      const own = await ownerRead(slug, visit);
      if (own) return ownerView(own);
      return log.refusals(visit, slug, 'view', async () => {
        const row = await views.readOpen(slug);
        if (row !== 'locked') {
          log.ok(visit, row, 'view', bytesOf(row));
          return toView(row, false);
        }
        const locked = await shareBySlug(slug);
        if (locked) log.outcome(visit, locked, 'view', 'refused');
        return { slug, requires_password: true };
      });
    },

    async unlock(slug, password, visit) {
      const own = await ownerRead(slug, visit);
      if (own) return ownerView(own);
      return log.refusals(visit, slug, 'verify', async () => {
        const { row, protectedBy } = await readWithPassword(slug, password, visit.ip);
        log.ok(visit, row, 'verify', bytesOf(row));
        if (!protectedBy) return toView(row, false);
        return { ...toView(row, true), token: deps.tokens.issue(protectedBy, clock.now()) };
      });
    },

    async raw(slug, password, visit) {
      const own = await ownerRead(slug, visit);
      if (own) return own;
      return log.refusals(visit, slug, 'download', async () => {
        let row: ReadRow;
        if (password) row = (await readWithPassword(slug, password, visit.ip)).row;
        else {
          const open = await views.readOpen(slug);
          if (open === 'locked') throw passwordNeeded();
          row = open;
        }
        log.ok(visit, row, 'download', bytesOf(row));
        return row;
      });
    },

    async rawWithToken(slug, token, visit) {
      const now = clock.now();
      const row = await shareBySlug(slug);
      if (!row) throw missing(slug);
      if (deps.tokens.validOwner(row, token, now)) {
        if (isExpired(row, now)) throw goneError(slug);
        return row;
      }
      return log.refusals(visit, slug, 'download', async () => {
        if (isExpired(row, now)) throw goneError(slug);
        const { password_hash } = row;
        if (password_hash === null || !deps.tokens.valid({ ...row, password_hash }, token, now))
          throw tokenRefused();
        log.ok(visit, row, 'download', bytesOf(row));
        return row;
      });
    },

    async peek(slug, password, clientAddress) {
      const probe = await views.requireLive(slug);
      if (password === undefined || probe.password_hash === null) return;
      if (!password) throw passwordNeeded();
      await views.checkPassword(probe.password_hash, password, clientAddress);
    },

    removeDead(now = clock.now()) {
      return store.deleteDead(now);
    },
  };
}
