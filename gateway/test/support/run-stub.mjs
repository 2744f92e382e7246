#!/usr/bin/env node
// The gateway's command line with the TEST-ONLY stub core (test/support/stub-core.mjs) in place of
// src/core/: what the tests start until the core half lands.
import { main } from '../../dist/cli.mjs';
import { createGatewayCore } from './stub-core.mjs';

process.exit(await main(process.argv.slice(2), { createGatewayCore }));
