// What travels with one client request through the async calls it causes (node:async_hooks):
// who asked and with which headers (the HTTP front's auth, the `Mcp-Name` and `Mcp-Param-*`
// headers, read by the handlers the SDK calls), and what the gateway sends upstream for it (the
// headers the Router decided, added to the upstream's POST by the fetch the transport uses).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestAuth } from '../core-api.mjs';
import type { Header } from 'mcp-naming';

/** The client request being served. */
export interface Caller {
  /** What the HTTP front decided about the caller (absent: no auth, or stdio). */
  auth?: RequestAuth;
  /** The request's headers, lower-case names (absent on stdio). */
  headers?: Record<string, string | string[] | undefined>;
}

export const caller = new AsyncLocalStorage<Caller>();

/** The headers to add to the upstream request being sent (SEP-2243). */
export interface Outgoing {
  /** The method of the request the headers are for (no other message gets them). */
  method: string;
  /** `Mcp-Name`, as the Router wrote it. */
  name?: string;
  /** `Mcp-Param-*`. */
  params?: Header[];
}

export const outgoing = new AsyncLocalStorage<Outgoing>();

/** One header of the caller's request, as a string. */
export function header(name: string): string | undefined {
  const v = caller.getStore()?.headers?.[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** The caller's `Mcp-Param-*` headers, by name. */
export function paramHeaders(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(caller.getStore()?.headers ?? {})) {
    if (/^mcp-param-/i.test(k) && v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}
