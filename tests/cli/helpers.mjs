// Shared by the tests/cli suites: the package as a user installs it (npm pack of pkg/, installed
// into a scratch project with the official SDK beside it), the bin it puts in node_modules/.bin,
// and scratch git repositories holding the files a test lints.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PKG = join(ROOT, 'pkg');
// Outside the repository, so nothing resolves from its node_modules: a project of its own.
const CACHE = join(tmpdir(), 'mcp-naming-cli-tests');
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The SDK version the repository's own tests use (root devDependencies), from the npm cache. */
const SDK = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).devDependencies['@modelcontextprotocol/sdk'];
export const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

function hashTree(dir) {
  const h = createHash('sha256');
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else h.update(p.slice(dir.length)).update(readFileSync(p));
    }
  };
  walk(dir);
  return h.digest('hex').slice(0, 16);
}

const npm = (cwd, ...args) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * A scratch project with the packed package installed (and, with `sdk`, the official SDK),
 * made once for each build of pkg/ and kept in the system's temporary folder.
 */
export function consumer({ sdk = true } = {}) {
  const key = `consumer-${sdk ? 'sdk' : 'bare'}-${hashTree(PKG)}`;
  const dir = join(CACHE, key);
  if (!existsSync(join(dir, 'node_modules', '.bin', 'mcp-naming'))) {
    mkdirSync(CACHE, { recursive: true });
    for (const old of readdirSync(CACHE).filter((d) => d.startsWith(`consumer-${sdk ? 'sdk' : 'bare'}-`))) rmSync(join(CACHE, old), { recursive: true, force: true });
    const tmp = mkdtempSync(join(CACHE, 'tmp-'));
    const tarball = npm(PKG, 'pack', '--silent', '--pack-destination', tmp).trim().split('\n').pop();
    writeFileSync(join(tmp, 'package.json'), '{ "name": "consumer", "private": true }');
    const deps = [join(tmp, tarball), ...(sdk ? [`@modelcontextprotocol/sdk@${SDK}`] : [])];
    npm(tmp, 'install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...deps);
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another suite made it first
    }
  }
  return { dir, bin: join(dir, 'node_modules', '.bin', 'mcp-naming') };
}

/**
 * Runs the installed bin: { status, stdout, stderr }. `env` adds to a plain environment (no
 * colour forced either way unless the test says so).
 */
export function cli(args, { cwd, input, env = {}, sdk = true } = {}) {
  const { bin } = consumer({ sdk });
  const base = { ...process.env };
  delete base.NO_COLOR;
  delete base.FORCE_COLOR;
  const r = spawnSync(bin, args, { cwd, input, env: { ...base, ...env }, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A scratch git repository holding `files` (path -> text), committed; removed by `done()`. */
export function gitRepo(files, { commit = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-naming-cli-'));
  const git = (...args) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  git('init', '-q');
  git('config', 'user.email', 'test@example.invalid');
  git('config', 'user.name', 'test');
  git('config', 'commit.gpgsign', 'false');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  if (commit) {
    git('add', '-A');
    git('commit', '-q', '-m', 'fixture', '--allow-empty');
  }
  return {
    dir,
    git,
    read: (path) => readFileSync(join(dir, path), 'utf8'),
    write: (path, text) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    },
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A copy of a fixture folder in a scratch git repository. */
export function fixtureRepo(name) {
  const repo = gitRepo({}, { commit: false });
  cpSync(join(FIXTURES, name), repo.dir, { recursive: true });
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'fixture');
  return repo;
}

/** The findings of `lint --format json` (or check-gateway), with the run's status. */
export function jsonRun(args, opts) {
  const r = cli([...args, '--format', 'json'], opts);
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    throw new Error(`not JSON (status ${r.status}): ${r.stdout.slice(0, 500)}\n${r.stderr.slice(0, 500)}`);
  }
  return { ...r, report, findings: report.findings };
}

/** `file:line:code` of each finding, for comparing with what a fixture expects. */
export const keys = (findings) => findings.map((f) => `${f.file}:${f.line}:${f.code}`);
