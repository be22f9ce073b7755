// Validating a bank file against its ISO 20022 schema at run time, with libxml2 compiled to WebAssembly
// (xmllint-wasm: no native build, no JVM). The XSDs are the full ISO ones kept in ./xsd with their SHA-256 in
// ./xsd/SHA256SUMS (a test checks them). The public pain.001.001.09 copies are EPC/SEPA subsets that refuse an
// INR file with an IFSC: we write pain.001.001.10.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { BankFileError } from './xml.ts';

/** The messages we write or read, by ISO 20022 message name and version. */
export const BANK_SCHEMAS = [
  'pain.001.001.10',
  'pain.002.001.10',
  'camt.053.001.08',
  'camt.054.001.08',
] as const;
export type BankSchema = (typeof BANK_SCHEMAS)[number];

/** Where the XSDs live (beside this file, so they ship with the server's source). */
export const XSD_DIR = join(import.meta.dirname, 'xsd');
export const xsdPath = (schema: BankSchema) => join(XSD_DIR, `${schema}.xsd`);

/** The namespace of a message's Document. */
export const namespaceOf = (schema: BankSchema) => `urn:iso:std:iso:20022:tech:xsd:${schema}`;

/** `ok`, or libxml2's messages (each `line N: …`). */
export type SchemaCheck = { ok: true } | { ok: false; messages: string[] };

const schemas = new Map<BankSchema, Promise<string>>();
const schemaText = (schema: BankSchema) => {
  let text = schemas.get(schema);
  if (!text) {
    text = readFile(xsdPath(schema), 'utf8');
    schemas.set(schema, text);
  }
  return text;
};

/** Validates a document against one of the XSDs (about half a second: the schema is compiled on each call). */
export async function checkSchema(xml: string, schema: BankSchema): Promise<SchemaCheck> {
  const contents = await schemaText(schema);
  let result: Awaited<ReturnType<typeof validateXML>>;
  try {
    result = await validateXML({
      xml: { fileName: 'document.xml', contents: xml },
      schema: { fileName: `${schema}.xsd`, contents },
    });
  } catch (error) {
    // xmllint's other exit codes (1: not well-formed XML, 9: out of memory) come as a rejection.
    const lines = String((error as Error).message ?? error).split('\n');
    return { ok: false, messages: lines.map((l) => l.trim()).filter((l) => l !== '') };
  }
  if (result.valid) return { ok: true };
  const messages = result.errors.map((e) => (e.loc ? `line ${e.loc.lineNumber}: ${e.message}` : e.message));
  return {
    ok: false,
    messages: messages.length > 0 ? messages : [result.rawOutput.trim() || 'xmllint failed'],
  };
}

/** As checkSchema, throwing BankFileError('schema') with libxml2's messages when the document is refused. */
export async function assertSchema(xml: string, schema: BankSchema): Promise<void> {
  const check = await checkSchema(xml, schema);
  if (!check.ok) {
    const first = check.messages[0] ?? '';
    throw new BankFileError('schema', `The file is not a valid ${schema}: ${first}`, check.messages);
  }
}
