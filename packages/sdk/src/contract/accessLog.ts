/** The access log (links.md, "The access log"): one event per public access to a share. */
import type { JSONSchemaType } from 'ajv';

export const ACCESS_SHARE_KINDS = ['text', 'file', 'path', 'request'] as const;
export type AccessShareKind = (typeof ACCESS_SHARE_KINDS)[number];
export const ACCESS_ACTIONS = ['view', 'download', 'list', 'zip', 'upload', 'verify'] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];
export const ACCESS_OUTCOMES = ['ok', 'wrong_password', 'expired', 'used_up', 'refused'] as const;
export type AccessOutcome = (typeof ACCESS_OUTCOMES)[number];
/** How client addresses are kept: whole, cut to their network (IPv4 /24, IPv6 /48), or not at all. */
export const ACCESS_LOG_IP_MODES = ['full', 'anonymized', 'off'] as const;
export type AccessLogIpMode = (typeof ACCESS_LOG_IP_MODES)[number];
export const ACCESS_LOG_DAYS_DEFAULT = 30;
/** The longest a log may be kept: ten years. */
export const ACCESS_LOG_DAYS_MAX = 3650;
export const PAGE_SIZE_ACCESS_LOG = 50;

export interface AccessEvent {
  id: string;
  share_kind: AccessShareKind;
  share_id: string;
  /** ISO 8601. */
  at: string;
  action: AccessAction;
  outcome: AccessOutcome;
  /** The client's address as `access_log_ip` kept it; null when off. */
  ip: string | null;
  user_agent: string | null;
  /** Bytes served (or received, for uploads) when known. */
  bytes: number | null;
  /** The path inside a path share or upload request; null for text and file shares. */
  path: string | null;
}

export interface AccessLogQuery {
  share_kind?: AccessShareKind;
  share_id?: string;
  action?: AccessAction;
  outcome?: AccessOutcome;
  limit?: number;
  offset?: number;
  format?: 'json' | 'csv';
}
export const accessLogQuerySchema: JSONSchemaType<AccessLogQuery> = {
  type: 'object',
  properties: {
    share_kind: { type: 'string', enum: [...ACCESS_SHARE_KINDS], nullable: true },
    share_id: { type: 'string', minLength: 1, maxLength: 100, nullable: true },
    action: { type: 'string', enum: [...ACCESS_ACTIONS], nullable: true },
    outcome: { type: 'string', enum: [...ACCESS_OUTCOMES], nullable: true },
    limit: { type: 'integer', minimum: 1, maximum: 1000, nullable: true },
    offset: { type: 'integer', minimum: 0, nullable: true },
    format: { type: 'string', enum: ['json', 'csv'], nullable: true },
  },
  additionalProperties: false,
};
