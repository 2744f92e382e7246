// The playground: live validation through the npm package, state in the URL hash.
import { CONVENTIONS, validateToolName, detectConventions } from '/pkg/browser.mjs';

const $ = (id) => document.getElementById(id);
const input = $('name');
const select = $('convention');
for (const id of CONVENTIONS) select.add(new Option(id, id));

function escape(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

function highlight(name, diagnostics) {
  const marks = diagnostics.filter((d) => d.end > d.start).sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const d of marks) {
    if (d.start < at) continue;
    out += escape(name.slice(at, d.start));
    out += `<mark class="${d.severity}" title="${escape(d.code)}">${escape(name.slice(d.start, d.end))}</mark>`;
    at = d.end;
  }
  return out + escape(name.slice(at));
}

let suggestion = null;

function render() {
  const name = input.value;
  const chosen = select.value;
  location.replace(`#${new URLSearchParams({ name, convention: chosen })}`);
  const list = $('diagnostics');
  list.replaceChildren();
  if (chosen === 'all') {
    const found = detectConventions(name);
    $('verdict').textContent = found.length ? `valid in: ${found.join(', ')}` : 'valid in no convention';
    $('verdict').className = found.length ? 'valid' : 'invalid';
    $('highlight').textContent = name;
    suggestion = null;
  } else {
    const r = validateToolName(name, chosen);
    $('verdict').textContent = r.valid ? `valid ${chosen} name` : `invalid ${chosen} name`;
    $('verdict').className = r.valid ? 'valid' : 'invalid';
    const all = [...r.errors, ...r.warnings];
    $('highlight').innerHTML = highlight(name, all);
    for (const d of all) {
      const li = document.createElement('li');
      li.className = d.severity;
      li.innerHTML = `<strong>${d.severity}</strong> <span class="code">${escape(d.code)}</span> ${escape(d.message)}`;
      list.append(li);
    }
    suggestion = r.suggestion;
  }
  $('suggestion-row').hidden = suggestion === null;
  $('suggestion').textContent = suggestion ?? '';
}

function apply() {
  if (suggestion === null) return;
  input.value = suggestion;
  render();
  input.focus();
}

const state = new URLSearchParams(location.hash.slice(1));
input.value = state.get('name') ?? 'MyProject:CreateTask';
select.value = CONVENTIONS.includes(state.get('convention')) ? state.get('convention') : 'chora';
input.addEventListener('input', render);
select.addEventListener('change', render);
input.addEventListener('keydown', (e) => { if (e.key === 'Enter') apply(); });
$('suggestion').addEventListener('click', apply);
render();
