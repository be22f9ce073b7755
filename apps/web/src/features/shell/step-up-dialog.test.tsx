import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { clearStepUpToken, currentStepUpToken, requestStepUp } from '@/lib/api/step-up';
import { fakeApi, renderPage, serverError } from '@/test/render-page';
import { StepUpDialog } from './step-up-dialog';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

const status = (mfa_preference: 'none' | 'sms' | 'totp') => ({
  mfa_preference,
  mfa_required_by_company: false,
  has_phone: true,
  recovery_codes_remaining: mfa_preference === 'totp' ? 10 : 0,
  totp_enabled_at: null,
});

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  clearStepUpToken();
});
afterEach(() => cleanup());

/** Renders the dialog and waits for the router to mount it (it registers itself with the API client then). */
async function mount() {
  renderPage(<StepUpDialog />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('Confirm it’s you (step-up dialog)', () => {
  it('asks an authenticator-app member for a code, posts it and answers the token (kept for its 300 s)', async () => {
    let wrong = true;
    const api = fakeApi(apiFetch, {
      'GET /v2/user/mfa': () => status('totp'),
      'POST /v2/auth/step-up': () => {
        if (wrong) {
          wrong = false;
          throw serverError(400, 'Incorrect or already used code', 'code_invalid');
        }
        return { step_up_token: 'ST1', expires_in: 300 };
      },
    });
    const user = userEvent.setup();
    await mount();
    let answer: Promise<string | null> = Promise.resolve(null);
    act(() => {
      answer = requestStepUp();
    });
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(screen.queryByLabelText('Password')).toBeNull();
    const code = await screen.findByLabelText('Code from your authenticator app or a recovery code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Incorrect or already used code')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await answer).toBe('ST1');
    expect(api.callsTo('POST', '/v2/auth/step-up').map((c) => c.body)).toEqual([
      { code: '123456' },
      { code: '123456' },
    ]);
    expect(currentStepUpToken()).toBe('ST1');
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('asks a member without a second factor for the password; an SMS member gets a Send code button', async () => {
    fakeApi(apiFetch, { 'GET /v2/user/mfa': () => status('none') });
    await mount();
    act(() => void requestStepUp());
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.queryByLabelText(/Code/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
    cleanup();

    fakeApi(apiFetch, { 'GET /v2/user/mfa': () => status('sms') });
    await mount();
    act(() => void requestStepUp());
    expect(await screen.findByLabelText('Code sent by SMS')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    // The code is texted once the password is given.
    expect(screen.getByRole('button', { name: 'Send code' }).hasAttribute('disabled')).toBe(true);
  });

  it('cancel answers null: the request that asked fails', async () => {
    fakeApi(apiFetch, { 'GET /v2/user/mfa': () => status('totp') });
    const user = userEvent.setup();
    await mount();
    let answer: Promise<string | null> = Promise.resolve('x');
    act(() => {
      answer = requestStepUp();
    });
    await screen.findByLabelText('Code from your authenticator app or a recovery code');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await answer).toBeNull();
    expect(currentStepUpToken()).toBeNull();
  });
});
