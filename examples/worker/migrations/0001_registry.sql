-- Versions of stored documents (language profiles, tool descriptors, router configs). The body
-- of each version lives in KV under a key that names its digest; a row here makes it visible.
-- The primary key makes a version number unique per document, whoever writes at the same time.
CREATE TABLE documents (
  kind TEXT NOT NULL,
  id TEXT NOT NULL,
  version INTEGER NOT NULL,
  digest TEXT NOT NULL,
  stored_by TEXT NOT NULL,
  stored_at TEXT NOT NULL,
  PRIMARY KEY (kind, id, version)
) WITHOUT ROWID;

-- Execution requests and their results. request_id is the primary key: of two requests with the
-- same id, exactly one inserts the row.
CREATE TABLE executions (
  request_id TEXT PRIMARY KEY NOT NULL,
  caller_id TEXT NOT NULL,
  tool_id TEXT NOT NULL,
  descriptor_version INTEGER NOT NULL,
  descriptor_digest TEXT NOT NULL,
  request_digest TEXT NOT NULL,
  request TEXT NOT NULL,
  dry_run INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'succeeded', 'failed')),
  requested_at TEXT NOT NULL,
  output TEXT,
  error TEXT,
  completed_by TEXT,
  completed_at TEXT
);
