import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3100';
const [,, pw, lang, width, prefix, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run'] });
const ctx = await browser.newContext({ baseURL: base, viewport: { width: Number(width), height: 860 }, locale: lang });
const page = await ctx.newPage();
await page.goto('/login');
await page.getByTestId('login-username').fill('admin');
await page.getByTestId('login-password').fill(pw);
await page.getByTestId('login-submit').click();
await page.getByTestId('page-index').waitFor();
for (const p of paths) {
  await page.goto(p);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/walk/${prefix}-${p.replace(/\//g,'_')}.png`, animations: 'disabled' });
}
console.log('ok', page.url());
await browser.close();
