import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page has settled: the shell's navigation bar has gone (it lingers 400 ms after a navigation),
 * and every finite animation or transition has ended (a dialog fading in, the sidebar sliding after a resize).
 * Endless ones (spinners, a live indicator's pulse) are left running. Before measuring a layout or scanning it:
 * on a loaded machine a transition can still be running when the element it moves is already visible.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('navigation-progress')).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}
