/** `info.description` of the OpenAPI document: the getting-started section a reader sees first at /docs. */
export const API_DESCRIPTION = `The API behind Meridian Dashboard: payouts on the banking rail, bank-account validation, virtual
accounts, e-mandates, payment links and KYC (fabric). Every operation below shows a request in curl, Node and
Python; the raw OpenAPI 3.1 document is at [/docs/json](/docs/json), and \`packages/sdk\` is a typed client
generated from it.

# Getting started

## 1. Sign in (the dashboard session)

1. \`GET /v2/auth/public-key\` answers an RSA public key (3072 bits, SPKI PEM).
2. Encrypt the password with **RSA-OAEP, SHA-256** (in a browser: WebCrypto \`RSA-OAEP\` with \`hash: 'SHA-256'\`;
   in Node: \`crypto.publicEncrypt({ key, padding: RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, password)\`) and send
   it **base64-encoded** as \`encrypted_password\`:
   \`POST /v2/auth/token\` with \`{ "grant_type": "user_credentials", "email": "…", "encrypted_password": "…" }\`.
   The password never travels in clear, even inside TLS.
3. Without SMS verification the answer is the token set: \`access_token\` (an EdDSA JWT valid 1 hour),
   \`refresh_token\` (rotates on every use) and \`client_id\`.
4. **The SMS step.** A user with SMS verification gets \`response_key: success_initiate_auth_sms\` and a
   \`request_urn\` instead; a 6-digit code is sent by SMS (valid 10 minutes, 5 tries). Send it to
   \`POST /v2/mfa/verify\` with \`{ "request_urn": "…", "otp": "123456" }\` to get the token set. The same sign-in
   POST while the attempt is open re-sends a new code under a new urn (at most 3 times).
5. Every other call carries \`Authorization: Bearer <access_token>\` **and** a \`client_id\` header equal to the
   token's client (else 403). Refresh with \`{ "grant_type": "refresh_token", "refresh_token": "…" }\`; sign out
   with \`POST /v2/auth/logout\` (the session's tokens stop working at once).

## 2. API keys (server to server)

Create a key in the dashboard (or \`POST /v2/company/api_keys\`); its secret is shown once. Fabric's product
endpoints (\`/v2/fabric/…\`) accept it as **HTTP Basic**, user \`key_id\` and password \`key_secret\`:
\`curl -u "$KEY_ID:$KEY_SECRET" …\`. Keys can be revoked at any time.

## 3. Idempotency keys

Money-moving requests (\`POST /core_banking/money_transfer/initiate\` and the others that declare the header) need
an \`Idempotency-Key\` header, any unique string of yours (a UUID). Replaying the same key with the same body
answers the first answer again (header \`idempotent-replayed: true\`), so a retry after a timeout never pays
twice; the same key with another body is a **422**, and while the first request is still running a **409**.

## 4. Lists: pagination and date ranges

Every list has a *search* and a *count* endpoint (\`/{provider}/read/search/…\`, \`/{provider}/read/count/…\`) and a
CSV *export*, with the same query parameters: \`start_date\` and \`end_date\` (\`YYYY-MM-DD\`, inclusive, whole days
in \`time_zone\`, default \`Asia/Kolkata\`; at most 366 days), \`limit\` (1–100, default 10) and \`offset\`
(default 0), and \`search_key\` + \`search_value\` (a key the list does not offer is a 400). Search answers
\`{ "data": [...] }\`, count answers \`{ "count": N }\`. Money is a decimal string with two places
(\`"1250.00"\`, rupees), times are ISO 8601 in UTC.

## 5. Errors

Every 4xx and 5xx answers the one JSON shape
\`{ "status": 400, "message": "…", "error": "validation_failed", "fields": { "amount": "…" }, "request_id": "REQ…" }\`:
\`message\` is for people, \`error\` is a stable machine key, \`fields\` names the offending fields of a validation
failure and \`request_id\` (also the \`x-request-id\` header) identifies the request in our logs. Nothing a client
sends can cause a 500. No string a client sends (path, query, body value or key) may contain NUL, another
control character or an unpaired surrogate (tab and line breaks are allowed in body values).

## 6. Webhooks

Register a URL per event type with \`POST /v2/company/callback\`; events are signed as
[Standard Webhooks](https://www.standardwebhooks.com/) (\`webhook-id\`, \`webhook-timestamp\`,
\`webhook-signature\` headers, HMAC-SHA256 with the \`whsec_\` secret). The *Webhooks* section lists each event
type with its payload.

## 7. Test and live

Every company has two modes with their own data: **test** (the sandbox rail's deterministic test accounts: no real
money moves) and **live**. Payouts, bulks, beneficiaries, validations, mandates, payment and UPI links, virtual
accounts, balances and the ledger, settlements, credits, KYC calls, events and callbacks, the request log,
reports, approvals and saved views belong to one mode; members, roles, invitations, the audit log (each entry says
its mode where it has one), the IP allow-list and two-factor settings are the company's, shared by both.

- **API keys** are made in one mode: the secret starts \`mk_test_\` or \`mk_live_\`, and the key sees only its
  mode's data: an id of the other mode answers 404, as another company's id does. A \`Meridian-Mode\` header that
  contradicts the key is a 400 \`mode_mismatch\`.
- **A dashboard session** names its mode in the \`Meridian-Mode\` header, \`test\` or \`live\` (absent = live;
  anything else is a 400 \`invalid_mode\`), never in a query parameter: only the event stream, which a browser
  opens without headers, takes \`meridian_mode\` instead.
- **Every record**, event and callback body says \`livemode\`: \`true\` in live mode, \`false\` in test mode.
- **Live mode** opens when Meridian operations turn it on for the company: until then a live payout, bulk,
  validation, mandate or link answers 403 \`live_mode_not_enabled\`. Test mode is always open.
- **Test data** can be deleted at once by an owner or admin (\`DELETE /v2/company/test_data\`); live data is never
  touched. \`GET /v2/company/modes\` says which modes the company has.

Each of a client's operations says which it is: in the caller's mode (it declares the \`Meridian-Mode\` header),
or shared by both modes.
`;
