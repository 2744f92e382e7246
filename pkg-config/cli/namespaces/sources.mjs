// Where a server's tools come from (for NAMESPACES.md and the clients' views): tools/list,
// resources/list and resources/templates/list results saved as JSON files (or stdin, `-`), or a
// live server, started over stdio or reached over Streamable HTTP, through the official MCP SDK
// (@modelcontextprotocol/sdk, an optional peer dependency: needed only for this).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError, RunError } from '../args.mjs';

/**
 * What a server lists, as saved or as a live server answers: the items of tools/list,
 * resources/list and resources/templates/list (JSON as it came: each a plain object; the
 * commands read the fields they need), and the server's name and version.
 * @typedef {{ tools: Item[], resources: Item[], resourceTemplates: Item[], serverInfo: Item | null }} Listing
 * @typedef {Record<string, any>} Item JSON as it was parsed: its shape is the MCP schema's, not checked here
 */

/** @returns {Listing} */
const empty = () => ({ tools: [], resources: [], resourceTemplates: [], serverInfo: null });

/** @type {readonly ('tools' | 'resources' | 'resourceTemplates')[]} */
const KEYS = ['tools', 'resources', 'resourceTemplates'];

/**
 * Adds what one JSON value holds: a result, a JSON-RPC response, an array of either, of tools,
 * or of tool names.
 * @param {unknown} value
 * @param {Listing} into
 * @param {string} file
 * @returns {void}
 */
function collect(value, into, file) {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((v) => typeof v === 'string')) {
      into.tools.push(...value.map((name) => ({ name })));
    } else if (value.every((v) => v && typeof v === 'object' && typeof v.name === 'string' && !('result' in v))) {
      into.tools.push(...value);
    } else value.forEach((v) => collect(v, into, file));
    return;
  }
  if (!value || typeof value !== 'object') throw new UsageError(`${file}: not a tools/list or resources/list result`);
  /** @type {Item} */
  const object = value;
  if (object.result && typeof object.result === 'object') return collect(object.result, into, file);
  let known = false;
  for (const key of KEYS) {
    const items = object[key];
    if (Array.isArray(items)) {
      into[key].push(...items);
      known = true;
    }
  }
  if (object.serverInfo && typeof object.serverInfo === 'object') {
    into.serverInfo = object.serverInfo;
    known = true;
  }
  if (!known) throw new UsageError(`${file}: no "tools", "resources", "resourceTemplates" or "serverInfo" in it`);
}

/** The text of a file, or of stdin for `-`. @param {string} file */
export function readSource(file) {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    const error = /** @type {NodeJS.ErrnoException} */ (e); // what readFileSync throws
    throw new UsageError(`${file === '-' ? '<stdin>' : file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  }
}

/**
 * What one saved file's text holds (`file` names it in errors).
 * @param {string} text
 * @param {string} file
 * @returns {Listing}
 */
export function fromText(text, file) {
  const into = empty();
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file}: ${/** @type {SyntaxError} */ (e).message}`);
  }
  collect(value, into, file);
  for (const t of into.tools) if (typeof t?.name !== 'string') throw new UsageError(`${file}: a tool without a string "name"`);
  return into;
}

/** @param {string[]} files @returns {Listing} */
export function fromFiles(files) {
  const into = empty();
  for (const file of files) {
    const one = fromText(readSource(file), file);
    for (const key of KEYS) into[key].push(...one[key]);
    into.serverInfo = one.serverInfo ?? into.serverInfo;
  }
  return into;
}

const SDK_MISSING = 'needs the official MCP SDK, an optional peer dependency of mcp-naming: npm install @modelcontextprotocol/sdk';

/**
 * One module of the SDK: beside this package first, then from the working folder. The SDK is an
 * optional peer, imported by a computed specifier: its module is read through the few members
 * used here (Client, the transports), typed where they are used.
 * @param {string} path
 * @param {string} what
 * @returns {Promise<Record<string, any>>}
 */
async function importSdk(path, what) {
  const specifier = `@modelcontextprotocol/sdk/${path}`;
  try {
    return await import(specifier);
  } catch {
    // not installed beside the package (npx with a one-off install, say)
  }
  try {
    const require = createRequire(join(process.cwd(), 'noop.js'));
    const module = await import(pathToFileURL(require.resolve(specifier)).href);
    return module.default && !module.Client && !module.StdioClientTransport && !module.StreamableHTTPClientTransport ? module.default : module;
  } catch {
    throw new RunError(`${what} ${SDK_MISSING}`);
  }
}

/**
 * Every page of a list.
 * @param {(params: { cursor: string } | undefined, options: { timeout: number }) => Promise<Item>} list
 * @param {'tools' | 'resources' | 'resourceTemplates'} key
 * @param {{ timeout: number }} options
 * @returns {Promise<Item[]>}
 */
async function all(list, key, options) {
  /** @type {Item[]} */
  const out = [];
  /** @type {string | undefined} */
  let cursor;
  do {
    /** @type {Item} */
    const page = await list(cursor ? { cursor } : undefined, options);
    out.push(...page[key]);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/**
 * Connects `client` over `transport`, lists tools, resources and templates, and closes it.
 * @param {new (info: { name: string, version: string }) => SdkClient} Client
 * @param {unknown} transport
 * @param {{ timeout: number, label: string, stderrTail?: () => string }} how
 * @returns {Promise<Listing>}
 */
async function listServer(Client, transport, { timeout, label, stderrTail = () => '' }) {
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
    const tail = stderrTail().trim() ? `\nthe server's stderr ended with:\n${stderrTail().trim()}` : '';
    throw new RunError(`could not list the tools of ${label}: ${e instanceof Error ? e.message : String(e)}${tail}`);
  } finally {
    await client.close().catch(() => {});
  }
  return into;
}

/**
 * The SDK's Client, as far as it is used here.
 * @typedef {{ connect(transport: unknown, options: { timeout: number }): Promise<void>,
 *   getServerVersion(): Item | undefined, getServerCapabilities(): Item | undefined,
 *   listTools(params: { cursor: string } | undefined, options: { timeout: number }): Promise<Item>,
 *   listResources(params: { cursor: string } | undefined, options: { timeout: number }): Promise<Item>,
 *   listResourceTemplates(params: { cursor: string } | undefined, options: { timeout: number }): Promise<Item>,
 *   close(): Promise<void> }} SdkClient
 */

/**
 * Starts `command` over stdio, lists its tools, resources and templates, and stops it.
 * @param {string[]} command
 * @param {{ timeout?: number }} [options]
 */
export async function fromServer(command, { timeout = 30_000 } = {}) {
  const { Client } = await importSdk('client/index.js', 'starting a server');
  const { StdioClientTransport } = await importSdk('client/stdio.js', 'starting a server');
  const [cmd, ...args] = command;
  const transport = new StdioClientTransport({ command: cmd === 'node' ? process.execPath : cmd, args, env: { ...process.env }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (/** @type {Buffer} */ chunk) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  return listServer(Client, transport, { timeout, label: JSON.stringify(command.join(' ')), stderrTail: () => stderr });
}

/**
 * Reaches the server at `url` over Streamable HTTP (with `headers`), lists what it serves.
 * @param {string} url
 * @param {{ timeout?: number, headers?: Record<string, string> }} [options]
 */
export async function fromUrl(url, { timeout = 30_000, headers = {} } = {}) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--url ${JSON.stringify(url)} is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`--url must be http: or https: (got ${parsed.protocol})`);
  const { Client } = await importSdk('client/index.js', 'reaching a server');
  const { StreamableHTTPClientTransport } = await importSdk('client/streamableHttp.js', 'reaching a server');
  const transport = new StreamableHTTPClientTransport(parsed, { requestInit: { headers } });
  return listServer(Client, transport, { timeout, label: parsed.href });
}

/**
 * A command line written as one string (`--command "npx -y server --flag 'a b'"`) as its words:
 * split at unquoted whitespace; '…' keeps everything, "…" keeps all but \" and \\, \ outside quotes
 * escapes the next character. An unclosed quote is bad usage.
 * @param {string} text
 */
export function splitCommand(text) {
  /** @type {string[]} */
  const words = [];
  /** @type {string | null} */
  let word = null;
  /** @type {string | null} */
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) word += text[++i];
      else word += c;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i];
    } else word = (word ?? '') + c;
  }
  if (quote !== null) throw new UsageError(`--command has an unclosed ${quote}`);
  if (word !== null) words.push(word);
  if (words.length === 0) throw new UsageError('--command is empty');
  return words;
}
