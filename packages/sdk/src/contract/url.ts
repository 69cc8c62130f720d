/**
 * URL upload: the server inspects a remote file (`/url/info`), streams it for browsers that CORS blocks
 * (`/url/proxy`), and hands out presigned PUT or multipart URLs the client fills with the downloaded bytes.
 * Every fetch of a user URL passes the server's SSRF guard.
 */
import type { JSONSchemaType } from 'ajv';
import {
  type CommitBody,
  commitBodySchema,
  type MultipartAbortBody,
  type MultipartCompleteBody,
  type MultipartInitBody,
  multipartAbortBodySchema,
  multipartCompleteBodySchema,
  multipartInitBodySchema,
  type ShareFields,
  shareFieldProperties,
} from './files.ts';

/** The server decodes and fetches these: every `%` must start a valid UTF-8 escape (a format the server's ajv defines). */
const url = { type: 'string', minLength: 1, maxLength: 4096, format: 'percent-escapes' } as const;

export interface UrlInfoBody {
  url: string;
}
export const urlInfoBodySchema: JSONSchemaType<UrlInfoBody> = {
  type: 'object',
  properties: { url },
  required: ['url'],
  additionalProperties: false,
};

export interface UrlInfo {
  url: string;
  /** Where the last redirect led. */
  final_url: string;
  filename: string;
  /** null when the server did not say. */
  size: number | null;
  mimetype: string;
  accepts_ranges: boolean;
}

export interface UrlProxyQuery {
  url: string;
}
export const urlProxyQuerySchema: JSONSchemaType<UrlProxyQuery> = {
  type: 'object',
  properties: { url },
  required: ['url'],
  additionalProperties: false,
};

/** What the client learnt from `/url/info` (any of it); extra fields are ignored. */
export interface UrlMetadata {
  filename?: string;
  size?: number | null;
  mimetype?: string;
  contentType?: string;
}

export interface UrlPresignBody extends ShareFields {
  url: string;
  s3_config_id?: string;
  metadata?: UrlMetadata;
  /** Overrides `metadata.filename`. */
  filename?: string;
  mimetype?: string;
  /** The byte count, when known; checked again at commit. */
  size?: number;
  path?: string;
}
const metadataSchema = {
  type: 'object',
  properties: {
    filename: { type: 'string', maxLength: 1000, nullable: true },
    size: { type: 'integer', minimum: 0, nullable: true },
    mimetype: { type: 'string', maxLength: 255, nullable: true },
    contentType: { type: 'string', maxLength: 255, nullable: true },
  },
  additionalProperties: true,
  nullable: true,
} as const;
export const urlPresignBodySchema: JSONSchemaType<UrlPresignBody> = {
  type: 'object',
  properties: {
    url,
    s3_config_id: { type: 'string', minLength: 1, maxLength: 100, nullable: true },
    metadata: metadataSchema,
    filename: { type: 'string', minLength: 1, maxLength: 1000, nullable: true },
    mimetype: { type: 'string', minLength: 1, maxLength: 255, nullable: true },
    size: { type: 'integer', minimum: 0, maximum: 5 * 1024 ** 4, nullable: true },
    path: { type: 'string', maxLength: 1024, nullable: true },
    ...shareFieldProperties,
  },
  required: ['url'],
  additionalProperties: false,
};

export type UrlCommitBody = CommitBody;
export const urlCommitBodySchema = commitBodySchema;

export interface UrlMultipartInitBody extends MultipartInitBody {
  url: string;
}
export const urlMultipartInitBodySchema: JSONSchemaType<UrlMultipartInitBody> = {
  ...multipartInitBodySchema,
  properties: { ...multipartInitBodySchema.properties, url },
  required: ['url', 'filename', 'size'],
} as JSONSchemaType<UrlMultipartInitBody>;

export type UrlMultipartCompleteBody = MultipartCompleteBody;
export const urlMultipartCompleteBodySchema = multipartCompleteBodySchema;
export type UrlMultipartAbortBody = MultipartAbortBody;
export const urlMultipartAbortBodySchema = multipartAbortBodySchema;

export interface UrlCancelBody {
  file_id: string;
}
export const urlCancelBodySchema: JSONSchemaType<UrlCancelBody> = {
  type: 'object',
  properties: { file_id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['file_id'],
  additionalProperties: false,
};

export interface CancelResult {
  cancelled: boolean;
}
