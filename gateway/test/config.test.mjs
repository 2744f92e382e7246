// The config file: the JSON Schema generated from its types (dist/schema.json) and the loader that
// checks a file against it and hands `router` to mcp-naming's Router. Every mistake at once, each
// with its path and the nearest key; ${VAR} expansion; the schema held to Ajv's verdicts (an
// independent validator) on valid and broken configs, and the client files of Claude Desktop,
// Claude Code and Cursor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import Ajv from 'ajv';
import { parseConfig, ConfigError, checkSchema, configSchema } from '../dist/index.mjs';
import { BIN, scratch } from './support/gateway.mjs';

const schema = configSchema();
const ajv = new Ajv({ allErrors: true, strict: false });
const validate = ajv.compile(schema);

const problems = (config, env = {}) => {
  try {
    parseConfig(JSON.stringify(config), 'gateway.json', env);
    return [];
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return e.problems.map((p) => `${p.path}: ${p.message}`);
  }
};

const GOOD = {
  $schema: './node_modules/mcp-naming-gateway/dist/schema.json',
  mcpServers: {
    memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: '/tmp/m.jsonl' } },
    remote: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
    legacy: { type: 'sse', url: 'https://old.example.com/sse' },
    code: { type: 'stdio', command: 'node', args: ['server.js'], cwd: '/srv', timeout: 30000 },
  },
  router: { provider: 'anthropic', disabled: [{ server: 'memory', tool: 'delete_*' }], prefixMode: 'conditional' },
  http: { listen: '127.0.0.1:8080', publicUrl: 'https://gw.example.com/mcp', allowedHosts: ['gw.example.com'] },
  auth: {
    tokens: [{ name: 'ci', sha256: `sha256:${'a'.repeat(64)}`, scopes: ['read'] }, { name: 'ops', env: 'OPS_TOKEN' }],
    oauth: { issuer: 'https://auth.example.com/', scopesSupported: ['read'] },
    scopes: { read: [{ server: 'memory', tools: ['read_*', 'search_*'] }, 'remote'], admin: ['*'] },
  },
  log: { format: 'json' },
  metrics: { enabled: true, buckets: [0.01, 0.1, 1] },
};
const ENV = { TOKEN: 't', OPS_TOKEN: 'o'.repeat(20) };

test('a complete config loads; the schema (and Ajv) accept it', () => {
  assert.deepEqual(problems(GOOD, ENV), []);
  assert.equal(validate(GOOD), true, JSON.stringify(validate.errors));
  const { core, config } = parseConfig(JSON.stringify(GOOD), 'gateway.json', ENV);
  assert.equal(config.mcpServers.remote.headers.Authorization, 'Bearer t');
  assert.equal(core.router.style, 'claude');
  assert.deepEqual(core.router.servers, [{ name: 'memory' }, { name: 'remote' }, { name: 'legacy' }, { name: 'code' }]);
  assert.deepEqual(Object.values(core.mcpServers).map((s) => s.type), ['stdio', 'http', 'sse', 'stdio']);
});

test('every mistake at once, each with its path and the nearest key', () => {
  const got = problems({
    mcpServers: {
      memory: { comand: 'npx', args: ['x'] },
      remote: { url: 'https://x.example/mcp', header: {} },
      bad: { url: 'ftp://x.example/' },
    },
    router: { styl: 'claude', disabled: [{ server: 'memory', tool: 'x' }] },
    http: { listen: 'localhost', publicURL: 'https://x' },
    auth: { tokens: [{ name: 'ci', sha256: 'abc' }], scope: {} },
    log: { format: 'yaml' },
    metric: {},
  });
  assert.deepEqual(got, [
    'mcpServers.memory: missing "command"',
    'mcpServers.memory.comand: unknown key "comand": did you mean "command"?',
    'mcpServers.remote.header: unknown key "header": did you mean "headers"?',
    'http.listen: "localhost" does not match ^(\\[[0-9a-fA-F:.]+\\]|[^:\\s]+):[0-9]{1,5}$',
    'http.publicURL: unknown key "publicURL": did you mean "publicUrl"?',
    'auth.tokens[0].sha256: "abc" does not match ^sha256:[0-9a-f]{64}$',
    'auth.scope: unknown key "scope": did you mean "scopes"?',
    'log.format: "yaml" is not one of "text", "json"',
    'metric: unknown key "metric": did you mean "metrics"?',
    'router.styl: unknown key "styl": did you mean "style"?',
  ]);
});

test('what the schema cannot say: URLs, exactly one of sha256/env, unset variables, scopes naming servers', () => {
  assert.deepEqual(problems({
    mcpServers: { memory: { command: '${NODE_BIN}', env: { A: '${UNSET_VAR:-fallback}' } }, remote: { url: 'ftp://x.example/' } },
    auth: {
      tokens: [{ name: 'a', sha256: `sha256:${'0'.repeat(64)}`, env: 'X' }, { name: 'a', env: 'SHORT', scopes: ['reed'] }],
      scopes: { read: ['memroy'], all: [{ server: 'remote' }] },
      oauth: { issuer: 'https://auth.example.com/' },
    },
  }, { SHORT: 'abc' }), [
    'mcpServers.memory.command: ${NODE_BIN}: the environment variable NODE_BIN is not set',
    'mcpServers.remote.url: "ftp://x.example/" is not an http: or https: URL',
    'auth.tokens[0]: give exactly one of "sha256" and "env"',
    'auth.tokens[0].env: the environment variable X is not set',
    'auth.tokens[1].env: the token in SHORT is shorter than 16 characters',
    'auth.tokens[1].name: "a" names another token too',
    'auth.tokens[1].scopes[0]: no scope "reed" in auth.scopes (did you mean "read"?)',
    'auth.scopes.read[0]: no server "memroy" in mcpServers (did you mean "memory"?)',
    "auth.oauth: give http.publicUrl (the gateway's URL, the audience tokens are issued for) or auth.oauth.audience",
  ]);
});

test("router mistakes come from the Router's own reader, with their paths under router", () => {
  const got = problems({ mcpServers: { memory: { command: 'x' } }, router: { style: 'claud', servers: [{ name: 'memory', upstream: 'dashes' }], provider: 'antropic' } });
  assert.ok(got.length >= 2, got.join('\n'));
  assert.ok(got.every((p) => p.startsWith('router')), got.join('\n'));
  assert.ok(got.some((p) => /^router\.style/.test(p) && /claude/.test(p)), got.join('\n'));
  assert.ok(got.some((p) => /^router\.provider/.test(p) && /anthropic/.test(p)), got.join('\n'));
});

test('not JSON: the line and column', () => {
  assert.throws(() => parseConfig('{\n  "mcpServers": {,\n}', 'g.json', {}), (e) => e instanceof ConfigError && /line 2, column/.test(e.problems[0].message));
});

test('the schema agrees with Ajv on every broken variant of the complete config', () => {
  // Each variant breaks one thing the schema says; the loader's schema check and Ajv must agree.
  const variants = [
    (c) => (c.mcpServers.memory.args = 'x'),
    (c) => (c.mcpServers.memory.env = { A: 1 }),
    (c) => (c.mcpServers.remote.type = 'websocket'),
    (c) => (c.mcpServers.remote.timeout = 0),
    (c) => delete c.mcpServers.remote.url,
    (c) => (c.http.maxBodyBytes = 10),
    (c) => (c.http.extra = true),
    (c) => (c.auth.tokens[0].scopes = 'read'),
    (c) => (c.auth.oauth.issuer = 'auth.example.com'),
    (c) => (c.auth.scopes.read = [{ tools: ['x'] }]),
    (c) => (c.log.decisions = 'yes'),
    (c) => (c.metrics.buckets = ['1']),
    (c) => (c.mcpServers = []),
    (c) => delete c.mcpServers,
    (c) => (c.router.prefixMode = 'sometimes'),
    (c) => (c.router.servers = [{ nam: 'memory' }]),
  ];
  for (const [i, change] of variants.entries()) {
    const c = structuredClone(GOOD);
    change(c);
    const ours = checkSchema(c);
    assert.equal(validate(c), false, `variant ${i}: Ajv accepts it`);
    assert.ok(ours.length > 0, `variant ${i}: the loader's schema check accepts it; Ajv says ${JSON.stringify(validate.errors)}`);
  }
  assert.deepEqual(checkSchema(GOOD), []);
});

test('the client files users have pass the schema as gateway configs (their mcpServers part)', () => {
  for (const file of ['claude_desktop_config.json', 'claude-code.mcp.json', 'cursor-mcp.json']) {
    const data = JSON.parse(readFileSync(new URL(`./fixtures/clients/${file}`, import.meta.url), 'utf8'));
    const config = { mcpServers: Object.fromEntries(Object.entries(data.mcpServers).filter(([, s]) => !s.envFile && !s.headersHelper)) };
    assert.equal(validate(config), true, `${file}: ${JSON.stringify(validate.errors)}`);
    assert.deepEqual(checkSchema(config), [], file);
  }
});

test('the command line: a config with problems exits 2 listing them; `schema` prints the shipped schema', () => {
  const s = scratch();
  const file = s.path('gateway.json');
  const { writeFileSync } = require_fs();
  writeFileSync(file, JSON.stringify({ mcpServers: { m: { comand: 'x' } }, htp: {} }));
  const r = spawnSync(process.execPath, [BIN, '--config', file], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /3 problems/);
  assert.match(r.stderr, /mcpServers\.m\.comand: unknown key "comand": did you mean "command"\?/);
  assert.match(r.stderr, /htp: unknown key "htp": did you mean "http"\?/);
  const out = spawnSync(process.execPath, [BIN, 'schema'], { encoding: 'utf8' });
  assert.equal(out.status, 0);
  assert.deepEqual(JSON.parse(out.stdout), schema);
  s.done();
});

import * as fs from 'node:fs';
function require_fs() { return fs; }

test("the agent Worker's gateway.json (examples/agent-worker/test/fixtures) is a gateway config the Node gateway loads too", () => {
  const text = readFileSync(new URL('../../examples/agent-worker/test/fixtures/gateway.json', import.meta.url), 'utf8');
  const env = { MEMORY_URL: 'http://127.0.0.1:1/mcp', SECURED_URL: 'http://127.0.0.1:2/mcp', SECURED_TOKEN: 'x' };
  const { core } = parseConfig(text, 'gateway.json', env);
  assert.deepEqual(Object.keys(core.mcpServers), ['memory', 'secured']);
  assert.equal(core.mcpServers.secured.headers.Authorization, 'Bearer x');
  assert.equal(validate(JSON.parse(text)), true, JSON.stringify(validate.errors));
});

test("the READMEs' gateway.json examples are configs the gateway loads (the repository's is 12 lines)", () => {
  const env = { GITHUB_TOKEN: 'g', GATEWAY_TOKEN: 't'.repeat(20) };
  for (const [file, heading] of [['../../README.md', '## Run the gateway'], ['../README.md', '## gateway.json']]) {
    const readme = readFileSync(new URL(file, import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf(`\n${heading}\n`));
    const block = section.split('```json\n')[1].split('```')[0];
    assert.deepEqual(problems(JSON.parse(block), env), [], file);
    assert.equal(validate(JSON.parse(block)), true, `${file}: ${JSON.stringify(validate.errors)}`);
    if (file === '../../README.md') assert.ok(block.trim().split('\n').length <= 12, `${block.trim().split('\n').length} lines`);
  }
});
