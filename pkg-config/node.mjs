// Node.js, ESM: the wasm is read and instantiated synchronously on import (no top-level await).
import { readFileSync } from 'node:fs';
import * as wasm from './mcp_naming.js';
import setWasm from './api.mjs';

wasm.initSync({ module: readFileSync(new URL('./mcp_naming_bg.wasm', import.meta.url)) });
setWasm(wasm);
export * from './api.mjs';
