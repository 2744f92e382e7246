// mcp-naming/registry: The tool registry, with its own .wasm, loaded only by those who import this
// entry. Every decision is made in the Rust core; this file only converts and checks types.
import * as glue from './glue-registry.mjs';
import { NamingError, lazyCore, describe, invalidArgument, string, call } from './shared.mjs';

export { NamingError };

let wasm = () => {
  throw new Error('mcp-naming: import mcp-naming/registry by its name, not this file');
};

/** Called once by the entry file with the .wasm (base64 text, or a WebAssembly.Module in workerd). */
export default function install(source) {
  wasm = lazyCore(glue, source);
}

/** Field-by-field check of a language profile; never throws. */
export function validateLanguageProfile(profile) {
  return wasm().validate_language_profile(profile);
}

/** Field-by-field check of a tool descriptor (input/output schemas in the supported JSON Schema subset); never throws. */
export function validateToolDescriptor(descriptor) {
  return wasm().validate_tool_descriptor(descriptor);
}

/** The descriptors for a language: its own and the language-neutral (null) ones. */
export function toolsForLanguage(descriptors, language) {
  if (!Array.isArray(descriptors)) throw invalidArgument(`descriptors must be an array, got ${describe(descriptors)}`);
  string(language, 'language');
  return Array.from(call(() => wasm().tools_for_language(descriptors, language)), (i) => descriptors[i]);
}

/** Checks an execution request: metadata, input against the schema, dry run, scopes, workspace paths. */
export function checkExecuteRequest(descriptor, request, caller) {
  return call(() => wasm().check_execute_request(descriptor, request, caller));
}

/** Checks a tool's output (a result) against its descriptor's output_schema, at paths under "output"; never throws. */
export function checkToolOutput(descriptor, output) {
  return wasm().check_tool_output(descriptor, output);
}

/** A path normalized inside the workspace root, or NamingError path_outside_workspace / invalid_path. */
export function resolveWorkspacePath(root, path) {
  string(root, 'root');
  string(path, 'path');
  return call(() => wasm().resolve_workspace_path(root, path));
}
