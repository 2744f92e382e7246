// The SARIF output of lint and check-gateway validates against the OASIS SARIF 2.1.0 schema
// (tests/cli/fixtures/sarif-schema-2.1.0.json, draft-04, with Ajv), and says what the JSON
// output says: the same findings, places, fixes and related places.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gitRepo, fixtureRepo, cli, jsonRun } from './helpers.mjs';

const require = createRequire(import.meta.url);
const Ajv = require('ajv-draft-04');
const addFormats = require('ajv-formats');
const schema = JSON.parse(readFileSync(new URL('./fixtures/sarif-schema-2.1.0.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

function sarif(args, cwd) {
  const r = cli([...args, '--format', 'sarif'], { cwd });
  const log = JSON.parse(r.stdout);
  const ok = validate(log);
  assert.ok(ok, `not valid SARIF 2.1.0: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
  return { ...r, log };
}

test('the schema check can fail: a log without a tool is refused', () => {
  assert.equal(validate({ version: '2.1.0', runs: [{ results: [] }] }), false);
  assert.equal(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'fatal' }] }] }), false);
});

test('lint --format sarif: valid SARIF 2.1.0 with the findings, regions and fixes of the JSON output', () => {
  const repo = gitRepo({
    '.mcp.json': '{\n  "mcpServers": {\n    "my.server": {}\n  }\n}\n',
    'src/tools.ts': "server.tool('get user', h);\nserver.tool('-edge', h);\n",
    'dir with space/server.py': '@mcp.tool()\ndef fine(): ...\n@mcp.tool(name="x,y")\ndef g(): ...\n',
    'tool-state.json': '{"enabled": ["a_b"], "disabled": ["a_b"]}',
  });
  try {
    const { status, log } = sarif(['lint', '-c', 'mcp'], repo.dir);
    assert.equal(status, 1);
    const { findings } = jsonRun(['lint', '-c', 'mcp'], { cwd: repo.dir });
    const run = log.runs[0];
    assert.equal(run.tool.driver.name, 'mcp-naming');
    assert.equal(run.columnKind, 'utf16CodeUnits');
    assert.equal(run.originalUriBaseIds['%SRCROOT%'].uri, `file://${repo.dir}/`);
    assert.equal(run.results.length, findings.length);
    run.results.forEach((r, i) => {
      const f = findings[i];
      assert.equal(r.ruleId, f.code);
      assert.equal(run.tool.driver.rules[r.ruleIndex].id, f.code);
      assert.equal(r.level, f.severity);
      const { artifactLocation, region } = r.locations[0].physicalLocation;
      assert.equal(decodeURIComponent(artifactLocation.uri), f.file);
      assert.deepEqual(region, { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn });
      assert.equal(r.fixes !== undefined, f.fixable, `${f.file}:${f.line} ${f.code}`);
    });
    assert.ok(run.results.some((r) => r.locations[0].physicalLocation.artifactLocation.uri === 'dir%20with%20space/server.py'));
    const fix = run.results.find((r) => r.fixes).fixes[0].artifactChanges[0];
    assert.equal(fix.artifactLocation.uri, '.mcp.json');
    assert.deepEqual(fix.replacements[0], { deletedRegion: { startLine: 3, startColumn: 6, endLine: 3, endColumn: 15 }, insertedContent: { text: 'my_server' } });
  } finally {
    repo.done();
  }
});

test('lint --format sarif with nothing found is a valid empty run', () => {
  const repo = gitRepo({ 'src/ok.ts': "server.tool('get_user', h);\n" });
  try {
    const { status, log } = sarif(['lint', '-c', 'mcp'], repo.dir);
    assert.equal(status, 0);
    assert.deepEqual(log.runs[0].results, []);
  } finally {
    repo.done();
  }
});

test('check-gateway --format sarif: findings name the other file as a related location', () => {
  const repo = fixtureRepo('syntropy-gateway');
  try {
    repo.write('servers.json', repo.read('servers.json').replace('"syn-serena"', '"syn-linear": {},\n    "syn-serena"'));
    const { status, log } = sarif(['check-gateway', '.'], repo.dir);
    assert.equal(status, 1);
    const results = log.runs[0].results;
    assert.ok(results.length >= 3);
    for (const r of results.filter((x) => x.ruleId.startsWith('missing_'))) {
      assert.equal(r.locations[0].physicalLocation.artifactLocation.uri, 'servers.json');
      assert.equal(r.relatedLocations.length, 1);
      assert.notEqual(r.relatedLocations[0].physicalLocation.artifactLocation.uri, 'servers.json');
    }
  } finally {
    repo.done();
  }
});
