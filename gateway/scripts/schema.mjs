// Generates the config file's JSON Schema from its TypeScript types (src/config.mts
// `GatewayConfig`, with mcp-naming's `RouterConfig` it includes): the one contract, written once.
//   node gateway/scripts/schema.mjs OUT.json
import { writeFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
const version = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version;
const schema = createGenerator({
  path: `${root}src/config.mts`,
  tsconfig: `${root}tsconfig.json`,
  type: 'GatewayConfig',
  expose: 'export',
  topRef: true,
  jsDoc: 'extended',
  additionalProperties: false,
  skipTypeCheck: true,
  sortProps: false,
  markdownDescription: false,
}).createSchema('GatewayConfig');

const out = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: `https://unpkg.com/mcp-naming-gateway@${version}/dist/schema.json`,
  title: 'mcp-naming-gateway config (gateway.json)',
  ...schema,
};
delete out.$schema;
writeFileSync(process.argv[2], `${JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', ...out }, null, 2)}\n`);
