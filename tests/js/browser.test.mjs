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
  mkdirSync('artifacts', { recursive: true });
});

after(async () => {
  await browser?.close();
  await new Promise((done) => (server ? server.close(done) : done()));
});

async function open(path, viewport) {
  const page = await browser.newPage(viewport ? { viewport } : {});
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto(base + path);
  await page.waitForSelector('body[data-ready]');
  return { page, problems };
}

const marks = (page, scope) => page.locator(`${scope} mark`).evaluateAll((ms) => ms.map((m) => [m.className, m.textContent]));

test('the browser entry imports and validates in Chromium', async () => {
  const { page, problems } = await open('/');
  const result = await page.evaluate(async () => {
    const m = await import('/pkg/index.mjs');
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

test('playground: names in several conventions, spans, suggestions, parts, conversions, providers', async () => {
  const { page, problems } = await open('/');
  // The default: an invalid Chora name.
  assert.equal(await page.textContent('#verdict'), 'invalid chora name');
  assert.deepEqual(await marks(page, '#highlight'), [['error', 'MyProject'], ['error', 'CreateTask']]);
  assert.equal(await page.textContent('#suggestion'), 'myproject:create_task');
  await page.click('#suggestion');
  assert.equal(await page.textContent('#verdict'), 'valid chora name');
  assert.equal(await page.inputValue('#name'), 'myproject:create_task');
  assert.deepEqual(await page.locator('#parts tr').allTextContents(), ['namespacemyproject', 'toolcreate_task']);
  assert.ok((await page.locator('#conversions tr').allTextContents()).includes('agentmyproject__create_task'));
  assert.equal(await page.textContent('#providers li.fail:has-text("openai") code'), 'myproject_create_task');
  assert.equal(await page.locator('#providers li.pass:has-text("gemini")').count(), 1);
  assert.match(page.url(), /name=myproject%3Acreate_task/);

  // Syntropy, typed key by key: the verdict follows every keystroke; Enter applies the suggestion.
  await page.selectOption('#convention', 'syntropy');
  await page.fill('#name', '');
  await page.locator('#name').pressSequentially('mcp__syntropy_thinking');
  assert.equal(await page.textContent('#verdict'), 'invalid syntropy name');
  await page.locator('#name').pressSequentially('_sequentialthinking');
  assert.deepEqual(await marks(page, '#highlight'), [['error', 'mcp__syntropy_']]);
  assert.match(await page.textContent('#diagnostics'), /single_underscore_after_gateway/);
  await page.press('#name', 'Enter');
  assert.equal(await page.inputValue('#name'), 'mcp__syntropy__thinking_sequentialthinking');
  assert.equal(await page.textContent('#verdict'), 'valid syntropy name');
  assert.ok((await page.locator('#conversions tr').allTextContents()).includes('claudemcp__sequential-thinking__sequentialthinking'));

  // mcp: an error and a warning on the same space.
  await page.selectOption('#convention', 'mcp');
  await page.fill('#name', 'get user');
  assert.equal(await page.textContent('#verdict'), 'invalid mcp name');
  assert.deepEqual(await marks(page, '#highlight'), [['error', ' ']]);
  assert.match(await page.textContent('#diagnostics'), /contains_space/);

  // agent: valid with a warning and a suggestion.
  await page.selectOption('#convention', 'agent');
  await page.fill('#name', 'memory_save');
  assert.equal(await page.textContent('#verdict'), 'valid agent name');
  assert.deepEqual(await marks(page, '#highlight'), [['warning', 'memory_']]);
  assert.equal(await page.textContent('#suggestion'), 'memory__save');

  // Detection across every convention.
  await page.selectOption('#convention', 'all');
  await page.fill('#name', 'memory__save');
  assert.equal(await page.textContent('#verdict'), 'valid in: mcp, agent');

  // The URL reproduces the state.
  const url = page.url();
  const again = await open(url.slice(base.length));
  assert.equal(await again.page.inputValue('#name'), 'memory__save');
  assert.equal(await again.page.inputValue('#convention'), 'all');
  assert.equal(await again.page.textContent('#verdict'), 'valid in: mcp, agent');
  await again.page.close();
  assert.deepEqual([...problems, ...again.problems], []);
  await page.screenshot({ path: 'artifacts/playground-name.png', fullPage: true });
  await page.close();
});

test('playground: resource URIs', async () => {
  const { page, problems } = await open('/#mode=uri&uri=myproject%2Ftemplates%2Fdaily-report.md');
  assert.equal(await page.textContent('#uri-verdict'), 'invalid resource URI');
  assert.match(await page.textContent('#uri-diagnostics'), /missing_scheme_separator/);
  await page.click('#uri-suggestion');
  assert.equal(await page.inputValue('#uri'), 'myproject://templates/daily-report.md');
  assert.equal(await page.textContent('#uri-verdict'), 'valid resource URI');
  assert.deepEqual(await page.locator('#uri-parts tr').allTextContents(), ['namespacemyproject', 'typetemplates', 'iddaily-report.md']);
  await page.fill('#uri', 'coda://docs/abc123?limit=100&q=a%20b');
  assert.ok((await page.locator('#uri-parts tr').allTextContents()).includes('query qa b'));
  assert.deepEqual(problems, []);
  await page.close();
});

test('playground: router mode with the seed 003 configuration', async () => {
  const { page, problems } = await open('/#mode=router', { width: 390, height: 900 });
  assert.equal(await page.textContent('#config-status'), 'configuration ok');
  assert.deepEqual(await page.locator('#exposed tbody tr th').allTextContents(), ['context7_resolve_library_id', 'context7_get_library_docs']);
  assert.match(await page.textContent('#route'), /^unknown_tool: Unknown tool: mcp__syntropy__context7_get_library_doc; did you mean/);
  await page.click('#route-suggestions button');
  assert.equal(await page.inputValue('#call'), 'mcp__syntropy__context7_get_library_docs');
  assert.equal(await page.textContent('#route'), '→ server context7, tool get-library-docs (pool syn-context7, prefix mcp__context7__)');
  await page.fill('#call', 'mcp__syntropy__thinking_sequentialthinking');
  assert.equal(await page.textContent('#route'), '→ server thinking, tool sequentialthinking (pool syn-thinking, prefix mcp__sequential-thinking__)');
  // context7 writes "-" where the gateway writes "_": two upstream names that meet collide.
  await page.fill('#tools', 'get-library-docs\nget_library_docs');
  assert.match(await page.textContent('#exposed'), /both expose as "context7_get_library_docs"/);
  // serena keeps its names as they are, but two that differ only in separators are refused.
  await page.selectOption('#server', 'serena');
  await page.fill('#tools', 'find_symbol\nfind-symbol');
  assert.match(await page.textContent('#exposed'), /only in case or separators/);
  await page.fill('#tools', 'find_symbol\nget_symbols_overview');
  assert.deepEqual(await page.locator('#exposed tbody tr th').allTextContents(), ['serena_find_symbol', 'serena_get_symbols_overview']);
  // Side by side: the same tools as Claude Code's style names them, then as the agent style does.
  assert.deepEqual(await page.locator('#compared tbody tr td').allTextContents(), ['mcp__syntropy__serena__find_symbol', 'mcp__syntropy__serena__get_symbols_overview']);
  await page.selectOption('#compare', 'agent');
  assert.deepEqual(await page.locator('#compared tbody tr td').allTextContents(), ['serena__find_symbol', 'serena__get_symbols_overview']);
  // A peer's style: the OpenAI Agents SDK's names, then Cloudflare agents'.
  await page.selectOption('#compare', 'openai-agents');
  assert.deepEqual(await page.locator('#compared tbody tr td').allTextContents(), ['mcp_serena__find_symbol', 'mcp_serena__get_symbols_overview']);
  await page.selectOption('#compare', 'cloudflare-agents');
  assert.deepEqual(await page.locator('#compared tbody tr td').allTextContents(), ['tool_serena_find_symbol', 'tool_serena_get_symbols_overview']);
  await page.screenshot({ path: 'artifacts/playground-router-phone.png', fullPage: true });
  await page.fill('#config', '{ "style": "dots", "servers": [] }');
  assert.match(await page.textContent('#config-status'), /^style: unknown style "dots"/);
  await page.fill('#config', '{ nope');
  assert.match(await page.textContent('#config-status'), /^JSON: /);
  const url = page.url();
  assert.match(url, /mode=router/);
  assert.match(url, /config=/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('playground: "all (detect)" names the near misses with their fix (explainName)', async () => {
  // Seed 003's first common mistake: valid as mcp and agent, and one underscore short of Syntropy.
  const { page, problems } = await open('/#convention=all&name=mcp__syntropy_thinking_sequentialthinking');
  assert.equal(await page.textContent('#verdict'), 'valid in: mcp, agent');
  assert.equal(await page.isVisible('#near-misses-row'), true);
  const misses = await page.locator('#near-misses li').allTextContents();
  assert.equal(misses.length, 1);
  assert.match(misses[0], /^syntropy mcp__syntropy__thinking_sequentialthinking single_underscore_after_gateway one underscore after "syntropy"/);
  await page.click('#near-misses li button');
  assert.equal(await page.inputValue('#name'), 'mcp__syntropy__thinking_sequentialthinking');
  assert.match(await page.textContent('#verdict'), /^valid in: .*syntropy/);
  assert.equal(await page.isVisible('#near-misses-row'), false);
  // A dropped mcp__ prefix: two near misses, the nearest (claude) first.
  await page.fill('#name', 'syntropy__thinking__sequentialthinking');
  assert.deepEqual(await page.locator('#near-misses li strong').allTextContents(), ['claude', 'syntropy']);
  assert.deepEqual(await page.locator('#near-misses li button').allTextContents(), ['mcp__syntropy__thinking__sequentialthinking', 'mcp__syntropy__thinking_sequentialthinking']);
  // Valid nowhere: the nearest fix is the suggestion, marked in the name; Enter applies it.
  await page.fill('#name', 'get user');
  assert.equal(await page.textContent('#verdict'), 'valid in no convention');
  assert.equal(await page.getAttribute('#verdict', 'class'), 'invalid');
  assert.deepEqual(await marks(page, '#highlight'), [['error', ' ']]);
  assert.equal(await page.textContent('#suggestion'), 'get_user');
  await page.press('#name', 'Enter');
  assert.equal(await page.inputValue('#name'), 'get_user');
  assert.match(await page.textContent('#verdict'), /^valid in: mcp, /);
  assert.deepEqual(problems, []);
  await page.screenshot({ path: 'artifacts/playground-detect.png', fullPage: true });
  await page.close();
});

test('playground: the clients panel shows each client\'s names side by side, hashed and colliding ones marked', async () => {
  const { page, problems } = await open('/#mode=router', { width: 390, height: 900 });
  assert.deepEqual(await page.locator('#clients thead th').allTextContents(), ['listed', 'claude-code', 'codex', 'vscode', 'gemini-cli', 'cline', 'openai-agents']);
  // The seed's gateway: every client keeps context7's names readable (nothing marked).
  assert.deepEqual(await page.locator('#clients tbody tr', { has: page.locator('th', { hasText: /^context7_resolve_library_id$/ }) }).locator('th, td').allTextContents(), [
    'context7_resolve_library_id', 'mcp__syntropy__context7_resolve_library_id', 'mcp__syntropy__context7_resolve_library_id',
    'mcp_syntropy_context7_resolve_library_id', 'mcp_syntropy_context7_resolve_library_id', 'syntropy__context7_resolve_library_id',
    'mcp_syntropy__context7_resolve_library_id',
  ]);
  assert.equal(await page.locator('#clients td .tag').count(), 0);
  // A style that keeps the upstream's names: "." and "_" meet in the clients, a long name is cut.
  await page.fill('#config', JSON.stringify({ style: 'fastmcp', servers: [{ name: 'shop' }] }));
  await page.fill('#tools', `get.user\nget_user\n${'x'.repeat(60)}`);
  const cell = (row, client) => page.locator(`#clients tbody tr:nth-child(${row}) td[data-client="${client}"]`);
  assert.equal(await cell(1, 'claude-code').getAttribute('class'), 'client collides');
  assert.equal(await cell(2, 'claude-code').textContent(), 'mcp__gateway__shop_get_user collides');
  assert.match(await cell(1, 'claude-code').getAttribute('title'), /^client_collision: tools "shop_get\.user" and "shop_get_user" all show as "mcp__gateway__shop_get_user" in claude-code/);
  assert.equal(await cell(3, 'claude-code').getAttribute('class'), 'client refused');
  assert.match(await cell(1, 'codex').textContent(), /^mcp__gateway__shop_get_user_[0-9a-f]{12} hashed$/);
  assert.equal(await cell(1, 'gemini-cli').getAttribute('class'), 'client');
  assert.equal(await cell(1, 'gemini-cli').textContent(), 'mcp_gateway_shop_get.user');
  assert.equal(await cell(3, 'gemini-cli').getAttribute('class'), 'client hashed');
  assert.equal(await cell(2, 'cline').textContent(), 'gateway__shop_get_user');
  // The name the user gives the gateway in the client: Codex refuses one with a space.
  await page.fill('#client-server', 'my shop');
  assert.equal(await cell(1, 'claude-code').textContent(), 'mcp__my_shop__shop_get_user collides');
  assert.equal(await cell(1, 'codex').textContent(), 'not listed');
  assert.match(await page.textContent('#client-diagnostics'), /client_refused codex refuses the server name "my shop"/);
  assert.match(page.url(), /clientServer=my\+shop/);
  await page.screenshot({ path: 'artifacts/playground-clients-phone.png', fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test('playground: search over the exposed catalog, and overrides and conflicts in the configuration (issue 26)', async () => {
  const { page, problems } = await open('/#mode=router');
  const hits = () => page.locator('#hits tbody tr').evaluateAll((rs) => rs.map((r) => [...r.cells].map((c) => c.textContent)));
  // The default query over the seed's catalog: context7's docs tool first, found by name, description and parameters.
  const [docs] = await hits();
  assert.deepEqual(docs.slice(0, 4), ['context7_get_library_docs', 'context7', 'get-library-docs', 'name, description, parameters']);
  assert.ok(Number(docs[4]) > 0);
  // Typed key by key: the hits follow; the expected tool comes first, and still does misspelled.
  await page.fill('#search', '');
  assert.match(await page.textContent('#search-status'), /^invalid_argument: the query is empty/);
  assert.equal(await page.locator('#hits tbody tr').count(), 0);
  await page.locator('#search').pressSequentially('find symbol');
  const found = await hits();
  assert.deepEqual(found[0].slice(0, 3), ['serena_find_symbol', 'serena', 'find_symbol']);
  assert.ok(found.every((h, i) => i === 0 || Number(h[4]) <= Number(found[i - 1][4])), 'ranked best first');
  await page.fill('#search', 'fnd symbl');
  assert.equal((await hits())[0][0], 'serena_find_symbol');
  // Words of a description alone, and one server's tools only.
  await page.fill('#search', 'commit history');
  assert.deepEqual((await hits())[0].slice(0, 4), ['git_git_log', 'git', 'git_log', 'description']);
  await page.selectOption('#search-server', 'filesystem');
  await page.fill('#search', 'search');
  assert.deepEqual((await hits()).map((h) => h[0]), ['filesystem_search_files']);
  await page.fill('#search', 'x'.repeat(1025));
  assert.match(await page.textContent('#search-status'), /^invalid_argument: the query is 1025 bytes long/);

  // The overrides preset: github's search_code renamed and re-described, github first for the names both serve.
  await page.selectOption('#preset', 'overrides and conflicts (issue 26)');
  assert.equal(await page.textContent('#config-status'), 'configuration ok');
  const listed = await page.locator('#listed tbody tr').evaluateAll((rs) => rs.map((r) => [...r.cells].map((c) => c.textContent)));
  assert.deepEqual(listed.map(([name]) => name), ['gitlab__create_issue', 'search_code', 'create_issue', 'code_search', 'create_pull_request', 'get_file_contents']);
  assert.deepEqual(listed.find(([name]) => name === 'code_search'), ['code_search', 'Search code on GitHub: every public repository and yours']);
  assert.ok(!listed.some(([name]) => name.includes('delete_project')), 'a tools entry with enabled: false hides the tool');
  assert.equal(await page.textContent('#route'), '→ server github, tool search_code');
  await page.selectOption('#search-server', '');
  await page.fill('#search', 'code search');
  assert.deepEqual((await hits()).map((h) => h.slice(0, 3)), [['code_search', 'github', 'search_code'], ['search_code', 'gitlab', 'search_code']]);
  // The priority switched: gitlab keeps the shared name bare.
  await page.fill('#config', (await page.inputValue('#config')).replace('"priority": [\n      "github"', '"priority": [\n      "gitlab"'));
  assert.equal(await page.inputValue('#preset'), '');
  assert.deepEqual(await page.locator('#listed tbody th').allTextContents(), ['create_issue', 'search_code', 'github__create_issue', 'code_search', 'create_pull_request', 'get_file_contents']);
  // 'manual': the shared name is refused, naming both servers and the way out.
  await page.fill('#config', JSON.stringify({ style: 'agent', servers: [{ name: 'gitlab' }, { name: 'github' }], prefixMode: 'conditional', conflicts: 'manual' }));
  assert.match(await page.textContent('#exposed'), /server "github" tool "create_issue" would expose as "create_issue", which server "gitlab" tool "create_issue" already has/);
  // An unknown key: the package's diagnostic, with the nearest key.
  await page.fill('#config', JSON.stringify({ style: 'agent', servers: [{ name: 'github' }], tool: [] }));
  assert.equal(await page.textContent('#config-status'), 'tool: unknown key "tool": did you mean "tools"?');
  assert.equal(await page.locator('#hits tbody tr').count(), 0);
  assert.deepEqual(problems, []);
  await page.screenshot({ path: 'artifacts/playground-search.png', fullPage: true });
  await page.close();
});

test('playground: code mode over the router\'s catalog (mcp-naming/codemode, loaded on first use), and registry names', async () => {
  const { page, problems } = await open('/#mode=router');
  await page.waitForSelector('body[data-codemode]');
  // The seed's catalog as TypeScript: each server a namespace, each exposed tool a function.
  assert.match(await page.textContent('#cm-status'), /^\d+ tools as typescript functions in 9 namespaces \(view mcp-naming\)$/);
  const row = (call) => page.locator('#codemode tbody tr', { has: page.locator('td:first-child', { hasText: new RegExp(`^${call.replace('.', '\\.')}$`) }) });
  assert.deepEqual(await row('context7.resolveLibraryId').locator('td').allTextContents(), ['context7.resolveLibraryId', 'context7', 'context7_resolve_library_id', '']);
  assert.match(await page.textContent('#cm-declarations'), /declare namespace context7 \{/);
  assert.equal(await page.textContent('#cm-route'), '→ server context7, tools/call resolve-library-id');
  // A misspelt call: unknown_tool with the nearest; a click uses it.
  await page.fill('#cm-call', 'context7.resolveLibraryID');
  assert.match(await page.textContent('#cm-route'), /^unknown_tool: /);
  await page.click('#cm-route-suggestions button');
  assert.equal(await page.inputValue('#cm-call'), 'context7.resolveLibraryId');
  // Python, one file per tool.
  await page.selectOption('#cm-language', 'python');
  await page.selectOption('#cm-layout', 'files');
  assert.deepEqual(await row('context7.resolve_library_id').locator('td').allTextContents(),
    ['context7.resolve_library_id', 'context7', 'context7_resolve_library_id', 'servers/context7/resolve_library_id.py']);
  assert.match(await page.textContent('#cm-declarations'), /# ---- servers\/_runtime\.py/);
  // Registry names as server names: the namespaces their prefixes; a peer view's collision marked.
  await page.selectOption('#preset', 'registry names and code mode (issue 37)');
  await page.selectOption('#cm-language', 'typescript');
  await page.selectOption('#cm-layout', 'object');
  assert.equal(await page.textContent('#config-status'), 'configuration ok');
  assert.deepEqual((await page.locator('#listed tbody th').allTextContents()).filter((n) => n.includes('weather')), [
    'acme-weather__get_forecast', 'acme-weather__get-alerts', 'acme-weather__delete', 'example-weather__get_forecast',
  ]);
  assert.equal(await page.textContent('#cm-route'), '→ server io.github.acme/weather, tools/call get_forecast');
  const calls = await page.locator('#codemode tbody td:first-child code').allTextContents();
  assert.deepEqual([calls[0], calls[2], calls[3]], ['acmeWeather.getForecast', 'acmeWeather.delete_', 'exampleWeather.getForecast']);
  assert.ok(calls.includes('github.createIssue'), calls.join(' '));
  assert.match(await page.locator('#codemode tbody tr:nth-child(2) td:first-child').textContent(), /^acmeWeather\.getAlerts_[0-9a-f]{12} hashed$/);
  assert.equal(await page.getAttribute('#codemode tbody tr:nth-child(3) td:first-child', 'class'), 'renamed');
  await page.selectOption('#cm-view', 'cloudflare-codemode');
  assert.match(await page.textContent('#cm-status'), /view cloudflare-codemode/);
  // The call typed for the other view: unknown_server, and the suggestion keeps the identifier.
  assert.match(await page.textContent('#cm-route'), /^unknown_server: "acmeWeather" is not a namespace of this code mode: did you mean "acme_weather"\?$/);
  await page.click('#cm-route-suggestions button');
  assert.equal(await page.inputValue('#cm-call'), 'acme_weather.getForecast');
  assert.match(await page.textContent('#cm-route'), /^unknown_tool: /);
  await page.click('#cm-route-suggestions button');
  assert.equal(await page.inputValue('#cm-call'), 'acme_weather.get_forecast');
  assert.equal(await page.textContent('#cm-route'), '→ server io.github.acme/weather, tools/call get_forecast');
  await page.screenshot({ path: 'artifacts/playground-codemode.png', fullPage: true });
  // Detect mode: a registry server name, its verdict, problems and fix.
  await page.goto(`${base}/#convention=all&name=io.github.acme/weather`);
  await page.waitForSelector('#server-name-row:not([hidden])');
  assert.equal(await page.textContent('#server-name-verdict'), 'a valid MCP Registry server name: namespace io.github.acme, name weather');
  await page.fill('#name', 'io.github.acme/weather/extra');
  assert.equal(await page.textContent('#server-name-verdict'), 'not a valid MCP Registry server name');
  assert.deepEqual(await marks(page, '#server-name-highlight'), [['error', '/']]);
  assert.match(await page.textContent('#server-name-diagnostics'), /extra_separator/);
  await page.click('#server-name-suggestion');
  assert.equal(await page.inputValue('#name'), 'io.github.acme/weather-extra');
  assert.equal(await page.textContent('#server-name-verdict'), 'a valid MCP Registry server name: namespace io.github.acme, name weather-extra');
  await page.screenshot({ path: 'artifacts/playground-registry-name.png', fullPage: true });
  // A tool name (no "/"): no registry verdict.
  await page.fill('#name', 'get_user');
  assert.equal(await page.isVisible('#server-name-row'), false);
  assert.deepEqual(problems, []);
  await page.close();
});
