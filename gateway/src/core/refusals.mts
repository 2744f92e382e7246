// The errors the core half words itself (what the Router does not decide: an upstream that is
// down, a bridge that cannot be exact), each built here and only here, as JSON-RPC errors the
// SDK sends as they are.
import { ProtocolError } from '@modelcontextprotocol/server';
import { NamingError } from 'mcp-naming';

const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;
const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;

/** An error of the gateway's own (not an upstream's), sent to the client as it is. */
export class Refusal extends ProtocolError {}

/** A JSON-RPC error whose message goes on the wire as it is. */
function rpc(code: number, message: string, data?: unknown): ProtocolError {
  const e = new Refusal(code, message, data);
  // The SDK's ProtocolError prefixes its message with "MCP error <code>: "; clients add it again.
  e.message = message;
  return e;
}

/** A NamingError as the JSON-RPC error MCP asks for (-32602, -32020…; suggestions in data); anything else as it is. */
export function asRpc(e: unknown): unknown {
  if (!(e instanceof NamingError)) return e;
  const { code, message, data } = e.toJsonRpcError();
  return rpc(code, message, data);
}

/** The upstream a request routes to is not connected. */
export function unavailable(server: string, reason: string): ProtocolError {
  return rpc(INTERNAL_ERROR, `server "${server}" is unavailable: ${reason}`, { code: 'upstream_unavailable', server });
}

/**
 * What an upstream's failure is to the client: its JSON-RPC error under the code the client's
 * revision uses (`code`: the Router's `clientErrorCode`), or, for a failure of the SDK's own (a
 * timeout, a closed connection), an internal error; either naming the server. The gateway's own
 * refusals pass as they are.
 */
export function fromUpstream(server: string, e: unknown, code: (upstreamCode: number) => number): unknown {
  if (e instanceof Refusal) return e;
  const err = (jsonRpcInHttp(e) ?? e) as { code?: unknown; message?: unknown; data?: unknown };
  const message = typeof err?.message === 'string' ? err.message : String(e);
  if (typeof err?.code === 'number') return upstreamError(server, code(err.code), message, err.data);
  return upstreamError(server, INTERNAL_ERROR, message, undefined);
}

/** The JSON-RPC error an upstream answered with an HTTP error status (2026-07-28 servers do, for what they refuse before a handler runs). */
function jsonRpcInHttp(e: unknown): { code: number; message: string; data?: unknown } | undefined {
  const text = (e as { data?: { text?: unknown } })?.data?.text;
  if (typeof text !== 'string') return undefined;
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; message?: unknown; data?: unknown } }).error;
    return typeof error?.code === 'number' ? { code: error.code, message: String(error.message ?? ''), data: error.data } : undefined;
  } catch {
    return undefined;
  }
}

/** An upstream's error, under the code the client's revision uses, naming the server. */
export function upstreamError(server: string, code: number, message: string, data: unknown): ProtocolError {
  return rpc(code, `server "${server}": ${message.replace(/^MCP error -?\d+: /, '')}`, data);
}

/** A request an upstream of 2025-11-25 sends outside any request of a 2026-07-28 client. */
export function noCarrier(server: string, method: string): ProtocolError {
  return rpc(METHOD_NOT_FOUND, `${method} from server "${server}" refused: no client request is in flight to carry it (2026-07-28 clients take requests only inside input_required results)`);
}

/** A request an upstream sends while requests of several clients are in flight to it: whose it is cannot be told. */
export function ambiguous(server: string, method: string): ProtocolError {
  return rpc(INVALID_REQUEST, `${method} from server "${server}" refused: no request of a single client session is in flight to it`);
}

/** A request an upstream sends that the client did not declare it can answer. */
export function clientLacks(capability: string): ProtocolError {
  return rpc(INVALID_REQUEST, `the client does not support ${capability}`);
}

/** A retry whose sealed state names a held call that is gone (answered, timed out, or held by another process). */
export function notPending(server: string): ProtocolError {
  return rpc(INVALID_PARAMS, `requestState: the call it continues is no longer pending on server "${server}": call again`, { code: 'invalid_request_state', server });
}

/** A retry whose inputResponses leave one of the held requests unanswered. */
export function unanswered(key: string): ProtocolError {
  return rpc(INVALID_PARAMS, `inputResponses.${key} is missing: answer every input request of the input_required result`, { code: 'invalid_argument' });
}
