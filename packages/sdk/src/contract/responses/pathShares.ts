/** Answers of the path-share routes (`/admin|user/path-shares`, `/public/s/{slug}`). */
import type {
  PathShareLocked,
  PathShareRecord,
  PathShareTokenAnswer,
  PathShareVisit,
} from '../pathShares.ts';
import { bool, count, nullableStr, shapeOf, str } from './shape.ts';

const kind = { type: 'string', enum: ['file', 'folder'] } as const;

export const pathShareRecordSchema = shapeOf<PathShareRecord>()(
  {
    id: str,
    slug: str,
    url: str,
    path: str,
    kind,
    requires_password: bool,
    expires_at: nullableStr,
    max_views: count,
    views: count,
    remark: nullableStr,
    created_by: str,
    created_at: str,
  },
  [
    'id',
    'slug',
    'url',
    'path',
    'kind',
    'requires_password',
    'expires_at',
    'max_views',
    'views',
    'remark',
    'created_by',
    'created_at',
  ],
);

export const pathShareListSchema = {
  type: 'object',
  properties: { items: { type: 'array', items: pathShareRecordSchema }, total: count },
  required: ['items', 'total'],
  additionalProperties: false,
} as const;

export const pathShareVisitSchema = shapeOf<PathShareVisit>()(
  { slug: str, kind, name: str, requires_password: bool, expires_at: nullableStr, token: str },
  ['slug', 'kind', 'name', 'requires_password', 'expires_at'],
);

export const pathShareLockedSchema = shapeOf<PathShareLocked>()({ requires_password: { const: true } }, [
  'requires_password',
]);

export const pathShareTokenSchema = shapeOf<PathShareTokenAnswer>()({ token: str }, ['token']);
