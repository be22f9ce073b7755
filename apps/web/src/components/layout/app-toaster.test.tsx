import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast';
import { AppToaster } from './app-toaster';

describe('AppToaster', () => {
  it('renders nothing until a toast is asked for, then loads sonner and shows the waiting toasts', async () => {
    const { container } = render(<AppToaster />);
    expect(container.innerHTML).toBe('');
    act(() => {
      toast.error('Session expired!', { id: 'expired' });
      toast.success('Account updated');
    });
    expect(await screen.findByText('Session expired!')).toBeTruthy();
    expect(await screen.findByText('Account updated')).toBeTruthy();
  });
});
