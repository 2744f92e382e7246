// mcp-naming/openproject: OpenProject's data conventions, with its own .wasm, loaded only by those who import this
// entry. Every decision is made in the Rust core; this file only converts and checks types.
import * as glue from './glue-openproject.mjs';
import { NamingError, lazyCore, describe, invalidArgument, string, strings, object, number, call } from './shared.mjs';
import type { WasmSource } from './shared.mjs';

export { NamingError };
export type { Code, Diagnostic } from './shared.mjs';

export interface PageEnvelope<T> {
  items: T[];
  offset: number;
  page_size: number;
  total: number;
  next_offset: number | null;
}

let wasm: () => typeof glue = () => {
  throw new Error('mcp-naming: import mcp-naming/openproject by its name, not this file');
};

/**
 * Called once by the entry file with the .wasm (base64 text, or a WebAssembly.Module in workerd).
 * @internal
 */
export default function install(source: WasmSource): void {
  wasm = lazyCore(glue, source);
}

/**
 * A duration as ISO 8601: "2h 30m" -> "PT2H30M", "90m" -> "PT1H30M", "PT2H" -> "PT2H".
 * @throws NamingError invalid_duration
 */
export function parseDuration(text: string): string {
  string(text, 'text');
  return call(() => wasm().parse_duration(text));
}

/**
 * An ISO 8601 duration as people write it: "PT2H30M" -> "2h 30m".
 * @throws NamingError invalid_duration
 */
export function formatDuration(iso: string): string {
  string(iso, 'iso');
  return call(() => wasm().format_duration(iso));
}

/**
 * The collection envelope: { items, offset, page_size, total, next_offset }.
 * @throws NamingError invalid_offset
 */
export function pageEnvelope<T>(items: T[], page?: { offset?: number; pageSize?: number; total?: number }): PageEnvelope<T> {
  if (!Array.isArray(items)) throw invalidArgument(`items must be an array, got ${describe(items)}`);
  const [offset, pageSize, total, next] = call(() => wasm().page(items.length, page)) as unknown as [number, number, number, number];
  return { items, offset, page_size: pageSize, total, next_offset: next < 0 ? null : next };
}

/** The numeric id at the end of a HAL href, or null. */
export function idFromHref(href: string | null): number | null {
  if (href === null || href === undefined) return null;
  string(href, 'href');
  return wasm().id_from_href(href) ?? null;
}

/** A HAL link for display; the undisclosed URN is { id: null, title: "Restricted", restricted: true }. */
export function linkValue(link: { href: string | null; title?: string }): { id: number | null; title: string | null; restricted: boolean } {
  object(link, 'link');
  if (link.href !== null && link.href !== undefined) string(link.href, 'link.href');
  if (link.title !== null && link.title !== undefined) string(link.title, 'link.title');
  return wasm().link_value(link.href ?? undefined, link.title ?? undefined);
}

/** "Error: [Category] - description." for an HTTP status, in OpenProject's taxonomy. */
export function errorMessage(status: number, details?: string): string {
  number(status, 'status');
  if (details !== undefined && details !== null) string(details, 'details');
  return call(() => wasm().error_message(status, details ?? undefined));
}

/**
 * The candidate a name resolves to: identifier exact, then name exact, then name contains (case-insensitive).
 * @throws NamingError ambiguous_name, not_found
 */
export function resolveByName<T extends { name: string; identifier?: string }>(query: string, candidates: T[]): T {
  string(query, 'query');
  if (!Array.isArray(candidates)) throw invalidArgument(`candidates must be an array, got ${describe(candidates)}`);
  const names = candidates.map((c, i) => string(object(c, `candidates[${i}]`).name, `candidates[${i}].name`));
  const identifiers = candidates.map((c, i) => (c.identifier === undefined || c.identifier === null ? null : string(c.identifier, `candidates[${i}].identifier`)));
  // Case folding is JavaScript's own (Unicode-aware), so the .wasm carries no case tables.
  const fold = <S extends string | null>(list: S[]) => list.map((s) => (s === null ? null : s.toLowerCase()));
  return candidates[call(() => wasm().resolve_by_name(query, query.toLowerCase(), names, identifiers, fold(names) as string[], fold(identifiers)))]!;
}

/**
 * "customField16" -> "custom_field_16".
 * @throws NamingError invalid_custom_field
 */
export function customFieldName(key: string): string {
  string(key, 'key');
  return call(() => wasm().custom_field_name(key));
}

/**
 * Checks that no tool name is registered twice.
 * @throws NamingError duplicate_tool_name
 */
export function checkToolRegistry(names: readonly string[]): void {
  strings(names, 'names');
  call(() => wasm().check_tool_registry(names as string[]));
}

/**
 * A real calendar date "YYYY-MM-DD" as { year, month, day }.
 * @throws NamingError invalid_date
 */
export function parseDate(text: string): { year: number; month: number; day: number } {
  string(text, 'text');
  return call(() => wasm().parse_date(text));
}
