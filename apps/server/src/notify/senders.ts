import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { outbox } from '../db/schema.ts';

export type SmsMessage = {
  to: string;
  text: string;
  /** the text as stored in the outbox (secrets masked) */ redacted: string;
};
export type EmailMessage = { to: string; subject: string; text: string; redacted: string };

export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<{ id: string | null }>;
}
export interface EmailSender {
  readonly name: string;
  send(message: EmailMessage): Promise<{ id: string | null }>;
}

type Writer = (line: string) => void;
const stdout: Writer = (line) => process.stdout.write(`${line}\n`);

/** Development sender: one line on the server log that starts with `SMS` (the code included, by design). */
export function consoleSms(write: Writer = stdout): SmsSender {
  return {
    name: 'console',
    async send({ to, text }) {
      write(`SMS to ${to}: ${text}`);
      return { id: null };
    },
  };
}

export function consoleEmail(write: Writer = stdout): EmailSender {
  return {
    name: 'console',
    async send({ to, subject, text }) {
      write(`EMAIL to ${to}: ${subject} | ${text.replace(/\s*\n\s*/g, ' ')}`);
      return { id: null };
    },
  };
}

/**
 * Twilio-compatible REST sender: POST {url}/Accounts/{sid}/Messages.json with form fields To, From, Body and
 * HTTP basic auth (sid:token). `url` is the API base, e.g. https://api.twilio.com/2010-04-01.
 */
export function httpSms(opts: {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs?: number;
}): SmsSender {
  return {
    name: 'http',
    async send({ to, text }) {
      const endpoint = `${opts.url.replace(/\/$/, '')}/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: to, From: opts.from, Body: text }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      const body = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}: ${body.message ?? 'no message'}`);
      return { id: body.sid ?? null };
    },
  };
}

export function smsSenderFromConfig(config: Config): SmsSender {
  if (config.SMS_PROVIDER === 'http')
    return httpSms({
      url: config.SMS_HTTP_URL!,
      accountSid: config.SMS_HTTP_ACCOUNT_SID!,
      authToken: config.SMS_HTTP_AUTH_TOKEN!,
      from: config.SMS_HTTP_FROM!,
    });
  return consoleSms();
}

export const emailSenderFromConfig = (_config: Config): EmailSender => consoleEmail();

/** Sends and records the message in the outbox (with its redacted text); a provider failure is recorded and rethrown. */
export async function deliver(
  db: Db,
  sender: SmsSender | EmailSender,
  channel: 'sms' | 'email',
  message: SmsMessage | EmailMessage,
): Promise<void> {
  const record = {
    channel,
    provider: sender.name,
    recipient: message.to,
    subject: 'subject' in message ? message.subject : null,
    body: message.redacted,
  };
  try {
    const { id } = await (sender as SmsSender & EmailSender).send(message as SmsMessage & EmailMessage);
    await db.insert(outbox).values({ ...record, status: 'sent', providerMessageId: id });
  } catch (err) {
    await db
      .insert(outbox)
      .values({ ...record, status: 'failed', error: (err as Error).message.slice(0, 500) });
    throw err;
  }
}
