// Debian's Chromium as every tool here starts it (browser tests, Lighthouse, PWA screenshots): no
// download, no sandbox as root, and no background traffic to hosts this network cannot reach.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
