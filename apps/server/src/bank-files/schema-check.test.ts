import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { debianXmllint, fixture } from './fixtures/support.ts';
import { assertSchema, BANK_SCHEMAS, checkSchema, XSD_DIR, type BankSchema } from './schema-check.ts';
import { BankFileError } from './xml.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');

/** The schema a fixture is written against: the start of its name (`pain.002.001.10-accepted.xml`). */
const schemaOfFixture = (name: string) => BANK_SCHEMAS.find((s) => name.startsWith(`${s}-`));

describe('the ISO 20022 schemas', () => {
  it('are the pinned files: each XSD has the SHA-256 of xsd/SHA256SUMS', () => {
    const sums = readFileSync(join(XSD_DIR, 'SHA256SUMS'), 'utf8').trim().split('\n');
    const pinned = new Map(sums.map((line) => line.split(/\s+/).reverse() as [string, string]));
    expect([...pinned.keys()].sort()).toEqual(BANK_SCHEMAS.map((s) => `${s}.xsd`).sort());
    for (const [file, sum] of pinned) {
      const actual = createHash('sha256')
        .update(readFileSync(join(XSD_DIR, file)))
        .digest('hex');
      expect(actual, file).toBe(sum);
    }
  });

  it('refuse a document with libxml2’s message, and one that is not XML', async () => {
    const xml = fixture('pain.002.001.10-accepted.xml').replace(
      '<GrpSts>ACSC</GrpSts>',
      '<GrpSts>TOOLONG</GrpSts>',
    );
    const check = await checkSchema(xml, 'pain.002.001.10');
    expect(check.ok).toBe(false);
    expect(!check.ok && check.messages.join('\n')).toMatch(
      /line \d+: .*GrpSts.*exceeds the allowed maximum length of '4'/,
    );
    expect((await checkSchema('<Document><Open></Document>', 'pain.002.001.10')).ok).toBe(false);
    const other = await checkSchema(fixture('camt.054.001.08-return.xml'), 'pain.002.001.10');
    expect(!other.ok && other.messages.join('\n')).toMatch(/No matching global declaration/);
    await expect(assertSchema(xml, 'pain.002.001.10')).rejects.toThrow(BankFileError);
    await expect(assertSchema(xml, 'pain.002.001.10')).rejects.toMatchObject({ reason: 'schema' });
  });

  const fixtures = readdirSync(FIXTURES).filter((f) => f.endsWith('.xml'));
  it('have fixtures to check', () => {
    expect(fixtures.length).toBeGreaterThan(0);
    for (const name of fixtures) expect(schemaOfFixture(name), name).toBeDefined();
  });

  it.each(fixtures)('accept the fixture %s, with xmllint-wasm and with Debian’s xmllint', async (name) => {
    const schema = schemaOfFixture(name) as BankSchema;
    const xml = fixture(name);
    expect(await checkSchema(xml, schema)).toEqual({ ok: true });
    expect(debianXmllint(xml, schema)).toEqual({ ok: true, output: '' });
  });
});
