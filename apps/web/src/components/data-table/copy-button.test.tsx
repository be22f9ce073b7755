import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { CopyButton } from './copy-button';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
afterEach(cleanup);

describe('CopyButton', () => {
  it('copies and confirms where it was clicked, without a toast fading over the page', async () => {
    const user = userEvent.setup();
    render(<CopyButton value="PAY01JTESTURN0001" label="Copy URN" />);
    const button = screen.getByRole('button', { name: 'Copy URN' });
    await user.click(button);
    expect(await navigator.clipboard.readText()).toBe('PAY01JTESTURN0001');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
    expect(button.getAttribute('title')).toBe('Copied');
    expect(toast.success).not.toHaveBeenCalled();
    // Two seconds later the button is ready again.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
    expect(button.getAttribute('title')).toBe('Copy URN');
  });
});
