// Node module-loader hook for oracle.mjs: `agents/lifecycle` does a side-effect-only
// `import "cloudflare:workers"` (a workerd built-in that Node lacks). Resolve exactly that
// specifier to an empty module; any other `cloudflare:` import still fails loudly.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'cloudflare:workers') {
    return { url: 'data:text/javascript,export{}', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
