// A tool's output checked against its descriptor's output_schema. The package's registry entry
// checks values against a schema only inside checkExecuteRequest (the input against
// input_schema), so the output is checked there too: as the input of the same descriptor with
// output_schema in the input's place, by a caller holding the tool's scopes, not a dry run.
// Its diagnostics come back with their paths under "output" instead of "input".
import { checkExecuteRequest } from 'mcp-naming/registry';

export function checkOutput(descriptor, output) {
  const asInput = { ...descriptor, input_schema: descriptor.output_schema };
  const request = { workspace_id: 'output', task_id: 'output', caller_id: 'output', dry_run: false, input: output };
  const { errors } = checkExecuteRequest(asInput, request, { scopes: [...descriptor.allowed_scopes] });
  const rename = (s) => (typeof s === 'string' ? s.replace(/^input(?=$|[.[:])/, 'output') : s);
  return errors.map((d) => ({ ...d, path: rename(d.path), message: rename(d.message) }));
}
