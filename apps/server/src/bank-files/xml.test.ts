import { describe, expect, it } from 'vitest';
import {
  attributeAt,
  BankFileError,
  child,
  children,
  documentRoot,
  parseBankXml,
  textAt,
  textsOf,
} from './xml.ts';

const DOC = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <Ntfctn>
      <Acct><Id><Othr><Id>000401234567</Id></Othr></Id></Acct>
      <Ntry>
        <NtryRef>00012</NtryRef>
        <Amt Ccy="INR">25000.00</Amt>
        <AcctSvcrRef>634112345678</AcctSvcrRef>
        <AddtlNtryInf>A &amp; B &lt;Traders&gt;</AddtlNtryInf>
        <NtryDtls><TxDtls><RmtInf><Ustrd>one</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;

describe('bank XML reading', () => {
  it('keeps identifiers as text and repeated elements as lists', () => {
    const root = documentRoot(parseBankXml(DOC), 'BkToCstmrDbtCdtNtfctn');
    const [notification] = children(root, 'Ntfctn');
    expect(textAt(notification, 'Acct', 'Id', 'Othr', 'Id')).toBe('000401234567');
    const entries = children(notification, 'Ntry');
    expect(entries).toHaveLength(1);
    expect(textAt(entries[0], 'NtryRef')).toBe('00012');
    expect(textAt(entries[0], 'AcctSvcrRef')).toBe('634112345678');
    expect(textAt(entries[0], 'Amt')).toBe('25000.00');
    expect(attributeAt(entries[0], 'Ccy', 'Amt')).toBe('INR');
    expect(textAt(entries[0], 'AddtlNtryInf')).toBe('A & B <Traders>');
    expect(textsOf(child(entries[0], 'NtryDtls', 'TxDtls', 'RmtInf'), 'Ustrd')).toEqual(['one']);
    expect(textAt(entries[0], 'Missing', 'Path')).toBeNull();
  });

  it('strips a byte-order mark and namespace prefixes', () => {
    const tree = parseBankXml(
      '\uFEFF<a:Document xmlns:a="urn:x"><a:Root><a:Id>007</a:Id></a:Root></a:Document>',
    );
    expect(textAt(documentRoot(tree, 'Root'), 'Id')).toBe('007');
  });

  it('refuses XML that is not well-formed, a DOCTYPE, or another message', () => {
    const refused = (xml: string) => {
      try {
        parseBankXml(xml);
        return null;
      } catch (error) {
        return error instanceof BankFileError ? error.reason : 'other';
      }
    };
    expect(refused('<Document><Open></Document>')).toBe('unparsable');
    expect(refused('not xml at all')).toBe('unparsable');
    expect(refused('<!DOCTYPE x [<!ENTITY a "aaaa">]><Document>&a;</Document>')).toBe('unparsable');
    expect(() => documentRoot(parseBankXml('<Document><Other/></Document>'), 'CstmrPmtStsRpt')).toThrow(
      /Not a CstmrPmtStsRpt document/,
    );
  });
});
