// Serves the playground (www/) and the built package (pkg/, under /pkg/) on 127.0.0.1 only.
//   node scripts/serve.mjs [port]      (default 8080; 0 picks a free port and prints it)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

function resolve(urlPath) {
  const path = decodeURIComponent(urlPath.split('?')[0]);
  const [base, rest] = path.startsWith('/pkg/') ? ['pkg', path.slice(5)] : ['www', path.slice(1) || 'index.html'];
  const dir = join(root, base);
  const file = normalize(join(dir, rest));
  return file.startsWith(dir + sep) ? file : null;
}

export function serve(port = 8080) {
  const server = createServer(async (req, res) => {
    const file = resolve(req.url ?? '/');
    try {
      if (!file) throw new Error('outside');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve(Number(process.argv[2] ?? 8080));
  console.log(`playground: http://127.0.0.1:${server.address().port}/`);
}
