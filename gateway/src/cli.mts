// The command line: serve (stdio, or Streamable HTTP with --http), --check, init --from,
// hash-token, schema. Exit status: 0 fine, 1 --check found an upstream it could not reach (or init
// wrote a config that does not load), 2 bad usage or a config with problems, 3 could not run.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, parseConfig, type LoadedConfig } from './config.mjs';
import type { CreateGatewayCore, GatewayCore } from './core-api.mjs';
import { Authenticator, hashToken } from './auth.mjs';
import { Logger, type LogFormat } from './logs.mjs';
import { Metrics } from './metrics.mjs';
import { startHttp, type FrontState, type HttpFront } from './http.mjs';
import { Reloader } from './reload.mjs';
import { convertFile, formatName, schemaRefFor } from './init.mjs';
import { configSchema } from './schema.mjs';

export interface Io {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
}

export interface MainOptions {
  /** The core to run (default: the package's, src/core/). */
  createGatewayCore?: CreateGatewayCore;
  env?: NodeJS.ProcessEnv;
  io?: Io;
}

export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const HELP = `Usage: mcp-naming-gateway [--config FILE] [options]      serve (stdio, or --http HOST:PORT)
       mcp-naming-gateway --check [--config FILE]             check the config and reach every upstream
       mcp-naming-gateway init --from FILE [--out FILE] [--force]
       mcp-naming-gateway hash-token [TOKEN]                  sha256:<hex> for auth.tokens (TOKEN or stdin)
       mcp-naming-gateway schema                              the config file's JSON Schema

Options:
  --config FILE           the config (default ./gateway.json)
  --http HOST:PORT        serve Streamable HTTP at http://HOST:PORT/mcp (default: stdio)
  --check                 check the config, connect to and list every upstream, exit (0 all reached)
  --log text|json         log format on stderr; json logs every routing decision
  --metrics               serve Prometheus metrics at /metrics (HTTP)
  --timeout MS            longest one upstream request may take (default 10000)
  --startup-timeout MS    longest an upstream may take to start and list (default 10000)
  --instance ID           this process's id behind a load balancer (default $MCP_GATEWAY_INSTANCE):
                          2025-11-25 session ids start with "ID." and log lines carry it
  --no-watch              reload on SIGHUP only, not when the file changes
  -V, --version, -h, --help
`;

/** Runs the command line; resolves to the exit status (for `serve`, when the gateway stops). */
export async function main(argv: string[], options: MainOptions = {}): Promise<number> {
  const io = options.io ?? { stdout: process.stdout, stderr: process.stderr };
  const env = options.env ?? process.env;
  const [command] = argv;
  try {
    if (command === 'init') return init(argv.slice(1), io);
    if (command === 'hash-token') return await hashTokenCommand(argv.slice(1), io);
    if (command === 'schema') {
      io.stdout.write(`${JSON.stringify(configSchema(), null, 2)}\n`);
      return 0;
    }
    return await serve(argv, io, env, options.createGatewayCore);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`mcp-naming-gateway: ${e.message}\nRun 'mcp-naming-gateway --help' for usage.\n`);
      return 2;
    }
    throw e;
  }
}

class UsageError extends Error {}

function parse<T extends Record<string, { type: 'string' | 'boolean'; short?: string; default?: string | boolean }>>(argv: string[], spec: T) {
  try {
    return parseArgs({ args: argv, options: spec, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/\. To specify.*$/s, ''));
  }
}

function init(argv: string[], io: Io): number {
  const { values } = parse(argv, { from: { type: 'string' }, out: { type: 'string', default: 'gateway.json' }, force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout.write('Usage: mcp-naming-gateway init --from FILE [--out FILE] [--force]\n  FILE: claude_desktop_config.json, .mcp.json (Claude Code), mcp.json (Cursor, VS Code)\n');
    return 0;
  }
  if (!values.from) throw new UsageError('init needs --from FILE (claude_desktop_config.json, .mcp.json, mcp.json)');
  const out = values.out as string;
  if (existsSync(out) && !values.force) throw new UsageError(`${out} exists: give --force to replace it, or --out another file`);
  const installed = fileURLToPath(new URL('./schema.json', import.meta.url));
  let converted;
  try {
    converted = convertFile(values.from as string, schemaRefFor(out, installed, VERSION));
  } catch (e) {
    io.stderr.write(`mcp-naming-gateway init: ${(e as Error).message}\n`);
    return 3;
  }
  const text = `${JSON.stringify(converted.config, null, 2)}\n`;
  writeFileSync(out, text);
  const n = Object.keys(converted.config.mcpServers).length;
  io.stderr.write(`wrote ${out}: ${n} server${n === 1 ? '' : 's'} from ${formatName(converted.format)} (${values.from})\n`);
  for (const note of converted.notes) io.stderr.write(`  note: ${note}\n`);
  // Checked as the gateway will read it; `${VAR}` left as written (set where the gateway runs).
  const anyVar = new Proxy({}, { get: () => 'x'.repeat(32), has: () => true }) as NodeJS.ProcessEnv;
  try {
    parseConfig(text, out, anyVar);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    io.stderr.write(`${e.message}\n`);
    return 1;
  }
  io.stderr.write(`next: mcp-naming-gateway --check --config ${out}\n`);
  return 0;
}

async function hashTokenCommand(argv: string[], io: Io): Promise<number> {
  const { positionals } = parse(argv, {});
  let token = positionals[0];
  if (token === undefined) {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    token = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  }
  if (token.length < 16) throw new UsageError('a token must be 16 characters or more');
  io.stdout.write(`${hashToken(token)}\n`);
  return 0;
}

async function loadCore(given?: CreateGatewayCore): Promise<CreateGatewayCore> {
  if (given) return given;
  const spec = './core/index.mjs'; // the core half (src/core/, issue 34 part B)
  try {
    return ((await import(spec)) as { createGatewayCore: CreateGatewayCore }).createGatewayCore;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String((e as Error).message).includes('core/index.mjs')) {
      throw new CoreMissing();
    }
    throw e;
  }
}
class CoreMissing extends Error {
  constructor() {
    super('this build of mcp-naming-gateway has no core (dist/core/index.mjs)');
  }
}

const listenOf = (value: string) => {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:\s]+):(\d{1,5})$/.exec(value);
  if (!m || Number(m[2]) > 65535) throw new UsageError(`--http ${value}: expected HOST:PORT (127.0.0.1:8080; port 0 picks a free one)`);
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port: Number(m[2]) };
};

const ms = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} ${value}: expected a number of milliseconds`);
  return n;
};

async function serve(argv: string[], io: Io, env: NodeJS.ProcessEnv, given?: CreateGatewayCore): Promise<number> {
  const { values, positionals } = parse(argv, {
    config: { type: 'string', short: 'c' }, http: { type: 'string' }, check: { type: 'boolean', default: false },
    log: { type: 'string' }, metrics: { type: 'boolean', default: false }, timeout: { type: 'string', default: '10000' },
    'startup-timeout': { type: 'string', default: '10000' }, 'no-watch': { type: 'boolean', default: false },
    instance: { type: 'string' },
    help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'V' },
  });
  if (values.help || values.version) {
    io.stdout.write(values.help ? HELP : `${VERSION}\n`);
    return 0;
  }
  if (positionals.length) throw new UsageError(`unknown command ${JSON.stringify(positionals[0])} (commands: init, hash-token, schema; or options to serve)`);
  if (values.log !== undefined && values.log !== 'text' && values.log !== 'json') throw new UsageError(`--log ${values.log}: expected text or json`);
  const timeoutMs = ms('timeout', values.timeout as string);
  const startupTimeoutMs = ms('startup-timeout', values['startup-timeout'] as string);
  const file = resolve((values.config as string | undefined) ?? 'gateway.json');
  const listen = values.http !== undefined ? listenOf(values.http as string) : undefined;
  const instance = (values.instance as string | undefined) ?? env.MCP_GATEWAY_INSTANCE;
  if (instance !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(instance)) throw new UsageError(`--instance ${instance}: 1 to 32 of A-Z a-z 0-9 _ -`);
  const base = instance ? { instance } : {};

  let loaded: LoadedConfig;
  try {
    loaded = loadConfig(file, env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    io.stderr.write(`${e.message}\n`);
    return 2;
  }
  const cfg = loaded.config;
  const format: LogFormat = (values.log as LogFormat | undefined) ?? cfg.log?.format ?? 'text';
  const newLogger = (l: LoadedConfig) => new Logger(format, l.config.log?.decisions ?? format === 'json', (line) => void io.stderr.write(line), base);
  const logger = newLogger(loaded);
  let create: CreateGatewayCore;
  try {
    create = await loadCore(given);
  } catch (e) {
    if (!(e instanceof CoreMissing)) throw e;
    logger.error(e.message);
    return 3;
  }
  const coreConfig = (l: LoadedConfig) => ({ ...l.core, timeoutMs, startupTimeoutMs, ...(instance && { instanceId: instance }) });
  const started = performance.now();
  const core = await create(coreConfig(loaded), { log: (line) => logger.core(line) });

  if (values.check) return check(core, loaded, startupTimeoutMs, io);

  const httpListen = listen ?? (cfg.http?.listen !== undefined ? listenOf(cfg.http.listen) : undefined);
  const metricsOn = Boolean(values.metrics || cfg.metrics?.enabled);
  const metrics = metricsOn ? new Metrics(() => core, cfg.metrics?.buckets) : undefined;
  let state: FrontState = frontState(loaded, core, logger, metrics, env);
  core.on('decision', (e) => {
    metrics?.decision(e);
    state.logger.decision(e);
  });

  const reloader = new Reloader(file, loaded, async (next) => {
    const result = await core.reload(coreConfig(next));
    state = frontState(next, core, newLogger(next), metrics, env);
    if (JSON.stringify(next.config.http?.listen) !== JSON.stringify(loaded.config.http?.listen) && !listen) {
      state.logger.warn('http.listen changed: restart the gateway to listen there');
    }
    return result;
  }, () => state.logger, (result) => metrics?.reloads.inc({ result }), env);
  reloader.start({ watchFile: !values['no-watch'] });

  let front: HttpFront | undefined;
  let stopped!: (code: number) => void;
  const done = new Promise<number>((r) => (stopped = r));
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    state.logger.info('stopping', { why });
    reloader.stop();
    await front?.close(10_000);
    await Promise.race([core.close(), new Promise((r) => setTimeout(r, 5000))]);
    stopped(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM')).once('SIGINT', () => void stop('SIGINT'));

  if (httpListen) {
    front = await startHttp(httpListen.host, httpListen.port, () => state);
    const n = Object.keys(cfg.mcpServers).length;
    logger.info(`serving ${n} server${n === 1 ? '' : 's'} on ${front.origin}${state.path}`, {
      url: `${front.origin}${state.path}`, auth: authMode(state), metrics: metricsOn, startupMs: Math.round(performance.now() - started),
    });
  } else {
    process.stdin.once('end', () => void stop('stdin closed'));
    await core.connectStdio();
    logger.info(`serving ${Object.keys(cfg.mcpServers).length} servers over stdio`, { startupMs: Math.round(performance.now() - started) });
  }
  return done;
}

function authMode(s: FrontState): string {
  const modes = [s.auth.hasTokens && 'tokens', s.auth.oauthVerifier && 'oauth'].filter(Boolean);
  return modes.length ? modes.join('+') : 'none';
}

function frontState(loaded: LoadedConfig, core: GatewayCore, logger: Logger, metrics: Metrics | undefined, env: NodeJS.ProcessEnv): FrontState {
  const http = loaded.config.http ?? {};
  return {
    core,
    auth: new Authenticator(loaded.config, env),
    logger,
    ...(metrics && { metrics }),
    path: http.path ?? '/mcp',
    ...(http.publicUrl && { publicUrl: http.publicUrl }),
    ...(http.allowedHosts && { allowedHosts: http.allowedHosts }),
    ...(http.allowedOrigins && { allowedOrigins: http.allowedOrigins }),
    maxBodyBytes: http.maxBodyBytes ?? 4 * 1024 * 1024,
  };
}

// --check: every upstream connected and listed within the start-up timeout, or named with its error.
async function check(core: GatewayCore, loaded: LoadedConfig, timeoutMs: number, io: Io): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (!core.ready() && Date.now() < deadline) {
    const status = core.status();
    if (Object.values(status).every((s) => s.connected || s.error)) break; // each is up or has failed
    await new Promise((r) => setTimeout(r, 50));
  }
  const status = core.status();
  const names = Object.keys(loaded.config.mcpServers);
  const failed = names.filter((n) => !status[n]?.connected);
  for (const name of names) {
    const s = status[name];
    io.stdout.write(s?.connected ? `ok      ${name}${s.revision ? ` (${s.revision})` : ''}\n` : `FAILED  ${name}: ${s?.error ?? 'not reached within the start-up timeout'}\n`);
  }
  await Promise.race([core.close(), new Promise((r) => setTimeout(r, 5000))]);
  io.stderr.write(failed.length === 0
    ? `${loaded.file}: config valid, ${names.length} upstream${names.length === 1 ? '' : 's'} reached\n`
    : `${loaded.file}: config valid; ${failed.length} of ${names.length} upstreams not reached: ${failed.join(', ')}\n`);
  return failed.length === 0 ? 0 : 1;
}
