#!/usr/bin/env node
// A reference server for the official conformance suite's server scenarios, on the TypeScript SDK v2
// (@modelcontextprotocol/server 2.4.0), written here from what each scenario of
// @modelcontextprotocol/conformance 0.2.0-alpha.12 states and checks (its tool, prompt and resource
// names, arguments, expected content): the suite's own reference server is published on no registry.
// It serves both revisions on one endpoint, as a dual-era server does:
//
// - 2025-11-25 and earlier (an `initialize` handshake, then `Mcp-Session-Id`): one SDK Server per
//   session over the SDK's sessionful Streamable HTTP transport; sampling and elicitation are
//   requests the server sends, subscriptions are `resources/subscribe` and the GET stream.
// - 2026-07-28 (per-request `_meta`, no session): the SDK's `createMcpHandler`, a fresh Server per
//   request; sampling, elicitation and roots are `input_required` results (SEP-2322) with an
//   HMAC-protected `requestState`; change notifications go out on `subscriptions/listen` streams.
//
// It is a fixture and nothing more, kept apart so it can be swapped (see ../README.md).
//
//   node reference/server.mjs [--port N]     Streamable HTTP on http://127.0.0.1:N/mcp (0: a free port)
//
// The first line on stdout is the URL it serves; it logs nothing else there. REFERENCE_STATE_KEY
// (32 bytes or more) keys the requestState HMAC; a random key per process otherwise.
import { createServer } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  Server, WebStandardStreamableHTTPServerTransport, createMcpHandler, createRequestStateCodec, inputRequired, inputResponse,
  isLegacyRequest, hostHeaderValidationResponse, ProtocolError, ProtocolErrorCode, ResourceNotFoundError,
  MissingRequiredClientCapabilityError,
} from '@modelcontextprotocol/server';
import { serve } from './node-http.mjs';

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
const LOGGER = 'conformance-reference';

// ---- requestState: signed and bound to the method (the SDK verifies it before a handler runs); the
// payload names the tool or prompt it was minted for, and a state minted for another reads as none.
const codec = createRequestStateCodec({ key: process.env.REFERENCE_STATE_KEY ?? randomBytes(32), bind: (ctx) => ctx.mcpReq.method });

// An embedded form elicitation asking for one string (or boolean) field.
const ask = (message, field, type = 'string') =>
  inputRequired.elicit({ message, requestedSchema: { type: 'object', properties: { [field]: { type } }, required: [field] } });
// The accepted content of an elicitation response, if it is one.
const accepted = (responses, key) => {
  const r = inputResponse(responses, key);
  return r.kind === 'elicit' && r.action === 'accept' ? (r.content ?? {}) : undefined;
};
const sampled = (responses, key) => {
  const r = inputResponse(responses, key);
  if (r.kind !== 'sampling') return undefined;
  const c = Array.isArray(r.result.content) ? r.result.content[0] : r.result.content;
  return c?.type === 'text' ? c.text : JSON.stringify(c);
};
const rooted = (responses, key) => {
  const r = inputResponse(responses, key);
  return r.kind === 'roots' ? r.roots : undefined;
};
async function state(ctx, payload) {
  return codec.mint({ ...payload, for: ctx.mcpReq.target, nonce: randomUUID() }, ctx);
}
// The verified state of this round, if it was minted for this tool or prompt.
const echoed = (ctx) => {
  const s = ctx.mcpReq.requestState();
  return s?.for === ctx.mcpReq.target ? s : undefined;
};

// ---- Tools: what each scenario calls, with the content it checks. `modern`: listed and served on
// the 2026-07-28 wire only (diagnostics of statelessness); the multi round-trip tools serve both
// eras (on a 2025 session the SDK's shim asks the client with real requests and re-enters them).
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
    run: async (args, ctx, session) => {
      for (const [i, data] of ['Tool execution started', 'Tool processing data', 'Tool execution completed'].entries()) {
        if (i) await sleep(50);
        await session.log(ctx, 'info', data);
      }
      return text('Logged three messages');
    },
  },
  test_tool_with_progress: {
    description: 'Reports progress 0, 50, 100 of 100 when asked for progress',
    run: async (args, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      for (const [i, progress] of [0, 50, 100].entries()) {
        if (i) await sleep(50);
        if (progressToken !== undefined) await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress, total: 100 } });
      }
      // The v1 SDK's client drops a progress notification read together with the response (typescript-sdk#2580).
      await sleep(50);
      return text(`Progress reported${progressToken === undefined ? ' (no token given)' : ''}`);
    },
  },
  test_sampling: {
    description: 'Asks the client for an LLM completion of the prompt',
    inputSchema: { type: 'object', properties: { prompt: { type: 'string', description: 'The prompt for the LLM' } }, required: ['prompt'] },
    run: async ({ prompt }, ctx, session) => {
      const request = { messages: [{ role: 'user', content: { type: 'text', text: String(prompt) } }], maxTokens: 100 };
      if (session.modern) {
        const answer = sampled(ctx.mcpReq.inputResponses, 'completion');
        if (answer === undefined) return inputRequired({ inputRequests: { completion: inputRequired.createMessage(request) } });
        return text(`LLM response: ${answer}`);
      }
      session.requireClient('sampling');
      const r = await ctx.mcpReq.requestSampling(request);
      return text(`LLM response: ${r.content?.type === 'text' ? r.content.text : JSON.stringify(r.content)}`);
    },
  },
  test_elicitation: {
    description: 'Asks the user for a username and an email',
    inputSchema: { type: 'object', properties: { message: { type: 'string', description: 'What to ask' } }, required: ['message'] },
    run: ({ message }, ctx, session) => elicit(ctx, session, String(message), {
      type: 'object',
      properties: { username: { type: 'string', description: "User's response" }, email: { type: 'string', description: "User's email address" } },
      required: ['username', 'email'],
    }),
  },
  test_elicitation_sep1034_defaults: {
    description: 'Elicitation whose fields carry defaults of every primitive type (SEP-1034)',
    run: (args, ctx, session) => elicit(ctx, session, 'Check these values', {
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
    run: (args, ctx, session) => elicit(ctx, session, 'Pick some options', {
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
    // The schema the json-schema-2020-12 scenario expects back, keyword for keyword (SEP-1613, SEP-2106).
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { address: { $anchor: 'addressDef', type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
      properties: {
        name: { type: 'string' }, address: { $ref: '#/$defs/address' }, contactMethod: { type: 'string', enum: ['phone', 'email'] },
        phone: { type: 'string' }, email: { type: 'string' },
      },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
      then: { required: ['phone'] },
      else: { required: ['email'] },
      additionalProperties: false,
    },
    run: (args) => text(`Received ${JSON.stringify(args ?? {})}`),
  },
  test_reconnection: {
    description: 'Closes its SSE stream mid-call when the transport can resume it (SEP-1699), then answers',
    legacy: true,
    run: async (args, ctx) => {
      ctx.http?.closeSSE?.();
      await sleep(100);
      return text('Answered after the stream was closed');
    },
  },

  // ---- Multi round-trip requests (SEP-2322).
  test_input_required_result_elicitation: {
    description: 'Asks for a name (one elicitation), then greets',
    run: (args, ctx) => {
      const name = accepted(ctx.mcpReq.inputResponses, 'user_name')?.name;
      if (typeof name !== 'string') return inputRequired({ inputRequests: { user_name: ask('What is your name?', 'name') } });
      return text(`Hello, ${name}!`);
    },
  },
  test_input_required_result_sampling: {
    description: 'Asks for one LLM completion, then answers with it',
    run: (args, ctx) => {
      const answer = sampled(ctx.mcpReq.inputResponses, 'capital_question');
      if (answer === undefined) {
        return inputRequired({ inputRequests: { capital_question: inputRequired.createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 100,
        }) } });
      }
      return text(`Sampling result: ${answer}`);
    },
  },
  test_input_required_result_list_roots: {
    description: "Asks for the client's roots, then counts them",
    run: (args, ctx) => {
      const roots = rooted(ctx.mcpReq.inputResponses, 'client_roots');
      if (!roots) return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
      return text(`Found ${roots.length} root(s): ${roots.map((r) => r.uri).join(', ')}`);
    },
  },
  test_input_required_result_request_state: {
    description: 'Asks for a confirmation with a signed requestState, then checks both',
    run: async (args, ctx) => {
      const s = echoed(ctx);
      const ok = accepted(ctx.mcpReq.inputResponses, 'confirm')?.ok;
      if (s?.kind === 'request-state' && ok === true) return text('state-ok: requestState validated');
      return inputRequired({ inputRequests: { confirm: ask('Please confirm', 'ok', 'boolean') }, requestState: await state(ctx, { kind: 'request-state' }) });
    },
  },
  test_input_required_result_multiple_inputs: {
    description: 'Asks for a name, a greeting and the roots at once',
    run: async (args, ctx) => {
      const r = ctx.mcpReq.inputResponses;
      const name = accepted(r, 'user_name')?.name, greeting = sampled(r, 'greeting'), roots = rooted(r, 'client_roots');
      if (echoed(ctx)?.kind === 'multiple-inputs' && typeof name === 'string' && greeting !== undefined && roots) {
        return text(`Name: ${name}; Greeting: ${greeting}; Roots: ${roots.length}`);
      }
      return inputRequired({
        inputRequests: {
          user_name: ask('What is your name?', 'name'),
          greeting: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }], maxTokens: 50 }),
          client_roots: inputRequired.listRoots(),
        },
        requestState: await state(ctx, { kind: 'multiple-inputs' }),
      });
    },
  },
  test_input_required_result_multi_round: {
    description: 'Asks for a name, then a colour, each round with a new requestState',
    run: async (args, ctx) => {
      const s = echoed(ctx), r = ctx.mcpReq.inputResponses;
      const step1 = () => inputRequired({ inputRequests: { step1: ask('Step 1: What is your name?', 'name') } });
      if (s?.round === 1 && typeof accepted(r, 'step1')?.name === 'string') {
        return inputRequired({
          inputRequests: { step2: ask('Step 2: What is your favorite color?', 'color') },
          requestState: await state(ctx, { round: 2, name: accepted(r, 'step1').name }),
        });
      }
      if (s?.round === 2 && typeof accepted(r, 'step2')?.color === 'string') {
        return text(`Multi-round complete for ${s.name} who likes ${accepted(r, 'step2').color}`);
      }
      const first = step1();
      return { ...first, requestState: await state(ctx, { round: 1 }) };
    },
  },
  test_input_required_result_tampered_state: {
    description: 'Asks for a confirmation with a signed requestState; a tampered one is refused',
    run: async (args, ctx) => {
      if (echoed(ctx)?.kind === 'tamper-test' && accepted(ctx.mcpReq.inputResponses, 'confirm')) {
        return text('integrity-ok: state verified');
      }
      return inputRequired({ inputRequests: { confirm: ask('Please confirm', 'ok', 'boolean') }, requestState: await state(ctx, { kind: 'tamper-test' }) });
    },
  },
  test_input_required_result_capabilities: {
    description: 'Asks only for what the client declared it can give (elicitation, sampling)',
    run: async (args, ctx, session) => {
      const got = Object.keys(ctx.mcpReq.inputResponses ?? {});
      if (got.length) return text(`capabilities-ok: received ${got.join(',')}`);
      const caps = session.clientCapabilities(ctx);
      const inputRequests = {};
      if (caps.elicitation) inputRequests.elicit_input = ask('Elicitation input', 'value');
      if (caps.sampling) {
        inputRequests.sample_input = inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Sample request' } }], maxTokens: 50 });
      }
      if (!Object.keys(inputRequests).length) return text('No supported capabilities declared');
      return inputRequired({ inputRequests, requestState: await state(ctx, { kind: 'capabilities-test' }) });
    },
  },

  // ---- Diagnostics of the 2026-07-28 wire (server-stateless).
  test_missing_capability: {
    description: 'Needs a client that can sample (MissingRequiredClientCapability otherwise)',
    modern: true,
    run: (args, ctx, session) => {
      if (!session.clientCapabilities(ctx).sampling) {
        throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { sampling: {} } }, 'This tool needs the sampling capability');
      }
      return text('Success');
    },
  },
  test_streaming_elicitation: {
    description: 'Reports progress on its response stream, then answers (never a request of its own)',
    modern: true,
    run: async (args, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      if (progressToken !== undefined) await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: 50, total: 100 } });
      return text('Streaming complete');
    },
  },
  test_logging_tool: {
    description: 'Logs one message, only when the request names a log level',
    modern: true,
    run: async (args, ctx, session) => {
      await session.log(ctx, 'info', 'Diagnostic trace logging activated');
      return text('Logging evaluated');
    },
  },
  test_trigger_tool_change: {
    description: 'Announces a tools list change on the open subscriptions/listen streams',
    modern: true,
    run: () => { handler.notify.toolsChanged(); return text('Tools list change announced'); },
  },
  test_trigger_prompt_change: {
    description: 'Announces a prompts list change on the open subscriptions/listen streams',
    modern: true,
    run: () => { handler.notify.promptsChanged(); return text('Prompts list change announced'); },
  },
  test_trigger_resource_update: {
    description: 'Announces an update of a resource (test://watched-resource by default) on the open subscriptions/listen streams',
    modern: true,
    inputSchema: { type: 'object', properties: { uri: { type: 'string' } } },
    run: ({ uri }) => { handler.notify.resourceUpdated(String(uri ?? 'test://watched-resource')); return text('Resource update announced'); },
  },
};

async function elicit(ctx, session, message, requestedSchema) {
  let r;
  if (session.modern) {
    r = inputResponse(ctx.mcpReq.inputResponses, 'answer');
    if (r.kind !== 'elicit') return inputRequired({ inputRequests: { answer: inputRequired.elicit({ message, requestedSchema }) } });
  } else {
    session.requireClient('elicitation');
    r = await ctx.mcpReq.elicitInput({ message, requestedSchema });
  }
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
  test_input_required_result_prompt: {
    description: 'A prompt that asks for its context first (SEP-2322)',
    get: (args, ctx) => {
      const context = accepted(ctx.mcpReq.inputResponses, 'user_context')?.context;
      if (typeof context !== 'string') return inputRequired({ inputRequests: { user_context: ask('What context should the prompt use?', 'context') } });
      return [user({ type: 'text', text: `Prompt with context: ${context}` })];
    },
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
  throw new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
}

// ---- Completions: the prompt's arguments and the template's id.
const CHOICES = { arg1: ['paris', 'park', 'party', 'test1', 'test2'], arg2: ['alpha', 'beta', 'gamma'], id: ['1', '2', '3', '123'] };
function complete({ ref, argument }) {
  const known = (ref?.type === 'ref/prompt' && ref.name === 'test_prompt_with_arguments' && ['arg1', 'arg2'].includes(argument?.name))
    || (ref?.type === 'ref/resource' && ref.uri === TEMPLATE.uriTemplate && argument?.name === 'id');
  const values = known ? CHOICES[argument.name].filter((v) => v.startsWith(String(argument.value ?? ''))) : [];
  return { completion: { values, total: values.length, hasMore: false } };
}

// ---- One SDK Server: per 2025 session, or per 2026 request.
const CACHE = { ttlMs: 300_000, cacheScope: 'public' };
function build(era) {
  const modern = era === 'modern';
  const server = new Server({ name: LOGGER, version: '2.0.0' }, {
    capabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true }, logging: {}, completions: {} },
    cacheHints: { 'tools/list': CACHE, 'prompts/list': CACHE, 'resources/list': CACHE, 'resources/templates/list': CACHE, 'server/discover': CACHE },
    requestState: { verify: (s, ctx) => codec.verify(s, ctx) },
  });
  const session = {
    modern,
    level: undefined,
    subscriptions: new Set(),
    // 2025: the session's level (logging/setLevel); 2026: the request's own, and nothing without one.
    async log(ctx, level, data) {
      const min = modern ? ctx.mcpReq.envelope?.['io.modelcontextprotocol/logLevel'] : this.level;
      if (modern && !min) return;
      if (min && LEVELS.indexOf(level) < LEVELS.indexOf(min)) return;
      await ctx.mcpReq.notify({ method: 'notifications/message', params: { level, logger: LOGGER, data } });
    },
    clientCapabilities(ctx) {
      return (modern ? ctx.mcpReq.envelope?.['io.modelcontextprotocol/clientCapabilities'] : server.getClientCapabilities()) ?? {};
    },
    requireClient(capability) {
      if (!server.getClientCapabilities()?.[capability]) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, `the client did not declare the ${capability} capability`);
    },
  };
  const served = ([, t]) => (modern ? !t.legacy : !t.modern);
  // The tool or prompt a request is for, where its requestState is read against.
  const target = (ctx, name) => {
    ctx.mcpReq.target = name;
    return ctx;
  };
  if (!modern) server.setRequestHandler('logging/setLevel', ({ params }) => { session.level = params.level; return {}; });
  server.setRequestHandler('tools/list', () => ({
    tools: Object.entries(TOOLS).filter(served).map(([name, t]) => ({ name, description: t.description, inputSchema: t.inputSchema ?? noArgs })),
  }));
  server.setRequestHandler('tools/call', async ({ params }, ctx) => {
    const tool = Object.hasOwn(TOOLS, params.name) && served([params.name, TOOLS[params.name]]) ? TOOLS[params.name] : undefined;
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    return tool.run(params.arguments ?? {}, target(ctx, params.name), session);
  });
  server.setRequestHandler('prompts/list', () => ({
    prompts: Object.entries(PROMPTS).map(([name, p]) => ({ name, description: p.description, ...(p.arguments && { arguments: p.arguments }) })),
  }));
  server.setRequestHandler('prompts/get', async ({ params }, ctx) => {
    const prompt = Object.hasOwn(PROMPTS, params.name) ? PROMPTS[params.name] : undefined;
    if (!prompt) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${params.name}`);
    const missing = (prompt.arguments ?? []).filter((a) => a.required && params.arguments?.[a.name] === undefined).map((a) => a.name);
    if (missing.length) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Missing arguments: ${missing.join(', ')}`);
    const messages = await prompt.get(params.arguments ?? {}, target(ctx, params.name));
    return Array.isArray(messages) ? { description: prompt.description, messages } : messages;
  });
  server.setRequestHandler('resources/list', () => ({
    resources: Object.entries(RESOURCES).map(([uri, { name, description, mimeType }]) => ({ uri, name, description, mimeType })),
  }));
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [TEMPLATE] }));
  server.setRequestHandler('resources/read', ({ params }) => ({ contents: [read(params.uri)], ...CACHE, cacheScope: 'private' }));
  if (!modern) {
    server.setRequestHandler('resources/subscribe', ({ params }) => {
      read(params.uri); // an unknown URI is an error
      session.subscriptions.add(params.uri);
      // One update soon after, as if the resource changed.
      setTimeout(() => {
        if (session.subscriptions.has(params.uri)) server.sendResourceUpdated({ uri: params.uri }).catch(() => {});
      }, 50).unref();
      return {};
    });
    server.setRequestHandler('resources/unsubscribe', ({ params }) => { session.subscriptions.delete(params.uri); return {}; });
  }
  server.setRequestHandler('completion/complete', ({ params }) => complete(params));
  return server;
}

// ---- 2026-07-28: the SDK's per-request handler (2025 traffic never reaches it: routed below).
const handler = createMcpHandler(({ era }) => build(era), { legacy: 'reject', keepAliveMs: 0 });

// ---- 2025-11-25: one sessionful transport per session.
const sessions = new Map();
async function legacy(request) {
  const id = request.headers.get('mcp-session-id');
  if (id && !sessions.has(id)) return new Response(null, { status: 404 });
  let transport = sessions.get(id);
  if (!transport) {
    transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID, onsessioninitialized: (sid) => sessions.set(sid, transport),
    });
    transport.onclose = () => sessions.delete(transport.sessionId);
    await build('legacy').connect(transport);
  }
  const response = await transport.handleRequest(request);
  if (!transport.sessionId) await transport.close();
  return response;
}

// ---- Streamable HTTP on 127.0.0.1, Host checked (DNS rebinding), each request to its era.
const http = serve(async (request) => {
  if (new URL(request.url).pathname !== '/mcp') return new Response(null, { status: 404 });
  const rejected = hostHeaderValidationResponse(request, ['127.0.0.1', 'localhost']);
  if (rejected) return rejected;
  if (request.headers.has('mcp-session-id') || request.method !== 'POST' || (await isLegacyRequest(request))) return legacy(request);
  return handler.fetch(request);
}, (e) => console.error('[reference]', e.message));
http.listen(Number(opts.port), '127.0.0.1', () => console.log(`http://127.0.0.1:${http.address().port}/mcp`));
const stop = () => {
  for (const t of sessions.values()) t.close().catch(() => {});
  handler.close().catch(() => {});
  http.close();
  process.exit(0);
};
process.on('SIGTERM', stop).on('SIGINT', stop);
