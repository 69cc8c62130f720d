/** The `If` header (RFC 4918 section 10.4): parsing, and evaluation against lock tokens and ETags. */
import { DavStatus } from './paths.ts';

export interface IfCondition {
  not: boolean;
  kind: 'token' | 'etag';
  value: string;
}

export interface IfList {
  /** The tagged resource's URL as written, or null for the request URI. */
  resource: string | null;
  conditions: IfCondition[];
}

/** Parses the header into lists; anything outside the grammar is a 400. */
export function parseIfHeader(header: string): IfList[] {
  const lists: IfList[] = [];
  let i = 0;
  let resource: string | null = null;
  const fail = (): never => {
    throw new DavStatus(400, 'the If header is malformed');
  };
  const skipSpace = () => {
    while (i < header.length && /\s/.test(header[i])) i++;
  };
  const readUntil = (end: string) => {
    const close = header.indexOf(end, i);
    if (close < 0) fail();
    const value = header.slice(i, close);
    i = close + 1;
    return value;
  };
  skipSpace();
  while (i < header.length) {
    if (header[i] === '<') {
      i++;
      resource = readUntil('>');
    } else if (header[i] === '(') {
      i++;
      const conditions: IfCondition[] = [];
      for (;;) {
        skipSpace();
        if (header[i] === ')') {
          i++;
          break;
        }
        let not = false;
        if (/^not(?=[\s<[])/i.test(header.slice(i, i + 4))) {
          not = true;
          i += 3;
          skipSpace();
        }
        if (header[i] === '<') {
          i++;
          conditions.push({ not, kind: 'token', value: readUntil('>') });
        } else if (header[i] === '[') {
          i++;
          conditions.push({ not, kind: 'etag', value: readUntil(']') });
        } else fail();
      }
      if (conditions.length === 0) fail();
      lists.push({ resource, conditions });
    } else fail();
    skipSpace();
  }
  if (lists.length === 0) fail();
  return lists;
}

/** Every lock token the client named (it holds these), whichever list it sits in. */
export function submittedTokens(lists: IfList[]): Set<string> {
  const out = new Set<string>();
  for (const l of lists) for (const c of l.conditions) if (c.kind === 'token' && !c.not) out.add(c.value);
  return out;
}

export interface ResourceState {
  etag: string | null;
  /** Tokens of the locks that apply to the resource. */
  lockTokens: Set<string>;
}

const bareEtag = (e: string) => e.trim().replace(/^W\//, '').replace(/^"|"$/g, '');

/** True when at least one list holds (each list: all its conditions hold) for its resource. */
export async function evaluateIf(
  lists: IfList[],
  stateOf: (resource: string | null) => Promise<ResourceState>,
): Promise<boolean> {
  const states = new Map<string | null, ResourceState>();
  for (const list of lists) {
    let state = states.get(list.resource);
    if (!state) {
      state = await stateOf(list.resource);
      states.set(list.resource, state);
    }
    const s = state;
    const holds = list.conditions.every((c) => {
      const match =
        c.kind === 'token'
          ? s.lockTokens.has(c.value)
          : s.etag !== null && bareEtag(c.value) === bareEtag(s.etag);
      return c.not ? !match : match;
    });
    if (holds) return true;
  }
  return false;
}
