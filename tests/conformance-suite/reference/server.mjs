#!/usr/bin/env node
// A reference server for the official conformance suite's server scenarios, written here from what
// each scenario of @modelcontextprotocol/conformance 0.1.16 states and checks (its tool, prompt and
// resource names, arguments and expected content): the suite's own reference server is published on
// no registry. It is a fixture, kept apart so it can be swapped (see ../README.md).
//
//   node reference/server.mjs [--port N]     Streamable HTTP on http://127.0.0.1:N/mcp (0: a free port)
//
// The first line on stdout is the URL it serves; it logs nothing else there.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  McpError, ErrorCode, CallToolRequestSchema, ListToolsRequestSchema, GetPromptRequestSchema, ListPromptsRequestSchema,
  ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ReadResourceRequestSchema, SubscribeRequestSchema,
  UnsubscribeRequestSchema, CompleteRequestSchema, SetLevelRequestSchema, CreateMessageResultSchema, ElicitResultSchema,
} from '@modelcontextprotocol/sdk/types.js';

const { values: opts } = parseArgs({ options: { port: { type: 'string', default: '0' } } });

// A 1x1 PNG, and 10 ms of silence as 8 kHz 8-bit mono WAV.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
const WAV = (() => {
  const samples = Buffer.alloc(80, 0x80);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0); h.writeUInt32LE(36 + samples.length, 4); h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16); h.writeUInt16LE(1, 20); h.writeUInt16LE(1, 22); h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(8000, 28); h.writeUInt16LE(1, 32); h.writeUInt16LE(8, 34); h.write('data', 36); h.writeUInt32LE(samples.length, 40);
  return Buffer.concat([h, samples]).toString('base64');
})();
const text = (t) => ({ content: [{ type: 'text', text: t }] });
const noArgs = { type: 'object', properties: {} };
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

// ---- Tools: what each scenario calls, with the content it checks.
const TOOLS = {
  test_simple_text: { description: 'Returns one text block', run: () => text('This is a simple text response for testing.') },
  test_image_content: { description: 'Returns a PNG image', run: () => ({ content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] }) },
  test_audio_content: { description: 'Returns a WAV clip', run: () => ({ content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] }) },
  test_embedded_resource: {
    description: 'Returns an embedded text resource',
    run: () => ({ content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }] }),
  },
  test_multiple_content_types: {
    description: 'Returns text, an image and an embedded resource',
    run: () => ({ content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: JSON.stringify({ test: 'data', value: 123 }) } },
    ] }),
  },
  test_error_handling: { description: 'Always fails (isError)', run: () => ({ ...text('This tool intentionally returns an error for testing'), isError: true }) },
  test_tool_with_logging: {
    description: 'Logs three messages at info while it runs',
    run: async (args, extra, session) => {
      for (const [i, data] of ['Tool execution started', 'Tool processing data', 'Tool execution completed'].entries()) {
        if (i) await sleep(50);
        await session.log(extra, 'info', data);
      }
      return text('Logged three messages');
    },
  },
  test_tool_with_progress: {
    description: 'Reports progress 0, 50, 100 of 100 when asked for progress',
    run: async (args, extra) => {
      const progressToken = extra._meta?.progressToken;
      for (const [i, progress] of [0, 50, 100].entries()) {
        if (i) await sleep(50);
        if (progressToken !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress, total: 100 } });
      }
      // The SDK's client drops a progress notification read together with the response (typescript-sdk#2580).
      await sleep(50);
      return text(`Progress reported${progressToken === undefined ? ' (no token given)' : ''}`);
    },
  },
  test_sampling: {
    description: 'Asks the client for an LLM completion of the prompt',
    inputSchema: { type: 'object', properties: { prompt: { type: 'string', description: 'The prompt for the LLM' } }, required: ['prompt'] },
    run: async ({ prompt }, extra, session) => {
      session.requireClient('sampling');
      const r = await extra.sendRequest({ method: 'sampling/createMessage', params: {
        messages: [{ role: 'user', content: { type: 'text', text: String(prompt) } }], maxTokens: 100,
      } }, CreateMessageResultSchema);
      return text(`LLM response: ${r.content?.type === 'text' ? r.content.text : JSON.stringify(r.content)}`);
    },
  },
  test_elicitation: {
    description: 'Asks the user for a username and an email',
    inputSchema: { type: 'object', properties: { message: { type: 'string', description: 'What to ask' } }, required: ['message'] },
    run: ({ message }, extra, session) => elicit(extra, session, String(message), {
      type: 'object',
      properties: { username: { type: 'string', description: "User's response" }, email: { type: 'string', description: "User's email address" } },
      required: ['username', 'email'],
    }),
  },
  test_elicitation_sep1034_defaults: {
    description: 'Elicitation whose fields carry defaults of every primitive type (SEP-1034)',
    run: (args, extra, session) => elicit(extra, session, 'Check these values', {
      type: 'object',
      properties: {
        name: { type: 'string', default: 'John Doe' },
        age: { type: 'integer', default: 30 },
        score: { type: 'number', default: 95.5 },
        status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
        verified: { type: 'boolean', default: true },
      },
    }),
  },
  test_elicitation_sep1330_enums: {
    description: 'Elicitation with the five enum forms (SEP-1330)',
    run: (args, extra, session) => elicit(extra, session, 'Pick some options', {
      type: 'object',
      properties: {
        untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
        titledSingle: { type: 'string', oneOf: [{ const: 'value1', title: 'First Option' }, { const: 'value2', title: 'Second Option' }] },
        legacyEnum: { type: 'string', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
        untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
        titledMulti: { type: 'array', items: { anyOf: [{ const: 'value1', title: 'First Choice' }, { const: 'value2', title: 'Second Choice' }] } },
      },
    }),
  },
  json_schema_2020_12_tool: {
    description: 'Tool with JSON Schema 2020-12 features',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
      properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
      additionalProperties: false,
    },
    run: (args) => text(`Received ${JSON.stringify(args ?? {})}`),
  },
  test_reconnection: {
    description: 'Closes its SSE stream mid-call when the transport can resume it (SEP-1699), then answers',
    run: async (args, extra) => {
      extra.closeSSEStream?.();
      await sleep(100);
      return text('Answered after the stream was closed');
    },
  },
};

async function elicit(extra, session, message, requestedSchema) {
  session.requireClient('elicitation');
  const r = await extra.sendRequest({ method: 'elicitation/create', params: { message, requestedSchema } }, ElicitResultSchema);
  return text(`Elicitation completed: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`);
}

// ---- Prompts.
const PROMPTS = {
  test_simple_prompt: { description: 'A prompt without arguments', get: () => [user({ type: 'text', text: 'This is a simple prompt for testing.' })] },
  test_prompt_with_arguments: {
    description: 'A prompt with two required arguments',
    arguments: [{ name: 'arg1', description: 'First argument', required: true }, { name: 'arg2', description: 'Second argument', required: true }],
    get: ({ arg1, arg2 }) => [user({ type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` })],
  },
  test_prompt_with_embedded_resource: {
    description: 'A prompt embedding the resource it is given',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
    get: ({ resourceUri }) => [
      user({ type: 'resource', resource: { uri: String(resourceUri), mimeType: 'text/plain', text: 'Embedded resource content for testing.' } }),
      user({ type: 'text', text: 'Please process the embedded resource above.' }),
    ],
  },
  test_prompt_with_image: {
    description: 'A prompt with an image',
    get: () => [user({ type: 'image', data: PNG, mimeType: 'image/png' }), user({ type: 'text', text: 'Please analyze the image above.' })],
  },
};
function user(content) { return { role: 'user', content }; }

// ---- Resources: three direct ones and a template.
const RESOURCES = {
  'test://static-text': { name: 'static-text', description: 'A static text resource', mimeType: 'text/plain', text: 'This is the content of the static text resource.' },
  'test://static-binary': { name: 'static-binary', description: 'A static PNG', mimeType: 'image/png', blob: PNG },
  'test://watched-resource': { name: 'watched-resource', description: 'A resource to subscribe to', mimeType: 'text/plain', text: 'Watched resource content.' },
};
const TEMPLATE = { uriTemplate: 'test://template/{id}/data', name: 'template-data', description: 'Data for one id', mimeType: 'application/json' };
function read(uri) {
  const r = RESOURCES[uri];
  if (r) return { uri, mimeType: r.mimeType, ...(r.blob ? { blob: r.blob } : { text: r.text }) };
  const id = /^test:\/\/template\/([^/]+)\/data$/.exec(uri)?.[1];
  if (id !== undefined) return { uri, mimeType: 'application/json', text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) };
  throw new McpError(-32002, `Resource not found: ${uri}`, { uri });
}

// ---- Completions: the prompt's arguments and the template's id.
const CHOICES = { arg1: ['paris', 'park', 'party', 'test1', 'test2'], arg2: ['alpha', 'beta', 'gamma'], id: ['1', '2', '3', '123'] };
function complete({ ref, argument }) {
  const known = (ref?.type === 'ref/prompt' && ref.name === 'test_prompt_with_arguments' && ['arg1', 'arg2'].includes(argument?.name))
    || (ref?.type === 'ref/resource' && ref.uri === TEMPLATE.uriTemplate && argument?.name === 'id');
  const values = known ? CHOICES[argument.name].filter((v) => v.startsWith(String(argument.value ?? ''))) : [];
  return { completion: { values, total: values.length, hasMore: false } };
}

// ---- One MCP server per session.
function newSession() {
  const server = new Server({ name: 'conformance-reference', version: '1.0.0' }, {
    capabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true }, logging: {}, completions: {} },
  });
  const session = {
    level: undefined,
    subscriptions: new Set(),
    async log(extra, level, data) {
      if (this.level && LEVELS.indexOf(level) < LEVELS.indexOf(this.level)) return;
      await extra.sendNotification({ method: 'notifications/message', params: { level, logger: 'conformance-reference', data } });
    },
    requireClient(capability) {
      if (!server.getClientCapabilities()?.[capability]) throw new McpError(ErrorCode.InvalidRequest, `the client did not declare the ${capability} capability`);
    },
  };
  server.setRequestHandler(SetLevelRequestSchema, ({ params }) => { session.level = params.level; return {}; });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: Object.entries(TOOLS).map(([name, t]) => ({ name, description: t.description, inputSchema: t.inputSchema ?? noArgs })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }, extra) => {
    const tool = TOOLS[params.name];
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    return tool.run(params.arguments ?? {}, extra, session);
  });
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: Object.entries(PROMPTS).map(([name, p]) => ({ name, description: p.description, ...(p.arguments && { arguments: p.arguments }) })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, ({ params }) => {
    const prompt = PROMPTS[params.name];
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${params.name}`);
    const missing = (prompt.arguments ?? []).filter((a) => a.required && params.arguments?.[a.name] === undefined).map((a) => a.name);
    if (missing.length) throw new McpError(ErrorCode.InvalidParams, `Missing arguments: ${missing.join(', ')}`);
    return { description: prompt.description, messages: prompt.get(params.arguments ?? {}) };
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: Object.entries(RESOURCES).map(([uri, { name, description, mimeType }]) => ({ uri, name, description, mimeType })),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [TEMPLATE] }));
  server.setRequestHandler(ReadResourceRequestSchema, ({ params }) => ({ contents: [read(params.uri)] }));
  server.setRequestHandler(SubscribeRequestSchema, ({ params }) => {
    read(params.uri); // an unknown URI is an error
    session.subscriptions.add(params.uri);
    // One update soon after, as if the resource changed.
    setTimeout(() => {
      if (session.subscriptions.has(params.uri)) server.sendResourceUpdated({ uri: params.uri }).catch(() => {});
    }, 50).unref();
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, ({ params }) => { session.subscriptions.delete(params.uri); return {}; });
  server.setRequestHandler(CompleteRequestSchema, ({ params }) => complete(params));
  return server;
}

// ---- Streamable HTTP on 127.0.0.1, one transport per session, Host checked (DNS rebinding).
const sessions = new Map();
const http = createServer(async (req, res) => {
  try {
    const id = req.headers['mcp-session-id'];
    if (new URL(req.url, 'http://x').pathname !== '/mcp' || (id && !sessions.has(id))) return void res.writeHead(404).end();
    let transport = sessions.get(id);
    if (!transport) {
      const port = http.address().port;
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID, onsessioninitialized: (sid) => sessions.set(sid, transport),
        enableDnsRebindingProtection: true, allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
      });
      transport.onclose = () => sessions.delete(transport.sessionId);
      await newSession().connect(transport);
    }
    await transport.handleRequest(req, res);
    if (!transport.sessionId) await transport.close();
  } catch (e) {
    console.error('[reference]', e.message);
    if (!res.headersSent) res.writeHead(500).end();
  }
});
http.listen(Number(opts.port), '127.0.0.1', () => console.log(`http://127.0.0.1:${http.address().port}/mcp`));
const stop = () => { for (const t of sessions.values()) t.close().catch(() => {}); http.close(); process.exit(0); };
process.on('SIGTERM', stop).on('SIGINT', stop);
