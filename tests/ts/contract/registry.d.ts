// The hand-written declarations mcp-naming shipped as registry.d.ts before they were generated from
// the TypeScript glue (pkg-config/src), kept as they were: tests/ts/contract.mts holds the
// generated ones to them (nothing may disappear or narrow). Never edit; add to the glue.
// mcp-naming/registry: the tool registry's checks, with their own .wasm.
import type { Diagnostic } from './index.js';
export { NamingError } from './index.js';

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
export declare function validateLanguageProfile(profile: unknown): ShapeCheck;
export declare function validateToolDescriptor(descriptor: unknown): ShapeCheck;
export declare function toolsForLanguage<D extends Descriptor>(descriptors: D[], language: string): D[];
export declare function checkExecuteRequest(descriptor: Descriptor, request: unknown, caller: { scopes: string[] }): ShapeCheck;
/** A tool's output (a result) against its descriptor's output_schema (and, for fs.write, a path that leaves the workspace); paths under "output". */
export declare function checkToolOutput(descriptor: Descriptor, output: unknown): ShapeCheck;
/** @throws NamingError path_outside_workspace, invalid_path */
export declare function resolveWorkspacePath(root: string, path: string): string;
