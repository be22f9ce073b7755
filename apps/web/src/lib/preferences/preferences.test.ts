import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, fontPreference, isDarkTheme, parseFont, parseTheme, themePreference } from './theme';
import { parseTeam, teamPreference } from './team';
import { DEFAULT_NOTIFICATIONS, parseNotifications } from './notifications';
import { dateFormatPreference, densityPreference, timeZonePreference } from './display';

afterEach(() => localStorage.clear());

describe('theme and font validation', () => {
  it('accepts the four themes and falls back to light', () => {
    for (const t of ['light', 'dark', 'system', 'brand']) expect(parseTheme(t)).toBe(t);
    for (const bad of [null, '', 'DARK', 'solarized', ' light']) expect(parseTheme(bad)).toBe('light');
  });

  it('accepts inter, manrope and system fonts and falls back to inter', () => {
    for (const f of ['inter', 'manrope', 'system']) expect(parseFont(f)).toBe(f);
    for (const bad of [null, 'comic-sans', 'Inter']) expect(parseFont(bad)).toBe('inter');
  });

  it('reads and writes the prefixed keys theme-init.js reads', () => {
    expect(themePreference.key).toBe('staging_theme');
    expect(fontPreference.key).toBe('staging_font');
    localStorage.setItem('staging_theme', 'neon');
    expect(themePreference.get()).toBe('light');
    themePreference.set('brand');
    expect(localStorage.getItem('staging_theme')).toBe('brand');
    expect(themePreference.get()).toBe('brand');
  });

  it('notifies subscribers on set and on a change from another tab', () => {
    const listener = vi.fn();
    const off = fontPreference.subscribe(listener);
    fontPreference.set('manrope');
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'staging_font' }));
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'staging_other' }));
    expect(listener).toHaveBeenCalledTimes(2);
    off();
  });

  it('resolves dark for dark, and for system only when the OS prefers dark', () => {
    expect(isDarkTheme('dark', false)).toBe(true);
    expect(isDarkTheme('system', true)).toBe(true);
    expect(isDarkTheme('system', false)).toBe(false);
    expect(isDarkTheme('brand', true)).toBe(false);
    expect(isDarkTheme('light', true)).toBe(false);
  });

  it('applies classes to the root element like theme-init.js', () => {
    const root = document.createElement('html');
    applyTheme('brand', root, true);
    expect(root.className).toBe('brand');
    expect(root.dataset.theme).toBe('brand');
    applyTheme('system', root, true);
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.classList.contains('brand')).toBe(false);
  });
});

describe('team preference', () => {
  it('accepts only the three team names, anything else reads as meridian', () => {
    for (const t of ['meridian', 'flow', 'fabric']) expect(parseTeam(t)).toBe(t);
    for (const bad of [null, '', 'Flow', 'admin', '"flow"']) expect(parseTeam(bad)).toBe('meridian');
  });

  it('persists under staging_team', () => {
    teamPreference.set('fabric');
    expect(localStorage.getItem('staging_team')).toBe('fabric');
    localStorage.setItem('staging_team', 'hacker');
    expect(teamPreference.get()).toBe('meridian');
  });
});

describe('display and notification preferences', () => {
  it('defaults to Asia/Kolkata, the first date format and comfortable density', () => {
    expect(timeZonePreference.get()).toBe('Asia/Kolkata');
    expect(dateFormatPreference.get()).toBe('MMM dd, yyyy HH:mm');
    expect(densityPreference.get()).toBe('comfortable');
    localStorage.setItem(timeZonePreference.key, 'Not/AZone');
    expect(timeZonePreference.get()).toBe('Asia/Kolkata');
    timeZonePreference.set('Europe/London');
    expect(timeZonePreference.get()).toBe('Europe/London');
  });

  it('keeps only known boolean notification settings', () => {
    expect(parseNotifications(null)).toEqual(DEFAULT_NOTIFICATIONS);
    expect(parseNotifications('{bad json')).toEqual(DEFAULT_NOTIFICATIONS);
    const parsed = parseNotifications(
      JSON.stringify({ sms: { payouts: true, reports: 'yes', extra: true }, push: {} }),
    );
    expect(parsed.sms).toEqual({ payouts: true, reports: false, security: true });
    expect(parsed.email).toEqual(DEFAULT_NOTIFICATIONS.email);
    expect(parsed).not.toHaveProperty('push');
  });
});
