import { describe, expect, it } from 'vitest';
import { isSecretKey, maskForLog } from './mask.ts';
import { toRow, type RawEntry } from './recorder.ts';
import { MAX_RESOURCES, ResourceSet } from './resources.ts';

describe('maskForLog', () => {
  it('leaves every secret out, key and value', () => {
    const masked = maskForLog({
      grant_type: 'user_credentials',
      password: 'hunter2',
      encrypted_password: 'b64…',
      new_password: 'n',
      old_encrypted_password: 'o',
      secret: 'JBSWY3DPEHPK3PXP',
      key_secret: 'msk_live_x',
      client_secret: 'c',
      signing_secret: 'whsec_x',
      token: 't',
      access_token: 'a',
      refresh_token: 'r',
      id_token: 'i',
      step_up_token: 's',
      otp: '123456',
      Authorization: 'Basic eDp5',
      recovery_codes: ['AAAA-BBBB'],
      otpauth_uri: 'otpauth://totp/x?secret=JBSW',
      nested: [{ refresh_token: 'r2', kept: 1 }],
    });
    expect(masked).toEqual({ grant_type: 'user_credentials', nested: [{ kept: 1 }] });
    expect(JSON.stringify(masked)).not.toMatch(/hunter2|msk_live|whsec|123456|JBSW/);
  });

  it('drops a two-factor code only on two-factor routes', () => {
    expect(maskForLog({ code: '123456' }, { route: '/v2/user/mfa/totp/confirm' })).toEqual({});
    expect(maskForLog({ code: '123456' }, { route: '/v2/auth/step-up' })).toEqual({});
    expect(isSecretKey('code', { route: '/v2/mfa/verify' })).toBe(true);
    expect(maskForLog({ code: 'ACME-1' }, { route: '/v2/banking/beneficiary' })).toEqual({ code: 'ACME-1' });
  });

  it('masks account numbers, names, e-mails, mobiles and identifiers', () => {
    const masked = maskForLog({
      beneficiary_code: 'H1-KEY-PAYEE',
      beneficiary_name: 'Kavya Menon',
      beneficiary_email: 'kavya@example.com',
      beneficiary_mobile: '+919812345678',
      beneficiary_account_number: '50100099887711',
      sender_account_number: '1234567890123',
      account_number: '99887766',
      ifsc_code: 'HDFC0000001',
      bank_name: 'HDFC Bank',
      amount: '10.00',
      pan: 'ABCPE1234F',
      purpose_message: 'Refund to 9812345678',
    });
    expect(masked).toEqual({
      beneficiary_code: 'H1-KEY-PAYEE',
      beneficiary_name: 'K**** M****',
      beneficiary_email: 'k***@example.com',
      beneficiary_mobile: 'XXXXXX5678',
      beneficiary_account_number: 'XXXXXXXXXX7711',
      sender_account_number: 'XXXXXXXXX0123',
      account_number: 'XXXX7766',
      ifsc_code: 'HDFC0000001',
      bank_name: 'HDFC Bank',
      amount: '10.00',
      pan: 'XXXXX1234X',
      purpose_message: 'Refund to XXXXXX5678',
    });
  });

  it('answers JSON only: dates as text, binary and class instances as markers', () => {
    class Thing {}
    expect(
      maskForLog({
        at: new Date('2025-01-02T03:04:05.000Z'),
        file: Buffer.from('x'),
        thing: new Thing(),
        n: Number.NaN,
        big: 10n,
        gone: undefined,
      }),
    ).toEqual({ at: '2025-01-02T03:04:05.000Z', file: '[binary]', thing: '[object]', n: null, big: '10' });
    expect(maskForLog(undefined)).toBeUndefined();
    expect(maskForLog(['a@b.co'])).toEqual(['a@b.co']);
  });
});

describe('resources', () => {
  const pay = 'PAY01JD3V9K2QW8X7Z5N4M3P2R1AB';
  it('finds urns by their shapes and beneficiary codes by their key', () => {
    const set = new ResourceSet();
    set.scanText(`/meridian/read/fetch/payout/${pay}`);
    set.scanValue({ beneficiary_code: 'ACME-7', note: 'see VA01JD3V9K2QW8X7Z5N4M3P2R1AB' });
    set.scanJson('{"data":[{"urn":"FAB01JD3V9K2QW8X7Z5N4M3P2R1AB","beneficiary_code":"B\\"Q"}]}');
    // request ids and too-short or lower-case lookalikes are not resources
    set.scanText('REQ01JD3V9K2QW8X7Z5N4M3P2R1AB PAY01JD3 pay01jd3v9k2qw8x7z5n4m3p2r1ab');
    expect(set.list()).toEqual([
      pay,
      'ACME-7',
      'VA01JD3V9K2QW8X7Z5N4M3P2R1AB',
      'FAB01JD3V9K2QW8X7Z5N4M3P2R1AB',
      'B"Q',
    ]);
  });

  it('keeps at most MAX_RESOURCES', () => {
    const set = new ResourceSet();
    for (let i = 0; i < 80; i++) set.add(`code-${i}`);
    expect(set.list()).toHaveLength(MAX_RESOURCES);
  });
});

describe('toRow', () => {
  const entry = (over: Partial<RawEntry>): RawEntry => ({
    at: new Date('2025-01-02T03:04:05.000Z'),
    clientRef: 1,
    requestId: 'REQ1',
    method: 'POST',
    route: '/v2/auth/step-up',
    path: '/v2/auth/step-up',
    status: 200,
    durationMs: 1.5,
    channel: 'dashboard',
    actor: 'admin@acme.test',
    userRef: 2,
    apiKeyId: null,
    ip: '127.0.0.1',
    idempotencyKey: null,
    queryString: '',
    params: {},
    requestBody: undefined,
    requestBodyType: null,
    responseText: null,
    responseType: null,
    ...over,
  });

  it('stores the bodies masked, the query as sent, and no secret', () => {
    const row = toRow(
      entry({
        queryString: 'search_key=urn&search_value=PAY01JD3V9K2QW8X7Z5N4M3P2R1AB&x=1&x=2&token=t',
        requestBody: { encrypted_password: 'secret-b64' },
        responseText: '{"step_up_token":"eyJ","expires_in":300}',
      }),
      16_384,
    );
    expect(row.query).toEqual({
      search_key: 'urn',
      search_value: 'PAY01JD3V9K2QW8X7Z5N4M3P2R1AB',
      x: ['1', '2'],
    });
    expect(row.requestBody).toEqual({});
    expect(row.responseBody).toEqual({ expires_in: 300 });
    expect(row.truncated).toBe(false);
    expect(row.resources).toEqual(['PAY01JD3V9K2QW8X7Z5N4M3P2R1AB']);
  });

  it('cuts a body above the cap to a marker and says so', () => {
    const big = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ note: `row ${i}` })) });
    const row = toRow(entry({ responseText: big }), 1024);
    expect(row.truncated).toBe(true);
    const body = row.responseBody as { _truncated: boolean; bytes: number; preview: string };
    expect(body._truncated).toBe(true);
    expect(body.bytes).toBe(Buffer.byteLength(big));
    expect(body.preview.length).toBeLessThanOrEqual(1024);
    // far above the cap: not parsed, no preview
    const huge = toRow(entry({ responseText: big }), 100);
    expect(huge.responseBody).toEqual({ _truncated: true, bytes: Buffer.byteLength(big) });
  });

  it('names a body that is not JSON instead of storing it', () => {
    const row = toRow(
      entry({ requestBodyType: 'multipart/form-data; boundary=x', responseType: 'text/csv' }),
      16_384,
    );
    expect(row.requestBody).toEqual({ _omitted: 'multipart/form-data; boundary=x' });
    expect(row.responseBody).toEqual({ _omitted: 'text/csv' });
  });
});
