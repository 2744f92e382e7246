// Cold start when the first call needs the core (an invalid name: diagnostics and a suggestion),
// so the embedded .wasm is decoded, compiled and instantiated inside the timer.
const t = performance.now();
const { validateToolName } = await import('../../pkg/index.mjs');
if (validateToolName('get user profile', 'mcp').suggestion !== 'get_user_profile') throw new Error('wrong verdict');
console.log(performance.now() - t);
