// Conventions and styles, two words for two things. A convention is how a name is written
// where it is read (`-c claude`: Claude Code's qualified `mcp__<server>__<tool>`); a router style
// is how a gateway names what it exposes (`--style claude`: `<server>__<tool>`, which the client
// then shows as `mcp__<gateway>__<server>__<tool>`). A name a style exposes is checked here as the
// client shows it, in the convention of the same name, and its report given back in terms of the
// exposed name.
import { validateToolName } from './naming.mjs';

/** @import { ConventionId, Diagnostic, Options } from './naming.mjs' */
/**
 * @typedef {{ convention: ConventionId, qualifies: boolean, gateway?: string, exposed: string, written: string }} Style
 */

/**
 * The router's own styles: the convention the client's form of their names is checked in, and
 * the prefix the client puts before them (`{gateway}` the gateway's name), if any.
 */
/** @type {Record<string, Style>} */
export const STYLES = {
  syntropy: { convention: 'syntropy', qualifies: true, gateway: 'syntropy', exposed: '<server>_<tool>', written: 'mcp__syntropy__<server>_<tool>' },
  claude: { convention: 'claude', qualifies: true, gateway: 'gateway', exposed: '<server>__<tool>', written: 'mcp__<server>__<tool>' },
  agent: { convention: 'agent', qualifies: false, exposed: '<server>__<tool>', written: '<mcp>__<tool>' },
  chora: { convention: 'chora', qualifies: false, exposed: '<server>:<tool>', written: '<namespace>:<tool>' },
};

export const STYLE_IDS = Object.keys(STYLES);

/**
 * What a client puts before a name `style` exposes (empty for the styles it shows as they are).
 * @param {string} style one of STYLE_IDS
 * @param {string} [gateway]
 */
export function clientPrefix(style, gateway) {
  const s = STYLES[style];
  return s.qualifies ? `mcp__${gateway ?? s.gateway}__` : '';
}

/**
 * The report on `name` as `style` exposes it: its client form checked in the style's
 * convention, spans and suggestion given back on the exposed name; `qualified` the client form.
 * @param {string} name
 * @param {string} style one of STYLE_IDS
 * @param {{ gateway?: string, options?: Options }} [context]
 */
export function validateExposed(name, style, { gateway, options } = {}) {
  const prefix = clientPrefix(style, gateway);
  const qualified = prefix + name;
  const report = validateToolName(qualified, STYLES[style].convention, options);
  /** @param {Diagnostic} d */
  const back = (d) => ({ ...d, start: Math.max(0, d.start - prefix.length), end: Math.max(0, d.end - prefix.length) });
  const suggestion = report.suggestion !== null && report.suggestion.startsWith(prefix) ? report.suggestion.slice(prefix.length) : report.suggestion;
  return { ...report, style, qualified, errors: report.errors.map(back), warnings: report.warnings.map(back), suggestion };
}

/**
 * For a name invalid in `convention` that a style of the same name exposes as it is (a claude
 * style name checked as the claude convention, without its `mcp__<gateway>__`): the style and the
 * note that tells the two apart; otherwise null.
 * @param {string} name
 * @param {string} convention
 * @param {Options} [options]
 */
export function styleNote(name, convention, options) {
  const s = Object.hasOwn(STYLES, convention) ? STYLES[convention] : undefined;
  if (!s || !s.qualifies || name.startsWith('mcp__')) return null;
  const r = validateExposed(name, convention, { options });
  if (!r.valid) return null;
  return {
    style: convention,
    qualified: r.qualified,
    note: `this is the ${convention} style's exposed form (${s.exposed}, shown as ${r.qualified}); the ${convention} convention is the qualified form ${s.written}: check it with --style ${convention}`,
  };
}
