// A node:http server for a fetch-shaped handler ((Request) => Promise<Response>): each incoming
// request as a web Request (aborted when the client goes away), the Response streamed back as it
// comes (SSE included). What @modelcontextprotocol/node's adapter does, in a few lines, for the
// fixtures here.
import { createServer } from 'node:http';
import { Readable } from 'node:stream';

export function serve(handle, onerror = () => {}) {
  return createServer(async (req, res) => {
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    try {
      const headers = new Headers();
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Readable.toWeb(req);
      const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body, duplex: 'half', signal: aborted.signal });
      const response = await handle(request);
      res.writeHead(response.status, [...response.headers].flat());
      res.flushHeaders();
      if (response.body) {
        for await (const chunk of response.body) if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
      }
      res.end();
    } catch (e) {
      if (!aborted.signal.aborted) onerror(e);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
}
