import { useState } from 'react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFetch, apiResponse, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { fakeApi, renderPage } from '@/test/render-page';
import { ApiTestPage } from './api-test-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
  apiResponse: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const DOC = {
  paths: {
    '/v2/user/details': {
      get: {
        operationId: 'getUserDetails',
        summary: 'The signed-in user',
        description: 'Profile.',
        tags: ['user'],
      },
    },
    '/v2/pay': {
      post: {
        operationId: 'createPayment',
        summary: 'Pay someone',
        tags: ['payouts'],
        'x-meridian-moves-money': true,
        parameters: [{ in: 'header', name: 'idempotency-key', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['amount', 'mode'],
                properties: {
                  amount: { type: 'string', pattern: '^\\d+\\.\\d{2}$' },
                  mode: { type: 'string', enum: ['IMPS', 'UPI'] },
                },
              },
            },
          },
        },
      },
    },
  },
};

function Page({ initial }: { initial?: string }) {
  const [op, setOp] = useState(initial);
  return <ApiTestPage {...(op ? { op } : {})} onSelect={setOp} />;
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ApiTestPage', () => {
  it('lists operations by tag, filters them, and sends the picked GET with the session', async () => {
    fakeApi(apiFetch, { 'GET /docs/json': () => DOC });
    (apiResponse as Mock).mockResolvedValue(
      new Response(JSON.stringify({ email: 'admin@acme.test' }), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-request-id': 'REQ1' },
      }),
    );
    const user = userEvent.setup();
    renderPage(<Page />);
    const list = await screen.findByRole('navigation', { name: 'Operations' });
    expect(await within(list).findByRole('heading', { name: 'payouts' })).toBeTruthy();
    await user.type(screen.getByLabelText('Filter operations'), 'user');
    expect(within(list).queryByRole('button', { name: /POST \/v2\/pay/ })).toBeNull();
    await user.click(within(list).getByRole('button', { name: /GET \/v2\/user\/details/ }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const response = await screen.findByRole('region', { name: 'Response' });
    expect(within(response).getByRole('status').textContent).toMatch(/Status 200.*\d+ ms/);
    expect(within(response).getByRole('region', { name: 'Response body' }).textContent).toContain(
      '"admin@acme.test"',
    );
    expect(response.textContent).toContain('x-request-id');
    const [path, init] = (apiResponse as Mock).mock.calls[0] as [string, ApiRequestInit];
    expect([path, init.method, init.body]).toEqual(['/v2/user/details', 'GET', null]);
  });

  it('checks the form, then asks before a money-moving call and sends only when confirmed', async () => {
    fakeApi(apiFetch, { 'GET /docs/json': () => DOC });
    (apiResponse as Mock).mockResolvedValue(
      new Response('{"urn":"PAY1"}', { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    const user = userEvent.setup();
    renderPage(<Page initial="createPayment" />);
    await screen.findByText('Moves money');
    const key = screen.getByLabelText(/^idempotency-key/) as HTMLInputElement;
    expect(key.value).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toContain('amount is required');
    await user.type(screen.getByLabelText(/^amount/), '12.5');
    await user.selectOptions(screen.getByLabelText(/^mode/), 'UPI');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toContain('amount must match');
    await user.clear(screen.getByLabelText(/^amount/));
    await user.type(screen.getByLabelText(/^amount/), '12.50');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    let dialog = await screen.findByRole('dialog', { name: 'This call moves money' });
    expect(dialog.textContent).toContain('createPayment');
    expect(dialog.textContent).toContain('₹12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(apiResponse).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    dialog = await screen.findByRole('dialog', { name: 'This call moves money' });
    await user.click(within(dialog).getByRole('button', { name: 'Send createPayment' }));
    await waitFor(() => expect(apiResponse).toHaveBeenCalledTimes(1));
    const [path, init] = (apiResponse as Mock).mock.calls[0] as [string, ApiRequestInit];
    expect(path).toBe('/v2/pay');
    expect(init.body).toBe('{"amount":"12.50","mode":"UPI"}');
    expect(init.headers).toMatchObject({ 'idempotency-key': key.value, 'Content-Type': 'application/json' });
    expect((await screen.findByRole('region', { name: 'Response' })).textContent).toContain('Status 201');
  });
});
