// A realistic mix of names (valid and invalid, the seeds' own, 5 to 120 characters), generated
// deterministically so that every run measures the same input.
const SEED_NAMES = [
  'getUser', 'DATA_EXPORT_v2', 'admin.tools.list', 'get_user_profile', 'user-profile-update', 'get user profile',
  'user@domain.com', 'user-ñame', '-get-user', 'myproject:create_task', 'chora:generate_content', 'coda:list_docs',
  'n8n:execute_workflow', 'MyProject:CreateTask', 'my-project:create-task', 'mp:tool', 'create_task',
  'mcp__syntropy__serena_find_symbol', 'mcp__syntropy__thinking_sequentialthinking', 'mcp__syntropy__context7_get_library_docs',
  'mcp__syntropy__linear_create_issue', 'mcp__syntropy_thinking_sequentialthinking', 'thinking_sequentialthinking',
  'duyet__get_cv', 'memory__save', 'github__list_pr', 'memory_save', 'plan', 'list_projects', 'get_work_package',
  'getWorkPackage', 'fs.write', 'edit.ast.apply_refactor', 'mcp__github__create_issue',
];

export function names(count = 1000) {
  let seed = 7;
  const rand = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  const words = ['get', 'list', 'create', 'update', 'delete', 'search', 'issue', 'task', 'project', 'work', 'package', 'symbol', 'docs', 'library', 'file'];
  const out = [...SEED_NAMES];
  while (out.length < count) {
    const target = 5 + rand(116);
    let name = words[rand(words.length)];
    while (name.length < target) name += ['_', '-', '.', '__', ':'][rand(rand(10) === 0 ? 5 : 2)] + words[rand(words.length)];
    name = name.slice(0, target);
    if (rand(8) === 0) name = name.replace(/[a-z]/, (c) => c.toUpperCase());
    if (rand(12) === 0) name += ' x';
    out.push(name);
  }
  return out;
}
