import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it has settled and expects no violation (each listed with its target and the start
 * of its HTML). Settled: the shell's navigation bar has gone (it lingers 400 ms after a navigation), and every
 * finite animation or transition has ended — a toast or a dialog fading in has, for that moment, the contrast of
 * its opacity, which axe reports as color-contrast (CI once caught a toast's title so). Endless ones (spinners,
 * a live indicator's pulse) are left running.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await expect(page.getByTestId('navigation-progress')).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`,
    ),
  ).toEqual([]);
}
