// SARIF 2.1.0 (OASIS), as GitHub code scanning reads it: one run, a rule for each code that
// occurs, each finding a result with its region (UTF-16 columns), the places it refers to as
// related locations, and its fix where --fix would make one. A finding in no file (a live
// server's tool) has a logical location, the tool's name.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
const VERSION = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

/** @import { Located } from '../findings.mjs' */

/** @param {string} file */
const uri = (file) => file.split('/').map((s) => (s === '..' || s === '.' ? s : encodeURIComponent(s))).join('/');
/** @param {string} file */
const absolute = (file) => file.startsWith('/');

/**
 * The physical location of a place in a file.
 * @param {{ file: string | null, line?: number, column?: number, endLine?: number, endColumn?: number }} p
 */
function location(p) {
  const file = p.file ?? '';
  return {
    physicalLocation: {
      artifactLocation: absolute(file) ? { uri: pathToFileURL(file).href } : { uri: uri(file), uriBaseId: '%SRCROOT%' },
      region: { startLine: p.line, startColumn: p.column, endLine: p.endLine, endColumn: p.endColumn },
    },
  };
}

/**
 * @param {Located[]} findings
 * @param {{ cwd?: string, command?: string }} [options]
 */
export function formatSarif(findings, { cwd = process.cwd(), command = 'lint' } = {}) {
  /** @type {{ id: string, shortDescription: { text: string } }[]} */
  const rules = [];
  /** @type {Map<string, number>} */
  const ruleIndex = new Map();
  const results = findings.map((f) => {
    if (!ruleIndex.has(f.code)) {
      ruleIndex.set(f.code, rules.length);
      rules.push({ id: f.code, shortDescription: { text: `mcp-naming: ${f.code.replace(/_/g, ' ')}` } });
    }
    /** @type {Record<string, unknown>} */
    const result = {
      ruleId: f.code,
      ruleIndex: ruleIndex.get(f.code),
      level: f.severity === 'error' ? 'error' : 'warning',
      message: { text: f.suggestion ? `${f.message} (suggestion: ${f.suggestion})` : f.message },
      locations: [f.file === null ? { logicalLocations: [{ name: f.label, kind: 'function' }] } : location(f)],
    };
    if (f.client) result.properties = { client: f.client, tool: f.tool, shown: f.shown };
    if (f.related.length > 0) {
      result.relatedLocations = f.related.map((r, id) => ({ id, ...location(r), message: { text: r.message } }));
    }
    if (f.fix && !f.fixed) {
      result.fixes = [{
        description: { text: `write ${f.suggestion}` },
        artifactChanges: [{
          artifactLocation: location(f).physicalLocation.artifactLocation,
          replacements: [{ deletedRegion: f.fix.region, insertedContent: { text: f.fix.text } }],
        }],
      }];
    }
    return result;
  });
  const log = {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: { driver: { name: 'mcp-naming', semanticVersion: VERSION, version: VERSION, informationUri: 'https://www.npmjs.com/package/mcp-naming', rules } },
      automationDetails: { id: `mcp-naming/${command}/` },
      originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(cwd.endsWith('/') ? cwd : `${cwd}/`).href } },
      columnKind: 'utf16CodeUnits',
      results,
    }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
