import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settled } from './settled.ts';

/**
 * Runs axe on the page as it has settled (settled.ts) and expects no violation (each listed with its target and
 * the start of its HTML). A toast or a dialog fading in has, for that moment, the contrast of its opacity, which
 * axe reports as color-contrast (CI once caught a toast's title so).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`,
    ),
  ).toEqual([]);
}
