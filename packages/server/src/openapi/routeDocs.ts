/**
 * What the route table cannot tell about each route: its summary, the contract schemas of its body and
 * query, and the schema of its answer's data. Keyed `METHOD /api/path` as registered; the OpenAPI test
 * fails when a registered route has no entry here or an entry names no route.
 */
import * as c from '@clip/sdk';

export interface RouteDoc {
  summary: string;
  tag: string;
  body?: object;
  /** `multipart/form-data` fields (the file part is `file`) instead of a JSON body. */
  form?: object;
  /** Raw bytes as the body (`application/octet-stream`). */
  binaryBody?: boolean;
  query?: object;
  /** The data of the success envelope; absent when `raw` says the answer is not an envelope. */
  response?: object;
  /** The SDK type the data follows, named in the description. */
  responseType?: string;
  /** Not an envelope: the media type answered on success (file bytes, text, redirects). */
  raw?: string;
  /** Success status when not 200. */
  status?: number;
}

type Docs = Record<string, RouteDoc>;

const linkQuery = {
  type: 'object',
  properties: { exp: { type: 'string' }, sig: { type: 'string' } },
  additionalProperties: true,
} as const;
const rawPasswordQuery = {
  type: 'object',
  properties: { password: { type: 'string' } },
  additionalProperties: true,
} as const;
const searchQuery = {
  type: 'object',
  properties: { search: { type: 'string' } },
  additionalProperties: true,
} as const;

function pasteScopes(docs: Docs): void {
  for (const [scope, who] of [
    ['admin', 'the administrator'],
    ['user', 'an API key with text permission'],
  ] as const) {
    const p = `/api/${scope}/pastes`;
    const tag = 'Text shares';
    docs[`GET ${p}`] = {
      tag,
      summary: `List text shares (${who})`,
      query: c.pasteListQuerySchema,
      response: c.pasteListSchema,
    };
    docs[`POST ${p}/batch-delete`] = {
      tag,
      summary: 'Delete several text shares',
      body: c.idsBodySchema,
      response: c.deletedCountSchema,
    };
    docs[`GET ${p}/:id`] = { tag, summary: 'Get a text share', response: c.pasteRecordSchema };
    docs[`PUT ${p}/:id`] = {
      tag,
      summary: 'Update a text share',
      body: c.updatePasteBodySchema,
      response: c.pasteRecordSchema,
    };
    docs[`DELETE ${p}/:id`] = { tag, summary: 'Delete a text share', response: c.nullDataSchema };
  }
}

function fileScopes(docs: Docs): void {
  for (const scope of ['admin', 'user']) {
    const p = `/api/${scope}/files`;
    const tag = 'File shares';
    docs[`GET ${p}`] = {
      tag,
      summary: 'List file shares',
      query: c.fileListQuerySchema,
      response: c.anyDataSchema,
      responseType: 'FileList',
    };
    docs[`POST ${p}/batch-delete`] = {
      tag,
      summary: 'Delete several file shares',
      body: c.idsBodySchema,
      response: c.anyDataSchema,
      responseType: 'BatchDeleteResult',
    };
    docs[`GET ${p}/:id`] = {
      tag,
      summary: 'Get a file share',
      response: c.anyDataSchema,
      responseType: 'FileRecord',
    };
    docs[`PUT ${p}/:id`] = {
      tag,
      summary: 'Update a file share',
      body: c.updateFileBodySchema,
      response: c.anyDataSchema,
      responseType: 'FileRecord',
    };
    docs[`DELETE ${p}/:id`] = { tag, summary: 'Delete a file share', response: c.nullDataSchema };
  }
}

function fsScopes(docs: Docs): void {
  for (const scope of ['admin', 'user']) {
    const p = `/api/${scope}/fs`;
    const tag = 'File system';
    const any = (summary: string, extra: Partial<RouteDoc> = {}, responseType?: string): RouteDoc => ({
      tag,
      summary,
      response: c.anyDataSchema,
      responseType,
      ...extra,
    });
    docs[`GET ${p}/list`] = any('List a folder', { query: c.fsListQuerySchema }, 'FsListing');
    docs[`GET ${p}/get`] = any('Describe a path', { query: c.fsPathQuerySchema }, 'FsItem');
    docs[`GET ${p}/download`] = { tag, summary: 'Download a file', query: c.fsPathQuerySchema, raw: '*/*' };
    docs[`GET ${p}/preview`] = { tag, summary: 'Preview a file', query: c.fsPathQuerySchema, raw: '*/*' };
    docs[`POST ${p}/mkdir`] = any('Create a folder', { body: c.fsMkdirBodySchema }, 'FsItem');
    docs[`POST ${p}/upload`] = any(
      'Upload a file (form fields `path`, then `file`)',
      { form: { type: 'object', properties: { path: { type: 'string' } } }, status: 201 },
      'FsItem',
    );
    docs[`DELETE ${p}/remove`] = {
      tag,
      summary: 'Remove a file or folder',
      query: c.fsPathQuerySchema,
      response: c.nullDataSchema,
    };
    docs[`POST ${p}/batch-remove`] = any('Remove several paths', { body: c.fsBatchRemoveBodySchema });
    docs[`POST ${p}/rename`] = any('Rename or move a path', { body: c.fsRenameBodySchema }, 'FsItem');
    docs[`POST ${p}/update`] = any('Replace a text file', { body: c.fsUpdateBodySchema }, 'FsItem');
    docs[`GET ${p}/file-link`] = any('A signed download link', { query: c.fsFileLinkQuerySchema });
    docs[`POST ${p}/multipart/init`] = any('Start a resumable upload', { body: c.fsMultipartInitBodySchema });
    docs[`POST ${p}/multipart/part`] = any('Send one part', {
      query: c.fsMultipartPartQuerySchema,
      binaryBody: true,
    });
    docs[`GET ${p}/multipart/status`] = any('Parts received so far', {
      query: c.fsMultipartStatusQuerySchema,
    });
    docs[`POST ${p}/multipart/complete`] = any('Finish a resumable upload', {
      body: c.fsMultipartCompleteBodySchema,
    });
    docs[`POST ${p}/multipart/abort`] = any('Abandon a resumable upload', {
      body: c.fsMultipartAbortBodySchema,
    });
    docs[`POST ${p}/presign`] = any('Presigned direct upload', { body: c.fsPresignBodySchema });
    docs[`POST ${p}/presign/commit`] = any('Record a presigned upload', {
      body: c.fsPresignCommitBodySchema,
    });
    docs[`POST ${p}/batch-copy`] = any('Copy paths (inline or as a task)', { body: c.batchCopyBodySchema });
    docs[`POST ${p}/batch-copy-commit`] = any('Commit a client-side copy page', {
      body: c.batchCopyCommitBodySchema,
    });
    docs[`POST ${p}/archive`] = any('Pack paths into one ZIP file (a download task)', {
      body: c.archiveBodySchema,
    });
    docs[`POST ${p}/fetch-url`] = any('Fetch remote files into a mount (an upload task)', {
      body: c.fetchUrlBodySchema,
    });
  }
}

function taskScopes(docs: Docs): void {
  for (const scope of ['admin', 'user']) {
    const p = `/api/${scope}/tasks`;
    const tag = 'Tasks';
    const any = (summary: string, extra: Partial<RouteDoc> = {}): RouteDoc => ({
      tag,
      summary,
      response: c.anyDataSchema,
      responseType: 'Task',
      ...extra,
    });
    const task = { response: c.taskSchema, responseType: undefined };
    docs[`GET ${p}`] = any('List tasks', {
      query: c.taskListQuerySchema,
      response: c.taskListSchema,
      responseType: undefined,
    });
    docs[`POST ${p}/clear`] = any('Clear finished tasks', { responseType: undefined });
    docs[`GET ${p}/:id`] = any('Get a task', task);
    docs[`POST ${p}/:id/cancel`] = any('Cancel a task', task);
    docs[`POST ${p}/:id/retry`] = any('Retry a task', task);
    docs[`DELETE ${p}/:id`] = any('Delete a finished task', {
      response: c.nullDataSchema,
      responseType: undefined,
    });
  }
}

function mountScopes(docs: Docs): void {
  for (const scope of ['admin', 'user']) {
    const p = `/api/${scope}/mounts`;
    const tag = 'Mounts';
    docs[`GET ${p}`] = {
      tag,
      summary: 'List mounts',
      query: searchQuery,
      response: c.anyDataSchema,
      responseType: 'Mount[]',
    };
    docs[`POST ${p}`] = {
      tag,
      summary: 'Create a mount',
      body: c.createMountBodySchema,
      response: c.anyDataSchema,
      responseType: 'Mount',
      status: 201,
    };
    docs[`GET ${p}/:id`] = { tag, summary: 'Get a mount', response: c.anyDataSchema, responseType: 'Mount' };
    docs[`PUT ${p}/:id`] = {
      tag,
      summary: 'Update a mount',
      body: c.updateMountBodySchema,
      response: c.anyDataSchema,
      responseType: 'Mount',
    };
    docs[`DELETE ${p}/:id`] = { tag, summary: 'Delete a mount', response: c.nullDataSchema };
  }
}

function build(): Docs {
  const any = c.anyDataSchema;
  const docs: Docs = {
    'GET /api/health': { tag: 'System', summary: 'Liveness and database check', response: c.healthSchema },
    'GET /api/version': { tag: 'System', summary: 'Server name and version', response: c.versionInfoSchema },
    'GET /api/openapi.json': { tag: 'System', summary: 'This OpenAPI document', raw: 'application/json' },
    'GET /api/admin/system-settings': {
      tag: 'System',
      summary: 'System settings',
      response: c.systemSettingsSchema,
    },
    'PUT /api/admin/system-settings': {
      tag: 'System',
      summary: 'Update system settings',
      body: c.updateSystemSettingsBodySchema,
      response: c.systemSettingsSchema,
    },
    'GET /api/system/max-upload-size': {
      tag: 'System',
      summary: 'Largest accepted upload',
      response: c.maxUploadSizeSchema,
    },
    'POST /api/admin/login': {
      tag: 'Auth',
      summary: 'Administrator login',
      body: c.loginBodySchema,
      response: c.loginResultSchema,
    },
    'GET /api/test/admin-token': {
      tag: 'Auth',
      summary: 'Check an administrator token',
      response: any,
      responseType: 'TokenInfo',
    },
    'GET /api/test/api-key': {
      tag: 'Auth',
      summary: 'Check an API key (its permissions)',
      response: any,
      responseType: 'ApiKeyVerification',
    },
    'POST /api/admin/logout': { tag: 'Auth', summary: 'End the session', response: any },
    'POST /api/admin/change-password': {
      tag: 'Auth',
      summary: 'Change the administrator password',
      body: c.changePasswordBodySchema,
      response: any,
    },
    'GET /api/admin/api-keys': {
      tag: 'API keys',
      summary: 'List API keys',
      response: c.apiKeyListSchema,
    },
    'POST /api/admin/api-keys': {
      tag: 'API keys',
      summary: 'Create an API key (the key is shown once)',
      body: c.createApiKeyBodySchema,
      response: c.apiKeySchema,
      status: 201,
    },
    'POST /api/admin/api-keys/batch-delete': {
      tag: 'API keys',
      summary: 'Delete several API keys',
      body: c.idsBodySchema,
      response: any,
    },
    'PUT /api/admin/api-keys/:id': {
      tag: 'API keys',
      summary: 'Update an API key',
      body: c.updateApiKeyBodySchema,
      response: c.apiKeySchema,
    },
    'DELETE /api/admin/api-keys/:id': {
      tag: 'API keys',
      summary: 'Delete an API key',
      response: c.nullDataSchema,
    },
    'GET /api/admin/dashboard/stats': {
      tag: 'Dashboard',
      summary: 'Dashboard figures',
      response: any,
      responseType: 'DashboardStats',
    },
    'POST /api/admin/cache/clear': { tag: 'Cache', summary: 'Clear every listing cache', response: any },
    'POST /api/user/cache/clear': {
      tag: 'Cache',
      summary: "Clear the caller's listing cache",
      response: any,
    },
    'POST /api/paste': {
      tag: 'Text shares',
      summary: 'Create a text share',
      body: c.createPasteBodySchema,
      response: c.pasteCreatedSchema,
      status: 201,
    },
    'GET /api/paste/:slug': {
      tag: 'Text shares',
      summary: 'Read a text share (counts a view; locked shares answer requires_password)',
      response: any,
      responseType: 'PasteView | PasteLocked',
    },
    'POST /api/paste/:slug': {
      tag: 'Text shares',
      summary: 'Unlock a password-protected text share',
      body: c.passwordBodySchema,
      response: c.pasteViewSchema,
    },
    'GET /api/raw/:slug': {
      tag: 'Text shares',
      summary: 'A text share as plain text',
      query: rawPasswordQuery,
      raw: 'text/plain',
    },
    'POST /api/admin/pastes/clear-expired': {
      tag: 'Text shares',
      summary: 'Delete expired text shares',
      body: c.clearExpiredBodySchema,
      response: c.deletedCountSchema,
    },
    'GET /api/s3-configs': {
      tag: 'Storage configs',
      summary: 'List storage configs',
      response: c.storageConfigListSchema,
    },
    'POST /api/s3-configs': {
      tag: 'Storage configs',
      summary: 'Create a storage config',
      body: c.createStorageConfigBodySchema,
      response: c.storageConfigViewSchema,
      status: 201,
    },
    'GET /api/s3-configs/:id': {
      tag: 'Storage configs',
      summary: 'Get a storage config',
      response: c.storageConfigViewSchema,
    },
    'PUT /api/s3-configs/:id': {
      tag: 'Storage configs',
      summary: 'Update a storage config',
      body: c.updateStorageConfigBodySchema,
      response: c.storageConfigViewSchema,
    },
    'POST /api/s3-configs/:id/test': {
      tag: 'Storage configs',
      summary: 'Test a storage config against its bucket',
      response: any,
    },
    'DELETE /api/s3-configs/:id': {
      tag: 'Storage configs',
      summary: 'Delete a storage config',
      response: c.nullDataSchema,
    },
    'PUT /api/s3-configs/:id/set-default': {
      tag: 'Storage configs',
      summary: 'Make a storage config the default',
      response: any,
    },
    'POST /api/upload': {
      tag: 'File shares',
      summary: 'Upload a file share (form fields first, then `file`)',
      form: c.uploadFormFieldsSchema,
      response: any,
      responseType: 'FileCreated',
      status: 201,
    },
    'GET /api/public/files/:slug': {
      tag: 'File shares',
      summary: 'Read a file share',
      response: any,
      responseType: 'FileView | FileLocked',
    },
    'POST /api/public/files/:slug/verify': {
      tag: 'File shares',
      summary: 'Unlock a password-protected file share',
      body: c.passwordBodySchema,
      response: any,
      responseType: 'FileView',
    },
    'GET /api/office-preview/:slug': {
      tag: 'File shares',
      summary: 'An Office viewer link for a file share',
      query: linkQuery,
      response: any,
    },
    'GET /api/file-download/:slug': {
      tag: 'File shares',
      summary: 'Download a file share (signed link)',
      query: linkQuery,
      raw: '*/*',
    },
    'GET /api/file-view/:slug': {
      tag: 'File shares',
      summary: 'View a file share inline (signed link)',
      query: linkQuery,
      raw: '*/*',
    },
    'POST /api/s3/presign': {
      tag: 'File shares',
      summary: 'Presigned upload',
      body: c.presignBodySchema,
      response: any,
    },
    'POST /api/s3/commit': {
      tag: 'File shares',
      summary: 'Record a presigned upload',
      body: c.commitBodySchema,
      response: any,
    },
    'POST /api/s3/multipart/init': {
      tag: 'File shares',
      summary: 'Start a multipart upload',
      body: c.multipartInitBodySchema,
      response: any,
    },
    'POST /api/s3/multipart/parts': {
      tag: 'File shares',
      summary: 'Presign parts',
      body: c.multipartPartsBodySchema,
      response: any,
    },
    'POST /api/s3/multipart/complete': {
      tag: 'File shares',
      summary: 'Finish a multipart upload',
      body: c.multipartCompleteBodySchema,
      response: any,
    },
    'POST /api/s3/multipart/abort': {
      tag: 'File shares',
      summary: 'Abandon a multipart upload',
      body: c.multipartAbortBodySchema,
      response: any,
    },
    'POST /api/url/info': {
      tag: 'URL uploads',
      summary: 'Probe a remote URL',
      body: c.urlInfoBodySchema,
      response: any,
    },
    'GET /api/url/proxy': {
      tag: 'URL uploads',
      summary: 'Fetch a remote URL through the server',
      query: c.urlProxyQuerySchema,
      raw: '*/*',
    },
    'POST /api/url/presign': {
      tag: 'URL uploads',
      summary: 'Presign a URL upload',
      body: c.urlPresignBodySchema,
      response: any,
    },
    'POST /api/url/commit': {
      tag: 'URL uploads',
      summary: 'Record a URL upload',
      body: c.urlCommitBodySchema,
      response: any,
    },
    'POST /api/url/multipart/init': {
      tag: 'URL uploads',
      summary: 'Start a multipart URL upload',
      body: c.urlMultipartInitBodySchema,
      response: any,
    },
    'POST /api/url/multipart/complete': {
      tag: 'URL uploads',
      summary: 'Finish a multipart URL upload',
      body: c.urlMultipartCompleteBodySchema,
      response: any,
    },
    'POST /api/url/multipart/abort': {
      tag: 'URL uploads',
      summary: 'Abandon a multipart URL upload',
      body: c.urlMultipartAbortBodySchema,
      response: any,
    },
    'POST /api/url/cancel': {
      tag: 'URL uploads',
      summary: 'Cancel a URL upload',
      body: c.urlCancelBodySchema,
      response: any,
    },
    'GET /api/fs/download': {
      tag: 'File system',
      summary: 'Download through a signed link',
      query: c.fsSignedQuerySchema,
      raw: '*/*',
    },
    'GET /api/fs/preview': {
      tag: 'File system',
      summary: 'Preview through a signed link',
      query: c.fsSignedQuerySchema,
      raw: '*/*',
    },
    'PUT /api/fs/put': {
      tag: 'File system',
      summary: 'Upload one file through a signed PUT link (client-side copy into local storage)',
      query: c.fsSignedPutQuerySchema,
      raw: '*/*',
    },
  };
  pasteScopes(docs);
  fileScopes(docs);
  fsScopes(docs);
  taskScopes(docs);
  mountScopes(docs);
  return docs;
}

export const ROUTE_DOCS: Readonly<Docs> = build();
