// mcp-naming/openproject: OpenProject's data conventions, with its own .wasm, loaded only by those who import this
// entry. Every decision is made in the Rust core; this file only converts and checks types.
import * as glue from './glue-openproject.mjs';
import { NamingError, lazyCore, describe, invalidArgument, string, strings, object, number, call } from './shared.mjs';

export { NamingError };

let wasm = () => {
  throw new Error('mcp-naming: import mcp-naming/openproject by its name, not this file');
};

/** Called once by the entry file with the .wasm (base64 text, or a WebAssembly.Module in workerd). */
export default function install(source) {
  wasm = lazyCore(glue, source);
}

/** A duration as ISO 8601: "2h 30m" -> "PT2H30M", "90m" -> "PT1H30M", "PT2H" -> "PT2H". */
export function parseDuration(text) {
  string(text, 'text');
  return call(() => wasm().parse_duration(text));
}

/** An ISO 8601 duration as people write it: "PT2H30M" -> "2h 30m". */
export function formatDuration(iso) {
  string(iso, 'iso');
  return call(() => wasm().format_duration(iso));
}

/** The collection envelope: { items, offset, page_size, total, next_offset }. */
export function pageEnvelope(items, page) {
  if (!Array.isArray(items)) throw invalidArgument(`items must be an array, got ${describe(items)}`);
  const [offset, pageSize, total, next] = call(() => wasm().page(items.length, page));
  return { items, offset, page_size: pageSize, total, next_offset: next < 0 ? null : next };
}

/** The numeric id at the end of a HAL href, or null. */
export function idFromHref(href) {
  if (href === null || href === undefined) return null;
  string(href, 'href');
  return wasm().id_from_href(href) ?? null;
}

/** A HAL link for display; the undisclosed URN is { id: null, title: "Restricted", restricted: true }. */
export function linkValue(link) {
  object(link, 'link');
  if (link.href !== null && link.href !== undefined) string(link.href, 'link.href');
  if (link.title !== null && link.title !== undefined) string(link.title, 'link.title');
  return wasm().link_value(link.href ?? undefined, link.title ?? undefined);
}

/** "Error: [Category] - description." for an HTTP status, in OpenProject's taxonomy. */
export function errorMessage(status, details) {
  number(status, 'status');
  if (details !== undefined && details !== null) string(details, 'details');
  return call(() => wasm().error_message(status, details ?? undefined));
}

/** The candidate a name resolves to: identifier exact, then name exact, then name contains (case-insensitive). */
export function resolveByName(query, candidates) {
  string(query, 'query');
  if (!Array.isArray(candidates)) throw invalidArgument(`candidates must be an array, got ${describe(candidates)}`);
  const names = candidates.map((c, i) => string(object(c, `candidates[${i}]`).name, `candidates[${i}].name`));
  const identifiers = candidates.map((c, i) => (c.identifier === undefined || c.identifier === null ? null : string(c.identifier, `candidates[${i}].identifier`)));
  // Case folding is JavaScript's own (Unicode-aware), so the .wasm carries no case tables.
  const fold = (list) => list.map((s) => (s === null ? null : s.toLowerCase()));
  return candidates[call(() => wasm().resolve_by_name(query, query.toLowerCase(), names, identifiers, fold(names), fold(identifiers)))];
}

/** "customField16" -> "custom_field_16". */
export function customFieldName(key) {
  string(key, 'key');
  return call(() => wasm().custom_field_name(key));
}

/** Throws NamingError duplicate_tool_name when a tool name is registered twice. */
export function checkToolRegistry(names) {
  strings(names, 'names');
  call(() => wasm().check_tool_registry(names));
}

/** A real calendar date "YYYY-MM-DD" as { year, month, day }; throws invalid_date otherwise. */
export function parseDate(text) {
  string(text, 'text');
  return call(() => wasm().parse_date(text));
}

