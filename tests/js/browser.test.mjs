// The package and the playground in headless Chromium (Debian's, driven by playwright-core).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';

const CHROMIUM = '/usr/lib/chromium/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
let server;
let browser;
let base;

before(async () => {
  server = await serve(0);
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
});

after(async () => {
  await browser?.close();
  await new Promise((done) => (server ? server.close(done) : done()));
});

async function open(path) {
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto(base + path);
  return { page, problems };
}

test('the browser entry imports and validates in Chromium', async () => {
  const { page, problems } = await open('/');
  const result = await page.evaluate(async () => {
    const m = await import('/pkg/browser.mjs');
    let thrown = null;
    try { m.parseToolName('mp:x', 'chora'); } catch (e) { thrown = [e.name, e.code, e instanceof m.NamingError]; }
    return {
      report: m.validateToolName('😀ѕerena', 'mcp'),
      batch: m.validateToolNames(['fs.write', 'fs'], 'registry'),
      thrown,
      fitted: m.fitToolName('a'.repeat(70), 'anthropic').length,
    };
  });
  assert.deepEqual(result.report.errors.map((d) => [d.code, d.start, d.end]), [['non_ascii_character', 0, 2], ['confusable_character', 2, 3]]);
  assert.equal(result.report.suggestion, 'serena');
  assert.deepEqual(result.batch, [true, false]);
  assert.deepEqual(result.thrown, ['NamingError', 'namespace_too_short', true]);
  assert.equal(result.fitted, 64);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the playground validates as you type and applies the suggestion', async () => {
  const { page, problems } = await open('/#name=MyProject%3ACreateTask&convention=chora');
  await page.waitForSelector('#verdict.invalid');
  assert.equal(await page.textContent('#verdict'), 'invalid chora name');
  assert.equal(await page.textContent('#suggestion'), 'myproject:create_task');
  assert.equal(await page.locator('mark.error').count(), 2);
  await page.click('#suggestion');
  await page.waitForSelector('#verdict.valid');
  assert.equal(await page.inputValue('#name'), 'myproject:create_task');
  assert.match(page.url(), /name=myproject%3Acreate_task/);
  mkdirSync('artifacts', { recursive: true });
  await page.screenshot({ path: 'artifacts/playground.png', fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});
