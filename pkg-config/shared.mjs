// What every entry of the package shares: NamingError, argument checks, and the lazy loading
// of a .wasm. Every decision is made in the Rust core; this file only converts and checks types.

/**
 * The cores that can answer for NamingError's methods (each .wasm exports json_rpc_code,
 * call_tool_text): whichever entry was installed first.
 */
let errorCore = null;

export class NamingError extends Error {
  constructor(code, message, diagnostics = [], suggestions = [], server = undefined) {
    super(message);
    this.name = 'NamingError';
    this.code = code;
    this.diagnostics = diagnostics;
    this.suggestions = suggestions;
    // The backend server the error is about (tool_removed, tool_disabled), where there is one.
    if (server !== undefined) this.server = server;
  }

  /** The JSON-RPC error an MCP server answers with: -32602 for what the client asked wrong. */
  toJsonRpcError() {
    return {
      code: errorCore().json_rpc_code(this.code),
      message: this.message,
      data: this.server === undefined
        ? { code: this.code, suggestions: this.suggestions, diagnostics: this.diagnostics }
        : { code: this.code, suggestions: this.suggestions, diagnostics: this.diagnostics, server: this.server },
    };
  }

  /** A tools/call result with isError, for gateways that let the model read and fix its call. */
  toCallToolResult() {
    return { isError: true, content: [{ type: 'text', text: errorCore().call_tool_text(this.code, this.message, this.suggestions) }] };
  }
}

/** The bytes of base64 text: the embedded .wasm. */
function decodeBase64(text) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  if (typeof Buffer === 'function' && typeof Buffer.from === 'function') return Buffer.from(text, 'base64');
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/**
 * A getter for an initialized wasm-bindgen glue: `source` (a compiled WebAssembly.Module, base64
 * text of the .wasm, or a function returning either) is compiled and instantiated synchronously
 * on the first call that needs the core, not at import. `ready` runs once after that.
 */
export function lazyCore(glue, source, ready) {
  let core = null;
  const get = () => {
    if (core === null) {
      const given = typeof source === 'function' ? source() : source;
      const module = typeof given === 'string' ? new WebAssembly.Module(decodeBase64(given)) : given;
      glue.initSync({ module });
      core = glue;
      if (ready) ready(core);
    }
    return core;
  };
  if (errorCore === null) errorCore = get;
  return get;
}

/** The type of a value as the core words it: "a string", "a number", "an array", "null", … */
export function describe(value) {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string': return 'a string';
    case 'number': return 'a number';
    case 'boolean': return 'a boolean';
    case 'object': return 'an object';
    case 'function': return 'a function';
    default: return `a ${typeof value}`;
  }
}

/** An invalid_argument error whose one diagnostic names the path of the offending value. */
export function invalidArgument(message, path) {
  const diagnostic = { code: 'invalid_argument', severity: 'error', message, start: 0, end: 0 };
  if (path !== undefined) diagnostic.path = path;
  return new NamingError('invalid_argument', message, [diagnostic]);
}

export function string(value, what) {
  if (typeof value !== 'string') throw invalidArgument(`${what} must be a string, got ${describe(value)}`, what);
  return value;
}

export function strings(value, what) {
  if (!Array.isArray(value)) throw invalidArgument(`${what} must be an array of strings, got ${describe(value)}`, what);
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string') throw invalidArgument(`${what}[${i}] must be a string, got ${describe(value[i])}`, `${what}[${i}]`);
  }
  return value;
}

export function object(value, what) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidArgument(`${what} must be an object, got ${describe(value)}`, what);
  }
  return value;
}

export function number(value, what) {
  if (typeof value !== 'number') throw invalidArgument(`${what} must be a number, got ${describe(value)}`);
  return value;
}

/** Runs a wasm call; an error object it throws becomes a NamingError. */
export function call(fn) {
  try {
    return fn();
  } catch (e) {
    if (e && typeof e === 'object' && typeof e.code === 'string' && !(e instanceof Error)) {
      throw new NamingError(e.code, e.message, e.diagnostics ?? [], e.suggestions ?? [], e.server);
    }
    throw e;
  }
}
