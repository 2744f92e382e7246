// The peer code each operation replaces, written from the descriptions in the seeds and
// anchors.md (not copied from the projects): what a gateway does today, by hand.

/** Chora's grammar as one plain regex. */
export const CHORA_RE = /^[a-z][a-z0-9]{2,19}:[a-z][a-z0-9_]+$/;

/** The MCP rule as one plain regex (what a JS validation loop does). */
export const MCP_RE = /^[A-Za-z0-9._-]{1,128}$/;

/** The Cloudflare agent's split-based parse (seed 004's `parseMcpToolName`). */
export function agentSplitParse(name) {
  if (!name.includes('__')) return null;
  const [mcpName, ...rest] = name.split('__');
  return { mcpName, toolName: rest.join('__') };
}

/** syntropy-mcp's routing: three regexes, per-server normalization, the pool key and its route. */
const SERVER_ROUTES = {
  'syn-serena': 'mcp__serena__',
  'syn-thinking': 'mcp__sequential-thinking__',
  'syn-context7': 'mcp__context7__',
  'syn-linear': 'mcp__linear-server__',
  'syn-filesystem': 'mcp__filesystem__',
  'syn-git': 'mcp__git__',
  'syn-repomix': 'mcp__repomix__',
  'syn-github': 'mcp__github__',
  'syn-perplexity': 'mcp__perplexity__',
};

function parseSyntropyTool(name) {
  let m = name.match(/^mcp__syntropy__([^_]+)_(.+)$/);
  if (!m) m = name.match(/^mcp__syntropy_([^_]+)_(.+)$/);
  if (!m) m = name.match(/^([^_]+)_(.+)$/);
  return m ? { server: m[1], tool: m[2] } : null;
}

function normalizeToolName(server, tool) {
  return server === 'context7' ? tool.replace(/_/g, '-') : tool;
}

export function syntropyRoute(name) {
  const parsed = parseSyntropyTool(name);
  if (!parsed) throw new Error(`Invalid syntropy tool name: ${name}`);
  const pool = `syn-${parsed.server}`;
  const prefix = SERVER_ROUTES[pool];
  if (!prefix) throw new Error(`Unknown server: ${parsed.server}`);
  return { server: parsed.server, tool: normalizeToolName(parsed.server, parsed.tool), pool, prefix };
}
