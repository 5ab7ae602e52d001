// The screenshots of the install sheet (manifest `screenshots`), taken from the real app on the
// emulators with the demo customer: the order screen narrow (720×1280) and the dashboard wide
// (1280×720), saved as WebP in web/public/screenshots/. Run `npm run pwa:screenshots` (it builds
// first) after a visible change to those screens, and commit the images.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInThroughUi } from '../tests/e2e/browser';
import { DEMO_USER } from './lib/demo';
import { ROOT, startStackOnFreePorts } from './lib/emulators';

const OUT = join(ROOT, 'web', 'public', 'screenshots');

/** PNG → WebP through the browser's own encoder (no image library needed). */
async function toWebp(page: Page, png: Buffer, quality = 0.82): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ src, q }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')?.drawImage(image, 0, 0);
      return canvas.toDataURL('image/webp', q);
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, q: quality },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

async function capture(browser: Browser, url: string, name: string, size: { width: number; height: number; scale: number }, path: string) {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: size.scale,
    reducedMotion: 'reduce',
    // The style below that hides the scrollbar is inline, which the site's policy refuses.
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughUi(page, DEMO_USER, /\/(order|dashboard)$/);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  if (path.startsWith('/order')) {
    await page.getByRole('button', { name: /^Followers/ }).click();
    await page.getByRole('radio', { name: /^Real Followers/ }).check();
    await page.getByLabel('Link').fill('https://www.tiktok.com/@shohrat');
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
  } else {
    await page.getByTestId('balance').waitFor();
  }
  await page.waitForLoadState('networkidle');
  // A phone shows no scrollbar gutter; headless Chromium would.
  await page.addStyleTag({ content: '::-webkit-scrollbar { display: none; }' });
  const png = await page.screenshot({ animations: 'disabled' });
  const file = join(OUT, `${name}.webp`);
  writeFileSync(file, await toWebp(page, png));
  console.log(`${file} (${size.width * size.scale}×${size.height * size.scale})`);
  await context.close();
}

const stack = await startStackOnFreePorts({
  emulators: ['firestore', 'auth', 'functions', 'hosting'],
  output: 'file',
  label: 'pwa-screenshots',
});
let browser: Browser | undefined;
try {
  Object.assign(process.env, stack.env);
  const { seed } = await import('./lib/seed');
  await seed();
  browser = await launchBrowser();
  await capture(browser, stack.hostingUrl, 'order-narrow', { width: 360, height: 640, scale: 2 }, '/order');
  await capture(browser, stack.hostingUrl, 'dashboard-wide', { width: 1280, height: 720, scale: 1 }, '/dashboard');
} finally {
  await browser?.close();
  await stack.stop();
}
