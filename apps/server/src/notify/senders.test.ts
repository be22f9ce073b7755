import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSms, httpSms } from './senders.ts';

describe('console SMS sender', () => {
  it('prints one line starting with SMS that holds the code', async () => {
    const lines: string[] = [];
    await consoleSms((l) => lines.push(l)).send({
      to: '+919800000001',
      text: 'Your code is 123456.',
      redacted: '',
    });
    expect(lines).toEqual(['SMS to +919800000001: Your code is 123456.']);
  });
});

describe('HTTP (Twilio-compatible) SMS sender against a local fake', () => {
  const received: { url: string; auth: string; body: URLSearchParams }[] = [];
  let status = 201;
  const fake = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({
        url: req.url ?? '',
        auth: req.headers.authorization ?? '',
        body: new URLSearchParams(data),
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { sid: 'SM123' } : { message: 'The To number is invalid' }));
    });
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/2010-04-01`;
  });
  afterAll(() => new Promise<void>((r) => fake.close(() => r())));

  it('posts To, From and Body with basic auth to the account Messages endpoint', async () => {
    const sender = httpSms({ url: base, accountSid: 'AC1', authToken: 'secret', from: 'MERIDN' });
    const { id } = await sender.send({ to: '+919800000001', text: 'code 654321', redacted: '' });
    expect(id).toBe('SM123');
    const req = received.at(-1)!;
    expect(req.url).toBe('/2010-04-01/Accounts/AC1/Messages.json');
    expect(req.auth).toBe(`Basic ${Buffer.from('AC1:secret').toString('base64')}`);
    expect(Object.fromEntries(req.body)).toEqual({
      To: '+919800000001',
      From: 'MERIDN',
      Body: 'code 654321',
    });
  });

  it("throws with the provider's message on failure", async () => {
    status = 400;
    const sender = httpSms({ url: base, accountSid: 'AC1', authToken: 'secret', from: 'MERIDN' });
    await expect(sender.send({ to: 'x', text: 'y', redacted: '' })).rejects.toThrow(
      'The To number is invalid',
    );
  });
});
