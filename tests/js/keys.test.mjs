// Misspelled keys at every level, through the package: the scenarios of tests/data/cases/keys.json
// (the Rust suite runs the same steps natively, each through the crate's reader of that value:
// tests/keys.rs).
import { test } from 'node:test';
import * as root from 'mcp-naming';
import * as registry from 'mcp-naming/registry';
import * as openproject from 'mcp-naming/openproject';
import { load, runScenario } from './data.mjs';

const naming = { ...root, ...registry, ...openproject };
const file = load('cases/keys.json');

for (const scenario of file.scenarios) {
  test(`misspelled keys: ${scenario.title}`, () => {
    runScenario(file, scenario, naming);
  });
}
