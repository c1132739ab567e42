import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
const reqs = [];
page.on('response', async (r) => { if (r.url().includes('/pagefind/')) reqs.push(`${r.status()} ${r.url().replace(/^https?:\/\/[^/]+/, '')} ${(await r.body().catch(() => Buffer.alloc(0))).length}`); });
await page.goto(process.argv[2]);
await page.waitForTimeout(3000);
console.log(reqs.join('\n'));
await browser.close();
