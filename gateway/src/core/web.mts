// node:http in, web Request out, and back: the SDK v2's HTTP faces are fetch-shaped
// (`Request` → `Response`); the gateway's front is node:http, and has read the body already.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** `req` as a web Request: its method, URL and headers, the body the front parsed, aborted when the client goes. */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, body: unknown): Request {
  const aborted = new AbortController();
  res.on('close', () => aborted.abort());
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const host = req.headers.host ?? '127.0.0.1';
  const init: RequestInit = { method: req.method ?? 'GET', headers, signal: aborted.signal };
  if (body !== undefined && init.method !== 'GET' && init.method !== 'HEAD') init.body = JSON.stringify(body);
  return new Request(`http://${host}${req.url ?? '/'}`, init);
}

/** Writes `response` to `res`, streaming its body as it comes (SSE included). */
export async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => (headers[k] = v));
  res.writeHead(response.status, headers);
  res.flushHeaders();
  if (response.body) {
    try {
      for await (const chunk of response.body) if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
    } catch {
      // The client went away, or the stream was torn down: nothing more to write.
    }
  }
  res.end();
}

/** A JSON-RPC error answered with an HTTP status. */
export function jsonRpcError(status: number, id: unknown, code: number, message: string, data?: unknown): Response {
  const error = { code, message, ...(data !== undefined && { data }) };
  return Response.json({ jsonrpc: '2.0', id: id ?? null, error }, { status });
}
