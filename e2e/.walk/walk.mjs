import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3200';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function session(email, width) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(base + '/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Meridian#Demo2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/flow$/);
  return { page, errors };
}
const paths = process.argv.slice(3);
const who = process.argv[2];
for (const width of [1280, 390]) {
  const { page, errors } = await session(who, width);
  for (const p of paths) {
    await page.goto(base + p);
    await page.waitForTimeout(2500);
    const name = `${p.replaceAll('/', '_')}_${width}`;
    await page.screenshot({ path: `/tmp/walk/${name}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(width, p, 'overflow', overflow, 'errors', errors.splice(0).join(' | ').slice(0, 300));
  }
  await page.close();
}
await browser.close();
