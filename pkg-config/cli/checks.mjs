// What lint says about each site a scanner found, in the package's own words: its codes, its
// messages and its suggestions. A finding's fix (the suggestion written in place) is offered
// only when it is unambiguous (see `fixFor`).
import {
  validateToolName, validateResourceUri, normalizeServerName, matchesPermission, checkAllowList,
  checkToolState, NamingError,
} from './naming.mjs';
import { finding } from './findings.mjs';

/** @import { ConventionId, Diagnostic, Options } from './naming.mjs' */
/** @import { Finding, Fix } from './findings.mjs' */
/** @import { DecoratorFix, Literal } from './scan/source.mjs' */
/** @import { Site as ConfigSite, NamedList } from './scan/config-files.mjs' */
/**
 * A name a scanner found (source code, NAMESPACES.md, a server name in a JSON file's mcpServers).
 * @typedef {{ kind: 'tool' | 'uri', node: Literal, template?: true, fix?: DecoratorFix, options?: Options }} NameSite
 */
/** @typedef {NameSite | ConfigSite} Site */
/**
 * What a site is checked in: its file, the convention, the options given, and the names the
 * file already has (a fix never makes a second of one).
 * @typedef {{ file: string, convention: ConventionId, options?: Options, taken: Set<string> }} Context
 */

/**
 * Findings for the diagnostics of a report on `node`'s value. With a window { offset, length }
 * the report is on a longer name holding the value at `offset`: diagnostics outside it are left out.
 * @param {string} file
 * @param {Literal} node
 * @param {Diagnostic[]} diagnostics
 * @param {string} what
 * @param {{ offset: number, length: number } | null} [window]
 * @returns {Finding[]}
 */
function fromDiagnostics(file, node, diagnostics, what, window = null) {
  /** @type {Finding[]} */
  const out = [];
  for (const d of diagnostics) {
    const a = d.start - (window?.offset ?? 0);
    const b = d.end - (window?.offset ?? 0);
    if (window && (a < 0 || b > window.length)) continue;
    const inside = node.exact && a >= 0 && b <= node.value.length && b >= a;
    out.push(finding(file, inside ? node.start + a : node.start, inside ? node.start + b : node.end, d.severity, d.code, `${what}: ${d.message}`));
  }
  return out;
}

/**
 * The fix of a site's first finding: its text replaced by the suggestion (or, for a Python
 * function named as a tool, the name written into the decorator). Not offered when the text is
 * not exactly the name (escapes), when the suggestion needs quoting, or when another name of the
 * file already is the suggestion (the fix would make two of one name).
 * @param {{ node: Literal, template?: true, fix?: DecoratorFix }} site
 * @param {string | null | undefined} suggestion
 * @param {Set<string>} taken
 * @returns {Fix | null}
 */
function fixFor(site, suggestion, taken) {
  if (!suggestion || suggestion === site.node.value || !site.node.exact) return null;
  if (/["'`\\\s]/.test(suggestion) || taken.has(suggestion)) return null;
  if (site.template) return null;
  if (site.fix) return { start: site.fix.at, end: site.fix.at, text: site.fix.text(suggestion) };
  return { start: site.node.start, end: site.node.end, text: suggestion };
}

/**
 * @param {Finding[]} findings
 * @param {string | null | undefined} suggestion
 * @param {Fix | null} fix
 */
function withSuggestion(findings, suggestion, fix) {
  findings.forEach((f, i) => {
    f.suggestion = suggestion ?? null;
    if (i === 0) f.fix = fix;
  });
  return findings;
}

/**
 * URI templates (RFC 6570) are checked with each {expression} replaced by letters of its length.
 * @param {string} uri
 */
function fillTemplate(uri) {
  return uri.replace(/\{[^}]*\}/g, (e) => (/^\{[?&]/.test(e) ? '' : 'x'.repeat(e.length)));
}

/**
 * @param {Site} site
 * @param {Context} ctx
 * @returns {Finding[]}
 */
export function checkSite(site, ctx) {
  const { file, convention, options, taken } = ctx;
  if (site.kind === 'rules' || site.kind === 'tool-state' || site.kind === 'server') {
    const opts = options !== undefined && Object.keys(options).length > 0 ? options : undefined;
    if (site.kind === 'server') return checkServer(site, ctx);
    return site.kind === 'rules' ? checkRules(site, ctx, opts) : checkState(site, ctx, opts);
  }
  const node = site.node;
  const merged = { ...options, ...site.options };
  const opts = Object.keys(merged).length > 0 ? merged : undefined; // no object: the fast path
  switch (site.kind) {
    case 'tool': {
      const report = validateToolName(node.value, convention, opts);
      const found = fromDiagnostics(file, node, [...report.errors, ...report.warnings], `tool "${node.value}"`);
      return withSuggestion(found, report.suggestion, fixFor(site, report.suggestion, taken));
    }
    case 'uri': {
      if (convention !== 'chora') return []; // the one convention with a resource URI grammar
      const value = site.template ? fillTemplate(node.value) : node.value;
      const report = validateResourceUri(value, opts?.expectedNamespace ? { expectedNamespace: opts.expectedNamespace } : undefined);
      const exact = { ...node, exact: node.exact && value.length === node.value.length };
      const what = `resource ${site.template ? 'URI template' : 'URI'} "${node.value}"`;
      const found = fromDiagnostics(file, exact, [...report.errors, ...report.warnings], what);
      return withSuggestion(found, report.suggestion, fixFor(site, report.suggestion, taken));
    }
    default:
      return [];
  }
}

/**
 * A server name in mcpServers: Claude Code names its tools mcp__<server>__<tool> with the server
 * name's characters outside [A-Za-z0-9_-] replaced by "_"; with the agent convention the server
 * name is also the <mcp> part of <mcp>__<tool>.
 * @param {{ node: Literal }} site
 * @param {Context} ctx
 */
function checkServer(site, { file, convention, taken }) {
  const node = site.node;
  const name = node.value;
  const normalized = normalizeServerName(name);
  const claude = validateToolName(`mcp__${name}__x`, 'claude');
  const what = `server "${name}" (Claude Code names its tools mcp__${normalized}__<tool>)`;
  const found = fromDiagnostics(file, node, [...claude.errors, ...claude.warnings], what, { offset: 5, length: name.length });
  let suggestion = normalized !== name ? normalized : null;
  if (convention === 'agent') {
    const agent = validateToolName(`${name}__x`, 'agent');
    found.push(...fromDiagnostics(file, node, [...agent.errors, ...agent.warnings], `server "${name}" (as <mcp> in <mcp>__<tool>)`, { offset: 0, length: name.length }));
    if (agent.suggestion?.endsWith('__x') && !suggestion) suggestion = agent.suggestion.slice(0, -3);
  }
  return withSuggestion(found, suggestion, fixFor(site, suggestion, taken));
}

/**
 * The list and index of the entry a file check's diagnostic is about (its path, "enabled[2]").
 * @param {{ path?: string | null }} diagnostic
 */
export function entryOf(diagnostic) {
  const m = /^(\w+)\[(\d+)\]$/.exec(diagnostic.path ?? '');
  return m ? { list: m[1], index: Number(m[2]) } : null;
}

/**
 * Claude Code permission rules (and, with the syntropy convention, Syntropy's allow-list rules).
 * @param {{ lists: NamedList[] }} site
 * @param {Context} ctx
 * @param {Options | undefined} opts
 */
function checkRules(site, ctx, opts) {
  const { file, convention } = ctx;
  /** @type {Finding[]} */
  const out = [];
  for (const { name, nodes } of site.lists) {
    /** @type {Map<Literal, Finding[]>} */
    const byNode = new Map(nodes.map((n) => [n, []]));
    if (convention === 'syntropy') {
      const check = checkAllowList(nodes.map((n) => n.value), opts);
      for (const d of check.errors) {
        const at = entryOf(d);
        const node = (at ? nodes[at.index] : undefined) ?? nodes[0];
        const message = at ? d.message.replace(/^\w+\[/, `${name}[`) : d.message;
        byNode.get(node)?.push(finding(file, node.start, node.end, d.severity, d.code, message));
      }
    }
    for (const node of nodes) {
      const found = byNode.get(node) ?? [];
      /** @type {string | null} */
      let suggestion = null;
      if (node.value.startsWith('mcp__')) {
        try {
          matchesPermission(node.value, 'mcp__x__x');
          const tool = node.value.slice(5).split('__').slice(1).join('__');
          if (convention !== 'syntropy' && tool !== '' && tool !== '*') {
            const report = validateToolName(node.value, 'claude', opts);
            found.push(...fromDiagnostics(file, node, [...report.errors, ...report.warnings], `rule "${node.value}"`));
            suggestion = report.suggestion;
          }
        } catch (e) {
          if (!(e instanceof NamingError)) throw e;
          found.push(finding(file, node.start, node.end, 'error', e.code, e.message));
        }
      }
      if (convention === 'syntropy' && found.length > 0) suggestion = validateToolName(node.value, 'syntropy', opts).suggestion;
      out.push(...withSuggestion(found, suggestion, fixFor({ node }, suggestion, ctx.taken)));
    }
  }
  return out;
}

/**
 * A Syntropy tool-state file, always read with the syntropy convention (it is Syntropy's file).
 * @param {{ lists: NamedList[] }} site
 * @param {Context} ctx
 * @param {Options | undefined} opts
 */
function checkState(site, ctx, opts) {
  const { file } = ctx;
  const state = Object.fromEntries(site.lists.map(({ name, nodes }) => [name, nodes.map((n) => n.value)]));
  const check = checkToolState(state, opts);
  /** @type {Map<Literal, Finding[]>} */
  const byNode = new Map();
  for (const d of check.errors) {
    const at = entryOf(d);
    const nodes = site.lists.find((l) => l.name === at?.list)?.nodes ?? site.lists[0]?.nodes ?? [];
    const node = (at ? nodes[at.index] : undefined) ?? nodes[0];
    if (!node) continue;
    let list = byNode.get(node);
    if (!list) byNode.set(node, (list = []));
    list.push(finding(file, node.start, node.end, d.severity, d.code, d.message));
  }
  /** @type {Finding[]} */
  const out = [];
  for (const [node, found] of byNode) {
    const dup = found.some((f) => f.code === 'duplicate_entry' || f.code === 'enabled_and_disabled');
    const suggestion = validateToolName(node.value, 'syntropy', opts).suggestion;
    out.push(...withSuggestion(found, suggestion, dup ? null : fixFor({ node }, suggestion, ctx.taken)));
  }
  return out;
}
