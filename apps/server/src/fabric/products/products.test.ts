import { describe, expect, it } from 'vitest';
import type { FabricProduct } from '../product.ts';
import {
  aadhaarXml,
  DEMO_INPUTS as AADHAAR_XML_DEMO,
  MAX_OTP_ATTEMPTS,
  OTP_TTL_MS,
  SANDBOX_OTP,
} from './aadhaar-xml.ts';
import { ckyc, DEMO_INPUTS as CKYC_DEMO, nextDemoStep as ckycNext } from './ckyc.ts';
import { creditReport, DEMO_INPUTS as CREDIT_DEMO } from './credit-report.ts';
import { customerDataPull, DEMO_INPUTS as DATA_PULL_DEMO } from './customer-data-pull.ts';
import {
  DEMO_INPUTS as DIGILOCKER_DEMO,
  digilockerOutcome,
  kycDigilocker,
  type DigilockerState,
} from './kyc-digilocker.ts';
import { DEMO_INPUTS as KYC_DEMO, kycValidate } from './kyc-validate.ts';
import { DEMO_INPUTS as MOBILE_DEMO, mobileToX } from './mobile-to-x.ts';
import { fakePipeline } from './test-context.ts';
import { DEMO_INPUTS as TEXT_MATCH_DEMO, textMatch } from './text-match.ts';

// ---------------------------------------------------------------------------------------------------------
// No unmasked identifier survives maskRequest / maskedResult

const PAN = /\b[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]\b/i;
const AADHAAR = /(?<![\dA-Z])[2-9]\d{3}[\s-]?\d{4}[\s-]?\d{4}(?![\dA-Z])/i;
const MOBILE = /(?<![\dA-Z])(?:\+?91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}(?![\dA-Z])/i;
const NAME_KEYS = new Set(['name', 'holder_name', 'father_name', 'relation_name', 'legal_name', 'care_of']);

/** Every string under a name key of `value`, and every identifier-looking string anywhere in it. */
// In the sources, a PAN is found inside a GSTIN too (letters, not word boundaries, around it).
const PAN_INSIDE = /(?<![A-Z])[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z](?![A-Z])/i;

function secretsOf(value: unknown, key: string | null = null, out: string[] = []): string[] {
  // Ids (transaction ids, urns) are random and are no personal data.
  if (key && /(_id|urn)$/.test(key)) return out;
  if (typeof value === 'string') {
    if (key && NAME_KEYS.has(key) && !value.includes('*') && value.length > 2) out.push(value);
    for (const re of [PAN_INSIDE, AADHAAR, MOBILE]) {
      const m = new RegExp(re.source, 'gi');
      for (const hit of value.matchAll(m)) out.push(hit[0]);
    }
  } else if (Array.isArray(value)) value.forEach((v) => secretsOf(v, key, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) secretsOf(v, k, out);
  }
  return out;
}

function expectMasked(stored: unknown, ...sources: unknown[]) {
  const text = JSON.stringify(stored);
  expect(text).not.toMatch(PAN);
  expect(text).not.toMatch(AADHAAR);
  expect(text).not.toMatch(MOBILE);
  for (const secret of sources.flatMap((s) => secretsOf(s))) {
    expect(text.toUpperCase()).not.toContain(secret.toUpperCase());
  }
}

async function runMasked(product: FabricProduct, body: unknown, p = fakePipeline()) {
  const parsed = product.body.parse(body);
  expectMasked(product.maskRequest(parsed), body);
  const out = await p.call(product, body);
  expectMasked(out.maskedResult, body, out.result);
  expectMasked(out.state ?? {}, body, out.result);
  return out;
}

describe('masking of every product on its demo inputs', () => {
  const cases: [string, FabricProduct, unknown[]][] = [
    ['text-match', textMatch, TEXT_MATCH_DEMO],
    ['kyc-validate', kycValidate, KYC_DEMO],
    ['mobile-to-x', mobileToX, MOBILE_DEMO],
    ['credit-report', creditReport, CREDIT_DEMO],
    ['ckyc', ckyc, CKYC_DEMO],
    ['customer-data-pull', customerDataPull, DATA_PULL_DEMO],
    ['aadhaar-xml', aadhaarXml, AADHAAR_XML_DEMO],
    ['kyc-digilocker', kycDigilocker, DIGILOCKER_DEMO],
  ];
  for (const [slug, product, demos] of cases) {
    it(`${slug}: ${demos.length} demo input(s)`, async () => {
      expect(demos.length).toBeGreaterThan(0);
      for (const body of demos) await runMasked(product, body);
    });
  }

  it('the second steps too (ckyc download, Aadhaar XML submit, digilocker approval)', async () => {
    const p = fakePipeline();
    const search = await runMasked(ckyc, CKYC_DEMO[0], p);
    expect(await runMasked(ckyc, ckycNext(search.result), p)).toMatchObject({ status: 'SUCCESS' });
    const init = await runMasked(aadhaarXml, AADHAAR_XML_DEMO[0], p);
    const id = init.keys!.initiation_transaction_id!;
    await runMasked(
      aadhaarXml,
      { action: 'submit', initiation_transaction_id: id, otp: '000000', share_code: '1234' },
      p,
    );
    await runMasked(
      aadhaarXml,
      { action: 'submit', initiation_transaction_id: id, otp: SANDBOX_OTP, share_code: '1234' },
      p,
    );
    const state = (await kycDigilocker.run({}, { ...ctxOf(p), urn: 'MRDNDL1' })).state as DigilockerState;
    const approved = digilockerOutcome('MRDNDL1', state, 'approve', new Date());
    expectMasked(approved.maskedResult, approved.result);
  });
});

function ctxOf(p: ReturnType<typeof fakePipeline>) {
  void p;
  return {
    db: null as never,
    clientRef: 1,
    urn: 'MRDNX',
    now: new Date('2026-11-23T06:00:00Z'),
    publicUrl: 'https://dashboard.example.test/',
    provider: 'meridian',
    findCall: async () => null,
    saveState: async () => {},
    replaceState: async () => true,
  };
}

// ---------------------------------------------------------------------------------------------------------

describe('text-match', () => {
  it('scores names and addresses with a verdict', async () => {
    const p = fakePipeline();
    const a = await p.call(textMatch, {
      type: 'name',
      text_1: 'Mr. Rahul Kumar Sharma',
      text_2: 'SHARMA RAHUL K',
    });
    expect(a).toMatchObject({ status: 'SUCCESS', resultCode: 'MATCH', result: { verdict: 'MATCH' } });
    const b = await p.call(textMatch, {
      type: 'address',
      text_1: '12 Station Rd, Pune 411001',
      text_2: '12 Station Road, Pune 411002',
    });
    expect(b.result).toMatchObject({
      score: 45,
      verdict: 'NO_MATCH',
      thresholds: { match: 75, partial_match: 50 },
    });
  });
  it('refuses a type it does not know and text with nothing to compare', async () => {
    expect(textMatch.body.safeParse({ type: 'email', text_1: 'a', text_2: 'b' }).success).toBe(false);
    await expect(
      fakePipeline().call(textMatch, { type: 'name', text_1: 'Mr.', text_2: 'Rahul' }),
    ).rejects.toMatchObject({
      status: 400,
      fields: { text_1: 'Nothing to compare' },
    });
  });
});

describe('kyc-validate', () => {
  const p = fakePipeline();
  it('validates a PAN and matches the name given', async () => {
    const out = await p.call(kycValidate, {
      document_type: 'PAN',
      document_number: 'abcps1234k',
      name: 'Mr. Manoj Sharma',
    });
    expect(out).toMatchObject({
      status: 'SUCCESS',
      resultCode: 'VALID',
      result: {
        holder_name: 'MANOJ SHARMA',
        holder_type: 'Individual',
        name_match: { score: 100, verdict: 'MATCH' },
      },
      maskedResult: { document_number: 'XXXXX1234X', holder_name: 'M**** S*****' },
    });
  });
  it('is a 4xx for a wrong holder-type letter, a wrong Aadhaar check digit, a bad GSTIN', async () => {
    await expect(
      p.call(kycValidate, { document_type: 'PAN', document_number: 'ABCDE1234F' }),
    ).rejects.toMatchObject({
      status: 400,
      key: 'validation_failed',
    });
    await expect(
      p.call(kycValidate, { document_type: 'AADHAAR', document_number: '234123412345' }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Invalid Aadhaar number: wrong check digit',
    });
    await expect(
      p.call(kycValidate, { document_type: 'GSTIN', document_number: '27AAPFU0939F1ZW' }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });
  it('answers the directory statuses as FAILUREs', async () => {
    expect(await p.call(kycValidate, { document_type: 'PAN', document_number: 'ABCPE0000F' })).toMatchObject({
      status: 'FAILURE',
      resultCode: 'NOT_FOUND',
    });
    expect(
      await p.call(kycValidate, { document_type: 'AADHAAR', document_number: '234120010001' }),
    ).toMatchObject({
      status: 'FAILURE',
      resultCode: 'INACTIVE',
    });
    expect(
      await p.call(kycValidate, { document_type: 'DRIVING_LICENCE', document_number: 'MH-14-2001-0062821' }),
    ).toMatchObject({
      status: 'FAILURE',
      resultCode: 'EXPIRED',
    });
  });
  it('compares the date of birth when given', async () => {
    const first = await p.call(kycValidate, { document_type: 'PAN', document_number: 'ABCPS1234K' });
    const dob = first.result.dob as string;
    const again = await p.call(kycValidate, { document_type: 'PAN', document_number: 'ABCPS1234K', dob });
    expect(again.result.dob_match).toBe(true);
    expect(again.maskedResult.dob).toMatch(/^\d{4}-XX-XX$/);
  });
});

describe('mobile-to-x', () => {
  it('answers name, masked PAN and UPI handles; documented test numbers', async () => {
    const p = fakePipeline();
    const out = await p.call(mobileToX, { mobile: '+91 98765 43210' });
    expect(out).toMatchObject({ status: 'SUCCESS', resultCode: 'FOUND', result: { mobile: '9876543210' } });
    expect(out.result.pan_masked).toMatch(/^XXXXX\d{4}X$/);
    expect((out.result.upi_handles as string[]).length).toBeGreaterThan(0);
    expect(await p.call(mobileToX, { mobile: '9800000000' })).toMatchObject({
      status: 'FAILURE',
      resultCode: 'NOT_FOUND',
    });
    expect(await p.call(mobileToX, { mobile: '9800000001' })).toMatchObject({
      status: 'FAILURE',
      resultCode: 'INACTIVE',
    });
    expect((await p.call(mobileToX, { mobile: '9800000002' })).result.upi_handles).toEqual([]);
    await expect(p.call(mobileToX, { mobile: '12345' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('credit-report', () => {
  const p = fakePipeline();
  it('scores 300–900, deterministic from the PAN, with an account summary', async () => {
    const a = await p.call(creditReport, CREDIT_DEMO[0]);
    const b = await p.call(creditReport, CREDIT_DEMO[0]);
    expect(a.status).toBe('SUCCESS');
    expect(a.result.score).toBe(b.result.score);
    expect(a.result.score).toBeGreaterThanOrEqual(300);
    expect(a.result.score).toBeLessThanOrEqual(900);
    const summary = a.result.summary as { total_accounts: number; total_sanctioned_amount: string };
    expect(summary.total_accounts).toBe((a.result.accounts as unknown[]).length);
    expect(summary.total_sanctioned_amount).toMatch(/^\d+\.00$/);
  });
  it('follows the test PANs: defaults score poorly, 0000 has no record', async () => {
    const poor = await p.call(creditReport, { pan: 'ABCPE0001F', name: 'Zoya Easwaran', consent: true });
    expect(poor.result.score).toBeLessThan(550);
    expect(poor.resultCode).toBe('POOR');
    expect(await p.call(creditReport, { pan: 'ABCPE0000F', name: 'X', consent: true })).toMatchObject({
      status: 'FAILURE',
      resultCode: 'NO_RECORD',
    });
  });
  it('needs consent, an individual PAN and the holder name', async () => {
    expect(
      creditReport.body.safeParse({ pan: 'ABCPS1234K', name: 'Manoj Sharma', consent: false }).success,
    ).toBe(false);
    expect(creditReport.body.safeParse({ pan: 'ABCPS1234K', name: 'Manoj Sharma' }).success).toBe(false);
    await expect(
      p.call(creditReport, { pan: 'AAACM4821Q', name: 'Meridian Foods', consent: true }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(
      await p.call(creditReport, { pan: 'ABCPS1234K', name: 'Priya Iyer', consent: true }),
    ).toMatchObject({
      status: 'FAILURE',
      resultCode: 'IDENTITY_MISMATCH',
    });
  });
});

describe('ckyc', () => {
  it('searches by PAN, then downloads by the reference_id', async () => {
    const p = fakePipeline();
    const search = await p.call(ckyc, { action: 'search', pan: 'ABCPS1234K' });
    expect(search).toMatchObject({
      status: 'SUCCESS',
      resultCode: 'FOUND',
      result: { name: 'M**** S*****' },
    });
    const ref = search.keys!.reference_id!;
    expect(ref).toMatch(/^\d{14}$/);
    const download = await p.call(ckyc, { action: 'download', reference_id: ref });
    expect(download).toMatchObject({
      status: 'SUCCESS',
      resultCode: 'DOWNLOADED',
      result: { name: 'MANOJ SHARMA', identity_documents: [{ type: 'PAN', pan_masked: 'XXXXX1234X' }] },
      keys: { reference_id: ref },
    });
    const wrongDob = await p.call(ckyc, { action: 'download', reference_id: ref, dob: '1900-01-01' });
    expect(wrongDob).toMatchObject({ status: 'FAILURE', resultCode: 'AUTH_FACTOR_MISMATCH' });
  });
  it('refuses a download without an earlier search of this client (404)', async () => {
    await expect(
      fakePipeline().call(ckyc, { action: 'download', reference_id: '44325658222218' }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
  it('answers NOT_FOUND for the test PAN and a 400 for a malformed one', async () => {
    const p = fakePipeline();
    expect(await p.call(ckyc, { action: 'search', pan: 'ABCPE0000F' })).toMatchObject({
      status: 'FAILURE',
      resultCode: 'NOT_FOUND',
    });
    await expect(p.call(ckyc, { action: 'search', pan: 'ABCDE1234F' })).rejects.toMatchObject({
      status: 400,
    });
    expect(ckyc.body.safeParse({ action: 'delete', pan: 'ABCPS1234K' }).success).toBe(false);
  });
});

describe('customer-data-pull', () => {
  it('needs consent, a purpose and a mobile or PAN', () => {
    expect(customerDataPull.body.safeParse({ consent: true, purpose: 'Loan underwriting' }).success).toBe(
      false,
    );
    expect(
      customerDataPull.body.safeParse({ mobile: '9876543210', consent: false, purpose: 'Loan' }).success,
    ).toBe(false);
    expect(customerDataPull.body.safeParse({ mobile: '9876543210', consent: true }).success).toBe(false);
  });
  it('answers the profile of the person behind the PAN or the mobile', async () => {
    const p = fakePipeline();
    const byPan = await p.call(customerDataPull, {
      pan: 'ABCPS1234K',
      consent: true,
      purpose: 'Account opening',
    });
    expect(byPan).toMatchObject({
      status: 'SUCCESS',
      resultCode: 'DATA_PULLED',
      result: { name: 'MANOJ SHARMA' },
    });
    expect((byPan.result.bank_accounts as unknown[]).length).toBeGreaterThan(0);
    const byMobile = await p.call(customerDataPull, { mobile: '9876543210', consent: true, purpose: 'Loan' });
    const mx = await p.call(mobileToX, { mobile: '9876543210' });
    expect(byMobile.result.name).toBe(mx.result.name);
    expect(
      await p.call(customerDataPull, { mobile: '9800000000', consent: true, purpose: 'KYC refresh' }),
    ).toMatchObject({
      status: 'FAILURE',
      resultCode: 'NOT_FOUND',
    });
  });
});

describe('aadhaar-xml', () => {
  const initiate = (p: ReturnType<typeof fakePipeline>) =>
    p.call(aadhaarXml, { action: 'initiate', aadhaar_number: '2341 2341 2346' });
  const submit = (p: ReturnType<typeof fakePipeline>, id: string, otp: string) =>
    p.call(aadhaarXml, { action: 'submit', initiation_transaction_id: id, otp, share_code: '4321' });

  it('initiates (PENDING, OTP kept only as an HMAC) and submits (SUCCESS with the e-KYC data)', async () => {
    const p = fakePipeline();
    const init = await initiate(p);
    expect(init).toMatchObject({ status: 'PENDING', resultCode: 'OTP_SENT' });
    const id = init.keys!.initiation_transaction_id!;
    expect(JSON.stringify(init.state)).not.toContain(SANDBOX_OTP);
    expect(JSON.stringify(init.state)).not.toContain('234123412346');
    const ok = await submit(p, id, SANDBOX_OTP);
    expect(ok).toMatchObject({
      status: 'SUCCESS',
      resultCode: 'EKYC_FETCHED',
      result: { aadhaar_masked: 'XXXX XXXX 2346', initiation_transaction_id: id },
    });
    expect(ok.keys!.transaction_id).toMatch(/^AXT/);
    expect(ok.result.xml).toContain('<OfflinePaperlessKyc');
    expect(ok.maskedResult.xml).toBe('[omitted]');
    await expect(submit(p, id, SANDBOX_OTP)).rejects.toMatchObject({ status: 409 });
  });

  it('allows 3 wrong OTPs, then refuses even the right one', async () => {
    const p = fakePipeline();
    const id = (await initiate(p)).keys!.initiation_transaction_id!;
    const left = [];
    for (let i = 0; i < MAX_OTP_ATTEMPTS; i++) {
      const wrong = await submit(p, id, '000000');
      expect(wrong).toMatchObject({ status: 'FAILURE', resultCode: 'INVALID_OTP' });
      left.push(wrong.result.attempts_left);
    }
    expect(left).toEqual([2, 1, 0]);
    expect(await submit(p, id, SANDBOX_OTP)).toMatchObject({
      status: 'FAILURE',
      resultCode: 'OTP_ATTEMPTS_EXCEEDED',
    });
  });

  it('closes the initiation with the submit that decides it (completes), never with a wrong OTP left', async () => {
    const p = fakePipeline();
    const init = await initiate(p);
    const id = init.keys!.initiation_transaction_id!;
    expect((await submit(p, id, '000000')).completes).toBeUndefined();
    expect((await submit(p, id, '000000')).completes).toBeUndefined();
    expect((await submit(p, id, '000000')).completes).toEqual({
      urn: init.urn,
      status: 'FAILURE',
      resultCode: 'OTP_ATTEMPTS_EXCEEDED',
      message: 'OTP attempts exhausted: initiate again',
    });
    expect((await submit(p, id, SANDBOX_OTP)).completes).toMatchObject({ urn: init.urn, status: 'FAILURE' });

    const second = await initiate(p);
    const ok = await submit(p, second.keys!.initiation_transaction_id!, SANDBOX_OTP);
    expect(ok.completes).toEqual({
      urn: second.urn,
      status: 'SUCCESS',
      resultCode: 'EKYC_DOWNLOADED',
      message: `e-KYC downloaded (submit transaction ${ok.keys!.transaction_id})`,
    });

    const third = await initiate(p);
    p.advance(OTP_TTL_MS + 1000);
    expect((await submit(p, third.keys!.initiation_transaction_id!, SANDBOX_OTP)).completes).toMatchObject({
      urn: third.urn,
      status: 'FAILURE',
      resultCode: 'OTP_EXPIRED',
    });
  });

  it('counts submits made at the same moment exactly (compare-and-set, retried)', async () => {
    const p = fakePipeline();
    const id = (await initiate(p)).keys!.initiation_transaction_id!;
    // All five read the state before any writes it: the losers of each compare-and-set read again.
    const all = await Promise.all(Array.from({ length: 5 }, () => submit(p, id, '000000')));
    const codes = all.map((o) => o.resultCode).sort();
    expect(codes).toEqual([
      'INVALID_OTP',
      'INVALID_OTP',
      'INVALID_OTP',
      'OTP_ATTEMPTS_EXCEEDED',
      'OTP_ATTEMPTS_EXCEEDED',
    ]);
    expect(all.map((o) => o.result.attempts_left).sort()).toEqual([0, 0, 0, 1, 2]);
    expect(p.calls[0]!.state.attempts).toBe(3);
    // Two right OTPs at once: one e-KYC, the other 409.
    const id2 = (await initiate(p)).keys!.initiation_transaction_id!;
    const both = await Promise.allSettled([submit(p, id2, SANDBOX_OTP), submit(p, id2, SANDBOX_OTP)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
  });

  it('expires an initiation nobody submitted (the sweeper)', async () => {
    const p = fakePipeline();
    const init = await initiate(p);
    expect(aadhaarXml.expire!({ urn: init.urn, state: init.state!, now: new Date() })).toEqual({
      status: 'FAILURE',
      resultCode: 'OTP_EXPIRED',
      message: 'OTP expired: initiate again',
    });
    expect(
      aadhaarXml.expire!({ urn: init.urn, state: { ...init.state, attempts: 3 }, now: new Date() }),
    ).toMatchObject({ resultCode: 'OTP_ATTEMPTS_EXCEEDED' });
  });

  it('expires the OTP after 10 minutes', async () => {
    const p = fakePipeline();
    const id = (await initiate(p)).keys!.initiation_transaction_id!;
    p.advance(OTP_TTL_MS + 1000);
    expect(await submit(p, id, SANDBOX_OTP)).toMatchObject({ status: 'FAILURE', resultCode: 'OTP_EXPIRED' });
  });

  it('is a 404 for an unknown initiation, a 400 for a bad Aadhaar; test numbers fail', async () => {
    const p = fakePipeline();
    await expect(submit(p, 'AXI01KAAAAAAAAAAAAAAAAAAAAAAAA'.slice(0, 29), SANDBOX_OTP)).rejects.toMatchObject(
      { status: 404 },
    );
    await expect(
      p.call(aadhaarXml, { action: 'initiate', aadhaar_number: '234123412345' }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(await p.call(aadhaarXml, { action: 'initiate', aadhaar_number: '234120090000' })).toMatchObject({
      resultCode: 'AADHAAR_NOT_FOUND',
    });
    expect(await p.call(aadhaarXml, { action: 'initiate', aadhaar_number: '234120030002' })).toMatchObject({
      status: 'FAILURE',
      resultCode: 'MOBILE_NOT_LINKED',
    });
    expect(
      aadhaarXml.body.safeParse({
        action: 'submit',
        initiation_transaction_id: 'x',
        otp: '12',
        share_code: '1',
      }).success,
    ).toBe(false);
  });
});

describe('kyc-digilocker', () => {
  it('answers PENDING with the hosted consent URL and keeps what the page needs', async () => {
    const p = fakePipeline();
    const out = await p.call(kycDigilocker, { customer_reference_id: 'CUST-1', documents: ['PAN'] });
    expect(out).toMatchObject({
      status: 'PENDING',
      resultCode: 'CONSENT_PENDING',
      result: {
        consent_url: `https://dashboard.example.test/meridian/hosted/digilocker/${out.urn}`,
        documents_requested: ['PAN'],
      },
      state: { kind: 'digilocker', documents: ['PAN'], customer_reference_id: 'CUST-1', redirect_url: null },
    });
  });
  it('refuses an unknown document, a repeated one, a non-http redirect', () => {
    expect(kycDigilocker.body.safeParse({ documents: ['RATION_CARD'] }).success).toBe(false);
    expect(kycDigilocker.body.safeParse({ documents: ['PAN', 'PAN'] }).success).toBe(false);
    expect(kycDigilocker.body.safeParse({ redirect_url: 'javascript:alert(1)' }).success).toBe(false);
  });
  it('turns the decision into the outcome', () => {
    const state: DigilockerState = {
      kind: 'digilocker',
      documents: ['AADHAAR', 'PAN', 'DRIVING_LICENCE'],
      redirect_url: null,
      customer_reference_id: null,
      expires_at: '2026-11-23T06:30:00Z',
    };
    const now = new Date('2026-11-23T06:10:00Z');
    const yes = digilockerOutcome('MRDNDL1', state, 'approve', now);
    expect(yes).toMatchObject({ status: 'SUCCESS', resultCode: 'DOCUMENTS_FETCHED' });
    expect((yes.result.documents as { type: string }[]).map((d) => d.type)).toEqual([
      'AADHAAR',
      'PAN',
      'DRIVING_LICENCE',
    ]);
    expect(digilockerOutcome('MRDNDL1', state, 'decline', now)).toMatchObject({
      status: 'FAILURE',
      resultCode: 'CONSENT_DENIED',
    });
    expect(digilockerOutcome('MRDNDL1', state, 'expired', now)).toMatchObject({
      status: 'FAILURE',
      resultCode: 'CONSENT_EXPIRED',
    });
    expect(kycDigilocker.expire!({ urn: 'MRDNDL1', state, now })).toMatchObject({
      status: 'FAILURE',
      resultCode: 'CONSENT_EXPIRED',
      message: 'The consent link expired',
      maskedResult: { consent_status: 'EXPIRED', documents_requested: state.documents },
    });
  });
});
