import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_MODE_BAND } from '@meridian/contract/modes';
import { installFakeServer, json } from '@/test/fake-server';
import { renderPage } from '@/test/render-page';
import { resetBrowserStorage } from '@/lib/storage/testing';
import { getMode, initMode, noteLiveModeRefused, useMode } from '@/lib/mode';
import { LiveModeNotice } from './live-mode-notice';
import { TestModeBand, TestModeSwitch } from './test-mode';

/** The header's switch and, as the shell shows it, the band in test mode. */
function Header() {
  const mode = useMode();
  return (
    <>
      {mode === 'test' && <TestModeBand />}
      <TestModeSwitch />
    </>
  );
}

function modesAre(modes: { live_mode_enabled: boolean; test_mode_available: boolean }) {
  return installFakeServer({ 'GET /v2/company/modes': () => json(modes) });
}

beforeEach(() => {
  resetBrowserStorage();
  window.history.replaceState(null, '', '/flow');
  initMode('');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Test mode switch and band', () => {
  it('switches to test mode: the band says so in its own words, and the switch back takes it away', async () => {
    const server = modesAre({ live_mode_enabled: true, test_mode_available: true });
    renderPage(<Header />);
    const toggle = await screen.findByRole('switch', { name: 'Test mode' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText(TEST_MODE_BAND)).toBeNull();
    // The company's modes are asked in live mode whatever the switch says.
    expect(server.calls[0]!.headers.get('Meridian-Mode')).toBe('live');

    await userEvent.click(toggle);
    expect(getMode()).toBe('test');
    expect(screen.getByText('Test mode: no real money moves').classList).toContain('bg-test-mode');
    expect(window.location.search).toBe('?mode=test');
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Test mode' }).getAttribute('aria-checked')).toBe('true'),
    );

    await userEvent.click(screen.getByRole('switch', { name: 'Test mode' }));
    expect(getMode()).toBe('live');
    expect(screen.queryByText(TEST_MODE_BAND)).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('is hidden for a company without a test mode, and a tab left in test mode goes back to live', async () => {
    const server = modesAre({ live_mode_enabled: true, test_mode_available: false });
    initMode('?mode=test');
    renderPage(<Header />);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await waitFor(() => expect(getMode()).toBe('live'));
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText(TEST_MODE_BAND)).toBeNull();
  });

  it('shows no switch while the modes are unknown (loading or failed)', async () => {
    const server = installFakeServer({ 'GET /v2/company/modes': () => json({ message: 'no' }, 500) });
    renderPage(<Header />);
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

describe('the band’s colour', () => {
  const src = join(import.meta.dirname, '..', '..');
  const css = readFileSync(join(src, 'styles.css'), 'utf8');

  /** oklch(L C h) → relative luminance (WCAG), through linear sRGB. */
  function luminance(value: string): number {
    const [L, C, h] = /oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)/.exec(value)!.slice(1).map(Number) as [
      number,
      number,
      number,
    ];
    const a = C * Math.cos((h * Math.PI) / 180);
    const b = C * Math.sin((h * Math.PI) / 180);
    const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
    const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
    const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
    const clamp = (x: number) => Math.min(1, Math.max(0, x));
    const r = clamp(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s);
    const g = clamp(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s);
    const bl = clamp(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s);
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  }
  const token = (name: string) => new RegExp(`--${name}: (oklch\\([^)]*\\));`).exec(css)![1]!;

  it('is a token of its own whose text reads at least 4.5:1', () => {
    const background = luminance(token('test-mode'));
    const text = luminance(token('test-mode-foreground'));
    expect((background + 0.05) / (text + 0.05)).toBeGreaterThanOrEqual(4.5);
    // No other token of any theme has the same colour.
    const values = [...css.matchAll(/--[\w-]+: (oklch\([^)]*\));/g)].map((m) => m[1]);
    expect(values.filter((v) => v === token('test-mode'))).toHaveLength(1);
  });

  it('is used by the band alone', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
      });
    const users = files(src)
      .filter((path) => !path.endsWith('.test.tsx') && !path.endsWith('.test.ts'))
      .filter((path) =>
        /\b(bg|text|border|ring|fill|stroke|from|to|via|outline|decoration)-test-mode\b/.test(
          readFileSync(path, 'utf8'),
        ),
      )
      .map((path) => path.slice(src.length + 1));
    expect(users).toEqual(['components/layout/test-mode.tsx']);
  });
});

describe('the notice of live mode not enabled', () => {
  it('on the flow home: live mode, the company’s live mode closed; how to switch and whom to ask', async () => {
    modesAre({ live_mode_enabled: false, test_mode_available: true });
    renderPage(<LiveModeNotice when="closed" />);
    const notice = await screen.findByRole('region', { name: 'Live mode is not enabled yet' });
    expect(notice.textContent).toMatch(/Meridian operations/);
    expect(screen.getByRole('link', { name: 'Help & support' }).getAttribute('href')).toBe(
      '/help-center#support-heading',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Switch to test mode' }));
    expect(getMode()).toBe('test');
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });

  it('says nothing when live mode is open', async () => {
    const server = modesAre({ live_mode_enabled: true, test_mode_available: true });
    renderPage(<LiveModeNotice when="closed" />);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('in the shell: once an answer said 403 live_mode_not_enabled', async () => {
    modesAre({ live_mode_enabled: false, test_mode_available: true });
    renderPage(
      <>
        <LiveModeNotice when="refused" />
        <LiveModeNotice when="closed" />
      </>,
    );
    expect(await screen.findAllByRole('region', { name: 'Live mode is not enabled yet' })).toHaveLength(1);
    noteLiveModeRefused();
    // Never twice: the shell's takes over from the home's.
    await waitFor(() =>
      expect(screen.getAllByRole('region', { name: 'Live mode is not enabled yet' })).toHaveLength(1),
    );
  });
});
