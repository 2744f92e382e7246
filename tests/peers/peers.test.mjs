// The router's peer styles against the peers' own code. The same server/tool lists (the seeds'
// servers, then 10,000 generated lists) go to the peers' installed packages, driven through
// their public APIs by js/oracle.mjs (OpenAI Agents SDK, LangChain MCP adapters, Cloudflare
// agents) and py/oracle.py (openai-agents and FastMCP from PyPI), and to a Router with the
// matching style; the lists the client would see must be equal, name for name and in order, and
// every listed name must route back to a tool of the server that listed it.
//
//   npm ci --prefix tests/peers && bash tests/peers/py/setup.sh && node --test tests/peers/
//   PEER_CASES=1000 node --test tests/peers/     (a shorter run)
//
// A summary per peer (cases compared, agreed, differences by reason) is printed and written to
// target/peers-summary.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router } from 'mcp-naming';
import { register } from 'node:module';
import { generate } from './js/generate.mjs';

// agents/mcp/client imports the workerd built-in `cloudflare:workers`; the shim resolves it.
register('./js/cloudflare-shim.mjs', import.meta.url);
const { normalizeServerId } = await import('agents/mcp/client');

const HERE = dirname(fileURLToPath(import.meta.url));
const COUNT = Number(process.env.PEER_CASES ?? 10_000);
const PYTHON = join(HERE, 'py', '.venv', 'bin', 'python');

const SEEDS = [
  [{ name: 'serena', tools: ['find_symbol', 'get_symbols_overview'] }, { name: 'context7', tools: ['resolve-library-id', 'get-library-docs'] }],
  [{ name: 'memory', tools: ['create_entities', 'read_graph', 'search_nodes'] }, { name: 'github', tools: ['create_issue', 'search_issues', 'delete_repo'] }],
  [{ name: 'everything', tools: ['echo', 'get-sum', 'get-tiny-image', 'printEnv'] }, { name: 'filesystem', tools: ['read_file', 'write_file', 'search_files'] }],
  [{ name: 'memory', tools: ['search'] }, { name: 'github', tools: ['search'] }],
];

/** Oracle id → the router's style for it. */
const STYLES = {
  'openai-agents': { peer: 'openai-agents' },
  langchain: 'langchain',
  'langchain-prefixed': { peer: 'langchain', prefix: 'mcp' },
  'cloudflare-agents': 'cloudflare-agents',
  'cloudflare-agents-normalized': { peer: 'cloudflare-agents', normalize: true },
  'openai-agents-py': { peer: 'openai-agents', sdk: 'python' },
  fastmcp: 'fastmcp',
};

/** What the router answers for one case: the listed names, or why it refused. */
function route(style, servers) {
  let router;
  try {
    router = new Router({ style, servers: servers.map(({ name }) => ({ name })) });
  } catch (e) {
    return { refused: e.code, message: e.message };
  }
  const owners = new Map();
  try {
    for (const { name, tools } of servers) {
      const { exposed } = router.exposeTools(name, { tools: tools.map((t) => ({ name: t, inputSchema: { type: 'object' } })) });
      for (const t of exposed) owners.set(`${name}\0${t.upstream}`, true);
    }
  } catch (e) {
    return { error: e.code, message: e.message };
  }
  const names = router.listTools().tools.map((t) => t.name);
  for (const name of new Set(names)) {
    let target;
    try {
      target = router.mapCallTool({ name });
    } catch (e) {
      // agentgateway-like "calls fail" does not apply to any peer listed here.
      throw new Error(`listed ${JSON.stringify(name)} does not route: ${e.message}`);
    }
    assert.ok(owners.has(`${target.server}\0${target.params.name}`), `${JSON.stringify(name)} routes to a tool its server listed`);
  }
  return { names };
}

/**
 * The router's own input rules (issue 33, the table of argument checks; README "Untrusted
 * input"), which the peers do not have: a server name over 64 characters or with a control
 * character, two server names that differ only in case or separators, a tool name with a
 * control character. A case the router refuses by one of them is not a naming difference; it is
 * counted apart, by rule, and every other refusal still is a difference.
 */
function inputRule(answer) {
  const m = answer.message ?? '';
  if (answer.refused === 'invalid_config' && /is longer than \d+ characters: a server name begins every name/.test(m)) return 'a server name over 64 characters';
  if (answer.refused === 'invalid_config' && /only in case or separators/.test(m)) return 'server names that differ only in case or separators';
  if ((answer.refused === 'invalid_config' || answer.error === 'invalid_tool_name') && /the control character U\+/.test(m)) return 'a control character in a name';
  return undefined;
}

/** Why a refusal of the router is not a difference in naming (checked by message, per case). */
function explain(peer, servers, answer) {
  const names = servers.map((s) => s.name);
  if (answer.refused === 'invalid_config' && new Set(names).size < names.length) return 'two servers with one name (the router needs unique server names)';
  if (peer.startsWith('openai-agents') && /reads as a URL whose redaction/.test(answer.message)) return 'a URL server name the router does not redact';
  return undefined;
}

/** Runs an oracle on `cases` (stdin) and resolves to its JSON answer (stdout). */
function runOracle(command, args, cases) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: HERE, stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${Buffer.concat(err).toString().slice(-2000)}`));
      else resolve(JSON.parse(Buffer.concat(out).toString('utf8')));
    });
    child.stdin.end(JSON.stringify({ cases }));
  });
}

const summary = {};

function compare(peer, cases, theirs) {
  assert.equal(theirs.length, cases.length, `${peer}: one answer per case`);
  const s = { cases: cases.length, agreed: 0, names: 0, bothRefused: 0, byRule: {}, explained: {}, differences: [] };
  cases.forEach(({ servers }, i) => {
    const ours = route(STYLES[peer], servers);
    const expected = theirs[i];
    if (Array.isArray(expected) && ours.names) {
      if (JSON.stringify(ours.names) === JSON.stringify(expected)) {
        s.agreed += 1;
        s.names += expected.length;
      } else {
        s.differences.push({ servers, expected, ours: ours.names });
      }
    } else if (peer === 'cloudflare-agents-normalized' && /has the server id/.test(ours.message ?? '')) {
      // Two names that normalize to one id: addMcpServer refuses them (so does the router), the
      // oracle's connect() replaces the first connection. Compared as what connect keeps.
      const kept = new Map();
      for (const server of servers) {
        const id = normalizeServerId(server.name);
        kept.delete(id);
        kept.set(id, server);
      }
      const survivors = route(STYLES[peer], [...kept.values()]);
      if (JSON.stringify(survivors.names) === JSON.stringify(expected)) {
        s.agreed += 1;
        s.names += expected.length;
        s.refusedAsAddMcpServer = (s.refusedAsAddMcpServer ?? 0) + 1;
      } else if (Array.isArray(expected) && inputRule(survivors)) {
        const rule = inputRule(survivors);
        s.byRule[rule] = (s.byRule[rule] ?? 0) + 1;
      } else {
        s.differences.push({ servers, expected, ours: survivors });
      }
    } else if (!Array.isArray(expected) && (ours.error || ours.refused)) {
      s.agreed += 1;
      s.bothRefused += 1;
    } else if (Array.isArray(expected) && inputRule(ours)) {
      const rule = inputRule(ours);
      s.byRule[rule] = (s.byRule[rule] ?? 0) + 1;
    } else {
      const why = Array.isArray(expected) ? explain(peer, servers, ours) : undefined;
      if (why) s.explained[why] = (s.explained[why] ?? 0) + 1;
      else s.differences.push({ servers, expected, ours });
    }
  });
  summary[peer] = { ...s, differences: s.differences.length };
  const addMcpServer = s.refusedAsAddMcpServer ? `; ${s.refusedAsAddMcpServer} refused as addMcpServer does, the rest equal to what connect keeps` : '';
  console.log(`${peer}: ${s.cases} cases, ${s.agreed} agreed (${s.names} names; ${s.bothRefused} refused by both${addMcpServer}), refused by the router's input rules: ${JSON.stringify(s.byRule)}, explained: ${JSON.stringify(s.explained)}, differences: ${s.differences.length}`);
  const shown = s.differences.slice(0, 3).map((d) => JSON.stringify(d)).join('\n');
  assert.equal(s.differences.length, 0, `${peer}: the router and the peer disagree on ${s.differences.length} cases, such as\n${shown}`);
  const explained = Object.values(s.explained).reduce((a, b) => a + b, 0);
  // The naming comparison must still cover most cases: the input rules may not take half of them.
  const byRule = Object.values(s.byRule).reduce((a, b) => a + b, 0);
  assert.ok(s.agreed >= cases.length * 0.6, `${peer}: only ${s.agreed} of ${cases.length} cases compared (${byRule} refused by the input rules)`);
  assert.ok(explained < cases.length * 0.05, `${peer}: ${explained} cases explained away is too many`);
  return s;
}

const cases = [...SEEDS.map((servers) => ({ servers })), ...generate(42, COUNT).cases];

// Both oracles start at once (they are separate processes: the machine's cores share them).
const js = runOracle(process.execPath, [join(HERE, 'js', 'oracle.mjs'), '--quiet'], cases);
const py = existsSync(PYTHON) ? runOracle(PYTHON, [join(HERE, 'py', 'oracle.py')], cases) : undefined;
py?.catch(() => {});
js.catch(() => {});

test('JavaScript peers: OpenAI Agents SDK, LangChain MCP adapters, Cloudflare agents', async () => {
  const theirs = await js;
  for (const peer of ['openai-agents', 'langchain', 'langchain-prefixed', 'cloudflare-agents', 'cloudflare-agents-normalized']) {
    compare(peer, cases, theirs[peer]);
  }
});

test('Python peers: openai-agents, FastMCP', async (t) => {
  if (!py) {
    if (process.env.PEERS_PY_REFUSED) return t.skip(`PyPI refused the Python peers: ${process.env.PEERS_PY_REFUSED}`);
    assert.fail(`no ${PYTHON}: run bash tests/peers/py/setup.sh`);
  }
  const theirs = await py;
  for (const peer of ['openai-agents-py', 'fastmcp']) compare(peer, cases, theirs[peer]);
});

test.after(() => {
  const dir = join(HERE, '..', '..', 'target');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'peers-summary.json'), JSON.stringify(summary, null, 2) + '\n');
});
