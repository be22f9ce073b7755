import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook } from './signing.ts';

/**
 * The help centre's "Callbacks and verifying their signatures" article shows a Node.js verifier. This runs that
 * very code (taken from the article's markdown) against signatures made by signing.ts.
 */
const ARTICLE = join(
  import.meta.dirname,
  '../../../web/src/components/help-articles/articles/callbacks-and-signatures.md',
);

async function loadSample() {
  const md = readFileSync(ARTICLE, 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(md)?.[1];
  if (!code) throw new Error('the article lost its Node.js sample');
  const file = join(mkdtempSync(join(tmpdir(), 'help-sample-')), 'verify.mjs');
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)) as {
    verifyWebhook: (
      secret: string,
      headers: Record<string, string>,
      body: string,
      tolerance?: number,
    ) => boolean;
  };
}

describe("the help article's Node.js webhook verifier", () => {
  it('accepts what signing.ts signs and refuses anything changed', async () => {
    const { verifyWebhook } = await loadSample();
    const secret = newWebhookSecret();
    const id = 'msg_01TEST';
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: 'payout.success', data: { amount: '1250.00' } });
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, id, timestamp, body),
    };
    expect(verifyWebhook(secret, headers, body)).toBe(true);
    // Several signatures (a rotation): one valid is enough.
    expect(
      verifyWebhook(
        secret,
        { ...headers, 'webhook-signature': `v1,AAAA ${headers['webhook-signature']}` },
        body,
      ),
    ).toBe(true);
    expect(verifyWebhook(secret, headers, body.replace('1250', '9250'))).toBe(false);
    expect(verifyWebhook(newWebhookSecret(), headers, body)).toBe(false);
    expect(verifyWebhook(secret, { ...headers, 'webhook-id': 'msg_other' }, body)).toBe(false);
    const old = timestamp - 3600;
    expect(
      verifyWebhook(
        secret,
        {
          ...headers,
          'webhook-timestamp': String(old),
          'webhook-signature': signWebhook(secret, id, old, body),
        },
        body,
      ),
    ).toBe(false);
  });
});
