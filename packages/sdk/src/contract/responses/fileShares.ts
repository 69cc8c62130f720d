/** Answers of the file-share routes: uploads (direct, presigned, multipart, from a URL), reads, management. */
import type {
  AbortResult,
  FileLocked,
  FileRecord,
  FileShareCreated,
  MultipartInitResult,
  MultipartPartsResult,
  OfficePreview,
  PartUrl,
  PresignResult,
  PublicFileView,
} from '../files.ts';
import type { CancelResult, UrlInfo } from '../url.ts';
import { arrayOf, bool, count, listOf, nonEmpty, nullableCount, nullableStr, shapeOf, str } from './shape.ts';

export const fileShareCreatedSchema = shapeOf<FileShareCreated>()(
  {
    id: str,
    slug: nonEmpty,
    filename: str,
    size: count,
    mimetype: str,
    url: str,
    expires_at: nullableStr,
    max_views: count,
    encrypted: bool,
  },
  ['id', 'slug', 'filename', 'size', 'mimetype', 'url', 'expires_at', 'max_views', 'encrypted'],
);

export const presignResultSchema = shapeOf<PresignResult>()(
  {
    upload_url: nonEmpty,
    file_id: str,
    storage_path: str,
    s3_url: str,
    slug: nonEmpty,
    provider_type: str,
    contentType: str,
    expires_at: str,
  },
  ['upload_url', 'file_id', 'storage_path', 's3_url', 'slug', 'provider_type', 'contentType', 'expires_at'],
);

export const partUrlSchema = shapeOf<PartUrl>()(
  { partNumber: { type: 'integer', minimum: 1, maximum: 10_000 }, url: nonEmpty },
  ['partNumber', 'url'],
);

export const multipartInitResultSchema = shapeOf<MultipartInitResult>()(
  {
    file_id: str,
    upload_id: nonEmpty,
    storage_path: str,
    slug: nonEmpty,
    provider_type: str,
    contentType: str,
    part_size: { type: 'integer', minimum: 1 },
    part_count: { type: 'integer', minimum: 1 },
    part_urls: arrayOf(partUrlSchema),
    urls_expire_at: str,
    expires_at: str,
  },
  [
    'file_id',
    'upload_id',
    'storage_path',
    'slug',
    'provider_type',
    'contentType',
    'part_size',
    'part_count',
    'part_urls',
    'urls_expire_at',
    'expires_at',
  ],
);

export const multipartPartsResultSchema = shapeOf<MultipartPartsResult>()(
  { part_urls: arrayOf(partUrlSchema), urls_expire_at: str },
  ['part_urls', 'urls_expire_at'],
);

export const abortResultSchema = shapeOf<AbortResult>()({ aborted: bool }, ['aborted']);

export const publicFileViewSchema = shapeOf<PublicFileView>()(
  {
    slug: str,
    filename: str,
    mimetype: str,
    size: count,
    remark: nullableStr,
    created_at: str,
    expires_at: nullableStr,
    max_views: count,
    views: count,
    has_password: bool,
    encrypted: bool,
    download_url: nonEmpty,
    preview_url: nonEmpty,
    office_preview_url: nonEmpty,
    links_expire_at: str,
    id: str,
  },
  [
    'slug',
    'filename',
    'mimetype',
    'size',
    'remark',
    'created_at',
    'expires_at',
    'max_views',
    'views',
    'has_password',
    'encrypted',
    'download_url',
    'preview_url',
    'office_preview_url',
    'links_expire_at',
  ],
);

/** A password-protected share read without its password. */
export const fileLockedSchema = shapeOf<FileLocked>()({ slug: str, requires_password: { const: true } }, [
  'slug',
  'requires_password',
]);

/** `GET /public/files/{slug}`: the share, or that it needs its password. */
export const publicFileReadSchema = { anyOf: [publicFileViewSchema, fileLockedSchema] } as const;

export const officePreviewSchema = shapeOf<OfficePreview>()(
  { microsoft_url: nonEmpty, google_url: nonEmpty, url: nonEmpty, expires_at: str },
  ['microsoft_url', 'google_url', 'url', 'expires_at'],
);

export const fileRecordSchema = shapeOf<FileRecord>()(
  {
    id: str,
    slug: str,
    filename: str,
    mimetype: str,
    size: count,
    path: str,
    storage_path: str,
    s3_config_id: str,
    etag: nullableStr,
    remark: nullableStr,
    has_password: bool,
    expires_at: nullableStr,
    max_views: count,
    views: count,
    created_by: str,
    created_at: str,
    updated_at: str,
    url: str,
    removed_after: nullableStr,
    encrypted: bool,
  },
  [
    'id',
    'slug',
    'filename',
    'mimetype',
    'size',
    'path',
    'storage_path',
    's3_config_id',
    'etag',
    'remark',
    'has_password',
    'expires_at',
    'max_views',
    'views',
    'created_by',
    'created_at',
    'updated_at',
    'url',
    'removed_after',
    'encrypted',
  ],
);
export const fileListSchema = listOf(fileRecordSchema);

export const urlInfoSchema = shapeOf<UrlInfo>()(
  {
    url: str,
    final_url: str,
    filename: str,
    size: nullableCount,
    mimetype: str,
    accepts_ranges: bool,
  },
  ['url', 'final_url', 'filename', 'size', 'mimetype', 'accepts_ranges'],
);

export const cancelResultSchema = shapeOf<CancelResult>()({ cancelled: bool }, ['cancelled']);
