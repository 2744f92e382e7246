// What NAMESPACES.md is written from: tools/list, resources/list and resources/templates/list
// results saved as JSON files, or a live server started over stdio through the official MCP SDK
// (@modelcontextprotocol/sdk, an optional peer dependency: needed only for this).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError, RunError } from '../args.mjs';

const empty = () => ({ tools: [], resources: [], resourceTemplates: [], serverInfo: null });

/** Adds what one JSON value holds: a result, a JSON-RPC response, an array of either, or of tools. */
function collect(value, into, file) {
  if (Array.isArray(value)) {
    if (value.every((v) => v && typeof v === 'object' && typeof v.name === 'string' && !('result' in v))) {
      into.tools.push(...value);
    } else value.forEach((v) => collect(v, into, file));
    return;
  }
  if (!value || typeof value !== 'object') throw new UsageError(`${file}: not a tools/list or resources/list result`);
  if (value.result && typeof value.result === 'object') return collect(value.result, into, file);
  let known = false;
  for (const key of ['tools', 'resources', 'resourceTemplates']) {
    if (Array.isArray(value[key])) {
      into[key].push(...value[key]);
      known = true;
    }
  }
  if (value.serverInfo && typeof value.serverInfo === 'object') {
    into.serverInfo = value.serverInfo;
    known = true;
  }
  if (!known) throw new UsageError(`${file}: no "tools", "resources", "resourceTemplates" or "serverInfo" in it`);
}

export function fromFiles(files) {
  const into = empty();
  for (const file of files) {
    let value;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new UsageError(`${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
    }
    collect(value, into, file);
  }
  for (const t of into.tools) if (typeof t?.name !== 'string') throw new UsageError('a tool without a string "name"');
  return into;
}

/** The SDK's Client and StdioClientTransport: beside this package first, then from the working folder. */
async function loadSdk() {
  try {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    return { Client, StdioClientTransport };
  } catch {
    // not installed beside the package (npx with a one-off install, say)
  }
  try {
    const require = createRequire(join(process.cwd(), 'noop.js'));
    const client = await import(pathToFileURL(require.resolve('@modelcontextprotocol/sdk/client/index.js')).href);
    const stdio = await import(pathToFileURL(require.resolve('@modelcontextprotocol/sdk/client/stdio.js')).href);
    return { Client: client.Client ?? client.default.Client, StdioClientTransport: stdio.StdioClientTransport ?? stdio.default.StdioClientTransport };
  } catch {
    throw new RunError('starting a server needs the official MCP SDK, an optional peer dependency of mcp-naming: npm install @modelcontextprotocol/sdk');
  }
}

async function all(list, key, options) {
  const out = [];
  let cursor;
  do {
    const page = await list(cursor ? { cursor } : undefined, options);
    out.push(...page[key]);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** Starts `command` over stdio, lists its tools, resources and templates, and stops it. */
export async function fromServer(command, { timeout = 30_000 } = {}) {
  const { Client, StdioClientTransport } = await loadSdk();
  const [cmd, ...args] = command;
  const transport = new StdioClientTransport({ command: cmd === 'node' ? process.execPath : cmd, args, env: { ...process.env }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const client = new Client({ name: 'mcp-naming', version: '1.0.0' });
  const options = { timeout };
  const into = empty();
  try {
    await client.connect(transport, options);
    into.serverInfo = client.getServerVersion() ?? null;
    const caps = client.getServerCapabilities() ?? {};
    if (caps.tools) into.tools = await all((p, o) => client.listTools(p, o), 'tools', options);
    if (caps.resources) {
      into.resources = await all((p, o) => client.listResources(p, o), 'resources', options);
      into.resourceTemplates = await all((p, o) => client.listResourceTemplates(p, o), 'resourceTemplates', options);
    }
  } catch (e) {
    const tail = stderr.trim() ? `\nthe server's stderr ended with:\n${stderr.trim()}` : '';
    throw new RunError(`could not list the tools of ${JSON.stringify(command.join(' '))}: ${e.message}${tail}`);
  } finally {
    await client.close().catch(() => {});
  }
  return into;
}
