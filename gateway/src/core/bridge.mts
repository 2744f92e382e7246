// The bridge for a client of 2026-07-28 in front of an upstream of 2025-11-25 (docs/2026-07-28.md,
// "The bridge"): the upstream asks for input with requests of its own (elicitation, sampling,
// roots) while it serves a call; a 2026 client takes input requests only inside an
// `input_required` result. So the call is held open, its upstream's requests become the result's
// `inputRequests` (keys the gateway's), and the result's `requestState` is a handle to the held
// call (sealed by the Router like any upstream's state, so it comes back only for this server and
// method). The client's retry opens it: its `inputResponses` answer the held requests, and the
// upstream's final result (or its next requests, another `input_required`) answers the retry.
// An upstream's -32042 (URL elicitation required) becomes an `input_required` result too, whose
// retry sends the call again. A held call lives as long as the upstream's timeout allows, in this
// process: a retry that comes later, or to another process, is refused (`invalid_request_state`).
import { randomUUID } from 'node:crypto';
import { clientLacks, notPending, unanswered } from './refusals.mjs';
import type { Call } from './clients.mjs';
import type { Json } from './upstream.mjs';

/** One request the upstream sent, waiting for the client's answer. */
interface Ask {
  key: string;
  method: string;
  params: Json | undefined;
  resolve(result: Json): void;
  reject(error: Error): void;
}

/** A call held open between a client's rounds. */
interface Held {
  server: string;
  /** The upstream's answer to the call; undefined for a call to send again (-32042). */
  result: Promise<Json> | undefined;
  /** Sends the call (again). */
  send: () => Promise<Json>;
  /** Asks not yet sent to the client, and asks sent and waiting for its answers. */
  queued: Ask[];
  waiting: Ask[];
  wake: (() => void) | undefined;
  /** The client request the held call now belongs to (its progress, its capabilities). */
  call: Call;
  expiry: NodeJS.Timeout | undefined;
  /** Stops the upstream's request when the held call is given up. */
  abort: AbortController;
}

const SHORT: Record<string, string> = { 'elicitation/create': 'elicit', 'sampling/createMessage': 'sample', 'roots/list': 'roots' };
const CAPABILITY: Record<string, string> = { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling', 'roots/list': 'roots' };

export class Bridge {
  private readonly held = new Map<string, Held>();
  private keys = 0;

  constructor(private readonly timeoutOf: (server: string) => number) {}

  /**
   * Sends a 2026-07-28 client's call to an upstream of 2025-11-25 (`send` gets the signal that
   * stops it when the call is given up): its result, or an `input_required` result whose
   * `requestState` is the held call's handle (for the Router to seal).
   */
  run(server: string, call: Call, send: (signal: AbortSignal) => Promise<Json>, inflight: Set<object>): Promise<Json> {
    const abort = new AbortController();
    const held: Held = { server, result: undefined, send: () => send(abort.signal), queued: [], waiting: [], wake: undefined, call, expiry: undefined, abort };
    call.asks = (request) => this.ask(held, request);
    // In flight to the upstream (what it sends is this call's) until the upstream answers it.
    held.send = () => {
      inflight.add(call);
      const sent = send(abort.signal);
      void sent.finally(() => inflight.delete(call)).catch(() => {});
      return sent;
    };
    held.result = held.send();
    return this.next(held, randomUUID());
  }

  /** A retry of a held call (`handle`: its opened `requestState`) with the client's `inputResponses`, from the request `call`. */
  resume(server: string, handle: string, inputResponses: unknown, call: Call): Promise<Json> {
    const held = this.held.get(handle);
    if (held === undefined || held.server !== server) throw notPending(server);
    const responses = (inputResponses !== null && typeof inputResponses === 'object' ? inputResponses : {}) as Json;
    const missing = held.waiting.find((a) => !(a.key in responses));
    if (missing) throw unanswered(missing.key);
    this.held.delete(handle);
    clearTimeout(held.expiry);
    // The held call now belongs to this request: its stream, its capabilities, its log level.
    held.call.ctx = call.ctx;
    held.call.capabilities = call.capabilities;
    held.call.logLevel = call.logLevel;
    for (const a of held.waiting.splice(0)) a.resolve(responses[a.key] as Json);
    held.result ??= held.send();
    return this.next(held, handle);
  }

  /** The upstream's next answer for a held call: its result, or the requests it asks (an `input_required` result). */
  private async next(held: Held, handle: string): Promise<Json> {
    const result = held.result!;
    const outcome = await Promise.race([
      result.then((value) => ({ value }), (error: unknown) => ({ error })),
      new Promise<'asks'>((resolve) => {
        held.wake = () => resolve('asks');
        if (held.queued.length > 0) resolve('asks');
      }),
    ]);
    held.wake = undefined;
    if (outcome !== 'asks') {
      if ('error' in outcome) {
        const elicitations = urlElicitations(outcome.error);
        if (elicitations === undefined) throw outcome.error;
        // -32042: the URL elicitations as input requests; the retry sends the call again.
        held.result = undefined;
        return this.hold(held, handle, elicitations.map((params) => ({ method: 'elicitation/create', params: { ...params, mode: 'url' } })));
      }
      return outcome.value;
    }
    // Requests sent together are asked together.
    await new Promise((r) => setImmediate(r));
    const asks = held.queued.splice(0);
    held.waiting.push(...asks);
    return this.hold(held, handle, []);
  }

  /** Holds the call under `handle` and answers with its input requests. */
  private hold(held: Held, handle: string, extra: { method: string; params: Json }[]): Json {
    for (const r of extra) held.waiting.push({ key: this.key(r.method), method: r.method, params: r.params, resolve: () => {}, reject: () => {} });
    const inputRequests: Json = {};
    for (const a of held.waiting) inputRequests[a.key] = { method: a.method, ...(a.params !== undefined && { params: withoutElicitationId(a.method, a.params) }) };
    this.held.set(handle, held);
    held.expiry = setTimeout(() => this.giveUp(handle, `the client did not answer within ${this.timeoutOf(held.server)} ms`), this.timeoutOf(held.server));
    held.expiry.unref();
    return { resultType: 'input_required', inputRequests, requestState: handle };
  }

  /** An upstream's request during a held call: queued for the client, answered by its retry. */
  private ask(held: Held, request: { method: string; params?: Json }): Promise<Json> {
    const capability = CAPABILITY[request.method] ?? request.method;
    if (!held.call.capabilities[capability]) return Promise.reject(clientLacks(capability));
    return new Promise<Json>((resolve, reject) => {
      held.queued.push({ key: this.key(request.method), method: request.method, params: request.params, resolve, reject });
      held.wake?.();
    });
  }

  private key(method: string): string {
    return `${SHORT[method] ?? 'input'}-${++this.keys}`;
  }

  /** Gives up a held call: its upstream's requests fail, its upstream request is stopped. */
  private giveUp(handle: string, why: string): void {
    const held = this.held.get(handle);
    if (held === undefined) return;
    this.held.delete(handle);
    for (const a of held.waiting.splice(0)) a.reject(new Error(why));
    held.abort.abort(new Error(why));
  }

  /** Every held call of `server` given up (it went away, or the gateway stops). */
  drop(server?: string): void {
    for (const [handle, held] of this.held) if (server === undefined || held.server === server) this.giveUp(handle, 'the upstream went away');
  }
}

/** The elicitations of a -32042 (URL elicitation required) error, if it is one. */
function urlElicitations(e: unknown): Json[] | undefined {
  const err = e as { code?: unknown; data?: { elicitations?: unknown } };
  if (err?.code !== -32042 || !Array.isArray(err.data?.elicitations)) return undefined;
  return err.data.elicitations.filter((x): x is Json => x !== null && typeof x === 'object');
}

/** A URL elicitation's params without its `elicitationId` (2026-07-28 has none: the client learns the outcome by retrying). */
function withoutElicitationId(method: string, params: Json): Json {
  if (method !== 'elicitation/create' || !('elicitationId' in params)) return params;
  const { elicitationId: _, ...rest } = params;
  return rest;
}
