#!/usr/bin/env bash
# Runs every suite: formatting and lints, native Rust tests, a mutation testing smoke run, the
# package build and its size, wasm-bindgen-test in Node and headless Chromium, node --test (ESM,
# CommonJS, SDK agreement, workerd through Miniflare, Chromium through playwright-core, hostile
# input, size), the gateway example in front of real servers, the official MCP conformance suite
# directly and through the gateway, the registry Worker and the agent registry in workerd, the
# peers' own code, the compatibility matrix (bundlers and runtimes), a fuzz smoke run, the command
# line from the packed tarball, the TypeScript consumer, the gateway package (config, auth, reload,
# metrics, nginx), the artifacts installed without Rust, and publishing both packages as a dry run.
# Every suite runs even when an earlier one fails (but for setup and the package build, which the
# rest need); the closing line counts what passed and failed.
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0
failed=()

# suite NAME COMMAND...: runs one suite in a subshell that stops at its first failing command.
suite() {
  local name=$1
  shift
  printf '\n=== %s\n' "$name"
  # Not inside `if`: there, bash would ignore `set -e` in the subshell.
  (set -e; "$@")
  if [ $? -eq 0 ]; then
    passed=$((passed + 1))
  else
    failed+=("$name")
    printf '=== FAILED: %s\n' "$name"
  fi
}

# required NAME COMMAND...: a suite the others depend on; its own failure ends the run (not an
# earlier suite's).
required() {
  local before=${#failed[@]}
  suite "$@"
  if [ "${#failed[@]}" -gt "$before" ]; then
    printf '\nstopping here: the remaining suites need "%s"\n' "$1"
    summary
  fi
}

# summary: the closing lines (counts, then each failed suite), and exit 1 if any failed.
summary() {
  printf '\nsuites: %d passed, %d failed\n' "$passed" "${#failed[@]}"
  if [ "${#failed[@]}" -gt 0 ]; then
    printf 'failed: %s\n' "${failed[@]}"
    exit 1
  fi
}

# npm_project DIR: installs DIR's npm packages from its committed lockfile, unless node_modules
# already matches it (scripts/npm-ci.sh, the one lockfile-keyed install).
npm_project() {
  bash scripts/npm-ci.sh "$1"
}

lint() {
  cargo fmt --all -- --check
  cargo clippy --all-targets -- -D warnings
  cargo clippy -p mcp-naming-wasm --all-targets --target wasm32-unknown-unknown -- -D warnings
  RUSTDOCFLAGS='-D warnings' cargo doc --no-deps --quiet
}

node_suites() {
  # The suites import the package by name, so that its exports map is what resolves them.
  for dir in tests/js tests/ts examples; do
    mkdir -p "$dir/node_modules"
    ln -sfn "$PWD/pkg" "$dir/node_modules/mcp-naming"
  done
  node --test tests/js/
}

gateway() {
  # Its own npm project from its committed lockfile; mcp-naming comes from pkg/ (file:../../pkg).
  # The gateway package's too: the tests are its e2e tests (gateway/test/e2e.test.mjs, with their
  # fixture), run on the example's gateway.mjs.
  npm_project examples/gateway
  npm_project gateway
  node --test examples/gateway/test/
}

conformance_suite() {
  # The official MCP conformance suite (its CLI on Node 22 from npm) against the reference server,
  # directly and through the gateway (gateway/, its own core), scenario by scenario: the default
  # suite, --requirements 2026-07-28, the header scenarios, the client scenarios of 2026-07-28 with
  # the gateway as the client; real MCP Apps servers behind the gateway. Its own npm project from
  # its committed lockfile; the gateway built from its own.
  npm_project tests/conformance-suite
  bash scripts/build-gateway.sh
  node --test tests/conformance-suite/test/
}

worker() {
  # The tool registry Worker: its own npm project (wrangler, Miniflare) from its committed
  # lockfile, mcp-naming from pkg/ (file:../../pkg); built by wrangler, run in workerd.
  npm_project examples/worker
  WRANGLER_SEND_METRICS=false npm test --prefix examples/worker
}

agent_worker() {
  # The Cloudflare agent's MCP registry (seed 004), a Durable Object per agent: its own npm project
  # (wrangler, Miniflare, the MCP SDK, server-everything) from its committed lockfile, mcp-naming
  # from pkg/ (file:../../pkg); built by wrangler, run in workerd and wrangler dev against real
  # MCP servers on 127.0.0.1.
  npm_project examples/agent-worker
  WRANGLER_SEND_METRICS=false npm test --prefix examples/agent-worker
}

peers() {
  # The peers' own packages from a committed lockfile, driven through their public APIs.
  npm_project tests/peers
  # The Python peers (openai-agents, fastmcp) in a virtual environment from pinned requirements;
  # exit 3 means PyPI refused them: the suite says so and skips only those, never silently.
  local rc=0
  bash tests/peers/py/setup.sh || rc=$?
  if [ "$rc" -eq 3 ]; then
    export PEERS_PY_REFUSED="tests/peers/py/setup.sh exited 3 (see its output above)"
  elif [ "$rc" -ne 0 ]; then
    return "$rc"
  fi
  # 2,000 generated lists per peer here; `PEER_CASES=10000 node --test tests/peers/` is the long run.
  PEER_CASES=${PEER_CASES:-2000} node --test tests/peers/
}

codemode_suite() {
  # Code mode against what it reproduces and what checks it: @cloudflare/codemode 0.5.6 (the
  # differential, CODEMODE_CASES generated catalogs) and acorn from this directory's committed
  # lockfile, Node's ICU collation, the root's pinned tsc over generated declarations and files.
  npm_project tests/codemode
  ln -sfn "$PWD/pkg" tests/codemode/node_modules/mcp-naming
  CODEMODE_CASES=${CODEMODE_CASES:-2000} node --test tests/codemode/
}

cli_suite() {
  # The command line as a user installs it (tests/cli: npm pack of pkg/ into a scratch project);
  # its test-only packages (a JSON Schema validator for the SARIF check) from a committed
  # lockfile, and pre-commit from PyPI in a virtual environment under target/: when PyPI refuses
  # it the suite says so and skips only the hook run.
  npm_project tests/cli
  local venv=target/cli-tests/venv
  if [ ! -x "$venv/bin/pre-commit" ]; then
    python3 -m venv "$venv" && "$venv/bin/pip" install --quiet pre-commit==4.3.0 \
      || export PRE_COMMIT_REFUSED="pip install pre-commit==4.3.0 failed (see above)"
  fi
  [ -x "$venv/bin/pre-commit" ] && export PRE_COMMIT="$PWD/$venv/bin/pre-commit"
  node --test tests/cli/
}

gateway_package() {
  # The gateway package (gateway/, npm mcp-naming-gateway): Debian's nginx and the Prometheus
  # client's parser (scripts/gateway-setup.sh, idempotent), its npm packages from its committed
  # lockfile, built by the pinned tsc with its JSON Schema; then its tests in front of real
  # upstream processes: config, init, --check, bearer tokens and OAuth against a local
  # authorization server, reload, logs, metrics, two processes behind nginx; both revisions and the
  # bridge (gateway/src/core); GATEWAY_CORE=stub runs them on the test-only stub core instead.
  bash scripts/gateway-setup.sh
  bash scripts/build-gateway.sh
  node --test --test-concurrency=1 gateway/test/*.test.mjs
}

artifacts() {
  # What a user installs without a Rust toolchain: the npm tarballs (mcp-naming,
  # mcp-naming-gateway) and the abi3 wheel in target/artifacts, installed into scratch projects
  # and a fresh virtual environment with no cargo on PATH.
  bash scripts/artifacts.sh
  node --test tests/install/
}

typescript() {
  # The consumer, and the generated declarations against the hand-written ones they replaced
  # (tests/ts/contract.mts).
  node_modules/.bin/tsc -p tests/ts/tsconfig.json
  echo "tsc: the consumer and the contract type-check"
  # A gateway on each official SDK (v1 @modelcontextprotocol/sdk, v2 @modelcontextprotocol/server
  # and client, from the root lockfile): the Router's answers are the SDKs' handler results, with
  # no cast and no any (tests/ts/no-casts.mjs reads the syntax trees).
  node_modules/.bin/tsc -p tests/ts/tsconfig.sdk.json
  node tests/ts/no-casts.mjs tests/ts/sdk-v1.mts tests/ts/sdk-v2.mts
  echo "tsc: the gateways on SDK v1 and v2 type-check"
  # The command line (pkg-config/cli, .mjs with JSDoc types) checked strictly against the
  # package's declarations in pkg/; files not yet typed say so on their first line (@ts-nocheck).
  node_modules/.bin/tsc -p tests/ts/tsconfig.cli.json
  echo "tsc: the CLI type-checks ($(grep -rl '^// @ts-nocheck' pkg-config/cli | wc -l) files not yet typed)"
}

# Publishing, as dry runs only (--dry-run: nothing is uploaded): the core crate as crates.io
# would build it from its packaged files, and the npm package from pkg/.
publish_crate() {
  cargo publish -p mcp-naming --dry-run --allow-dirty --quiet
}

publish_npm() {
  (cd pkg && npm publish --dry-run --ignore-scripts --loglevel=error)
}

required "setup" bash scripts/setup.sh --browser
suite "cargo fmt --check, clippy (native and wasm32), cargo doc" lint
suite "cargo test (native: unit, conformance tables, properties, doctests)" cargo test
suite "mutation testing smoke (cargo-mutants: the mutants that once survived cargo test, and their code)" \
  bash scripts/mutants.sh --smoke
required "build pkg/" bash scripts/build.sh
suite "wasm-bindgen-test in Node" cargo test -p mcp-naming-wasm --lib --target wasm32-unknown-unknown
suite "wasm-bindgen-test in headless Chromium" env WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER=/usr/bin/chromedriver \
  cargo test -p mcp-naming-wasm --lib --target wasm32-unknown-unknown
suite "node --test against pkg/" node_suites
suite "the gateway example on the official SDK, in front of real servers (examples/gateway)" gateway
suite "the official MCP conformance suite, directly and through the gateway; MCP Apps servers behind it (tests/conformance-suite)" conformance_suite
suite "the tool registry Worker in workerd: Miniflare, wrangler dev, 10,000 requests (examples/worker)" worker
suite "the agent's MCP registry on Workers: a Durable Object per agent, real upstreams, 10,000 calls (examples/agent-worker)" agent_worker
suite "peer styles against the peers' own code (tests/peers)" peers
suite "compatibility matrix: bundlers, runtimes, tsc, attw, publint (tests/compat)" bash scripts/compat.sh
suite "fuzz smoke (cargo fuzz, 10 seconds a target)" bash scripts/fuzz.sh 10
suite "code mode against @cloudflare/codemode, acorn, ICU collation and tsc (tests/codemode)" codemode_suite
suite "the command line from the packed tarball (tests/cli)" cli_suite
suite "TypeScript consumer, contract, the gateways on SDK v1 and v2, and the CLI (tsc --strict --noEmit)" typescript
suite "the Python package: wheel, fresh venv, pytest, mypy --strict, sdist, the Python gateway (scripts/python.sh)" bash scripts/python.sh
suite "the gateway package: config, auth, reload, logs, metrics, nginx scale-out (gateway/)" gateway_package
suite "artifacts installed as users install them, no Rust toolchain (scripts/artifacts.sh, tests/install)" artifacts
suite "cargo publish --dry-run (the core crate)" publish_crate
suite "npm publish --dry-run (pkg/)" publish_npm

summary
