// The npm package's side of python/tests/test_differential.py: reads {calls, routers} as JSON on
// stdin, answers each call through the built package (pkg/, its CommonJS entries for Node) and
// writes the answers as JSON on stdout. A call is {fn, args}; a router is {config, steps: [{call,
// args}]} run on one Router. Each answer is {ok: value} or {error: {code, message, suggestions,
// diagnostics}}, keys in snake_case as the Python package writes them (MCP objects kept). What
// JSON cannot carry comes as {"$": "NaN" | "Infinity" | "-Infinity" | "undefined"} (revived
// here; the Python side revives the same as float("nan"), float("inf"), None).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const pkg = process.argv[2];
const n = { ...require(`${pkg}/node.cjs`), ...require(`${pkg}/registry.node.cjs`), ...require(`${pkg}/openproject.node.cjs`) };

// Where an answer holds MCP objects (protocol keys as they are), per call: '' is all of it.
const MCP = { listTools: '', listPrompts: '', listResources: '', listResourceTemplates: '', rewriteResult: '', rewriteToolsList: '',
  discoveryResult: '', mapCallTool: 'params', mapGetPrompt: 'params', mapReadResource: 'params', rewriteNotification: 'forward', pageEnvelope: 'items',
  // MCP 2026-07-28: MCP objects, and the core's contract types (listen decisions, filters) with their JSON keys.
  discover: '', initialize: '', listResult: '', forward: 'params', rewriteResponse: 'result', listened: 'forward', listen: '',
  acknowledge: '', controlListen: '' };
const snake = (k) => k.replace(/(?<=[a-z0-9])([A-Z])/g, (_, c) => `_${c.toLowerCase()}`);

function keys(v, call) {
  const keep = MCP[call];
  if (keep === '') return v;
  const walk = (x, top) => {
    if (Array.isArray(x)) return x.map((y) => walk(y, false));
    if (x !== null && typeof x === 'object') {
      return Object.fromEntries(Object.entries(x).map(([k, y]) => [snake(k), top && k === keep ? y : walk(y, false)]));
    }
    return x;
  };
  return walk(v, true);
}

function run(fn, call) {
  try {
    const v = fn();
    return { ok: keys(v === undefined ? null : v, call) };
  } catch (e) {
    if (!(e instanceof n.NamingError)) return { error: { code: `not a NamingError: ${e}` } };
    return { error: keys({ code: e.code, message: e.message, suggestions: [...e.suggestions], diagnostics: e.diagnostics }, '') };
  }
}

const SPECIAL = { NaN, Infinity, '-Infinity': -Infinity, undefined };
const revive = (v) => {
  if (Array.isArray(v)) return v.map(revive);
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === '$' && v.$ in SPECIAL) return SPECIAL[v.$];
    return Object.fromEntries(keys.map((k) => [k, revive(v[k])]));
  }
  return v;
};


const input = revive(JSON.parse(readFileSync(0, 'utf8')));
// Which of the asked Router methods this build of the package has (`methods`: the names).
const methods = Object.fromEntries((input.methods ?? []).map((m) => [m, typeof n.Router.prototype[m] === 'function']));
const calls = input.calls.map((c) => run(() => n[c.fn](...c.args), c.fn));
const routers = input.routers.map((r) => {
  let router;
  const made = run(() => {
    router = new n.Router(r.config);
    return null;
  }, '');
  if (made.error) return [made];
  return [made, ...r.steps.map((s) => run(() => router[s.call](...s.args), s.call))];
});
process.stdout.write(JSON.stringify({ calls, routers, methods }));
