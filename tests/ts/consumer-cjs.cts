// The same package through the "require" condition (index.d.cts).
import naming = require('mcp-naming');

const r = naming.validateToolName('memory__save', 'agent');
const mcp: string | null | undefined = r.parts?.mcp;
// @ts-expect-error agent parts have no namespace
r.parts?.namespace;
console.log(mcp);

import registry = require('mcp-naming/registry');
const checked: boolean = registry.validateToolDescriptor({}).valid;
// @ts-expect-error the registry entry has no name validation
registry.validateToolName;
console.log(checked);
