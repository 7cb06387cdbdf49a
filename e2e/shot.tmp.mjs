import { chromium } from 'playwright-core';
const base = 'http://localhost:4100';
const [,, what = 'all'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
async function shot(path, name, { width = 375, dark = false, signIn = false, after } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: dark ? 'dark' : 'light' });
  const page = await context.newPage();
  if (signIn) {
    await page.goto(base + '/#/login');
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('Demo1234!');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/userhome/);
    await page.waitForTimeout(1500);
  }
  await page.goto(base + path);
  await page.waitForTimeout(1500);
  if (after) await after(page);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: !process.env.TOP });
  await context.close();
}
const jobs = {
  plans: () => shot('/#/createaccount', 'plans-375'),
  tabsdark: () => shot('/#/userhome', 'dash-dark-375', { dark: true, signIn: true, after: async (page) => { await page.setViewportSize({ width: 375, height: 200 }); } }),
  tabsdark1280: () => shot('/#/userhome', 'dash-dark-1280', { dark: true, signIn: true, width: 1280 }),
  dash: () => shot('/#/userhome', 'dash-375', { signIn: true }),
  dash1280: () => shot('/#/userhome', 'dash-1280', { signIn: true, width: 1280 }),
};
for (const [name, job] of Object.entries(jobs)) if (what === 'all' || what.split(',').includes(name)) await job();
await browser.close();
