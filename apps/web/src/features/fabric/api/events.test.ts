import { beforeEach, describe, expect, it } from 'vitest';
import { resetBrowserStorage } from '@/lib/storage/testing';
import { saveSession } from '@/lib/storage';
import { initMode, setMode } from '@/lib/mode';
import { fabricEventsUrl } from './events';

beforeEach(() => {
  resetBrowserStorage();
  window.history.replaceState(null, '', '/fabric');
  saveSession({
    accessToken: 'AT',
    refreshToken: 'RT',
    user: { name: 'Acme', email: 'a@acme.test', client_id: 'C1' },
  });
  initMode('');
});

describe('the fabric event stream’s URL', () => {
  it('names test mode in meridian_mode (EventSource cannot send the header); live has none', () => {
    expect(fabricEventsUrl()).not.toContain('meridian_mode');
    setMode('test');
    const url = new URL(fabricEventsUrl('7')!, 'http://localhost');
    expect(url.searchParams.get('meridian_mode')).toBe('test');
    expect(url.searchParams.get('client_id')).toBe('C1');
    expect(url.searchParams.get('last_event_id')).toBe('7');
  });
});
