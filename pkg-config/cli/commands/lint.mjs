// mcp-naming lint: finds tool names, server names, permission rules and resource URIs where
// people write them, checks each with the convention, and reports (or fixes) what is wrong.
/** @import { Args, IO, Spec } from '../args.mjs' */
import { readFileSync, writeFileSync } from 'node:fs';
import { UsageError, stringFlag } from '../args.mjs';
import { conventionFlags, conventionHelp, namingOptions, requireConvention } from '../conventions.mjs';
import { collectFiles } from '../scan/walk.mjs';
import { scanConfig } from '../scan/config-files.mjs';
import { scanSource, isSource } from '../scan/source.mjs';
import { scanNamespaces, isNamespacesFile } from '../scan/namespaces-md.mjs';
import { parseLocated, member } from '../scan/json-locate.mjs';
import { checkSite } from '../checks.mjs';
import { finding, locate, count } from '../findings.mjs';
import { applyFixes } from '../fix.mjs';
import { writeReport, formatFlag } from '../report.mjs';
import { colorFlag, Progress } from '../terminal.mjs';

/** @type {Spec} */
export const spec = {
  options: { ...conventionFlags, format: formatFlag, fix: { type: 'boolean' }, color: colorFlag },
};

export const help = `Usage: mcp-naming lint [paths…] --convention C [--format text|json|sarif] [--fix]

Finds the names MCP projects write down and checks each with a naming convention:
  - server names: the keys of "mcpServers" (.mcp.json, claude_desktop_config.json)
  - permission rules: permissions.allow / deny / ask in .claude/settings*.json, and a
    top-level "allow" list (Syntropy's allow-list)
  - Syntropy tool-state files ({ "enabled": [...], "disabled": [...] }), read as syntropy
  - NAMESPACES.md tables: full tool names and resource URI (template) columns
  - tool registrations in source: server.tool('…'), server.registerTool('…'),
    @mcp.tool(name='…'), @mcp.tool() on a Python def (the function's name), Tool(name='…');
    resource URIs: server.resource(…, 'uri'), registerResource, new ResourceTemplate('…'),
    @mcp.resource('…') (checked with --convention chora, the one with a URI grammar)
Paths are files or folders (default: .); in a git work tree a folder's ignored files are skipped.

Prints file:line:col: severity code: message (suggestion: …) for each problem.
  --format, -f F      text (default), json, or sarif (SARIF 2.1.0, for GitHub code scanning)
  --fix               write each unambiguous suggestion in place, then report what is left
  --color WHEN        auto (default: on a terminal, unless NO_COLOR is set), always, never
${conventionHelp}

Exit status: 0 no errors (warnings allowed), 1 errors, 2 bad usage.

Examples:
  mcp-naming lint --convention chora
  mcp-naming lint src .mcp.json --convention mcp --format sarif > mcp-naming.sarif
  mcp-naming lint . -c syntropy --fix
`;

/** @import { Site, Context } from '../checks.mjs' */
/** @import { Finding, Located } from '../findings.mjs' */

const MAX_BYTES = 4 * 1024 * 1024;

/**
 * The sites of one file, or null for a file lint does not read.
 * @param {string} path
 * @param {string} text
 * @returns {{ sites: Site[], problem?: { offset: number, message: string } } | null}
 */
function scanFile(path, text) {
  if (/\.jsonc?$/i.test(path)) return scanConfig(path, text);
  if (isNamespacesFile(path)) return { sites: scanNamespaces(path, text) };
  if (isSource(path)) return { sites: scanSource(path, text) };
  return null;
}

/** @param {string} path */
export function wanted(path) {
  return /\.jsonc?$/i.test(path) || isNamespacesFile(path) || isSource(path);
}

/**
 * Syntropy server names from a servers.json ({ "servers": { "syn-<name>": … } }) among the files.
 * @param {string[]} files
 */
function syntropyServers(files) {
  for (const path of files.filter((f) => /(^|\/)servers\.json$/.test(f))) {
    try {
      const servers = member(parseLocated(readFileSync(path, 'utf8')), 'servers');
      const names = (servers?.type === 'object' ? servers.entries : []).map((e) => e.key.value).filter((k) => k.startsWith('syn-')).map((k) => k.slice(4));
      if (names.length > 0) return names;
    } catch {
      // not one
    }
  }
  return undefined;
}

/** @param {string} path */
function read(path) {
  try {
    const buf = readFileSync(path);
    if (buf.length > MAX_BYTES || buf.includes(0)) return null;
    return buf.toString('utf8');
  } catch {
    return null; // gone since git listed it, or unreadable
  }
}

/**
 * Findings of one file's text (located), and how many names it holds.
 * @param {string} path
 * @param {string} text
 * @param {Omit<Context, 'file' | 'taken'>} ctx
 * @returns {{ findings: Located[], names: number }}
 */
function lintText(path, text, ctx) {
  const scanned = scanFile(path, text);
  if (!scanned) return { findings: [], names: 0 };
  /** @type {Finding[]} */
  const found = [];
  if (scanned.problem) {
    const { offset, message } = scanned.problem;
    found.push(finding(path, offset, offset, 'error', 'invalid_json', `not valid JSON: ${message}`));
  }
  /** @param {Site} site */
  const values = (site) => ('node' in site ? [site.node.value] : site.lists.flatMap((l) => l.nodes.map((n) => n.value)));
  const taken = new Set(scanned.sites.flatMap(values));
  let names = 0;
  for (const site of scanned.sites) {
    names += values(site).length;
    found.push(...checkSite(site, { ...ctx, file: path, taken }));
  }
  // Two names that one suggestion would fix into the same name: neither fix is unambiguous.
  /** @type {Map<string | null, number>} */
  const targets = new Map();
  for (const f of found) if (f.fix) targets.set(f.suggestion, (targets.get(f.suggestion) ?? 0) + 1);
  for (const f of found) if (f.fix && (targets.get(f.suggestion) ?? 0) > 1) f.fix = null;
  return { findings: locate(found, new Map([[path, text]])), names };
}

/**
 * @param {Args} args
 * @param {IO} io
 * @returns {number}
 */
export function run({ flags, positionals }, io) {
  const convention = requireConvention(flags);
  let options = namingOptions(flags);
  let files;
  try {
    files = collectFiles(positionals.length ? positionals : ['.']).filter(wanted);
  } catch (e) {
    if (e instanceof Error && 'code' in e && e.code === 'ENOENT') throw new UsageError(e.message);
    throw e;
  }
  if (convention === 'syntropy' && !options?.servers) {
    const servers = syntropyServers(files);
    if (servers) options = { ...options, servers };
  }
  const ctx = { convention, options };
  const progress = new Progress(files.length, { stream: io.stderr });
  /** @type {Located[]} */
  const findings = [];
  let names = 0;
  let fixed = 0;
  files.forEach((path, i) => {
    progress.tick(i + 1, path);
    const text = read(path);
    if (text === null) return;
    let result = lintText(path, text, ctx);
    if (flags.fix) {
      const fixes = result.findings.flatMap((f) => (f.fix ? [f.fix] : []));
      if (fixes.length > 0) {
        const { text: next, applied } = applyFixes(text, fixes);
        writeFileSync(path, next);
        fixed += applied.length;
        result = lintText(path, next, ctx);
      }
    }
    names += result.names;
    findings.push(...result.findings);
  });
  progress.done();
  const { errors, warnings } = count(findings);
  const fixable = findings.filter((f) => f.fix).length;
  const summary = { files: files.length, names, errors, warnings, fixable, fixed };
  writeReport(findings, summary, { format: stringFlag(flags, 'format'), color: stringFlag(flags, 'color'), command: 'lint', stdout: io.stdout, stderr: io.stderr });
  return errors > 0 ? 1 : 0;
}
