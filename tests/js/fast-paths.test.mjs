// The fast paths against the core. The package answers names with the regexes the core emits
// (tables.mjs, written by scripts/emit-tables.mjs from src/convention/fast.rs) instead of
// crossing into wasm, so each must decide exactly what the core decides. For every convention
// (default options), on a million generated names biased toward the edges of its rules, every
// name of the conformance tables, and the hostile-input suite's million strings:
//   length <= maxLength && valid.test(name)   is the core's verdict (is_valid_many_in),
//   length <= maxLength && clean.exec(name)   matches when the core's report (validate_in) has
//                                             no error, no warning and no suggestion, and only then,
//   its named groups (split)                  are that report's parts;
// so a name with a character above 0x7F matches neither and the core finds it invalid, as it
// does every name over maxLength (the package answers both without the core). A failure names
// the first five counterexamples.
//
// The package directory is MCP_NAMING_PKG (default ../../pkg): the core is its shipped names
// .wasm through its own glue, the patterns its tables.mjs. MCP_NAMING_FAST_COUNT sets the
// generated names per convention (default 1,000,000), MCP_NAMING_FAST_HOSTILE the hostile strings
// (default 1,000,000).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hostileStrings } from './helpers.mjs';
import { CONVENTIONS, conventionTable } from './data.mjs';

const DIR = resolve(process.env.MCP_NAMING_PKG ?? fileURLToPath(new URL('../../pkg', import.meta.url)));
const COUNT = Number(process.env.MCP_NAMING_FAST_COUNT ?? 1_000_000);
const HOSTILE = Number(process.env.MCP_NAMING_FAST_HOSTILE ?? 1_000_000);
const BATCH = 8192;
const NON_ASCII = /[^\x00-\x7f]/;
const NONE = 0xffffffff;

// ---- The core, through the raw exports the glue uses.

function loadCore() {
  const glue = createRequire(import.meta.url)(`${DIR}/glue-names.cjs`);
  glue.initSync({ module: readFileSync(`${DIR}/mcp_naming_bg.wasm`) });
  return glue;
}

const core = loadCore();
const [IDS, , PARTS] = core.tables();
const memory = core.wasm_memory();
const encoder = new TextEncoder();
let input = new Uint8Array(0);
let output = new Uint32Array(0);

/** Makes the input buffer hold `bytes`, its view fresh (wasm memory may have grown). */
function room(bytes) {
  if (input.buffer !== memory.buffer || bytes > input.length) {
    const size = Math.max(1024, bytes);
    const at = core.input_buffer(size);
    input = new Uint8Array(memory.buffer, at, size);
  }
}

/** Writes `name` at `at` in the input buffer (ASCII by hand, as the glue does); its UTF-8 length. */
function put(name, at) {
  const n = name.length;
  for (let i = 0; i < n; i++) {
    const ch = name.charCodeAt(i);
    if (ch > 0x7f) return encoder.encodeInto(name, input.subarray(at)).written;
    input[at + i] = ch;
  }
  return n;
}

/** The core's verdicts for many names, in one crossing (the glue's validateToolNames). */
function verdicts(names, c) {
  let units = 0;
  for (const name of names) units += name.length;
  room(units * 3);
  const lengths = new Uint32Array(names.length);
  let at = 0;
  for (let i = 0; i < names.length; i++) {
    const written = put(names[i], at);
    lengths[i] = written;
    at += written;
  }
  return core.is_valid_many_in(at, lengths, c, undefined);
}

/** The core's report of `name`, as far as a clean report goes: valid, clean, parts. */
function report(name, c) {
  room(name.length * 3);
  const ptr = core.validate_in(put(name, 0), c, undefined);
  if (output.buffer !== memory.buffer) output = new Uint32Array(memory.buffer);
  const r = output;
  let at = (ptr >>> 2) + 1;
  const valid = r[at++] === 1;
  const spans = r[at++];
  const spansAt = at;
  at += 2 * spans;
  const diagnostics = r[at++];
  at += 4 * diagnostics;
  const suggestion = r[at++] === 1;
  const clean = valid && diagnostics === 0 && !suggestion;
  let parts = null;
  if (clean) {
    const slice = (k) => (r[spansAt + 2 * k] === NONE ? null : name.slice(r[spansAt + 2 * k], r[spansAt + 2 * k + 1]));
    const names = PARTS[c];
    if (names.length === 1 && names[0] === 'segments') {
      parts = { segments: Array.from({ length: spans }, (_, k) => slice(k)) };
    } else {
      parts = {};
      names.forEach((n, k) => (parts[n] = slice(k)));
    }
  }
  return { valid, clean, parts, diagnostics, suggestion };
}

// ---- The patterns, as the package carries them.

const source = (v, where) => {
  if (v === null || v === undefined) return null;
  if (v instanceof RegExp) {
    assert.equal(v.flags, '', `${where}: a pattern with flags`);
    return v.source;
  }
  return v;
};
const normalize = (all, where) =>
  Object.fromEntries(IDS.map((id) => [id, all[id] ? { valid: source(all[id].valid, `${where} ${id}`), clean: source(all[id].clean, `${where} ${id}`), split: all[id].split ?? null, maxLength: all[id].maxLength } : null]));

const tables = (await import(pathToFileURL(`${DIR}/tables.mjs`))).default;
const PATTERNS = tables.patterns ? normalize(tables.patterns, 'tables.mjs') : null;
// The build's own names .wasm with the `patterns` feature (scripts/build.sh), when it is here.
const EMITTER = fileURLToPath(new URL('../../target/bindgen/patterns/mcp_naming.js', import.meta.url));

test('the package carries the core\'s patterns, as the core emits them now', (t) => {
  assert.ok(PATTERNS, `${DIR}/tables.mjs has no patterns: scripts/build.sh writes them`);
  if (!existsSync(EMITTER) || process.env.MCP_NAMING_PKG) return t.skip('no build tree here to compare with');
  const emitter = createRequire(import.meta.url)(EMITTER);
  assert.deepEqual(PATTERNS, normalize(emitter.fast_patterns(), 'the core'));
});

// ---- Names: generated near the edges of each convention's rules, and the conformance tables.

function rng(seed) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
  return { int: (k) => next() % k, pick: (a) => a[next() % a.length], chance: (p) => next() < p * 0x100000000 };
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = LOWER + DIGITS;
const SNAKE = ALNUM + '_';
const TOOL = LOWER + LOWER.toUpperCase() + DIGITS + '_-';
const MCP = TOOL + '.';
const ALPHABET = TOOL + '.:/ ,@';
// Words the rules single out: vague and reserved words, known servers, built-ins and MCPs,
// actions, plural and singular endings; and the separators and prefixes of the conventions.
const VAGUE = ['get', 'create', 'update', 'delete', 'list'];
const RESERVED = ['chora', 'coda', 'n8n', 'mcp'];
const SERVERS = ['serena', 'thinking', 'context7', 'linear', 'filesystem', 'git', 'repomix', 'github', 'perplexity', 'sequential-thinking', 'linear-server'];
const SYNTROPY_BUILTINS = ['healthcheck', 'init_project', 'enable_tools', 'list_all_tools'];
const AGENT_MCPS = ['memory', 'duyet', 'github'];
const AGENT_BUILTINS = ['plan', 'research', 'subagent', 'request_approval', 'github'];
const ACTIONS = ['list', 'get', 'create', 'update', 'delete', 'search', 'log', 'add', 'remove', 'read', 'set', 'assign', 'find', 'move', 'copy', 'archive', 'fetch', 'lists', 'gets'];
const PLURALS = ['projects', 'statuses', 'status', 'access', 'analysis', 'items', 'bus', 'is', 'ss', 'us', 's', 'as', 'tasks', 'ids', 'news', '2s', 'sss', 'types'];
const WORDS = [...VAGUE, ...RESERVED, ...SERVERS, ...SYNTROPY_BUILTINS, ...AGENT_MCPS, ...AGENT_BUILTINS, ...ACTIONS, ...PLURALS,
  'syntropy', 'fs', 'write', 'edit', 'ast', 'apply_refactor', 'work_package', 'myproject', 'tool', 'x', 'a', 'ab', 'abc', 'Ab', '9a', 'v2', 'my_server', 'find_symbol'];
const PREFIXES = ['mcp__', 'mcp__syntropy__', 'mcp_', 'mcp__syntropy_', 'syntropy__', 'mcp____', '_', '__', 'mcp__mcp__'];
const VERSIONS = ['_v', '_v0', '_v1', '_v2', '_v10', '_v01', '_v00', '_v11', '_v1x', '_V2', 'v2', '_v2_v3', '_v2_v1'];
const SEPARATORS = ['__', '_', ':', '.', '-'];
const LIMITS = [0, 1, 2, 3, 4, 5, 19, 20, 21, 22, 60, 61, 62, 63, 64, 65, 66, 127, 128, 129, 255, 256, 257];

const word = (r, chars = ALNUM, max = 10) => {
  let s = r.pick(LOWER);
  for (let n = r.int(max); n > 0; n--) s += r.pick(chars);
  return s;
};
const some = (r, chars, max) => {
  let s = '';
  for (let n = 1 + r.int(max); n > 0; n--) s += r.pick(chars);
  return s;
};

/** A name likely valid in a convention: its grammar, with its special words often. */
const BUILD = {
  mcp: (r) => (r.chance(0.2) ? r.pick(WORDS) : some(r, MCP, r.chance(0.1) ? 140 : 30)),
  chora: (r) => `${r.chance(0.3) ? r.pick(RESERVED) : word(r, ALNUM, 22)}:${r.chance(0.2) ? r.pick(VAGUE) : word(r, SNAKE, 20)}${r.chance(0.2) ? r.pick(VERSIONS) : ''}`,
  syntropy: (r) => `mcp__syntropy__${r.chance(0.2) ? r.pick(SYNTROPY_BUILTINS) : `${r.pick(SERVERS)}_${r.chance(0.3) ? r.pick(WORDS) : some(r, TOOL, 25)}`}`,
  claude: (r) => `mcp__${r.chance(0.5) ? r.pick(SERVERS) : some(r, TOOL, 15)}__${r.chance(0.3) ? r.pick(WORDS) : some(r, TOOL, 25)}`,
  agent: (r) => {
    switch (r.int(4)) {
      case 0: return `${r.chance(0.5) ? r.pick(AGENT_MCPS) : word(r)}__${r.chance(0.3) ? r.pick(WORDS) : word(r, SNAKE, 20)}`;
      case 1: return r.pick(AGENT_BUILTINS);
      case 2: return `${r.pick(AGENT_MCPS)}_${r.chance(0.3) ? r.pick(WORDS) : word(r, SNAKE, 20)}`;
      default: return word(r, SNAKE, 20);
    }
  },
  openproject: (r) => {
    // `get_` with a plural last word warns: often.
    let s = `${r.chance(0.3) ? 'get' : r.pick(ACTIONS)}_${r.chance(0.2) ? r.pick(PLURALS) : word(r)}`;
    for (let n = r.int(4); n > 0; n--) s += `_${r.chance(0.4) ? r.pick(PLURALS) : some(r, ALNUM, 8)}`;
    return s;
  },
  registry: (r) => Array.from({ length: 1 + r.int(4) }, () => (r.chance(0.2) ? r.pick(WORDS) : word(r, SNAKE, 12))).join('.'),
};

// Padding: random runs of lowercase letters, or of snake_case characters.
const PADS = [LOWER, SNAKE].map((chars) => {
  const r = rng(0x5eed);
  return Array.from({ length: 4096 }, () => r.pick(chars)).join('');
});

/** `s` cut or padded (mostly with lowercase letters) to `n` characters. */
function fit(r, s, n) {
  if (s.length >= n) return r.chance(0.8) ? s.slice(0, n) : s.slice(s.length - n);
  const pad = PADS[r.chance(0.8) ? 0 : 1];
  const from = r.int(pad.length - n);
  return s + pad.slice(from, from + n - s.length);
}

function mutate(r, s) {
  const at = r.int(s.length + 1);
  switch (r.int(10)) {
    case 0: return s.slice(0, at) + r.pick(ALPHABET) + s.slice(at);
    case 1: return s.length === 0 ? s : s.slice(0, at) + s.slice(at + 1);
    case 2: return s.length === 0 ? s : s.slice(0, at) + r.pick(ALPHABET) + s.slice(at + 1);
    case 3: {
      // A separator doubled (or a single one made double).
      const seps = [];
      for (let i = 0; i < s.length; i++) if ('_:.-'.includes(s[i])) seps.push(i);
      if (seps.length === 0) return s + r.pick(SEPARATORS);
      const i = r.pick(seps);
      return s.slice(0, i) + s[i] + s.slice(i);
    }
    case 4: {
      if (s.length === 0) return s;
      const i = r.int(s.length);
      const ch = s[i];
      return s.slice(0, i) + (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()) + s.slice(i + 1);
    }
    case 5: return s.slice(0, at) + (r.chance(0.5) ? r.pick(SEPARATORS) : '') + r.pick(WORDS) + s.slice(at);
    case 6: {
      // One word between separators replaced by a special word.
      const pieces = s.split(/([_:.\-]+)/);
      const words = pieces.map((p, i) => i).filter((i) => i % 2 === 0);
      pieces[r.pick(words)] = r.pick(WORDS);
      return pieces.join('');
    }
    case 7: return r.chance(0.6) ? r.pick(PREFIXES) + s : s.replace(/^(mcp_*|syntropy_*)+/, '');
    case 8: return s + r.pick(VERSIONS);
    default: return fit(r, s, r.pick(LIMITS));
  }
}

const CORPUS = [];
for (const id of CONVENTIONS) for (const c of conventionTable(id).cases) CORPUS.push(c.name);
for (const c of core.conventions()) CORPUS.push(...c.examples.valid, ...c.examples.invalid);

function generate(r, id) {
  const k = r.int(100);
  let s = k < 70 ? BUILD[id](r) : k < 85 ? BUILD[r.pick(IDS)](r) : r.pick(CORPUS);
  if (r.chance(0.25)) s = fit(r, s, r.pick(LIMITS));
  if (!r.chance(0.35)) for (let n = 1 + r.int(3); n > 0; n--) s = mutate(r, s);
  return s;
}

// ---- The comparison.

function compiled(id) {
  const p = PATTERNS[id];
  assert.ok(p, `no patterns for ${id}: the glue sends every ${id} name to the core`);
  assert.ok(Number.isInteger(p.maxLength) && p.maxLength > 0, `${id}: maxLength ${p.maxLength}`);
  return { valid: new RegExp(p.valid), clean: p.clean === null ? null : new RegExp(p.clean), split: p.split, max: p.maxLength };
}

/** The parts as the match gives them: each named group, null when it took no part; a list
 *  part split on `split`. */
function regexParts(m, c, split) {
  const names = PARTS[c];
  if (split !== null) return { [names[0]]: m.groups[names[0]].split(split) };
  const parts = {};
  for (const n of names) parts[n] = m.groups[n] ?? null;
  return parts;
}

function sameParts(a, b) {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length || x.some((v, i) => v !== y[i])) return false;
    } else if (x !== y) {
      return false;
    }
  }
  return true;
}

function newStats() {
  return { names: 0, ascii: 0, valid: 0, clean: 0, counterexamples: [], mismatches: 0 };
}

function bad(stats, name, what, detail) {
  stats.mismatches++;
  if (stats.counterexamples.length < 5) stats.counterexamples.push(`${JSON.stringify(name)}: ${what} (${detail})`);
}

/** Compares the regexes with the core on `names` in convention index `c`. */
function compare(names, c, re, stats) {
  const answers = verdicts(names, c);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    stats.names++;
    const short = name.length <= re.max;
    const v = short && re.valid.test(name);
    const m = !short || re.clean === null ? null : re.clean.exec(name);
    const valid = answers[i] === 1;
    if (NON_ASCII.test(name)) {
      if (v || m) bad(stats, name, 'a regex matches a non-ASCII name', `valid ${v}, clean ${m !== null}, core ${valid}`);
      if (valid) bad(stats, name, 'the core finds a non-ASCII name valid', 'the package answers false without it');
      continue;
    }
    stats.ascii++;
    if (v !== valid) bad(stats, name, short ? 'valid regex disagrees' : 'the core finds a name over maxLength valid', `regex ${v}, core ${valid}`);
    if (valid) stats.valid++;
    if (!valid && m === null) continue;
    const r = report(name, c);
    if (r.valid !== valid) bad(stats, name, 'the core disagrees with itself', `validate_in ${r.valid}, is_valid_many_in ${valid}`);
    if (r.clean) stats.clean++;
    if ((m !== null) !== r.clean) {
      bad(stats, name, 'clean regex disagrees', `regex ${m !== null}, core: ${r.valid ? 'valid' : 'invalid'}, ${r.diagnostics} diagnostics, suggestion ${r.suggestion}`);
    } else if (m) {
      const got = regexParts(m, c, re.split);
      if (!sameParts(got, r.parts)) bad(stats, name, 'parts differ', `regex ${JSON.stringify(got)}, core ${JSON.stringify(r.parts)}`);
    }
  }
}

function summary(id, stats, ms) {
  return `${id}: ${stats.names} names (${stats.ascii} ASCII), ${stats.valid} valid, ${stats.clean} clean, ${stats.mismatches} mismatches, ${(ms / 1000).toFixed(1)} s`;
}

function verdict(id, stats) {
  assert.equal(stats.mismatches, 0, `${id}: ${stats.mismatches} names where a regex and the core disagree; the first:\n  ${stats.counterexamples.join('\n  ')}`);
}

IDS.forEach((id, c) => {
  test(`fast paths = core: ${id}, ${COUNT.toLocaleString('en')} generated names and the conformance tables`, (t) => {
    if (!PATTERNS) return assert.fail('no patterns in the package (see the first test)');
    const started = performance.now();
    const re = compiled(id);
    const stats = newStats();
    compare(CORPUS, c, re, stats);
    const r = rng(0x9e3779b9 ^ Math.imul(c + 1, 0x85ebca6b));
    for (let done = 0; done < COUNT; done += BATCH) {
      const names = [];
      for (let i = Math.min(BATCH, COUNT - done); i > 0; i--) names.push(generate(r, id));
      compare(names, c, re, stats);
    }
    t.diagnostic(summary(id, stats, performance.now() - started));
    // The generator reaches both sides of each rule: many valid names, many clean ones, many not.
    assert.ok(stats.valid > COUNT / 20 && stats.ascii - stats.valid > COUNT / 20, `${id}: the generator is off balance`);
    assert.ok(stats.clean > COUNT / 40 || COUNT < 10_000, `${id}: too few clean names`);
    verdict(id, stats);
  });
});

test(`fast paths = core: the hostile-input suite's ${HOSTILE.toLocaleString('en')} strings, every convention`, (t) => {
  if (!PATTERNS) return assert.fail('no patterns in the package (see the first test)');
  const started = performance.now();
  const hostile = hostileStrings();
  const all = IDS.map(() => newStats());
  const res = IDS.map((id) => compiled(id));
  for (let done = 0; done < HOSTILE; done += BATCH) {
    const names = [];
    for (let i = Math.min(BATCH, HOSTILE - done); i > 0; i--) names.push(hostile());
    IDS.forEach((_, c) => compare(names, c, res[c], all[c]));
  }
  const ms = performance.now() - started;
  IDS.forEach((id, c) => t.diagnostic(summary(`hostile ${id}`, all[c], ms / IDS.length)));
  IDS.forEach((id, c) => verdict(`hostile ${id}`, all[c]));
});
