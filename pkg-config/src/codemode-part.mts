// The code mode part as the rest of the package sees it (issue 37): its result types, and where the
// Router finds it. mcp-naming/codemode registers itself here
// when it is imported, so that Router.codeMode and Router.mapCodeModeCall project the router's
// catalog with that part's own .wasm, which a gateway that never uses code mode does not load. The
// slot is on globalThis under a registered symbol: the ES and CommonJS forms of the package share
// it.
import { NamingError } from './shared.mjs';
import type { Diagnostic } from './shared.mjs';

/** The language of the generated code. */
export type CodeModeLanguage = 'typescript' | 'javascript' | 'python';
/** One namespace object per server, or also one file per tool (`servers/<server>/<tool>.ts`). */
export type CodeModeLayout = 'object' | 'files';
/** Whose naming the identifiers follow: this package's projection, or a peer's reproduced. */
export type CodeModeView = 'mcp-naming' | 'cloudflare-codemode' | 'codex' | 'openclaw';

/** `codeMode` options (every one optional). */
export interface CodeModeOptions {
  /** Default "typescript". */
  language?: CodeModeLanguage;
  /** Default "object". */
  layout?: CodeModeLayout;
  /** Default "mcp-naming". */
  view?: CodeModeView;
}

/** A diagnostic of code mode names the input's path (`servers[0].tools[3].name`). */
export interface CodeModeDiagnostic extends Diagnostic {
  path?: string;
}

/** A tool as code. */
export interface CodeModeFunction {
  /** The tool's name (a router's exposed name for `router.codeMode()`). */
  tool: string;
  /** The identifier in the language. */
  name: string;
  /** Its file, with layout "files". */
  path?: string;
  /** codemode_renamed, codemode_hashed, codemode_collision, duplicate_entry, invalid_path, client_refused. */
  diagnostics: CodeModeDiagnostic[];
}

/** A server as code. */
export interface CodeModeNamespace {
  server: string;
  /** The identifier its tools are reached through. */
  name: string;
  tools: CodeModeFunction[];
}

/** A generated file. */
export interface CodeModeFile {
  path: string;
  content: string;
}

/** What `codeMode` returns. */
export interface CodeMode {
  language: CodeModeLanguage;
  layout: CodeModeLayout;
  view: CodeModeView;
  namespaces: CodeModeNamespace[];
  /** `.d.ts` text (TypeScript, JavaScript) or `.pyi` text (Python). */
  declarations: string;
  /** With layout "files": one file per tool, and `servers/_runtime` they import. */
  files?: CodeModeFile[];
  /** What concerns a server or the catalog as a whole. */
  diagnostics: CodeModeDiagnostic[];
}


/** What the code mode part does for a Router. @internal */
export interface CodeModePart {
  /** Projects a router's catalog (`[{ server, label, tools: [{ name, part, tool? }] }]`). */
  catalog(catalog: unknown, options: unknown): unknown;
  /** The exposed name `namespace.identifier` calls in a router's catalog (as JSON text). */
  resolve(catalogJson: string, namespace: string, identifier: string, options: unknown): string;
}

const SLOT = Symbol.for('mcp-naming.codemode');

/** Called by mcp-naming/codemode when it is imported. @internal */
export function registerCodeMode(part: CodeModePart): void {
  (globalThis as { [SLOT]?: CodeModePart })[SLOT] = part;
}

/** The code mode part, or invalid_argument saying how to load it. @internal */
export function codeModePart(): CodeModePart {
  const part = (globalThis as { [SLOT]?: CodeModePart })[SLOT];
  if (part === undefined) {
    const message = "code mode has its own .wasm: import 'mcp-naming/codemode' once (it also exports codeMode) before calling router.codeMode or router.mapCodeModeCall";
    throw new NamingError('invalid_argument', message, [{ code: 'invalid_argument', severity: 'error', message, start: 0, end: 0 }]);
  }
  return part;
}
