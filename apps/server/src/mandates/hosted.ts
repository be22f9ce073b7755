import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { MANDATE_AUTHORISATION_DAYS } from '@meridian/contract/mandates';
import type { Db } from '../db/database.ts';
import type { EffectRunner } from '../jobs/effects.ts';
import { formatRupees } from '../lib/money.ts';
import type { MandateRow } from './answer.ts';
import { decideMandate, mandateByToken } from './service.ts';
import { defaultPermission } from '../auth/guard.ts';

/**
 * The hosted mandate authorisation page (`GET|POST /{provider}/hosted/mandates/{token}`): the
 * `authorisation_url` a registration answers. Public (the customer has no Meridian session; the token, 256 random
 * bits, is the capability), plain server-rendered HTML without scripts under its own CSP (`default-src 'none'`,
 * inline styles, the form posting to itself), one form with Approve and Reject. In the sandbox no bank sign-in
 * is asked: Approve activates the mandate (a UMRN is given), Reject rejects it; a link used after its
 * authorisation window (7 days) expires the mandate.
 */
export type MandateHostedOptions = {
  db: Db;
  provider: string;
  runEffects: EffectRunner;
  /** Clock (tests). */
  now?: () => Date;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f6f8; color: #1a1f24; margin: 0; }
  main { max-width: 34rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem;
         box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1rem; margin: 1rem 0; }
  dt { color: #4b5563; }
  dd { margin: 0; font-weight: 600; }
  fieldset { border: 0; padding: 0; margin: 1.5rem 0 0; display: flex; gap: 0.75rem; }
  legend { margin-bottom: 0.75rem; font-weight: 600; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 8px; border: 1px solid #1d4ed8; cursor: pointer; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .approve { background: #1d4ed8; color: #fff; }
  .decline { background: #fff; color: #1d4ed8; }
  .note { color: #4b5563; font-size: 0.9rem; }
`;

/** A page for a person, not an API operation: kept out of the OpenAPI document. */
const HTML_PAGE = { schema: { hide: true } };

const CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

function send(reply: FastifyReply, status: number, title: string, content: string) {
  return reply
    .code(status)
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · e-mandate (Meridian sandbox)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>`);
}

const message = (reply: FastifyReply, status: number, title: string, text: string) =>
  send(reply, status, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

const mask = (v: string) => `${'X'.repeat(Math.max(0, v.length - 4))}${v.slice(-4)}`;

function details(m: MandateRow): string {
  const rows: [string, string][] = [
    ['Mandate', m.type === 'NACH' ? 'NACH (bank account debit)' : 'UPI autopay'],
    ['Customer', m.customerName],
    ...(m.type === 'NACH'
      ? ([
          ['Account', `${mask(m.accountNumber ?? '')} · ${m.bankName ?? m.ifsc ?? ''}`],
          ['IFSC', m.ifsc ?? ''],
        ] as [string, string][])
      : ([['UPI id', m.vpa ?? '']] as [string, string][])),
    ['Maximum per debit', formatRupees(m.maxAmount)],
    ['Frequency', m.frequency.charAt(0) + m.frequency.slice(1).toLowerCase()],
    ['From', m.startDate],
    ['Until', m.endDate ?? 'Cancelled'],
    ['Reference', m.customerReferenceNumber],
  ];
  return `<dl>\n${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('\n')}\n</dl>`;
}

/** The PENDING mandate behind a token, or the page that says why there is none (already sent). */
async function pending(
  opts: MandateHostedOptions,
  now: () => Date,
  token: string,
  reply: FastifyReply,
): Promise<MandateRow | null> {
  const row = TOKEN.test(token) ? await mandateByToken(opts.db, token) : null;
  if (!row) {
    await message(
      reply,
      404,
      'Link not found',
      'This mandate link is not valid. Ask the business for a new one.',
    );
    return null;
  }
  if (row.status === 'PENDING' && now().getTime() > row.authExpiresAt.getTime()) {
    const done = await decideMandate(opts.db, row, 'expire-if-due', { at: now() });
    await opts.runEffects(done.effects);
    await message(
      reply,
      410,
      'Link expired',
      `This mandate was not authorised within ${MANDATE_AUTHORISATION_DAYS} days. Ask the business for a new one.`,
    );
    return null;
  }
  if (row.status !== 'PENDING') {
    await message(
      reply,
      410,
      'Already answered',
      `This mandate is ${row.status.toLowerCase()}: there is nothing more to do. You can close this page.`,
    );
    return null;
  }
  return row;
}

export const mandateHostedRoutes: FastifyPluginAsync<MandateHostedOptions> = async (app, opts) => {
  // Hidden hosted page: the token is the capability.
  defaultPermission(app, 'public');
  const now = opts.now ?? (() => new Date());
  const path = `/${opts.provider}/hosted/mandates/:token`;

  // The form posts application/x-www-form-urlencoded (this plugin's scope only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, payload, done) => done(null, Object.fromEntries(new URLSearchParams(payload as string))),
  );

  app.get<{ Params: { token: string } }>(path, HTML_PAGE, async (request, reply) => {
    const row = await pending(opts, now, request.params.token, reply);
    if (!row) return reply;
    const action = `/${encodeURIComponent(opts.provider)}/hosted/mandates/${encodeURIComponent(request.params.token)}`;
    return send(
      reply,
      200,
      'Authorise a mandate',
      `<h1>Authorise an e-mandate</h1>
<p>A business using Meridian asks for your permission to debit your account under this mandate:</p>
${details(row)}
<p class="note">Sandbox: no bank sign-in is needed. The link is valid until
${escapeHtml(row.authExpiresAt.toISOString())}.</p>
<form method="post" action="${escapeHtml(action)}">
<fieldset>
<legend>Do you authorise this mandate?</legend>
<button type="submit" class="approve" name="decision" value="approve">Approve</button>
<button type="submit" class="decline" name="decision" value="reject">Reject</button>
</fieldset>
</form>`,
    );
  });

  app.post<{ Params: { token: string } }>(path, HTML_PAGE, async (request, reply) => {
    const decision = ((request.body ?? {}) as Record<string, unknown>).decision;
    if (decision !== 'approve' && decision !== 'reject')
      return message(reply, 400, 'Choose an answer', 'Choose Approve or Reject on the mandate page.');
    const row = await pending(opts, now, request.params.token, reply);
    if (!row) return reply;
    const done = await decideMandate(opts.db, row, decision, { at: now() });
    await opts.runEffects(done.effects);
    return done.status === 'ACTIVE'
      ? message(
          reply,
          200,
          'Mandate authorised',
          'Thank you: the mandate is active. You can close this page.',
        )
      : done.status === 'REJECTED'
        ? message(
            reply,
            200,
            'Mandate rejected',
            'Nothing will be debited under this mandate. You can close this page.',
          )
        : message(
            reply,
            410,
            'Already answered',
            `This mandate is ${done.status.toLowerCase()}. You can close this page.`,
          );
  });
};
