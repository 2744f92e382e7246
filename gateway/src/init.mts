// `mcp-naming-gateway init --from FILE`: a gateway.json from the MCP servers of a client's config
// file. The formats (each an object of servers by name):
// - Claude Desktop, `claude_desktop_config.json`: `mcpServers.<name>` = `{ command, args, env }`
//   (modelcontextprotocol.io, "Connect to local MCP servers"); other top-level keys are the app's.
// - Claude Code, `.mcp.json` (project scope) and `~/.claude.json` (user scope, `mcpServers` at the
//   top level): `{ type: "stdio" | "http" | "sse", command, args, env, url, headers }`, `${VAR}`
//   and `${VAR:-default}` expanded (code.claude.com/docs/en/mcp); `headersHelper` and `oauth`
//   are Claude Code's own.
// - Cursor, `.cursor/mcp.json` and `~/.cursor/mcp.json`: `{ command, args, env, envFile, url,
//   headers }`, `${env:NAME}`, `${userHome}`, `${workspaceFolder}` interpolated
//   (cursor.com/docs/mcp).
// - VS Code, `.vscode/mcp.json`: `servers.<name>` = `{ type, command, args, env, url, headers }`
//   beside `inputs`.
// The gateway expands `${VAR}`, `${VAR:-default}` and `${env:VAR}` itself, so they are kept as
// written; what it cannot take (an env file, a headers helper, Cursor's editor variables, a
// disabled entry) is left out and reported.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { GatewayConfig, UpstreamConfig } from './config.mjs';

export type ClientFormat = 'claude-desktop' | 'claude-code' | 'cursor' | 'vscode' | 'mcpServers';

export interface Converted {
  format: ClientFormat;
  config: GatewayConfig;
  /** What was left out or changed, one line each. */
  notes: string[];
}

const FORMAT_NAMES: Record<ClientFormat, string> = {
  'claude-desktop': "Claude Desktop's claude_desktop_config.json",
  'claude-code': "Claude Code's .mcp.json",
  cursor: "Cursor's mcp.json",
  vscode: "VS Code's mcp.json",
  mcpServers: 'an mcpServers file',
};
export const formatName = (f: ClientFormat) => FORMAT_NAMES[f];

const STDIO_KEYS = ['type', 'command', 'args', 'env', 'cwd', 'timeout'];
const HTTP_KEYS = ['type', 'url', 'headers', 'timeout'];
const CURSOR_VARS = /\$\{(userHome|workspaceFolder|workspaceFolderBasename|pathSeparator|\/)\}/;

/** Which client wrote `file` (by its name and shape). */
export function detectFormat(file: string, data: Record<string, unknown>): ClientFormat {
  const name = basename(file);
  const parent = basename(dirname(resolve(file)));
  if (data.mcpServers === undefined && typeof data.servers === 'object') return 'vscode';
  if (name === 'claude_desktop_config.json') return 'claude-desktop';
  if (name === '.mcp.json' || name === '.claude.json') return 'claude-code';
  if (parent === '.cursor') return 'cursor';
  if (parent === '.vscode') return 'vscode';
  return 'mcpServers';
}

/** The gateway config for the servers in `text` (the client file's contents). */
export function convert(text: string, file: string, schemaRef: string): Converted {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file} is not JSON: ${(e as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`${file} is not a JSON object`);
  const root = data as Record<string, unknown>;
  const format = detectFormat(file, root);
  const servers = (format === 'vscode' ? root.servers : root.mcpServers) as Record<string, unknown> | undefined;
  if (typeof servers !== 'object' || servers === null) {
    const hint = root.projects ? ' (its servers are under projects.<path>.mcpServers: copy those into an .mcp.json first)' : '';
    throw new Error(`${file} has no ${format === 'vscode' ? 'servers' : 'mcpServers'} object${hint}`);
  }
  const notes: string[] = [];
  const mcpServers: Record<string, UpstreamConfig> = {};
  for (const [name, raw] of Object.entries(servers)) {
    if (typeof raw !== 'object' || raw === null) {
      notes.push(`${name}: left out: not an object`);
      continue;
    }
    const entry = raw as Record<string, unknown>;
    if (entry.disabled === true) {
      notes.push(`${name}: left out: disabled in ${formatName(format)}`);
      continue;
    }
    const http = typeof entry.url === 'string';
    if (!http && typeof entry.command !== 'string') {
      notes.push(`${name}: left out: neither "command" nor "url"`);
      continue;
    }
    const type = entry.type ?? entry.transport;
    if (type !== undefined && !['stdio', 'http', 'sse', 'streamable-http', 'streamableHttp'].includes(String(type))) {
      notes.push(`${name}: left out: transport type ${JSON.stringify(type)} is not one the gateway speaks`);
      continue;
    }
    const keep = http ? HTTP_KEYS : STDIO_KEYS;
    const out: Record<string, unknown> = {};
    for (const key of keep) if (entry[key] !== undefined && key !== 'type') out[key] = entry[key];
    if (type === 'sse') out.type = 'sse';
    else if (http && type !== undefined) out.type = 'http';
    else if (!http && type === 'stdio' && format === 'claude-code') out.type = 'stdio';
    const dropped = Object.keys(entry).filter((k) => !keep.includes(k) && k !== 'transport' && k !== 'disabled');
    if (dropped.length) notes.push(`${name}: left out ${dropped.map((k) => `"${k}"`).join(', ')} (${dropped.map(why).join('; ')})`);
    const text = JSON.stringify(out);
    if (CURSOR_VARS.test(text)) notes.push(`${name}: ${CURSOR_VARS.exec(text)![0]} is Cursor's editor variable, which the gateway does not expand: write the value`);
    mcpServers[name] = out as unknown as UpstreamConfig;
  }
  return { format, config: { $schema: schemaRef, mcpServers, router: { style: 'claude' } }, notes };
}

function why(key: string): string {
  switch (key) {
    case 'envFile': return 'envFile: export its variables where the gateway runs; ${VAR} in env is expanded';
    case 'headersHelper': return 'headersHelper: put the headers in "headers", with ${VAR} for secrets';
    case 'oauth': return 'oauth: a client-side OAuth login; give the upstream a token in "headers"';
    default: return `${key}: not a gateway setting`;
  }
}

/**
 * The `$schema` value for a config written at `out`: the installed package's schema relative to
 * it when the package is installed below the config's folder, else the published one's URL.
 */
export function schemaRefFor(out: string, installed: string, version: string): string {
  const dir = dirname(resolve(out));
  const local = join(dir, 'node_modules', 'mcp-naming-gateway', 'dist', 'schema.json');
  if (existsSync(local) || resolve(installed) === resolve(local)) return `./${relative(dir, local)}`;
  return `https://unpkg.com/mcp-naming-gateway@${version}/dist/schema.json`;
}

/** Reads `file` and converts it. */
export function convertFile(file: string, schemaRef: string): Converted {
  return convert(readFileSync(file, 'utf8'), file, schemaRef);
}
