/** WebDAV XML through @xmldom/xmldom: namespace-aware parsing, and documents built as DOM then serialised. */
import {
  DOMImplementation,
  DOMParser,
  type Document,
  type Element,
  type Node,
  XMLSerializer,
} from '@xmldom/xmldom';
import { DavStatus } from './paths.ts';

export const DAV_NS = 'DAV:';

/** Parses a request body; malformed XML (or an undeclared prefix) is a 400. Empty body: null. */
export function parseXml(text: string): Document | null {
  if (text.trim() === '') return null;
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'application/xml');
    if (!doc.documentElement) throw new Error('no root element');
    return doc;
  } catch (err) {
    throw new DavStatus(400, `the XML body is malformed: ${(err as Error).message.split('\n')[0]}`);
  }
}

/** Child elements (text and comments skipped). */
export function childElements(node: Node): Element[] {
  const out: Element[] = [];
  for (let n = node.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

export function isDav(el: Element, localName: string): boolean {
  return el.namespaceURI === DAV_NS && el.localName === localName;
}

export function firstDav(node: Node, localName: string): Element | null {
  return childElements(node).find((el) => isDav(el, localName)) ?? null;
}

export function serialize(node: Node): string {
  return new XMLSerializer().serializeToString(node);
}

/** A new document whose root is `D:<name>` in the DAV: namespace. */
export function davDocument(rootName: string): { doc: Document; root: Element } {
  const doc = new DOMImplementation().createDocument(DAV_NS, `D:${rootName}`, null);
  return { doc, root: doc.documentElement as Element };
}

/** Appends `D:<name>` (with optional text) to a parent and answers it. */
export function davChild(parent: Element, name: string, text?: string): Element {
  const doc = parent.ownerDocument as Document;
  const el = doc.createElementNS(DAV_NS, `D:${name}`);
  if (text !== undefined) el.appendChild(doc.createTextNode(text));
  parent.appendChild(el);
  return el;
}

/** An empty element for a property name in any namespace (the empty namespace included). */
export function propertyElement(doc: Document, namespace: string, name: string): Element {
  if (namespace === DAV_NS) return doc.createElementNS(DAV_NS, `D:${name}`);
  if (namespace === '') return doc.createElementNS(null, name);
  return doc.createElementNS(namespace, `P:${name}`);
}

/** Imports a stored, serialised element into a document. */
export function importStored(doc: Document, xml: string): Element {
  const parsed = new DOMParser().parseFromString(xml, 'application/xml');
  return doc.importNode(parsed.documentElement as Element, true) as Element;
}

export function xmlText(doc: Document): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${serialize(doc)}`;
}

/** The `D:error` body of a failed precondition (RFC 4918 section 16). */
export function errorBody(condition: string): string {
  const { doc, root } = davDocument('error');
  davChild(root, condition);
  return xmlText(doc);
}
