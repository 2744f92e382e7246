// Cold start as a separate-file entry would have it: the .wasm read from its own file and compiled
// on the first call that needs the core (an invalid name), against benches/cold/core.mjs, where it
// is decoded from the base64 the package embeds. The difference is what embedding costs at start.
const t = performance.now();
const { default: install, validateToolName } = await import('../../pkg/api.mjs');
const { readFileSync } = await import('node:fs');
install(new WebAssembly.Module(readFileSync(new URL('../../pkg/mcp_naming_bg.wasm', import.meta.url))));
if (validateToolName('get user profile', 'mcp').suggestion !== 'get_user_profile') throw new Error('wrong verdict');
console.log(performance.now() - t);
