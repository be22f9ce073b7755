// Signs in to Meridian with a dashboard session (encrypted password; the SMS step when the user has one) and
// creates a payout with an Idempotency-Key, sending it twice to show that a retry never pays twice.
//
//   MERIDIAN_URL=http://localhost:3000 MERIDIAN_EMAIL=admin@acme.test MERIDIAN_PASSWORD='…' \
//     node packages/sdk/examples/create-payout.ts
//
// (With SMS verification, set MERIDIAN_OTP to the code once the first run has asked for it.)
import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { createMeridianClient } from '../src/index.ts';

const baseUrl = process.env['MERIDIAN_URL'] ?? 'http://localhost:3000';
const email = process.env['MERIDIAN_EMAIL'] ?? 'admin@acme.test';
const password = process.env['MERIDIAN_PASSWORD'] ?? 'Meridian#Demo2026'; // the sandbox's demo password

const meridian = createMeridianClient({ baseUrl });

// 1. Sign in: the password is encrypted with the server's RSA key (RSA-OAEP, SHA-256), base64.
const { data: key, error: keyError } = await meridian.GET('/v2/auth/public-key');
if (!key) throw new Error(`public key: ${JSON.stringify(keyError)}`);
const encrypted_password = publicEncrypt(
  { key: key.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
  Buffer.from(password),
).toString('base64');
const { data: signedIn, error: signInError } = await meridian.POST('/v2/auth/token', {
  body: { grant_type: 'user_credentials', email, encrypted_password },
});
if (!signedIn) throw new Error(`sign-in: ${signInError.status} ${signInError.message}`);
let tokens;
if ('access_token' in signedIn) tokens = signedIn;
else {
  // The SMS step: the code went to the user's phone.
  const otp = process.env['MERIDIAN_OTP'];
  if (!otp) throw new Error(`${signedIn.response_message}: run again with MERIDIAN_OTP set`);
  const { data, error } = await meridian.POST('/v2/mfa/verify', {
    body: { request_urn: signedIn.request_urn, otp },
  });
  if (!data) throw new Error(`verify: ${error.message}`);
  tokens = data;
}
meridian.setCredentials({ kind: 'session', accessToken: tokens.access_token, clientId: tokens.client_id });
console.log(`signed in as ${tokens.email} (${tokens.company_common_name}, client ${tokens.client_id})`);

// 2. A beneficiary to pay (and the account it is paid from).
const { data: beneficiaries } = await meridian.GET('/meridian/read/fetch/dropdown/beneficiaries');
const beneficiary = beneficiaries?.data.find((b) => b.transfer_type !== 'RTGS'); // RTGS starts at ₹2,00,000
if (!beneficiary) throw new Error('no beneficiary: add one first (POST /v2/banking/beneficiary)');

// 3. The payout, with an Idempotency-Key: a retry with the same key answers the first payout again.
const idempotencyKey = randomUUID();
const body = {
  customer_reference_number: `SDK-${Date.now()}`,
  beneficiary_code: beneficiary.beneficiary_code,
  amount: '125.50',
  transfer_type: beneficiary.transfer_type,
  purpose_message: 'Vendor invoice (SDK example)',
  sender_account_number: beneficiary.sender_account_number,
};
for (const attempt of [1, 2]) {
  const {
    data: payout,
    error,
    response,
  } = await meridian.POST('/core_banking/money_transfer/initiate', {
    params: { header: { 'idempotency-key': idempotencyKey } },
    body,
  });
  if (!payout) throw new Error(`payout: ${error.status} ${error.error}: ${error.message}`);
  const replayed = response.headers.get('idempotent-replayed') === 'true';
  console.log(
    `attempt ${attempt}: ${response.status} payout ${payout.urn} ₹${payout.amount} to ${payout.beneficiary_name} ` +
      `by ${payout.transfer_type}: ${payout.status}${replayed ? ' (replayed: not paid twice)' : ''}`,
  );
}

// 4. Sign out: the session's tokens stop working at once.
await meridian.POST('/v2/auth/logout', { body: { refresh_token: tokens.refresh_token } });
console.log('signed out');
