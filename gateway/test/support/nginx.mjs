// Debian's nginx (scripts/gateway-setup.sh installs it) in front of gateway processes, on 127.0.0.1
// only, with its config, logs and temp files in a scratch folder; stopped by `stop()`.
//
// What nginx does for the gateway (the README's scale-out section gives the same config):
// - requests without an `Mcp-Session-Id` (2026-07-28 requests, every one stateless; a 2025-11-25
//   `initialize`) go round-robin over every process;
// - a 2025-11-25 session's requests go to the process that issued its id: each process is started
//   with `--instance NAME`, its session ids start with `NAME.`, and a `map` on the header picks
//   that process's own upstream block. (A hash of the header alone, `hash $http_mcp_session_id
//   consistent`, keeps a session's later requests together but not with the process that answered
//   its `initialize`, which had no id to hash.)
// - streams (SSE answers, the 2025 GET stream, 2026-07-28 `subscriptions/listen`) are passed as
//   they come (`proxy_buffering off`) and kept open (`proxy_read_timeout`).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer().once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The nginx block of gateway/README.md ("Scale-out"): what the tests run is what the README shows. */
export function readmeBlock() {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const block = readme.slice(readme.indexOf('\n## Scale-out\n')).split('```nginx\n')[1]?.split('```')[0];
  if (!block) throw new Error('gateway/README.md has no nginx block under "Scale-out"');
  return block;
}

/**
 * The nginx config for two instances a and b ({ name, port }) behind 127.0.0.1:`port`: the
 * README's block with these ports, inside a main config of the test's own (paths in `dir`).
 * `affinity: false` takes the sessions' routes out of its `map` (plain round-robin: the control
 * that shows why they are there).
 */
export function nginxConfig(dir, port, instances, { affinity = true } = {}) {
  const [a, b] = instances;
  if (instances.length !== 2 || a.name !== 'a' || b.name !== 'b') throw new Error('the README block is for instances a and b');
  let block = readmeBlock()
    .replaceAll('127.0.0.1:8081', `127.0.0.1:${a.port}`)
    .replaceAll('127.0.0.1:8082', `127.0.0.1:${b.port}`)
    .replace(/listen 443 ssl;[^\n]*/, `listen 127.0.0.1:${port};`);
  if (!affinity) block = block.replace('~^a\\. gw_a; ~^b\\. gw_b; ', '');
  if (block.includes('8081') || block.includes('8082') || block.includes('443') || (!affinity && block.includes('~^'))) throw new Error(`the README block did not take the test's ports:\n${block}`);
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  log_format gw '$upstream_addr $status "$request" sid=$http_mcp_session_id';
  access_log ${dir}/access.log gw;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
${block}}
`;
}

/** Starts nginx with that config; resolves once it answers. { port, accessLog(), stop() } */
export async function startNginx(dir, port, instances, options = {}) {
  if (!NGINX) throw new Error('nginx is not installed: run bash scripts/gateway-setup.sh');
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, instances, options));
  const test = spawnSync(NGINX, ['-t', '-p', dir, '-c', conf, '-e', join(dir, 'error.log')], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  const proc = spawn(NGINX, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`nginx did not start: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    proc,
    accessLog: () => (existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8').trim().split('\n') : []),
    stop: () => new Promise((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGQUIT'); // graceful: the master stops its workers and exits
      setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
    }),
  };
}
