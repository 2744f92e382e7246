// Prometheus metrics in the text exposition format (version 0.0.4), written here: calls, errors
// and a latency histogram by server and method (from the core's routing decisions), requests the
// HTTP front refused, reloads, and each upstream's state. tests/metrics.test.mjs reads the output
// with the Prometheus project's own Python parser.
import type { DecisionEvent, GatewayCore } from './core-api.mjs';

const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Labels = Record<string, string>;
const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const entries = Object.entries(labels);
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${escape(v)}"`).join(',')}}` : '';
};
const key = (labels: Labels) => JSON.stringify(labels);

class Counter {
  readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(readonly name: string, readonly help: string) {}
  inc(labels: Labels, by = 1) {
    const k = key(labels);
    const entry = this.values.get(k) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(k, entry);
  }
  text(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines.join('\n');
  }
}

class Histogram {
  readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(readonly name: string, readonly help: string, readonly buckets: number[]) {}
  observe(labels: Labels, seconds: number) {
    const k = key(labels);
    const s = this.series.get(k) ?? { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
    this.buckets.forEach((b, i) => {
      if (seconds <= b) s.counts[i]!++;
    });
    s.sum += seconds;
    s.count++;
    this.series.set(k, s);
  }
  text(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.series.values()) {
      this.buckets.forEach((b, i) => lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(b) })} ${counts[i]}`));
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines.join('\n');
  }
}

/** The gateway's metrics; `text()` is the body of `GET /metrics`. */
export class Metrics {
  readonly calls = new Counter('mcp_gateway_calls_total', 'Requests routed by the gateway, by server and method.');
  readonly errors = new Counter('mcp_gateway_errors_total', 'Routed requests that failed, by server, method and error code.');
  readonly latency: Histogram;
  readonly refused = new Counter('mcp_gateway_http_refused_total', 'HTTP requests refused before reaching the core, by status and reason.');
  readonly reloads = new Counter('mcp_gateway_reloads_total', 'Config reloads, by result (applied or refused).');
  private readonly started = Date.now() / 1000;

  constructor(private readonly core: () => GatewayCore | undefined, buckets = DEFAULT_BUCKETS) {
    this.latency = new Histogram('mcp_gateway_call_duration_seconds', 'Time from a routing decision to the upstream\'s answer, by server and method.', [...buckets].sort((a, b) => a - b));
  }

  /** One routing decision (the core's `decision` event). */
  decision(e: DecisionEvent) {
    const labels = { server: e.server ?? '', method: e.method };
    this.calls.inc(labels);
    if (e.code !== undefined || e.rpc !== undefined) this.errors.inc({ ...labels, code: e.code ?? String(e.rpc) });
    this.latency.observe(labels, e.latencyMs / 1000);
  }

  text(): string {
    const status = this.core()?.status() ?? {};
    const up = [
      '# HELP mcp_gateway_upstream_up Whether the upstream is connected (1) or not (0).',
      '# TYPE mcp_gateway_upstream_up gauge',
      ...Object.entries(status).map(([server, s]) => `mcp_gateway_upstream_up${labelText({ server })} ${s.connected ? 1 : 0}`),
    ];
    const start = ['# HELP process_start_time_seconds Start time of the process since the Unix epoch, in seconds.', '# TYPE process_start_time_seconds gauge', `process_start_time_seconds ${this.started}`];
    const mem = process.memoryUsage();
    const rss = ['# HELP process_resident_memory_bytes Resident memory size in bytes.', '# TYPE process_resident_memory_bytes gauge', `process_resident_memory_bytes ${mem.rss}`];
    return [this.calls.text(), this.errors.text(), this.latency.text(), this.refused.text(), this.reloads.text(), up.join('\n'), start.join('\n'), rss.join('\n')].join('\n') + '\n';
  }
}
