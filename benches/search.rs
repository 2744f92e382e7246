//! The search index (issue 26) at gateway scale: a deterministic synthetic catalog of 100,000
//! tools (2,000 servers of 50), built, one server's tools replaced, queried; and the index's
//! heap size, printed once. `src/search` is crate-private, so it is included here by path with
//! the suggestion distance it uses.
//!
//! The catalog: server names are products with a number (`jira17`); each server names its tools
//! in one case style (snake, camel, kebab), verb + noun (+ a qualifier), the noun a common one
//! or one of the server's own coined words (so that the vocabulary grows with the catalog as a
//! real one does: about 20,000 words); descriptions are 10–40 words (a sentence on what the tool
//! does, then common words), parameters 0–8 names from a common list.

// Their unit tests are compiled out here but their imports stay.
#[allow(dead_code, unused_imports)]
#[path = "../src/suggest.rs"]
mod suggest;

// The bench drives the index through its interface only; what the router and the tests use
// beyond it goes unused in this crate.
#[allow(dead_code, unused_imports)]
#[path = "../src/search/mod.rs"]
mod search;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use mcp_naming::router::{
    Kind, ListItem, OnInvalid, Router, RouterConfig, SearchOptions, ServerConfig, StyleConfig, ToolText,
};
use search::{Document, SearchIndex};
use std::hint::black_box;
use std::time::Instant;

const SERVERS: usize = 2_000;
const TOOLS: usize = 50;

#[rustfmt::skip]
const PRODUCTS: &[&str] = &[
    "github", "gitlab", "jira", "linear", "slack", "notion", "postgres", "mysql", "redis", "stripe", "shopify",
    "figma", "sentry", "datadog", "grafana", "kubernetes", "docker", "aws", "azure", "gcp", "cloudflare", "vercel",
    "supabase", "firebase", "mongodb", "elastic", "twilio", "sendgrid", "hubspot", "salesforce", "zendesk",
    "intercom", "asana", "trello", "airtable", "dropbox", "gdrive", "confluence", "bitbucket", "circleci",
    "pagerduty", "okta", "auth0", "openai", "anthropic", "pinecone", "weaviate", "snowflake", "bigquery",
    "databricks",
];
#[rustfmt::skip]
const VERBS: &[&str] = &[
    "get", "list", "create", "update", "delete", "search", "find", "read", "write", "add", "remove", "set", "run",
    "start", "stop", "send", "post", "fetch", "upload", "download", "sync", "merge", "close", "open", "archive",
    "restore", "assign", "query", "export", "import",
];
#[rustfmt::skip]
const NOUNS: &[&str] = &[
    "issue", "issues", "pull_request", "file", "files", "user", "users", "user_profile", "repository", "branch",
    "comment", "comments", "message", "messages", "channel", "thread", "page", "pages", "database", "table", "record",
    "records", "document", "documents", "project", "projects", "task", "tasks", "ticket", "customer", "invoice",
    "payment", "subscription", "order", "product", "deployment", "pod", "service", "cluster", "bucket", "object",
    "secret", "key", "token", "alert", "incident", "dashboard", "metric", "metrics", "log", "logs", "event", "events",
    "webhook", "workflow", "job", "build", "release", "tag", "label", "team", "member", "group", "role", "permission",
    "folder", "directory", "image", "video", "email", "contact", "calendar", "meeting", "note", "notes", "snippet",
    "query", "index", "schema", "column", "row", "report", "spreadsheet", "sheet", "form", "survey",
];
#[rustfmt::skip]
const QUALIFIERS: &[&str] = &[
    "by_id", "details", "status", "history", "info", "content", "list", "settings", "summary", "count", "batch",
];
#[rustfmt::skip]
const COMMON: &[&str] = &[
    "the", "a", "an", "of", "to", "and", "or", "in", "on", "for", "with", "from", "by", "this", "that", "it", "is",
    "are", "be", "can", "will", "returns", "return", "given", "specified", "optional", "required", "new", "existing",
    "current", "all", "each", "any", "one", "multiple", "single", "specific", "id", "name", "names", "data", "value",
    "values", "result", "results", "response", "request", "api", "account", "workspace", "organization", "access",
    "use", "using", "used", "when", "if", "only", "also", "more", "most", "than", "then", "before", "after", "first",
    "last", "latest", "recent", "full", "detailed", "basic", "including", "metadata", "information", "text", "json",
    "format", "field", "fields", "filter", "filters", "sort", "order", "page", "limit", "cursor", "pagination",
    "number", "string", "date", "time", "range", "default", "maximum", "minimum", "between", "within", "across",
    "matching", "pattern", "status", "state", "open", "closed", "active", "inactive", "public", "private",
    "permissions", "owner", "author", "user", "users", "team", "project", "resource", "resources", "item", "items",
    "list", "create", "update", "delete", "search", "changes", "version", "history", "details", "summary", "content",
];
#[rustfmt::skip]
const PARAMS: &[&str] = &[
    "owner", "repo", "path", "query", "limit", "cursor", "page", "per_page", "id", "user_id", "project_id",
    "channel_id", "title", "body", "description", "name", "labels", "state", "sort", "direction", "since", "until",
    "branch", "ref", "sha", "content", "message", "file_path", "url", "email", "tags", "status", "priority",
    "assignee", "team_id", "workspace_id", "database_id", "table", "filter", "fields", "format", "timeout", "region",
    "namespace", "cluster", "amount", "currency", "customer_id", "start_date", "end_date",
];
#[rustfmt::skip]
const SYLLABLES: &[&str] = &[
    "ka", "zor", "bli", "mek", "tra", "vel", "qui", "non", "dex", "sha", "lum", "pro", "gan", "rix", "tel", "ova",
    "sim", "bra", "cor", "ude",
];

/// xorshift64*: the same catalog on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// A word coined from three syllables: 8,000 of them, the servers' own vocabulary.
fn coined(i: usize) -> String {
    let s = SYLLABLES;
    format!("{}{}{}", s[i % 20], s[i / 20 % 20], s[i / 400 % 20])
}

/// A tool as the benchmark holds it: exposed name, upstream name, description, parameters.
struct Tool {
    exposed: String,
    upstream: String,
    description: String,
    parameters: Vec<String>,
    server: u32,
}

fn styled(words: &[&str], style: usize) -> String {
    let words: Vec<&str> = words.iter().flat_map(|w| w.split('_')).collect();
    match style {
        0 => words.join("_"),
        1 => words.join("-"),
        _ => words
            .iter()
            .enumerate()
            .map(|(i, w)| if i == 0 { w.to_string() } else { w[..1].to_uppercase() + &w[1..] })
            .collect(),
    }
}

fn server_tools(rng: &mut Rng, server: usize, round: usize) -> Vec<Tool> {
    let name = format!("{}{}", PRODUCTS[server % PRODUCTS.len()], server / PRODUCTS.len());
    let style = server % 3;
    let own: Vec<String> = (0..4).map(|k| coined((server * 4 + k) % 8000)).collect();
    let mut seen = std::collections::HashSet::new();
    let mut tools = Vec::with_capacity(TOOLS);
    while tools.len() < TOOLS {
        let verb = rng.pick(VERBS);
        let noun: String = if rng.below(3) == 0 { own[rng.below(4)].clone() } else { rng.pick(NOUNS).to_string() };
        let mut words = vec![verb, noun.as_str()];
        if rng.below(3) == 0 {
            words.push(rng.pick(QUALIFIERS));
        }
        let upstream = styled(&words, style);
        if !seen.insert(upstream.clone()) {
            continue;
        }
        let n = 10 + rng.below(31);
        let mut description = format!("{verb}s the {} {}", noun.replace('_', " "), own[rng.below(4)]);
        for _ in 4..n {
            description.push(' ');
            description.push_str(if rng.below(6) == 0 { rng.pick(NOUNS) } else { rng.pick(COMMON) });
        }
        if round > 0 {
            description.push_str(&format!(" revision {round}"));
        }
        let parameters = (0..rng.below(9)).map(|_| styled(&[rng.pick(PARAMS)], style)).collect();
        tools.push(Tool {
            exposed: format!("{name}__{upstream}"),
            upstream,
            description,
            parameters,
            server: server as u32,
        });
    }
    tools
}

fn catalog() -> Vec<Tool> {
    let mut rng = Rng(0x5eed_0f5e_a7c4);
    (0..SERVERS).flat_map(|s| server_tools(&mut rng, s, 0)).collect()
}

fn insert(index: &mut SearchIndex, id: u32, t: &Tool) {
    let names = [t.exposed.as_str(), t.upstream.as_str()];
    let parameters: Vec<&str> = t.parameters.iter().map(String::as_str).collect();
    let doc = Document { names: &names, description: Some(&t.description), parameters: &parameters, group: t.server };
    index.insert(id, &doc);
}

fn build(tools: &[Tool]) -> SearchIndex {
    let mut index = SearchIndex::new();
    for (id, t) in tools.iter().enumerate() {
        insert(&mut index, id as u32, t);
    }
    index
}

fn bench(c: &mut Criterion) {
    let tools = catalog();
    let start = Instant::now();
    let mut index = build(&tools);
    let once = start.elapsed();
    let heap = index.heap_size();
    let text: usize = tools
        .iter()
        .map(|t| {
            t.exposed.len()
                + t.upstream.len()
                + t.description.len()
                + t.parameters.iter().map(String::len).sum::<usize>()
        })
        .sum();
    // The catalog's distinct words, cut as the index cuts them (its limits aside).
    let mut distinct = std::collections::HashSet::new();
    for t in &tools {
        for text in [&t.exposed, &t.upstream, &t.description].into_iter().chain(&t.parameters) {
            search::tokenize::words(text, |w| {
                distinct.insert(w.to_string());
                true
            });
        }
    }
    println!(
        "search/catalog: {} tools, {} distinct words, {} bytes of text; built once in {:.0} ms; heap {} bytes ({} B a tool)",
        tools.len(),
        distinct.len(),
        text,
        once.as_secs_f64() * 1e3,
        heap,
        heap / tools.len()
    );

    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("build 100k tools", |b| b.iter(|| black_box(build(&tools)).len()));
    // Replacing one server's 50 tools (new descriptions) in the full index, server after server.
    let mut rng = Rng(7);
    let replacements: Vec<Vec<Tool>> = (0..64).map(|k| server_tools(&mut rng, k * 31 % SERVERS, 1 + k)).collect();
    let mut round = 0;
    group.sample_size(100);
    group.bench_function("replace one server's 50 tools", |b| {
        b.iter(|| {
            let new = &replacements[round % replacements.len()];
            let first = new[0].server as usize * TOOLS;
            for (k, t) in new.iter().enumerate() {
                insert(&mut index, (first + k) as u32, t);
            }
            round += 1;
        })
    });
    let exact = tools[12_345].exposed.clone();
    for (label, query, server) in [
        ("1 word", "search", None),
        ("2 words", "create issue", None),
        ("3 words", "get user profile", None),
        ("camelCase name", "getUserProfile", None),
        ("exact exposed name", exact.as_str(), None),
        ("coined word", "kazorbli", None),
        ("1 word misspelled", "serach", None),
        ("2 words, 1 misspelled", "creat issue", None),
        ("3 words, 2 misspelled", "get usr profle", None),
        ("2 words, one server", "create issue", Some(7)),
        ("256 bytes of words", "list all the files of the project with their sizes and owners then sort them by date and find the latest ones that changed in the last week across every repository of the organization and its teams with comments labels status and history of each", None),
    ] {
        let hits = index.query(query, 10, server);
        println!("search/query {label:?} {query:?}: {} hits, first {:?}", hits.len(), hits.first().map(|h| &tools[h.id as usize].exposed));
        group.bench_function(format!("query {label}"), |b| b.iter(|| index.query(black_box(query), 10, server)));
    }
    // For scale: the same queries over the first 1,000 tools (20 servers), a gateway's usual size.
    let small = build(&tools[..1_000]);
    for (label, query) in [("2 words", "create issue"), ("3 words, 2 misspelled", "get usr profle")] {
        group
            .bench_function(format!("query {label}, 1k tools"), |b| b.iter(|| small.query(black_box(query), 10, None)));
    }
    println!("search/heap of 1,000 tools: {} bytes", small.heap_size());
    group.finish();
    println!("search/heap after the replacements: {} bytes", index.heap_size());
}

fn server_name(server: usize) -> String {
    format!("{}{}", PRODUCTS[server % PRODUCTS.len()], server / PRODUCTS.len())
}

/// Exposes one server's tools with their texts, as a host that searches does.
fn expose_server(router: &mut Router, tools: &[Tool]) {
    let items: Vec<ListItem<'_>> = tools.iter().map(|t| ListItem::Named(&t.upstream)).collect();
    let parameters: Vec<Vec<&str>> = tools.iter().map(|t| t.parameters.iter().map(String::as_str).collect()).collect();
    let texts: Vec<ToolText<'_>> = tools
        .iter()
        .zip(&parameters)
        .map(|(t, p)| ToolText { description: Some(&t.description), parameters: p })
        .collect();
    let server = server_name(tools[0].server as usize);
    router.place_list_with(Kind::Tool, &server, &items, &texts, OnInvalid::Throw).unwrap();
}

/// A claude-style router over the catalog's 2,000 servers, every server exposed with texts.
fn router_over(tools: &[Tool]) -> Router {
    let servers = (0..SERVERS).map(|s| ServerConfig::new(server_name(s))).collect();
    let mut router = Router::new(RouterConfig::new(StyleConfig::Named("claude".into()), servers)).unwrap();
    for server in tools.chunks(TOOLS) {
        expose_server(&mut router, server);
    }
    router
}

/// Search through the router: the index built on the first search, an expose taken in by the
/// next, queries with their names resolved, and what the router holds for search.
fn bench_router(c: &mut Criterion) {
    let tools = catalog();
    let start = Instant::now();
    let mut router = router_over(&tools);
    let exposed = start.elapsed();
    let texts = router.search_heap_size();
    let start = Instant::now();
    let first = router.search_tools("create issue", &SearchOptions::default()).unwrap();
    let built = start.elapsed();
    println!(
        "router-search/catalog: {} tools exposed with texts in {:.0} ms (texts kept: {} bytes, {} B a tool); first search (builds the index) {:.0} ms, first hit {:?}; search heap {} bytes ({} B a tool)",
        tools.len(),
        exposed.as_secs_f64() * 1e3,
        texts,
        texts / tools.len(),
        built.as_secs_f64() * 1e3,
        first.first().map(|h| &h.name),
        router.search_heap_size(),
        router.search_heap_size() / tools.len()
    );
    let mut group = c.benchmark_group("router-search");
    group.sample_size(10);
    group.bench_function("first search of 100k tools (builds the index)", |b| {
        b.iter_batched(
            || router_over(&tools),
            |r| r.search_tools("create issue", &SearchOptions::default()).unwrap().len(),
            BatchSize::PerIteration,
        )
    });
    group.sample_size(100);
    let mut rng = Rng(11);
    let replacements: Vec<Vec<Tool>> = (0..64).map(|k| server_tools(&mut rng, k * 37 % SERVERS, 1 + k)).collect();
    let mut round = 0;
    group.bench_function("expose one server's 50 tools, index built", |b| {
        b.iter(|| {
            expose_server(&mut router, &replacements[round % replacements.len()]);
            round += 1;
        })
    });
    group.bench_function("expose one server's 50 tools, then search", |b| {
        b.iter(|| {
            expose_server(&mut router, &replacements[round % replacements.len()]);
            round += 1;
            router.search_tools("create issue", &SearchOptions::default()).unwrap().len()
        })
    });
    let exact = tools[12_345].exposed.clone();
    let server7 = server_name(7);
    for (label, query, server) in [
        ("2 words", "create issue", None),
        ("3 words, 2 misspelled", "get usr profle", None),
        ("exact exposed name", exact.as_str(), None),
        ("2 words, one server", "create issue", Some(server7.as_str())),
    ] {
        let options = SearchOptions { limit: Some(10), server };
        group.bench_function(format!("search_tools {label}"), |b| {
            b.iter(|| router.search_tools(black_box(query), &options).unwrap().len())
        });
    }
    group.finish();
    // A router that never searches holds no index.
    let mut quiet =
        Router::new(RouterConfig::new(StyleConfig::Named("claude".into()), vec![ServerConfig::new(server_name(0))]))
            .unwrap();
    quiet.expose(&server_name(0), &["a"]).unwrap();
    println!("router-search/never searched: {} bytes", quiet.search_heap_size());
}

criterion_group!(benches, bench, bench_router);
criterion_main!(benches);
