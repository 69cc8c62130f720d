/** Answers of the access log routes. */
import { ACCESS_ACTIONS, ACCESS_OUTCOMES, ACCESS_SHARE_KINDS, type AccessEvent } from '../accessLog.ts';
import { listOf, nullableCount, nullableStr, shapeOf, str } from './shape.ts';

export const accessEventSchema = shapeOf<AccessEvent>()(
  {
    id: str,
    share_kind: { type: 'string', enum: [...ACCESS_SHARE_KINDS] },
    share_id: str,
    at: str,
    action: { type: 'string', enum: [...ACCESS_ACTIONS] },
    outcome: { type: 'string', enum: [...ACCESS_OUTCOMES] },
    ip: nullableStr,
    user_agent: nullableStr,
    bytes: nullableCount,
    path: nullableStr,
  },
  ['id', 'share_kind', 'share_id', 'at', 'action', 'outcome', 'ip', 'user_agent', 'bytes', 'path'],
);

export const accessLogPageSchema = listOf(accessEventSchema);
