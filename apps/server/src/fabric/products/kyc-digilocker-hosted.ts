import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { ProductOutcome } from '../product.ts';
import {
  DIGILOCKER_DOCUMENTS,
  digilockerOutcome,
  type DigilockerDocument,
  type DigilockerState,
} from './kyc-digilocker.ts';

/**
 * The hosted DigiLocker consent page (`GET|POST /{provider}/hosted/digilocker/{urn}`): the link a kyc-digilocker
 * call answers. It is public (the person has no Meridian session; the urn, 80 random bits, is the capability),
 * plain server-rendered HTML without scripts (CSP `script-src 'self'`), one form with two buttons. A decision
 * completes the call through the pipeline's `completeCall` (which logs, emits the event and sends the callback),
 * then the browser goes to the client's `redirect_url` (303, `urn` and `status` appended) or sees a closing page.
 */
export type DigilockerHostedOptions = {
  db: Db;
  provider: string;
  completeCall(db: Db, args: { clientRef: number; urn: string; outcome: ProductOutcome }): Promise<unknown>;
  /** A call by urn, whatever its client (the page is public), or null. */
  loadCall(
    db: Db,
    urn: string,
  ): Promise<{
    clientRef: number;
    urn: string;
    product: string;
    status: string;
    /** The verdict of a finished call (CONSENT_EXPIRED: the sweeper closed it). */
    resultCode?: string | null;
    state: Record<string, unknown>;
  } | null>;
  /** Clock (tests). */
  now?: () => Date;
};

const DOC_LABELS: Record<DigilockerDocument, string> = {
  AADHAAR: 'Aadhaar (masked: last 4 digits only)',
  PAN: 'PAN card',
  DRIVING_LICENCE: 'Driving licence',
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f6f8; color: #1a1f24; margin: 0; }
  main { max-width: 32rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem;
         box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  fieldset { border: 0; padding: 0; margin: 1.5rem 0 0; display: flex; gap: 0.75rem; }
  legend { margin-bottom: 0.75rem; font-weight: 600; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 8px; border: 1px solid #1d4ed8; cursor: pointer; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .approve { background: #1d4ed8; color: #fff; }
  .decline { background: #fff; color: #1d4ed8; }
  .note { color: #4b5563; font-size: 0.9rem; }
`;

/**
 * A page for a person, not an API operation: kept out of the OpenAPI document (its errors are pages too, not the
 * JSON error shape). The text rule still applies to its path and form fields.
 */
const HTML_PAGE = { schema: { hide: true } };

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · DigiLocker (Meridian sandbox)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>`;
}

/**
 * The page's own Content-Security-Policy: nothing but inline styles, and the form may post here and be
 * redirected to the client's `redirect_url` (Chromium applies `form-action` to the redirect after a post too).
 */
function csp(redirectUrl: string | null): string {
  const formAction = ["'self'"];
  if (redirectUrl) formAction.push(new URL(redirectUrl).origin);
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action ${formAction.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function send(
  reply: FastifyReply,
  status: number,
  title: string,
  content: string,
  redirectUrl: string | null = null,
) {
  return reply
    .code(status)
    .header('content-security-policy', csp(redirectUrl))
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(page(title, content));
}

const message = (reply: FastifyReply, status: number, title: string, text: string) =>
  send(reply, status, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);

const URN = /^[A-Za-z0-9_-]{1,64}$/;

const isState = (s: Record<string, unknown>): s is DigilockerState =>
  s.kind === 'digilocker' && Array.isArray(s.documents) && typeof s.expires_at === 'string';

export const digilockerHostedRoutes: FastifyPluginAsync<DigilockerHostedOptions> = async (app, opts) => {
  const now = opts.now ?? (() => new Date());
  const path = `/${opts.provider}/hosted/digilocker/:urn`;

  // The form posts application/x-www-form-urlencoded (this plugin's scope only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, payload, done) => done(null, Object.fromEntries(new URLSearchParams(payload as string))),
  );

  app.get<{ Params: { urn: string } }>(path, HTML_PAGE, async (request, reply) => {
    const call = await pending(opts, now, request.params.urn, reply);
    if (!call) return reply;
    return send(
      reply,
      200,
      'Share your documents',
      consentPage(opts.provider, call),
      call.state.redirect_url,
    );
  });

  app.post<{ Params: { urn: string } }>(path, HTML_PAGE, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const decision = form.decision;
    if (decision !== 'approve' && decision !== 'decline') {
      return message(reply, 400, 'Choose an answer', 'Choose Allow or Deny on the consent page.');
    }
    const call = await pending(opts, now, request.params.urn, reply);
    if (!call) return reply;
    const outcome = digilockerOutcome(call.urn, call.state, decision, now());
    await opts.completeCall(opts.db, { clientRef: call.clientRef, urn: call.urn, outcome });
    if (call.state.redirect_url) {
      const target = new URL(call.state.redirect_url);
      target.searchParams.set('urn', call.urn);
      target.searchParams.set('status', outcome.status);
      return reply.code(303).header('cache-control', 'no-store').redirect(target.toString(), 303);
    }
    return decision === 'approve'
      ? message(
          reply,
          200,
          'Documents shared',
          'Thank you: your documents have been shared. You can close this page.',
        )
      : message(reply, 200, 'Request declined', 'Nothing has been shared. You can close this page.');
  });
};

/** The pending consent behind a urn, or the page that says why there is none (already sent). */
async function pending(opts: DigilockerHostedOptions, now: () => Date, urn: string, reply: FastifyReply) {
  if (!URN.test(urn)) {
    await message(reply, 404, 'Link not found', 'This consent link is not valid. Ask for a new one.');
    return null;
  }
  const call = await opts.loadCall(opts.db, urn);
  if (!call || call.product !== 'kyc-digilocker' || !isState(call.state)) {
    await message(reply, 404, 'Link not found', 'This consent link is not valid. Ask for a new one.');
    return null;
  }
  const expired = () =>
    message(reply, 410, 'Link expired', 'This link has expired. Ask the business for a new one.');
  if (call.status !== 'PENDING' && call.resultCode === 'CONSENT_EXPIRED') {
    // Closed by the fabric sweeper (or by an earlier late visit): expired, not answered by the person.
    await expired();
    return null;
  }
  if (call.status !== 'PENDING') {
    await message(
      reply,
      410,
      'Already answered',
      'This request has already been answered. You can close this page.',
    );
    return null;
  }
  const at = now();
  if (at.getTime() > Date.parse(call.state.expires_at)) {
    await opts.completeCall(opts.db, {
      clientRef: call.clientRef,
      urn: call.urn,
      outcome: digilockerOutcome(call.urn, call.state, 'expired', at),
    });
    await expired();
    return null;
  }
  return { ...call, state: call.state };
}

/** The consent page's content: the documents asked for, when the request expires, Allow and Deny. */
function consentPage(provider: string, call: { urn: string; state: DigilockerState }): string {
  const docs = call.state.documents
    .filter((d): d is DigilockerDocument => (DIGILOCKER_DOCUMENTS as readonly string[]).includes(d))
    .map((d) => `<li>${escapeHtml(DOC_LABELS[d])}</li>`)
    .join('\n');
  const action = `/${encodeURIComponent(provider)}/hosted/digilocker/${encodeURIComponent(call.urn)}`;
  return `<h1>Share your documents from DigiLocker</h1>
<p>A business using Meridian asks to see these documents from your DigiLocker account:</p>
<ul>
${docs}
</ul>
<p class="note">Sandbox: no DigiLocker sign-in is needed; the documents are those of a sandbox person.
The request expires at ${escapeHtml(call.state.expires_at)}.</p>
<form method="post" action="${escapeHtml(action)}">
<fieldset>
<legend>Do you allow sharing these documents?</legend>
<button type="submit" class="approve" name="decision" value="approve">Allow</button>
<button type="submit" class="decline" name="decision" value="decline">Deny</button>
</fieldset>
</form>`;
}
