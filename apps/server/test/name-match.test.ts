import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NAME_MATCH_THRESHOLDS, nameMatchOf, type Validation } from '@meridian/contract';
import { auditLog, clients } from '../src/db/schema.ts';
import { nameMatchScore } from '../src/rail/sandbox.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

const server = useServer({ SEED_DEMO_FLOW: 'true' });
const P = '/meridian';
let acme: ClientSession;
let globex: ClientSession;
let acmeAccount: string;
let globexAccount: string;

/** Accounts no other test touches: an ordinary one (holder derived from the number) and the mismatch ending. */
const ORDINARY = '50100077665544';
const MISMATCH = '50100077660005';
const IFSC = 'HDFC0000001';

const validate = (s: ClientSession, account: string, name: string) =>
  s.call('POST', '/core_banking/money_transfer/validate_account', {
    body: { beneficiary_account_number: account, ifsc_code: IFSC, beneficiary_name: name },
  });
const beneficiary = (code: string, account: string, name: string, extra: Record<string, unknown> = {}) => ({
  beneficiary_code: code,
  beneficiary_name: name,
  provider: 'Meridian Sandbox Bank',
  provider_code: 'MRDN',
  transfer_type: 'IMPS',
  sender_account_number: acmeAccount,
  beneficiary_account_number: account,
  ifsc_code: IFSC.toLowerCase(),
  ...extra,
});
const addBeneficiary = (s: ClientSession, body: object) =>
  s.call('POST', '/v2/banking/beneficiary', { body });
const audits = async (action: string, target: string) => {
  const db = server.current.handle.db;
  const [acmeRow] = await db.select().from(clients).where(eq(clients.clientId, acme.client_id));
  return db
    .select({ actor: auditLog.actor, metadata: auditLog.metadata })
    .from(auditLog)
    .where(
      and(eq(auditLog.clientRef, acmeRow!.id), eq(auditLog.action, action), eq(auditLog.target, target)),
    );
};

let registered: string;
let partialName: string;

describe('bank-account validation by name match', () => {
  it('says MATCH, PARTIAL or NO_MATCH with the score, never a plain success for a mismatched name', async () => {
    acme = await clientSession(server.current, 'admin@acme.test');
    globex = await clientSession(server.current, 'admin@globex.test');
    const balance = async (s: ClientSession) =>
      ((await s.call('GET', `${P}/read/fetch/balance`)).body.data as { account_number: string }[])[0]!
        .account_number;
    acmeAccount = await balance(acme);
    globexAccount = await balance(globex);

    // The sandbox's mismatch ending: the bank knows the account under a company's name.
    const mismatch = (await validate(acme, MISMATCH, 'Kavya Menon')).body as Validation;
    expect(mismatch.status).toBe('SUCCESS');
    expect(mismatch.name_match_score).toBeLessThan(NAME_MATCH_THRESHOLDS.partial);
    expect(mismatch.name_match).toBe('NO_MATCH');
    expect(mismatch.registered_name).toMatch(/TRADING COMPANY/);

    // An ordinary account: the registered holder's own name matches.
    const first = (await validate(acme, ORDINARY, 'Kavya Menon')).body as Validation;
    registered = first.registered_name!;
    expect(first.name_match).toBe(nameMatchOf(first.name_match_score));
    const exact = (await validate(acme, ORDINARY, registered)).body as Validation;
    expect([exact.name_match, exact.name_match_score]).toEqual(['MATCH', 100]);

    // A name that only partly matches (a word dropped or misspelt): PARTIAL, 60–84.
    const words = registered.split(/\s+/);
    const candidates = [
      words.slice(0, -1).join(' '),
      words.slice(1).join(' '),
      words.map((w, i) => (i === 0 ? w.slice(0, -1) + 'x' : w)).join(' '),
      words.map((w) => w.slice(0, -2) + 'zz').join(' '),
      `${words[0]} Qwerty`,
    ];
    partialName = candidates.find((c) => nameMatchOf(nameMatchScore(c, registered)) === 'PARTIAL')!;
    expect(partialName, `a partial name for ${registered}`).toBeDefined();
    const partial = (await validate(acme, ORDINARY, partialName)).body as Validation;
    expect(partial.name_match).toBe('PARTIAL');
    expect(partial.name_match_score).toBeGreaterThanOrEqual(NAME_MATCH_THRESHOLDS.partial);
    expect(partial.name_match_score).toBeLessThan(NAME_MATCH_THRESHOLDS.match);

    // An account the bank refuses has no holder, no score and no verdict.
    const closed = (await validate(acme, '50100077660001', 'Kavya Menon')).body as Validation;
    expect([closed.status, closed.name_match_score, closed.name_match]).toEqual(['FAILURE', null, null]);

    // The one answer: fetched, as in the list.
    const fetched = await acme.call('GET', `${P}/read/fetch/transaction/validations/${partial.urn}`);
    expect(fetched.body).toMatchObject({ name_match: 'PARTIAL', name_match_score: partial.name_match_score });
  });

  it('filters the validations list by name match, counting the same, and writes the verdict in the export', async () => {
    const list = async (q: string) => {
      const rows = await acme.call('GET', `${P}/read/search/transaction/validations?limit=100&${q}`);
      const count = await acme.call('GET', `${P}/read/count/transaction/validations?${q}`);
      expect(rows.status, q).toBe(200);
      const data = rows.body.data as Validation[];
      expect(count.body.count, q).toBe(data.length);
      return data;
    };
    const all = await list('');
    expect(all.every((v) => v.name_match === nameMatchOf(v.name_match_score))).toBe(true);
    for (const verdict of ['MATCH', 'PARTIAL', 'NO_MATCH'] as const) {
      const rows = await list(`name_match=${verdict}`);
      expect(rows.length, verdict).toBeGreaterThan(0);
      expect(rows.map((v) => v.urn)).toEqual(all.filter((v) => v.name_match === verdict).map((v) => v.urn));
    }
    const noMatchSuccess = await list('name_match=NO_MATCH&status=SUCCESS');
    expect(noMatchSuccess.map((v) => v.beneficiary_account_number)).toContain(MISMATCH);
    const bad = await acme.call('GET', `${P}/read/search/transaction/validations?name_match=GREEN`);
    expect([bad.status, Object.keys(bad.body.fields as object)]).toEqual([400, ['name_match']]);
    const csv = await acme.call('GET', `${P}/read/export/transaction/validations?name_match=PARTIAL`);
    const [header, ...lines] = String(csv.body['raw']).trim().split('\n');
    expect(header!.split(',')).toContain('name_match');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.includes('PARTIAL'))).toBe(true);
  });

  it('refuses a beneficiary saved under a name the bank does not know unless the mismatch is confirmed', async () => {
    // The latest validation of the account named a company: the name given does not match.
    const refused = await addBeneficiary(acme, beneficiary('NM-KAVYA', MISMATCH, 'Kavya Menon'));
    expect([refused.status, refused.body.error]).toEqual([422, 'name_mismatch_unconfirmed']);
    expect(refused.body.message).toMatch(/TRADING COMPANY/);
    expect(Object.keys(refused.body.fields as object).sort()).toEqual([
      'beneficiary_name',
      'confirm_name_mismatch',
    ]);
    expect(
      (await acme.call('GET', `${P}/read/fetch/manage/beneficiary/NM-KAVYA`)).status,
      'nothing saved',
    ).toBe(404);
    expect(await audits('beneficiary.created', 'NM-KAVYA')).toEqual([]);

    const confirmed = await addBeneficiary(
      acme,
      beneficiary('NM-KAVYA', MISMATCH, 'Kavya Menon', { confirm_name_mismatch: true }),
    );
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).not.toHaveProperty('confirm_name_mismatch');
    const [audit] = await audits('beneficiary.name_mismatch_confirmed', 'NM-KAVYA');
    expect(audit).toMatchObject({
      actor: 'admin@acme.test',
      metadata: { name_match: 'NO_MATCH', registered_name: expect.stringMatching(/TRADING COMPANY/) },
    });
    expect(audit!.metadata!.validation_urn).toMatch(/^VAL/);

    // The latest validation of ORDINARY was the partial one, but its holder's own name matches: no confirmation.
    const exact = await addBeneficiary(acme, beneficiary('NM-EXACT', ORDINARY, registered));
    expect(exact.status).toBe(201);
    expect(await audits('beneficiary.name_mismatch_confirmed', 'NM-EXACT')).toEqual([]);
    // A partial name needs the confirmation too.
    const partial = await addBeneficiary(acme, beneficiary('NM-PARTIAL', ORDINARY, partialName));
    expect([partial.status, partial.body.error]).toEqual([422, 'name_mismatch_unconfirmed']);
    expect(partial.body.message).toMatch(/a partial match/);

    // An account never validated, and a UPI beneficiary, have no registered name to compare with.
    const unvalidated = await addBeneficiary(acme, beneficiary('NM-NEW', '50100077661111', 'Kavya Menon'));
    expect(unvalidated.status).toBe(201);
    // Another client's validations are not this client's: Globex saves the mismatched account freely.
    const theirs = await addBeneficiary(
      globex,
      beneficiary('NM-KAVYA', MISMATCH, 'Kavya Menon', {
        sender_account_number: globexAccount,
        provider: 'Meridian Sandbox Bank',
      }),
    );
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
  });

  it('checks the name again when an edit renames the beneficiary or changes its account', async () => {
    const rename = (body: Record<string, unknown>) =>
      acme.call('PATCH', '/v2/banking/beneficiary/NM-EXACT', { body });
    const refused = await rename({ beneficiary_name: 'Kavya Menon' });
    expect([refused.status, refused.body.error]).toEqual([422, 'name_mismatch_unconfirmed']);
    expect(
      (await acme.call('GET', `${P}/read/fetch/manage/beneficiary/NM-EXACT`)).body.beneficiary_name,
    ).toBe(registered);
    // Moving it to the mismatched account keeps a name that account's holder does not have.
    const moved = await rename({ beneficiary_account_number: MISMATCH });
    expect([moved.status, moved.body.error]).toEqual([422, 'name_mismatch_unconfirmed']);
    const ok = await rename({ beneficiary_name: 'Kavya Menon', confirm_name_mismatch: true });
    expect([ok.status, ok.body.beneficiary_name]).toEqual([200, 'Kavya Menon']);
    expect(await audits('beneficiary.name_mismatch_confirmed', 'NM-EXACT')).toHaveLength(1);
    const [updated] = await audits('beneficiary.updated', 'NM-EXACT');
    expect(updated!.metadata).toEqual({ fields: ['beneficiary_name'] });
    // A contact or status change leaves the name alone: no confirmation asked.
    const contact = await acme.call('PATCH', '/v2/banking/beneficiary/NM-KAVYA', {
      body: { beneficiary_email: 'kavya@example.com' },
    });
    expect(contact.status).toBe(200);
    // The confirmation alone is not a change.
    const nothing = await rename({ confirm_name_mismatch: true });
    expect(nothing.status).toBe(400);
  });

  it('declares the confirmation and its 422 in the OpenAPI document', async () => {
    const res = await server.current.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = JSON.parse(res.body) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const json = JSON.stringify;
    for (const [path, method] of [
      ['/v2/banking/beneficiary', 'post'],
      ['/v2/banking/beneficiary/{beneficiary_code}', 'patch'],
    ] as const) {
      const op = doc.paths[path]![method]!;
      expect(String(op.description), path).toContain('name_mismatch_unconfirmed');
      expect(json(op.requestBody), path).toContain('confirm_name_mismatch');
      expect(Object.keys(op.responses as object), path).toContain('422');
    }
    const validation = json(doc);
    expect(validation).toContain('"name_match"');
  });
});
