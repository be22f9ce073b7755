// Reading bank XML (pain.002, camt.053, camt.054) with fast-xml-parser, set so that nothing is corrupted: its
// defaults turn `000401234567` into the number 401234567 and a single `Ntry` into an object instead of a list.
// Every value stays text (`parseTagValue: false`, `parseAttributeValue: false`), namespace prefixes are dropped
// (`removeNSPrefix`), and the elements that may repeat are always lists (`isArray`).
import { XMLParser, XMLValidator, type X2jOptions } from 'fast-xml-parser';

/** A bank file that cannot be used: not XML, not valid against its schema, or with content we cannot accept. */
export class BankFileError extends Error {
  /** `unparsable`: not well-formed XML; `schema`: refused by the XSD; `content`: valid but unusable. */
  readonly reason: 'unparsable' | 'schema' | 'content';
  /** The messages behind it (libxml2's for `schema`), one per line. */
  readonly details: readonly string[];
  constructor(reason: BankFileError['reason'], message: string, details: readonly string[] = []) {
    super(message);
    this.name = 'BankFileError';
    this.reason = reason;
    this.details = details;
  }
}

/**
 * The elements that repeat (maxOccurs > 1) somewhere in pain.002.001.10, camt.053.001.08 or camt.054.001.08 and
 * that a reader walks. `AddtlInf` is 0..1 in some places and 0..n in others: it is always a list.
 */
export const REPEATED_ELEMENTS: ReadonlySet<string> = new Set([
  'Stmt',
  'Ntfctn',
  'Bal',
  'Ntry',
  'NtryDtls',
  'TxDtls',
  'Ustrd',
  'Strd',
  'AddtlInf',
  'OrgnlPmtInfAndSts',
  'TxInfAndSts',
  'StsRsnInf',
  'NbOfTxsPerSts',
  'TtlNtriesPerBkTxCd',
  'Rcrd',
  'AdrLine',
]);

/** The fast-xml-parser options for every bank file we read. */
export const BANK_XML_OPTIONS: X2jOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (tagName, _path, _leaf, isAttribute) => !isAttribute && REPEATED_ELEMENTS.has(tagName),
};

const parser = new XMLParser(BANK_XML_OPTIONS);

/** A parsed element: its children by name, its attributes as `@_name`, its text as `#text`. */
export type XmlNode = { readonly [name: string]: unknown };

/**
 * Parses a bank file into a tree, or throws BankFileError('unparsable'): not well-formed, or carrying a DOCTYPE
 * (a bank file has no use for one, and refusing it shuts out entity-expansion attacks).
 */
export function parseBankXml(xml: string): XmlNode {
  const text = xml.startsWith('\uFEFF') ? xml.slice(1) : xml;
  if (/<!DOCTYPE/i.test(text)) throw new BankFileError('unparsable', 'The file carries a DOCTYPE');
  const wellFormed = XMLValidator.validate(text);
  if (wellFormed !== true) {
    const { msg, line } = wellFormed.err;
    throw new BankFileError('unparsable', `Not well-formed XML: ${msg} (line ${line})`);
  }
  return parser.parse(text) as XmlNode;
}

/** `Document/<root>` of a parsed ISO 20022 message, or BankFileError('content') when it is another message. */
export function documentRoot(tree: XmlNode, root: string): XmlNode {
  const found = child(tree, 'Document', root);
  if (!found) throw new BankFileError('content', `Not a ${root} document`);
  return found;
}

const isNode = (value: unknown): value is XmlNode => typeof value === 'object' && value !== null;

/** The elements named `name` under a node, as a list (none → []). */
export function children(node: unknown, name: string): XmlNode[] {
  if (!isNode(node)) return [];
  const value = node[name];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.map((v) => (isNode(v) ? v : { '#text': String(v) }));
}

/** The element at a path of names (the first at each step when repeated), or undefined. */
export function child(node: unknown, ...path: string[]): XmlNode | undefined {
  let at: XmlNode | undefined = isNode(node) ? node : undefined;
  for (const name of path) at = children(at, name)[0];
  return at;
}

/** The text of the element at a path (trimmed; absent or empty → null). */
export function textAt(node: unknown, ...path: string[]): string | null {
  const found = child(node, ...path);
  const text = found?.['#text'];
  if (typeof text === 'string' && text !== '') return text;
  return null;
}

/** The texts of every element named `name` under a node (`Ustrd`, `AddtlInf`). */
export const textsOf = (node: unknown, name: string): string[] =>
  children(node, name)
    .map((c) => c['#text'])
    .filter((t): t is string => typeof t === 'string' && t !== '');

/** An attribute of the element at a path, or null. */
export function attributeAt(node: unknown, attribute: string, ...path: string[]): string | null {
  const value = child(node, ...path)?.[`@_${attribute}`];
  return typeof value === 'string' ? value : null;
}
