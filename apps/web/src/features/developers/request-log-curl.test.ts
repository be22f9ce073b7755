import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildCurl, hostOf, shellQuote, type CurlRequest } from './request-log-curl';

const HOSTS = {
  api: 'https://api.meridian.test',
  auth: 'https://auth.meridian.test',
  read: 'https://read.meridian.test',
  bulk: '',
  changelog: '',
};

const PAYOUT: CurlRequest = {
  method: 'POST',
  path: '/core_banking/money_transfer/initiate',
  query: null,
  channel: 'api_key',
  idempotency_key: 'idem-42',
  request_body: { amount: '10.00', purpose_message: "Ravi's invoice", beneficiary_code: 'BEN001' },
};

/** What a POSIX shell makes of a command line's words (`printf '%s\n'` prints one argument a line). */
function shellWords(args: string): string[] {
  return execFileSync('sh', ['-c', `printf '%s\\n' ${args}`], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  })
    .split('\n')
    .slice(0, -1);
}

describe('shellQuote', () => {
  it('keeps single quotes, dollars and backslashes literal in a POSIX shell', () => {
    const tricky = `it's $HOME \`id\` "quoted" \\ 'twice'`;
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellWords(shellQuote(tricky))).toEqual([tricky]);
  });
});

describe('buildCurl', () => {
  it('repeats an API-key request at the API host with its key as variables, its Idempotency-Key and body', () => {
    const curl = buildCurl(PAYOUT, { hosts: HOSTS, origin: 'https://app.meridian.test' });
    expect(curl).toBe(
      [
        `curl -X POST 'https://api.meridian.test/core_banking/money_transfer/initiate'`,
        '-u "$KEY_ID:$KEY_SECRET"',
        `-H 'Content-Type: application/json'`,
        `-H 'Idempotency-Key: idem-42'`,
        `-d '{"amount":"10.00","purpose_message":"Ravi'\\''s invoice","beneficiary_code":"BEN001"}'`,
      ].join(' \\\n  '),
    );
    // The shell reads the body back whole, the single quote included.
    const words = shellWords(curl.slice('curl '.length).replaceAll('$', '\\$'));
    expect(JSON.parse(words.at(-1)!)).toEqual(PAYOUT.request_body);
    expect(words).toContain('$KEY_ID:$KEY_SECRET');
  });

  it('sends a dashboard read to the read host with a bearer placeholder, the client id and the query', () => {
    const curl = buildCurl(
      {
        method: 'GET',
        path: '/meridian/read/search/transaction/payouts',
        query: { start_date: '2026-03-04', status: ['FAILURE', 'RETURNED'], limit: 10 },
        channel: 'dashboard',
        idempotency_key: null,
        request_body: null,
      },
      { hosts: HOSTS, clientId: 'CLI01ACME' },
    );
    expect(curl).toBe(
      [
        `curl 'https://read.meridian.test/meridian/read/search/transaction/payouts?start_date=2026-03-04&status=FAILURE&status=RETURNED&limit=10'`,
        '-H "Authorization: Bearer $TOKEN"',
        `-H 'client_id: CLI01ACME'`,
      ].join(' \\\n  '),
    );
    expect(curl).not.toContain('-d');
    expect(curl).not.toContain('Content-Type');
  });

  it('uses the page origin for a host served from the same origin, and a placeholder for an unknown client', () => {
    const curl = buildCurl(
      { ...PAYOUT, path: '/meridian/bulk/validate', channel: 'dashboard', idempotency_key: null },
      { hosts: HOSTS, origin: 'https://app.meridian.test', clientId: null },
    );
    expect(curl).toContain(`'https://app.meridian.test/meridian/bulk/validate'`);
    expect(curl).toContain('-H "client_id: $CLIENT_ID"');
    expect(curl).not.toContain('Idempotency-Key');
  });

  it('sends a cut body as far as it was kept and says so above the command', () => {
    const curl = buildCurl(
      {
        ...PAYOUT,
        request_body: {
          _truncated: true,
          bytes: 40_000,
          preview: '{"beneficiary_name":"R*** K***","note":"abc',
        },
      },
      { hosts: HOSTS },
    );
    const [comment, ...command] = curl.split('\n');
    expect(comment).toBe(
      '# The request body of 40000 bytes was cut when it was recorded: complete the -d body before sending.',
    );
    expect(command.at(-1)).toBe(`  -d '{"beneficiary_name":"R*** K***","note":"abc'`);
    expect(command.join('\n')).not.toContain('_truncated');
  });

  it('leaves out a body that was not recorded (a file upload) and says what to add', () => {
    const curl = buildCurl(
      {
        ...PAYOUT,
        path: '/v2/fabric/face-match',
        idempotency_key: null,
        request_body: { _omitted: 'multipart/form-data' },
      },
      { hosts: HOSTS },
    );
    expect(curl).toBe(
      [
        "# The request's multipart/form-data body was not recorded: add it (e.g. -F for a file) before sending.",
        [`curl -X POST 'https://api.meridian.test/v2/fabric/face-match'`, '-u "$KEY_ID:$KEY_SECRET"'].join(
          ' \\\n  ',
        ),
      ].join('\n'),
    );
  });

  it('writes a JSON string body as JSON and repeats a key the query held several times', () => {
    const curl = buildCurl({ ...PAYOUT, query: { urn: ['A', 'B'] }, request_body: "it's" }, { hosts: HOSTS });
    expect(curl).toContain(`'https://api.meridian.test/core_banking/money_transfer/initiate?urn=A&urn=B'`);
    expect(curl).toContain(`-d '"it'\\''s"'`);
  });

  it('routes paths to the hosts the web app calls them on', () => {
    expect(hostOf('/meridian/read/fetch/request_logs/REQ1')).toBe('read');
    expect(hostOf('/meridian/bulk/bulk_payout')).toBe('bulk');
    expect(hostOf('/v2/auth/token')).toBe('auth');
    expect(hostOf('/excalibur/password/reset')).toBe('auth');
    expect(hostOf('/v2/fabric/kyc/validate')).toBe('api');
  });
});
