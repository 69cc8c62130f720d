import type { JSONSchemaType } from 'ajv';

/** Lists answer `items` and `total` plus the paging fields that were asked for. */
export interface ListResult<T> {
  items: T[];
  total: number;
  page?: number;
  limit?: number;
  offset?: number;
}

export interface IdsBody {
  ids: string[];
}
export const idsBodySchema: JSONSchemaType<IdsBody> = {
  type: 'object',
  properties: {
    ids: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 100 },
      minItems: 1,
      maxItems: 1000,
    },
  },
  required: ['ids'],
  additionalProperties: false,
};

export interface BatchDeleteResult {
  deleted: number;
  failed: { id: string; message: string }[];
}

export interface PageQuery {
  page?: number;
  limit?: number;
  offset?: number;
  search?: string;
  sort?: 'created_at' | 'size';
  order?: 'asc' | 'desc';
}
export const pageQuerySchema: JSONSchemaType<PageQuery> = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, nullable: true },
    limit: { type: 'integer', minimum: 1, maximum: 1000, nullable: true },
    offset: { type: 'integer', minimum: 0, nullable: true },
    search: { type: 'string', maxLength: 200, nullable: true },
    sort: { type: 'string', enum: ['created_at', 'size'], nullable: true },
    order: { type: 'string', enum: ['asc', 'desc'], nullable: true },
  },
  additionalProperties: false,
};
