/** Answers of the upload-request routes (`/admin|user/upload-requests`, `/public/r/{slug}`). */
import type {
  RequestUploadDone,
  RequestUploadStarted,
  RequestUploadStatus,
  ShareTokenResult,
  UploadRequestDetail,
  UploadRequestInfo,
  UploadRequestLimits,
  UploadRequestLocked,
  UploadRequestReceived,
  UploadRequestRecord,
} from '../uploadRequests.ts';
import { arrayOf, bool, count, listOf, nonEmpty, nullableCount, nullableStr, shapeOf, str } from './shape.ts';

export const uploadRequestLimitsSchema = shapeOf<UploadRequestLimits>()(
  {
    max_files: nullableCount,
    max_file_bytes: nullableCount,
    max_total_bytes: nullableCount,
    allowed_types: arrayOf(str),
  },
  ['max_files', 'max_file_bytes', 'max_total_bytes', 'allowed_types'],
);

const recordProperties = {
  id: nonEmpty,
  slug: nonEmpty,
  url: nonEmpty,
  path: nonEmpty,
  title: nullableStr,
  message: nullableStr,
  requires_password: bool,
  expires_at: nullableStr,
  limits: uploadRequestLimitsSchema,
  files_received: count,
  bytes_received: count,
  created_by: str,
  created_at: nonEmpty,
} as const;
const recordRequired = [
  'id',
  'slug',
  'url',
  'path',
  'title',
  'message',
  'requires_password',
  'expires_at',
  'limits',
  'files_received',
  'bytes_received',
  'created_by',
  'created_at',
] as const;

export const uploadRequestRecordSchema = shapeOf<UploadRequestRecord>()(recordProperties, recordRequired);

export const uploadRequestReceivedSchema = shapeOf<UploadRequestReceived>()(
  { name: nonEmpty, path: nonEmpty, size: count, uploaded_at: nonEmpty, uploader: nullableStr },
  ['name', 'path', 'size', 'uploaded_at', 'uploader'],
);

export const uploadRequestDetailSchema = shapeOf<UploadRequestDetail>()(
  { ...recordProperties, received: arrayOf(uploadRequestReceivedSchema) },
  [...recordRequired, 'received'],
);

export const uploadRequestListSchema = listOf(uploadRequestRecordSchema);

export const uploadRequestInfoSchema = shapeOf<UploadRequestInfo>()(
  {
    title: nullableStr,
    message: nullableStr,
    requires_password: bool,
    expires_at: nullableStr,
    limits: uploadRequestLimitsSchema,
    remaining: {
      type: 'object',
      properties: { files: nullableCount, bytes: nullableCount },
      required: ['files', 'bytes'],
      additionalProperties: false,
    },
  },
  ['title', 'message', 'requires_password', 'expires_at', 'limits', 'remaining'],
);

export const uploadRequestLockedSchema = shapeOf<UploadRequestLocked>()(
  { requires_password: { type: 'boolean', const: true } },
  ['requires_password'],
);

export const shareTokenSchema = shapeOf<ShareTokenResult>()({ token: nonEmpty }, ['token']);

export const requestUploadStartedSchema = shapeOf<RequestUploadStarted>()(
  { uploadId: nonEmpty, uploadToken: nonEmpty, partSize: count, parts: count },
  ['uploadId', 'uploadToken', 'partSize', 'parts'],
);

export const requestUploadStatusSchema = shapeOf<RequestUploadStatus>()(
  { parts: arrayOf({ type: 'integer', minimum: 1 }) },
  ['parts'],
);

export const requestUploadDoneSchema = shapeOf<RequestUploadDone>()({ name: nonEmpty, size: count }, [
  'name',
  'size',
]);
