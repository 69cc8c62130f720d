/** Path shares wired once (app.ts): management, the public side, and what a public request reaches. */
import type { FsListResult } from '@clip/sdk';
import type { Knex } from 'knex';
import type { Clock } from '../../clock.ts';
import type { Dialect } from '../../db/connect.ts';
import type { LinkIssuers } from '../../fs/linkIssuer.ts';
import type { FsFileHandle, FsService } from '../../fs/types.ts';
import { badRequest } from '../../http/appError.ts';
import type { PasswordChecks } from '../../services/passwordChecks.ts';
import type { ZipEntry } from '../../serving/sendZip.ts';
import { createShareAccessTokens } from '../core/shareAccessTokens.ts';
import { planFolderZip } from './folderZip.ts';
import { createPathShareManagement, type PathShareManagement } from './pathShareManagement.ts';
import { createPathShareStore } from './pathShareStore.ts';
import { createPublicPathShares, type OpenedShare, type PublicPathShares } from './publicPathShares.ts';
import { asSeenInShare, insideShare } from './sharedPaths.ts';

export interface PathShareService extends PathShareManagement {
  public: PublicPathShares;
  /** One page of a folder inside the share, paths as the visitor sees them. */
  listInside(
    share: OpenedShare,
    relative: string,
    page: { cursor?: string; limit?: number },
  ): Promise<FsListResult>;
  /** A file inside the share (a file share's own file for `/`). */
  file(share: OpenedShare, relative: string): Promise<FsFileHandle>;
  /** The entries of a folder's ZIP; 413 past the admin's `max_zip_size`. */
  zip(share: OpenedShare, relative: string): Promise<{ name: string; entries: ZipEntry[] }>;
}

export function createPathShareService(deps: {
  knex: Knex;
  dialect: Dialect;
  fs: FsService;
  issuers: LinkIssuers;
  passwords: PasswordChecks;
  serverSecret: string;
  clock: Clock;
  origin(): string;
  maxZipBytes(): Promise<number>;
}): PathShareService {
  const store = createPathShareStore(deps.knex, deps.dialect);
  const { fs } = deps;

  const folderOf = (share: OpenedShare, relative: string) => {
    if (share.row.kind === 'file')
      throw badRequest('this share is a single file: there is no folder to list');
    return insideShare(share.row.path, relative);
  };

  return {
    ...createPathShareManagement({ store, fs, clock: deps.clock, origin: deps.origin }),
    public: createPublicPathShares({
      store,
      fs,
      issuers: deps.issuers,
      passwords: deps.passwords,
      tokens: createShareAccessTokens(deps.serverSecret, 'path'),
      clock: deps.clock,
    }),

    async listInside(share, relative, page) {
      const listing = await fs.list(share.owner, folderOf(share, relative), page);
      const seen = (path: string) => asSeenInShare(share.row.path, path);
      return {
        ...listing,
        path: seen(listing.path),
        is_virtual: false,
        items: listing.items.map((item) => ({ ...item, path: seen(item.path) })),
      };
    },

    async file(share, relative) {
      if (share.row.kind === 'folder') return fs.open(share.owner, insideShare(share.row.path, relative));
      if (relative !== '/') throw badRequest('this share is a single file: leave path out or give "/"');
      return fs.open(share.owner, share.row.path);
    },

    async zip(share, relative) {
      const folder = folderOf(share, relative);
      const { entries } = await planFolderZip(fs, share.owner, folder, await deps.maxZipBytes());
      return { name: `${entries[0].name.slice(0, -1)}.zip`, entries };
    },
  };
}
