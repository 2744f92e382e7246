// mcp-naming/registry: The tool registry, with its own .wasm, loaded only by those who import this
// entry. Every decision is made in the Rust core; this file only converts and checks types.
import * as glue from './glue-registry.mjs';
import { NamingError, lazyCore, describe, invalidArgument, string, call } from './shared.mjs';
import type { Diagnostic, WasmSource } from './shared.mjs';

export { NamingError };
export type { Code, Diagnostic } from './shared.mjs';

/** A diagnostic about a field carries its path, such as "input_schema.properties.path.type". */
export interface FieldDiagnostic extends Diagnostic {
  path?: string;
}

export interface ShapeCheck {
  valid: boolean;
  errors: FieldDiagnostic[];
}

export interface Descriptor {
  tool_id: string;
  language: string | null;
  description: string;
  atomic: boolean;
  dry_run_supported: boolean;
  input_schema: object;
  output_schema: object;
  max_files_affected: number | null;
  allowed_scopes: string[];
}

let wasm: () => typeof glue = () => {
  throw new Error('mcp-naming: import mcp-naming/registry by its name, not this file');
};

/**
 * Called once by the entry file with the .wasm (base64 text, or a WebAssembly.Module in workerd).
 * @internal
 */
export default function install(source: WasmSource): void {
  wasm = lazyCore(glue, source);
}

/** Field-by-field check of a language profile; never throws. */
export function validateLanguageProfile(profile: unknown): ShapeCheck {
  return wasm().validate_language_profile(profile);
}

/** Field-by-field check of a tool descriptor (input/output schemas in the supported JSON Schema subset); never throws. */
export function validateToolDescriptor(descriptor: unknown): ShapeCheck {
  return wasm().validate_tool_descriptor(descriptor);
}

/** The descriptors for a language: its own and the language-neutral (null) ones. */
export function toolsForLanguage<D extends Descriptor>(descriptors: D[], language: string): D[] {
  if (!Array.isArray(descriptors)) throw invalidArgument(`descriptors must be an array, got ${describe(descriptors)}`);
  string(language, 'language');
  return Array.from(call(() => wasm().tools_for_language(descriptors, language)), (i) => descriptors[i]!);
}

/** Checks an execution request: metadata, input against the schema, dry run, scopes, workspace paths. */
export function checkExecuteRequest(descriptor: Descriptor, request: unknown, caller: { scopes: string[] }): ShapeCheck {
  return call(() => wasm().check_execute_request(descriptor, request, caller));
}

/** Checks a tool's output (a result) against its descriptor's output_schema (and, for fs.write, a path that leaves the workspace), at paths under "output"; never throws. */
export function checkToolOutput(descriptor: Descriptor, output: unknown): ShapeCheck {
  return wasm().check_tool_output(descriptor, output);
}

/**
 * A path normalized inside the workspace root.
 * @throws NamingError path_outside_workspace, invalid_path
 */
export function resolveWorkspacePath(root: string, path: string): string {
  string(root, 'root');
  string(path, 'path');
  return call(() => wasm().resolve_workspace_path(root, path));
}
