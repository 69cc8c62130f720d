/** X-OC-Mtime: a client-given modification time kept as an internal dead property (storages cannot set it). */
import type { DeadProperty } from '../fs/deadPropertyStore.ts';

export const INTERNAL_NS = 'urn:x-clip:webdav-internal';

export function parseOcMtime(header: string | undefined): Date | null {
  if (!header || !/^\d{1,12}(\.\d+)?$/.test(header.trim())) return null;
  return new Date(Math.floor(Number(header.trim())) * 1000);
}

export function mtimeProperty(date: Date): { namespace: string; name: string; xml: string } {
  return {
    namespace: INTERNAL_NS,
    name: 'mtime',
    xml: `<m:mtime xmlns:m="${INTERNAL_NS}">${date.getTime()}</m:mtime>`,
  };
}

export function mtimeOf(props: DeadProperty[]): Date | null {
  const p = props.find((d) => d.namespace === INTERNAL_NS && d.name === 'mtime');
  const m = p && />(\d+)</.exec(p.xml);
  return m ? new Date(Number(m[1])) : null;
}

export const isInternal = (p: { namespace: string }) => p.namespace === INTERNAL_NS;
