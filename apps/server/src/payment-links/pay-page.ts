import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { PaymentLinkStatus } from '@meridian/contract/payment-links';
import type { Db } from '../db/database.ts';
import { metaOf } from '../http/context.ts';
import type { EffectRunner } from '../jobs/effects.ts';
import { formatMoney, formatRupees } from '../lib/money.ts';
import { amountRange, TOKEN_PATTERN } from './answer.ts';
import { attemptPayment, linkByToken, type PublicLink } from './pay.ts';
import { defaultPermission } from '../auth/guard.ts';

/**
 * The public pay page of a payment link (`GET|POST /pay/{token}`): no sign-in, the token (the client's public id
 * and 128 random bits) is the capability. Plain server-rendered HTML without scripts under its own strict CSP
 * (nothing but inline styles; the QR code is inline SVG; forms post here only). In the sandbox no money moves
 * outside Meridian: "Pay (sandbox)" stands for the customer's UPI app paying, "Fail (sandbox)" for a declined
 * attempt. A post answers 303 back to the page (reloading never posts again), which then shows the link's state.
 */
export type PayPageOptions = { db: Db; runEffects: EffectRunner; now?: () => Date };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f6f8; color: #1a1f24; margin: 0; }
  main { max-width: 30rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 2rem;
         box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.3rem; margin: 0 0 0.25rem; }
  .merchant { color: #4b5563; margin: 0 0 1.25rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0; }
  .qr { width: 13rem; height: 13rem; margin: 1rem auto; display: block; }
  .qr svg { width: 100%; height: 100%; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; font-size: 0.9rem; }
  dt { color: #4b5563; } dd { margin: 0; overflow-wrap: anywhere; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { font: inherit; padding: 0.5rem; border-radius: 8px; border: 1px solid #9ca3af; width: 100%;
          box-sizing: border-box; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.25rem; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 8px; border: 1px solid #1d4ed8; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .pay { background: #1d4ed8; color: #fff; }
  .fail { background: #fff; color: #b91c1c; border-color: #b91c1c; }
  .status { display: inline-block; padding: 0.2rem 0.6rem; border-radius: 999px; font-weight: 600;
            font-size: 0.85rem; background: #e5e7eb; }
  .status.PAID { background: #dcfce7; color: #166534; }
  .status.EXPIRED, .status.CANCELLED { background: #fee2e2; color: #991b1b; }
  .alert { border-radius: 8px; padding: 0.75rem; margin: 1rem 0; background: #fef3c7; color: #92400e; }
  .note { color: #4b5563; font-size: 0.85rem; }
`;

const HTML_PAGE = { schema: { hide: true } };

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Meridian</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>`;
}

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
    .type('text/html; charset=utf-8')
    .send(page(title, content));
}

const notFoundPage = (reply: FastifyReply) =>
  send(
    reply,
    404,
    'Link not found',
    '<h1>Link not found</h1>\n<p>This payment link is not valid. Ask the business for a new one.</p>',
  );

const STATUS_TEXT: Record<PaymentLinkStatus, string> = {
  CREATED: 'Awaiting payment',
  PAID: 'Paid',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
};

const dateTime = (d: Date) =>
  `${new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(d)} IST`;

function linkPage(
  reply: FastifyReply,
  link: PublicLink,
  opts: { status?: number; alert?: string; amount?: string } = {},
) {
  const { row, status } = link;
  const header = `<h1>${escapeHtml(row.purpose)}</h1>
<p class="merchant">Pay ${escapeHtml(link.merchant)}</p>`;
  const alert = opts.alert ? `<p class="alert" role="alert">${escapeHtml(opts.alert)}</p>` : '';
  const facts = [
    ['Reference', row.customerReferenceNumber],
    ...(row.customerName ? [['Billed to', row.customerName]] : []),
    ['Status', STATUS_TEXT[status]],
    ...(status === 'PAID'
      ? [
          ['Paid', `${formatRupees(row.paidAmount ?? 0n)} on ${dateTime(row.paidAt ?? row.updatedAt)}`],
          ['UTR', row.utr ?? '-'],
        ]
      : status === 'CREATED'
        ? [['Valid until', dateTime(row.expiresAt)]]
        : []),
  ]
    .map(([k, v]) => `<dt>${escapeHtml(k!)}</dt><dd>${escapeHtml(v!)}</dd>`)
    .join('\n');
  if (status !== 'CREATED') {
    const text =
      status === 'PAID'
        ? 'This link has been paid. Thank you. You can close this page.'
        : status === 'EXPIRED'
          ? 'This link has expired and can no longer be paid. Ask the business for a new one.'
          : 'This link was cancelled by the business and can no longer be paid.';
    return send(
      reply,
      opts.status ?? (status === 'PAID' ? 200 : 410),
      STATUS_TEXT[status],
      `${header}
${alert}
<p><span class="status ${status}">${STATUS_TEXT[status]}</span></p>
<p>${escapeHtml(text)}</p>
<dl>
${facts}
</dl>`,
    );
  }
  const range = amountRange(row);
  const amountBlock =
    row.amount !== null
      ? `<p class="amount">${escapeHtml(formatRupees(row.amount))}</p>`
      : `<label for="amount">Amount to pay (₹${escapeHtml(formatMoney(range.min))} to ₹${escapeHtml(formatMoney(range.max))})</label>
<input id="amount" name="amount" inputmode="decimal" required maxlength="16" autocomplete="off"
  pattern="[0-9]{1,13}(\\.[0-9]{1,2})?" value="${escapeHtml(opts.amount ?? '')}">`;
  return send(
    reply,
    opts.status ?? 200,
    `Pay ${link.merchant}`,
    `${header}
${alert}
<form method="post">
${amountBlock}
<div class="qr">${link.qrSvg}</div>
<p class="note">Scan with any UPI app to pay ${escapeHtml(link.merchant)} (${escapeHtml(row.payeeVpa)}).</p>
<dl>
${facts}
</dl>
<p class="note">Sandbox: no money leaves any bank. "Pay" stands for a successful UPI payment and credits the
business; "Fail" stands for a declined one (the link stays payable).</p>
<div class="actions">
<button type="submit" class="pay" name="action" value="pay">Pay (sandbox)</button>
<button type="submit" class="fail" name="action" value="fail" formnovalidate>Fail (sandbox)</button>
</div>
</form>`,
  );
}

export const payPageRoutes: FastifyPluginAsync<PayPageOptions> = async (app, opts) => {
  // Hidden pay page: the token is the capability.
  defaultPermission(app, 'public');
  const now = opts.now ?? (() => new Date());
  const path = '/pay/:token';

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, payload, done) => done(null, Object.fromEntries(new URLSearchParams(payload as string))),
  );

  app.get<{ Params: { token: string }; Querystring: { attempt?: string } }>(
    path,
    HTML_PAGE,
    async (request, reply) => {
      const token = request.params.token;
      if (!TOKEN_PATTERN.test(token)) return notFoundPage(reply);
      const link = await linkByToken(opts.db, token, now());
      if (!link) return notFoundPage(reply);
      return linkPage(reply, link, {
        ...(request.query.attempt === 'failed' && link.status === 'CREATED'
          ? { alert: "The payment failed: it was declined by the payer's bank (sandbox). You can try again." }
          : {}),
      });
    },
  );

  app.post<{ Params: { token: string } }>(path, HTML_PAGE, async (request, reply) => {
    const token = request.params.token;
    if (!TOKEN_PATTERN.test(token)) return notFoundPage(reply);
    const form = (request.body ?? {}) as Record<string, unknown>;
    const action = form.action;
    const amount = typeof form.amount === 'string' ? form.amount.slice(0, 32) : null;
    if (action !== 'pay' && action !== 'fail') {
      const link = await linkByToken(opts.db, token, now());
      if (!link) return notFoundPage(reply);
      return linkPage(reply, link, { status: 400, alert: 'Choose Pay or Fail.' });
    }
    const { outcome, effects } = await attemptPayment(opts.db, {
      token,
      action,
      amount,
      meta: metaOf(request),
      at: now(),
    });
    await opts.runEffects(effects);
    const self = `/pay/${encodeURIComponent(token)}`;
    switch (outcome.kind) {
      case 'not_found':
        return notFoundPage(reply);
      case 'paid':
        return reply.header('cache-control', 'no-store').redirect(self, 303);
      case 'failed':
        return reply.header('cache-control', 'no-store').redirect(`${self}?attempt=failed`, 303);
      case 'bad_amount':
      case 'not_open': {
        const link = await linkByToken(opts.db, token, now());
        if (!link) return notFoundPage(reply);
        return outcome.kind === 'bad_amount'
          ? linkPage(reply, link, { status: 422, alert: outcome.message, amount: amount ?? '' })
          : linkPage(reply, link, {
              status: 409,
              alert:
                outcome.status === 'PAID'
                  ? 'This link has already been paid: nothing more was charged.'
                  : `This link is ${outcome.status.toLowerCase()} and can no longer be paid.`,
            });
      }
    }
  });
};
