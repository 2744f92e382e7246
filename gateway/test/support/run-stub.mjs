#!/usr/bin/env node
// The gateway's command line with the TEST-ONLY stub core (test/support/stub-core.mjs) in place of
// src/core/: what the tests start with GATEWAY_CORE=stub (the product half alone, as it was
// developed before the core half landed).
import { main } from '../../dist/cli.mjs';
import { createGatewayCore } from './stub-core.mjs';

process.exit(await main(process.argv.slice(2), { createGatewayCore }));
