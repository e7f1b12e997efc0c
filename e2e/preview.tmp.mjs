import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:41777';
const [,, out, width, height, ...paths] = process.argv;
const res = await fetch(`${base}/taxi-service/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ email: 'admin@cabdesk.test', password: 'e2e-Admin-Pass-2024', user_type: 'Admin', device_token: '', device_type: 'Web' }) });
const body = await res.json();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ baseURL: base, viewport: { width: Number(width), height: Number(height) }, reducedMotion: 'reduce' });
const page = await context.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
await page.goto('/user-policy');
await page.evaluate(({ token, id }) => { localStorage.setItem('access_token', token); localStorage.setItem('UserId', String(id)); localStorage.setItem('isLogin', '1'); }, { token: body.data.token, id: body.data.user.id });
for (const [i, path] of paths.entries()) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const sw = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  console.log(path, 'scrollWidth/innerWidth', sw);
  await page.screenshot({ path: `${out}-${i}.png`, fullPage: process.env.FULL === "1" });
  if (process.env.BOTTOM === "1") { await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)); await page.waitForTimeout(200); await page.screenshot({ path: `${out}-${i}-bottom.png` }); }
}
await browser.close();
