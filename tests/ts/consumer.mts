// A TypeScript consumer of the package, checked with `tsc --strict --noEmit` (pinned TypeScript).
// Each @ts-expect-error is a misuse the types must reject: if the types loosen, the check fails.
import {
  validateToolName, isValidToolName, validateToolNames, parseToolName, formatToolName, convertToolName,
  detectConventions, conventions, parseResourceUri, formatResourceUri, validateResourceUri, namespaceFromSlug,
  checkProviders, fitToolName, NamingError, Router, encodeMcpNameHeader, decodeMcpNameHeader,
  type RouterConfig, type Route, type ExposedTool,
  type ConventionId, type Diagnostic, type Report, type Provider, type PartsMap,
} from 'mcp-naming';
import { parseDuration, pageEnvelope, resolveByName, linkValue, NamingError as OpenProjectError } from 'mcp-naming/openproject';
import { checkExecuteRequest, validateToolDescriptor, toolsForLanguage, type Descriptor } from 'mcp-naming/registry';

// Every entry's NamingError is the same class.
const sameError: typeof NamingError = OpenProjectError;
void sameError;

const report: Report<'chora'> = validateToolName('myproject:create_task', 'chora', { expectedNamespace: 'myproject' });
if (report.parts) {
  const ns: string = report.parts.namespace;
  const tool: string = report.parts.tool;
  console.log(ns, tool);
}
const first: Diagnostic | undefined = report.errors[0];
const severity: 'error' | 'warning' | undefined = first?.severity;
const ok: boolean = isValidToolName('x', 'mcp');
const many: boolean[] = validateToolNames(['a', 'b'], 'registry');

const syntropy = parseToolName('mcp__syntropy__healthcheck', 'syntropy');
const server: string | null = syntropy.server;
const agent: PartsMap['agent'] = parseToolName('memory__save', 'agent');
const segments: string[] = parseToolName('fs.write', 'registry').segments;
const name: string = formatToolName({ namespace: 'abc', tool: 'de' }, 'chora');
const converted: string = convertToolName('abc:de', 'chora', 'agent');
const detected: ConventionId[] = detectConventions('memory__save');
const titles: string[] = conventions().map((c) => c.title);
const uri = parseResourceUri('coda://docs/abc123');
const uriType: string = uri.type;
const query: Record<string, string> = uri.query;
const text: string = formatResourceUri({ namespace: 'abc', type: 'docs', id: '1' });
const uriReport = validateResourceUri('abc://docs/1', { expectedNamespace: 'abc' });
const ns2: string = namespaceFromSlug('my-awesome-server');
const providers: Record<Provider, boolean> = checkProviders('a:b');
const fitted: string = fitToolName('a:b', 'openai', { taken: ['a_b'] });

try {
  parseToolName('mp:x', 'chora');
} catch (e) {
  if (e instanceof NamingError) {
    const code: string = e.code;
    const suggestions: string[] = e.suggestions;
    const diagnostics: Diagnostic[] = e.diagnostics;
    console.log(code, suggestions, diagnostics);
  }
}

const config: RouterConfig = { style: 'syntropy', servers: [{ name: 'context7', upstream: 'hyphens' }], provider: 'anthropic' };
const router = new Router(config);
const exposed: ExposedTool[] = router.expose('context7', ['get-library-docs']);
const route: Route = router.route(exposed[0].qualified);
const maybe: Route | null = router.tryRoute('x');
const listed = router.rewriteToolsList('context7', { tools: [{ name: 'get-library-docs', description: 'd' }], nextCursor: 'c' });
const cursor: string = listed.nextCursor;
console.log(route.server, route.pool, maybe, cursor, router.routeResource('a://b/c').server);

const iso: string = parseDuration('2h 30m');
const env = pageEnvelope([{ id: 1 }], { offset: 0 });
const firstId: number = env.items[0].id;
const next: number | null = env.next_offset;
const project = resolveByName('alpha', [{ name: 'Project Alpha', identifier: 'project-alpha', id: 1001 }]);
const projectId: number = project.id;
const link = linkValue({ href: null });
const descriptorCheck = validateToolDescriptor({});
const fieldPath: string | undefined = descriptorCheck.errors[0]?.path;
const descriptors: Descriptor[] = [];
const python: Descriptor[] = toolsForLanguage(descriptors, 'python');
const requestCheck: boolean = checkExecuteRequest(descriptors[0], {}, { scopes: ['workspace:write'] }).valid;
console.log(iso, firstId, next, projectId, link.restricted, fieldPath, python, requestCheck);
// @ts-expect-error candidates need a name
resolveByName('x', [{ identifier: 'x' }]);
const emptyPage = pageEnvelope([]);

// The router on MCP messages.
const gateway = new Router({ style: 'claude', servers: [{ name: 'memory' }], disabled: [{ server: 'memory', tool: 'delete_*' }], strict: true });
const exposure = gateway.exposeTools('memory', { tools: [{ name: 'read_graph', inputSchema: { type: 'object' } }] }, { onInvalid: 'skip' });
const changed: boolean = exposure.changed;
const skippedCodes: string[] = exposure.skipped.map((s) => s.code);
const listedNames: string[] = gateway.listTools({ pageSize: 10 }).tools.map((t) => t.name);
const mapped = gateway.mapCallTool({ name: 'memory__read_graph', arguments: { depth: 1 } }, { header: 'memory__read_graph' });
const upstreamArgs: { depth: number } = mapped.params.arguments;
const rpc: number = (() => { try { gateway.mapCallTool({ name: 'x' }); return 0; } catch (e) { return (e as NamingError).toJsonRpcError().code; } })();
const uris: string[] = gateway.exposeResources('memory', [{ uri: 'memory://graph' }]).exposed.map((r) => r.uri);
const headerValue: string = encodeMcpNameHeader('café');
console.log(emptyPage.total, changed, skippedCodes, listedNames, mapped.header, upstreamArgs, rpc, uris, headerValue, decodeMcpNameHeader(headerValue));
// @ts-expect-error onInvalid is "throw" or "skip"
gateway.exposeTools('memory', [], { onInvalid: 'ignore' });
// @ts-expect-error a resource read needs a uri
gateway.mapReadResource({ name: 'x' });

// Misuses the types must reject:
// @ts-expect-error an unknown router style
new Router({ style: 'dots', servers: [] });
// @ts-expect-error upstream is "same" or "hyphens"
new Router({ style: 'agent', servers: [{ name: 'memory', upstream: 'dashes' }] });
// @ts-expect-error an unknown convention id
validateToolName('x', 'chora2');
// @ts-expect-error chora parts have no `server`
parseToolName('abc:de', 'chora').server;
// @ts-expect-error a syntropy server may be null
const notNull: string = syntropy.server;
// @ts-expect-error agent parts need `tool`
formatToolName({ mcp: 'memory' }, 'agent');
// @ts-expect-error a number is not a name
isValidToolName(42, 'mcp');
// @ts-expect-error an unknown provider
fitToolName('x', 'cohere');
// @ts-expect-error options are typed
validateToolName('x', 'chora', { expectedNamespace: 3 });
// @ts-expect-error the report's convention is the one asked for
const wrong: Report<'mcp'> = validateToolName('x', 'chora');

console.log(severity, ok, many, server, agent, segments, name, converted, detected, titles, uriType, query, text,
  uriReport.parts?.namespace, ns2, providers, fitted, notNull, wrong);

// Peer styles: their ids, and each peer's own parameters.
const peers: Router[] = [
  new Router({ style: 'openai-agents', servers: [{ name: 'memory' }] }),
  new Router({ style: { peer: 'openai-agents', sdk: 'python' }, servers: [{ name: 'memory' }] }),
  new Router({ style: { peer: 'agentgateway', mode: 'never' }, servers: [{ name: 'memory' }] }),
  new Router({ style: { peer: 'docker', toolNamePrefix: true, prefixes: { memory: 'mem' } }, servers: [{ name: 'memory' }] }),
];
const migrated: string = peers[0].migrateName('mcp_memory__save', peers[1]);
// @ts-expect-error: a parameter of another peer
new Router({ style: { peer: 'fastmcp', mode: 'never' }, servers: [] });
// @ts-expect-error: ContextForge allows four separators
new Router({ style: { peer: 'contextforge', separator: '::' }, servers: [] });
void migrated;
