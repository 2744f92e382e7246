// For the browser cells: runs the shared check on the module the page imported and writes the
// verdict where the runner (tests/compat/run.mjs, through playwright-core) reads it.
import { check } from './check.mjs';

export function show(m) {
  let verdict;
  try {
    verdict = check(m);
  } catch (error) {
    verdict = { ok: false, checked: 0, failures: [`check threw ${error && error.name}: ${error && error.message}`] };
  }
  window.__compat = verdict;
  document.body.dataset.verdict = JSON.stringify(verdict);
  document.body.textContent = verdict.ok ? 'ok' : `FAIL: ${verdict.failures.join('; ')}`;
}
