// What every entry of the package shares: NamingError, argument checks, and the lazy loading
// of a .wasm. Every decision is made in the Rust core; this file only converts and checks types.
import type { Code } from './tables.mjs';

export type { Code };

/**
 * One problem with a name, an entry or a field. `start`/`end` are UTF-16 offsets into the
 * input, as JS indexes strings.
 */
export interface Diagnostic {
  /** One of the core's codes (its code table, generated into the `Code` type at build). */
  code: Code;
  severity: 'error' | 'warning';
  message: string;
  start: number;
  end: number;
  /**
   * Where the problem is, for diagnostics about a part of an input rather than a name: an
   * option or configuration key (`servers[0].name`), an entry of a file (`enabled[1]`), a
   * pattern of a router configuration (`disabled[0]`), a field of a descriptor.
   */
  path?: string;
  /** What to write instead, where one is clear (an entry of a file, a key's nearest valid name). */
  suggestion?: string;
}

/** The JSON-RPC error an MCP server answers with, from `NamingError.toJsonRpcError()`. */
export interface JsonRpcError {
  code: number;
  message: string;
  data: { code: Code; suggestions: string[]; diagnostics: Diagnostic[]; server?: string };
}

/** A wasm-bindgen glue once initialized: the exports a NamingError's methods call. */
interface ErrorCore {
  json_rpc_code(code: string): number;
  call_tool_text(code: string, message: string, suggestions: string[]): string;
}

/**
 * The cores that can answer for NamingError's methods (each .wasm exports json_rpc_code,
 * call_tool_text): whichever entry was installed first.
 */
let errorCore: (() => ErrorCore) | null = null;

/** What the package throws: a stable code, a message, and what the core found. */
export class NamingError extends Error {
  declare readonly name: 'NamingError';
  /** One of the core's codes: every error the package throws carries one. */
  declare code: Code;
  declare diagnostics: Diagnostic[];
  declare suggestions: string[];
  /** The backend server the error is about (tool_removed, tool_disabled), where there is one. */
  declare server?: string;

  /**
   * The package's own errors carry the core's codes (`Code`); a caller's own code (and its
   * diagnostics' codes) is taken as given.
   */
  constructor(
    code: string,
    message: string,
    diagnostics: (Omit<Diagnostic, 'code'> & { code: string })[] = [],
    suggestions: string[] = [],
    server: string | undefined = undefined,
  ) {
    super(message);
    (this as { name: string }).name = 'NamingError';
    this.code = code as Code;
    this.diagnostics = diagnostics as Diagnostic[];
    this.suggestions = suggestions;
    if (server !== undefined) this.server = server;
  }

  /** The JSON-RPC error an MCP server answers with: -32602 for what the client asked wrong. */
  toJsonRpcError(): JsonRpcError {
    return {
      code: errorCore!().json_rpc_code(this.code),
      message: this.message,
      data: this.server === undefined
        ? { code: this.code, suggestions: this.suggestions, diagnostics: this.diagnostics }
        : { code: this.code, suggestions: this.suggestions, diagnostics: this.diagnostics, server: this.server },
    };
  }

  /** A tools/call result with `isError: true`, whose text carries the message and the suggestions, for gateways that let the model read and fix its call. */
  toCallToolResult(): { isError: true; content: { type: 'text'; text: string }[] } {
    return { isError: true, content: [{ type: 'text', text: errorCore!().call_tool_text(this.code, this.message, this.suggestions) }] };
  }
}

/** The bytes of base64 text: the embedded .wasm. */
function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const fromBase64 = (Uint8Array as { fromBase64?: (text: string) => Uint8Array<ArrayBuffer> }).fromBase64;
  if (typeof fromBase64 === 'function') return fromBase64(text);
  if (typeof Buffer === 'function' && typeof Buffer.from === 'function') return Buffer.from(text, 'base64') as Uint8Array<ArrayBuffer>;
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** Where a .wasm comes from: compiled already (workerd), base64 text, or a function returning either. @internal */
export type WasmSource = WebAssembly.Module | string | (() => WebAssembly.Module | string);

/** The part of a wasm-bindgen glue that lazyCore uses. @internal */
export interface Glue {
  initSync(init: { module: WebAssembly.Module }): unknown;
}

/**
 * A getter for an initialized wasm-bindgen glue: `source` (a compiled WebAssembly.Module, base64
 * text of the .wasm, or a function returning either) is compiled and instantiated synchronously
 * on the first call that needs the core, not at import. `ready` runs once after that.
 * @internal
 */
export function lazyCore<G extends Glue>(glue: G, source: WasmSource, ready?: (core: G) => void): () => G {
  let core: G | null = null;
  const get = (): G => {
    if (core === null) {
      const given = typeof source === 'function' ? source() : source;
      const module = typeof given === 'string' ? new WebAssembly.Module(decodeBase64(given)) : given;
      glue.initSync({ module });
      core = glue;
      if (ready) ready(core);
    }
    return core;
  };
  if (errorCore === null) errorCore = get as unknown as () => ErrorCore;
  return get;
}

/** The type of a value as the core words it: "a string", "a number", "an array", "null", … @internal */
export function describe(value: unknown): string {
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

/** An invalid_argument error whose one diagnostic names the path of the offending value. @internal */
export function invalidArgument(message: string, path?: string): NamingError {
  const diagnostic: Diagnostic = { code: 'invalid_argument', severity: 'error', message, start: 0, end: 0 };
  if (path !== undefined) diagnostic.path = path;
  return new NamingError('invalid_argument', message, [diagnostic]);
}

/** @internal */
export function string(value: unknown, what: string): string {
  if (typeof value !== 'string') throw invalidArgument(`${what} must be a string, got ${describe(value)}`, what);
  return value;
}

/** @internal */
export function strings(value: unknown, what: string): string[] {
  if (!Array.isArray(value)) throw invalidArgument(`${what} must be an array of strings, got ${describe(value)}`, what);
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string') throw invalidArgument(`${what}[${i}] must be a string, got ${describe(value[i])}`, `${what}[${i}]`);
  }
  return value;
}

/** @internal */
export function object(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidArgument(`${what} must be an object, got ${describe(value)}`, what);
  }
  return value as Record<string, unknown>;
}

/** @internal */
export function number(value: unknown, what: string): number {
  if (typeof value !== 'number') throw invalidArgument(`${what} must be a number, got ${describe(value)}`);
  return value;
}

/** What the core throws: a plain object with a code (never an Error). */
interface CoreError {
  code: string;
  message: string;
  diagnostics?: Diagnostic[];
  suggestions?: string[];
  server?: string;
}

/** Runs a wasm call; an error object it throws becomes a NamingError. @internal */
export function call<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e && typeof e === 'object' && typeof (e as CoreError).code === 'string' && !(e instanceof Error)) {
      const c = e as CoreError;
      throw new NamingError(c.code, c.message, c.diagnostics ?? [], c.suggestions ?? [], c.server);
    }
    throw e;
  }
}
