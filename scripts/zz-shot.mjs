// usage: node shot.mjs BASE name=path[@width] ...
import { chromium } from '@playwright/test';
const [base, ...items] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const item of items) {
  const name = item.slice(0, item.indexOf('=')); const rest = item.slice(item.indexOf('=') + 1);
  const [path, width = '1366', action] = rest.split('@');
  const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, isMobile: Number(width) < 500, deviceScaleFactor: 1 });
  const t = Date.now();
  await page.goto(base + path, { waitUntil: 'networkidle' });
  if (action === 'wait') await page.waitForSelector('.schedule-card, .schedule-status', { timeout: 10000 }).catch(() => {});
  await page.screenshot({ path: `/work/shots/${name}.png`, fullPage: action === 'full' });
  console.log(name, Date.now() - t, 'ms');
  await page.close();
}
await browser.close();
