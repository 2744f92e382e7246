// The gateway's log lines, on stderr (stdout is the MCP stream in stdio mode): plain text by
// default, or one JSON object a line (`--log json`), each with `time`, `level` and `msg`. Routing
// decisions (from the core's `decision` event) are logged with `--log json` or `log.decisions`.
import type { DecisionEvent } from './core-api.mjs';

export type LogFormat = 'text' | 'json';

export class Logger {
  constructor(
    public format: LogFormat = 'text',
    public decisions = format === 'json',
    private readonly write: (line: string) => void = (line) => void process.stderr.write(line),
    /** Fields every line carries (`instance`). */
    private readonly base: Record<string, unknown> = {},
  ) {}

  /** One line: `msg` and its fields. */
  log(level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}) {
    if (this.format === 'json') {
      this.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...this.base, ...fields })}\n`);
    } else {
      const extra = Object.entries(fields).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
      this.write(`[gateway] ${level === 'info' ? '' : `${level}: `}${msg}${extra.length ? ` ${extra.join(' ')}` : ''}\n`);
    }
  }

  info(msg: string, fields?: Record<string, unknown>) { this.log('info', msg, fields); }
  warn(msg: string, fields?: Record<string, unknown>) { this.log('warn', msg, fields); }
  error(msg: string, fields?: Record<string, unknown>) { this.log('error', msg, fields); }

  /** A routing decision: method, exposed and upstream name, server, latency, error code. */
  decision(e: DecisionEvent) {
    if (!this.decisions) return;
    this.log(e.code !== undefined || e.rpc !== undefined ? 'warn' : 'info', 'decision', {
      method: e.method, exposed: e.exposed, upstream: e.upstream, server: e.server, latencyMs: Math.round(e.latencyMs * 1000) / 1000, code: e.code, rpc: e.rpc,
    });
  }

  /** A line of the core's own (wrapped as `{ msg: "core", line }` in JSON). */
  core(line: string) {
    if (this.format === 'json') this.log('info', 'core', { line: line.replace(/\n$/, '') });
    else this.write(line.endsWith('\n') ? line : `${line}\n`);
  }
}
