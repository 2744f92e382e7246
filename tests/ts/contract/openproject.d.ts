// The hand-written declarations mcp-naming shipped as openproject.d.ts before they were generated from
// the TypeScript glue (pkg-config/src), kept as they were: tests/ts/contract.mts holds the
// generated ones to them (nothing may disappear or narrow). Never edit; add to the glue.
// mcp-naming/openproject: OpenProject's data conventions, with their own .wasm.
export { NamingError } from './index.js';

/** @throws NamingError invalid_duration */
export declare function parseDuration(text: string): string;
/** @throws NamingError invalid_duration */
export declare function formatDuration(iso: string): string;
export interface PageEnvelope<T> {
  items: T[];
  offset: number;
  page_size: number;
  total: number;
  next_offset: number | null;
}
/** @throws NamingError invalid_offset */
export declare function pageEnvelope<T>(items: T[], page?: { offset?: number; pageSize?: number; total?: number }): PageEnvelope<T>;
export declare function idFromHref(href: string | null): number | null;
export declare function linkValue(link: { href: string | null; title?: string }): { id: number | null; title: string | null; restricted: boolean };
export declare function errorMessage(status: number, details?: string): string;
/** @throws NamingError ambiguous_name, not_found */
export declare function resolveByName<T extends { name: string; identifier?: string }>(query: string, candidates: T[]): T;
/** @throws NamingError invalid_custom_field */
export declare function customFieldName(key: string): string;
/** @throws NamingError duplicate_tool_name */
export declare function checkToolRegistry(names: readonly string[]): void;
/** @throws NamingError invalid_date */
export declare function parseDate(text: string): { year: number; month: number; day: number };
