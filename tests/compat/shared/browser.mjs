// Debian's Chromium (/usr/bin/chromium), driven by the repository's playwright-core, for the
// browser cells: opens a page, waits for the verdict shared/page.mjs writes (or the first page
// error), and returns it with the console errors and failed requests it saw.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.COMPAT_CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Launches Chromium with a fresh user-data-dir; resolves to { open(url), close() }. */
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'compat-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 60_000,
  });
  return {
    open: (url, timeout) => open(context, url, timeout),
    close: async () => {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function open(context, url, timeout = 20_000) {
  const page = await context.newPage();
  const errors = [];
  const failed = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText || 'failed'}`));
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.url()} ${r.status()}`); });
  try {
    await page.goto(url, { waitUntil: 'load', timeout });
    // The verdict, or a page error that stops the module from ever writing one.
    const deadline = Date.now() + timeout;
    let verdict = null;
    while (Date.now() < deadline) {
      verdict = await page.evaluate(() => window.__compat ?? null);
      if (verdict) break;
      if (errors.length > 0) {
        await page.waitForTimeout(300); // let the rest of the errors arrive
        verdict = await page.evaluate(() => window.__compat ?? null);
        break;
      }
      await page.waitForTimeout(100);
    }
    return { verdict, errors, failed, timedOut: !verdict && errors.length === 0 };
  } finally {
    await page.close().catch(() => {});
  }
}
