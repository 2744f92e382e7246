// The gateway's clients as the core keeps them: a 2025-11-25 session (one SDK Server, its
// logging level, its resource subscriptions), a 2026-07-28 listen stream (its subscription id and
// acknowledged filter), and a client request in flight to an upstream (whom it came from, so that
// what the upstream sends meanwhile reaches that client).
import type { Server, ServerContext } from '@modelcontextprotocol/server';
import type { Json } from './upstream.mjs';

/** The logging levels, least severe first (RFC 5424, as MCP names them). */
export const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

/** Whether a message of `level` passes a client's `threshold` (none: everything passes). */
export function admits(threshold: string | undefined, level: unknown): boolean {
  if (threshold === undefined) return true;
  return LEVELS.indexOf(level as (typeof LEVELS)[number]) >= LEVELS.indexOf(threshold as (typeof LEVELS)[number]);
}

export type ListName = 'tools' | 'prompts' | 'resources';

/** A client of 2025-11-25 and before: an `initialize`d session (HTTP or stdio). */
export class Session {
  /** Its `logging/setLevel`. */
  level: string | undefined;
  /** The upstream resources it subscribed to (`server\nuri`). */
  readonly subscriptions = new Set<string>();
  closed = false;

  constructor(readonly server: Server, readonly id?: string) {}

  get capabilities(): Json {
    return (this.server.getClientCapabilities() ?? {}) as Json;
  }

  notify(notification: { method: string; params?: Json }): void {
    if (!this.closed) this.server.notification(notification as never).catch(() => {});
  }

  listChanged(list: ListName): void {
    if (this.closed) return;
    const send = list === 'tools' ? this.server.sendToolListChanged() : list === 'prompts' ? this.server.sendPromptListChanged() : this.server.sendResourceListChanged();
    send.catch(() => {});
  }
}

/** A `subscriptions/listen` stream of a 2026-07-28 client. */
export interface Stream {
  /** Its listen request's id: the subscription id its notifications carry. */
  readonly id: string | number;
  /** What it was acknowledged (the list changes it gets). */
  filter: Json;
  write(notification: Json): void;
}

/** A client request being forwarded to an upstream. */
export interface Call {
  era: 'modern' | 'legacy';
  /** The handler context of the client's request: what the upstream sends meanwhile goes on its stream. */
  ctx: ServerContext;
  /** The client's session (2025-11-25). */
  session?: Session;
  /** The client's capabilities: the session's, or the request's own (2026-07-28). */
  capabilities: Json;
  /** The request's own log level (2026-07-28; none: no log messages). */
  logLevel?: string;
  /** A 2026-07-28 client's call held open while its upstream of 2025-11-25 asks for input (the bridge). */
  asks?: (request: { method: string; params?: Json }) => Promise<Json>;
}
