// How this machine runs a browser: Debian's Chromium (Playwright cannot download its own here),
// with the flags that keep it off the closed network. Used by Playwright and the helper scripts.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
