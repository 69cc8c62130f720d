/**
 * Thumbnails of images in mounts and path shares: a small WebP of an image, never its original. Three
 * sizes (the longest side, in pixels), so the server's shared cache holds at most three per image.
 */
import type { JSONSchemaType } from 'ajv';
import { FS_PATH_MAX, SIGNED_LINK_ISSUER } from './fs.ts';

export const THUMBNAIL_SIZES = [128, 256, 512] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];
export const THUMBNAIL_DEFAULT_SIZE: ThumbnailSize = 256;

const size = { type: 'integer', enum: [...THUMBNAIL_SIZES], nullable: true } as const;
const path = { type: 'string', minLength: 1, maxLength: FS_PATH_MAX } as const;

/** `GET /api/{admin,user}/fs/thumbnail`. */
export interface FsThumbnailQuery {
  path: string;
  /** The longest side in pixels (default 256). */
  size?: number;
  /** Ignored by the server: a client names the file's version here so a changed file gets a new URL. */
  v?: string;
}
export const fsThumbnailQuerySchema: JSONSchemaType<FsThumbnailQuery> = {
  type: 'object',
  properties: { path, size, v: { type: 'string', maxLength: 200, nullable: true } },
  required: ['path'],
  additionalProperties: false,
};

/**
 * The query of a signed `GET /api/fs/thumbnail` link: one signature for a folder (`dir`, `by`, `exp`,
 * `sig`, answered by `.../fs/thumbnail-link`), to which a client adds the `name` of an entry of that
 * folder, a `size`, and a `v` of its choosing.
 */
export interface FsSignedThumbnailQuery {
  dir: string;
  name: string;
  size?: number;
  v?: string;
  by: string;
  exp: string;
  sig: string;
}
export const fsSignedThumbnailQuerySchema: JSONSchemaType<FsSignedThumbnailQuery> = {
  type: 'object',
  properties: {
    dir: path,
    name: { type: 'string', minLength: 1, maxLength: 1024 },
    size,
    v: { type: 'string', maxLength: 200, nullable: true },
    by: SIGNED_LINK_ISSUER,
    exp: { type: 'string', pattern: '^\\d{1,12}$' },
    sig: { type: 'string', minLength: 1, maxLength: 200 },
  },
  required: ['dir', 'name', 'by', 'exp', 'sig'],
  additionalProperties: false,
};

/** `GET /api/public/s/{slug}/thumbnail`: a file inside the share (relative path), with the visit's token. */
export interface PathShareThumbnailQuery {
  path?: string;
  token?: string;
  size?: number;
  v?: string;
}
export const pathShareThumbnailQuerySchema: JSONSchemaType<PathShareThumbnailQuery> = {
  type: 'object',
  properties: {
    path: { type: 'string', maxLength: FS_PATH_MAX, nullable: true },
    token: { type: 'string', maxLength: 200, nullable: true },
    size,
    v: { type: 'string', maxLength: 200, nullable: true },
  },
  additionalProperties: false,
};
