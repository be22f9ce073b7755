import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApprovalRule } from '@meridian/contract/approvals';
import { toast } from '@/lib/toast';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { fakeApi, renderPage } from '@/test/render-page';
import { RulesPage } from './rules-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
window.scrollTo = (() => {}) as typeof window.scrollTo;

const RULE: ApprovalRule = {
  urn: 'APRULE1',
  name: 'Every beneficiary',
  action: 'beneficiary',
  conditions: {},
  steps: [{ approvals: 1, roles: ['finance_approver'] }],
  active: true,
  livemode: true,
  created_by: 'admin@acme.test',
  created_at: '2026-03-01T06:00:00.000Z',
  updated_at: '2026-03-01T06:00:00.000Z',
};
const held = (urn: string, message: string) => ({ approval_urn: urn, status: 'PENDING_APPROVAL', message });

/** The rules as the server has them: an `approval_rule` rule holds every change (202). */
function setup() {
  return fakeApi(apiFetch, {
    'GET /meridian/read/fetch/approvals/rules': () => ({ data: [RULE] }),
    'PUT /v2/approval_rules/APRULE1': () =>
      held(
        'APR_R1',
        'The change of rule APRULE1 waits for approval (APR_R1): it is made only once approved.',
      ),
    'DELETE /v2/approval_rules/APRULE1': () =>
      held(
        'APR_R2',
        'The deletion of rule APRULE1 waits for approval (APR_R2): it is made only once approved.',
      ),
  });
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(toast.success).mockClear();
});
afterEach(cleanup);

describe('/approvals/rules', () => {
  it('says a rule change an approval rule holds (202) waits; the rule stays as it was', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderPage(<RulesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Every beneficiary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Every beneficiary”' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Every new beneficiary');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Waiting for approval: the change of “Every beneficiary” (APR_R1)',
        {
          description:
            'The change of rule APRULE1 waits for approval (APR_R1): it is made only once approved.',
        },
      ),
    );
    expect(toast.success).not.toHaveBeenCalledWith('Rule saved');
    expect(api.callsTo('PUT', '/v2/approval_rules/APRULE1')[0]!.body).toMatchObject({
      name: 'Every new beneficiary',
      action: 'beneficiary',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('cell', { name: 'Every beneficiary' })).toBeTruthy();
  });

  it('says a deletion an approval rule holds (202) waits; the rule stays listed', async () => {
    setup();
    const user = userEvent.setup();
    renderPage(<RulesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Every beneficiary' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete rule' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Waiting for approval: deleting “Every beneficiary” (APR_R2)',
        {
          description:
            'The deletion of rule APRULE1 waits for approval (APR_R2): it is made only once approved.',
        },
      ),
    );
    expect(toast.success).not.toHaveBeenCalledWith('Rule deleted');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('cell', { name: 'Every beneficiary' })).toBeTruthy();
  });
});
