//! Code mode's projection (issue 37) for a catalog of 1,000 tools: 20 servers of 50, named as
//! real servers name them (snake_case, camelCase, kebab-case, a few reserved words and
//! near-duplicates that meet), each with an input schema of 2–5 properties and a description.
//! Every view and language: names only (the identifiers and paths) and with the declarations.

use criterion::{criterion_group, criterion_main, Criterion};
use mcp_naming::codemode::{code_mode, Language, Layout, Options, ServerTools, Tool, View};
use mcp_naming::Json;
use std::hint::black_box;

const SERVERS: usize = 20;
const TOOLS: usize = 50;

#[rustfmt::skip]
const VERBS: &[&str] = &["get", "list", "create", "update", "delete", "search", "find", "read", "write", "run", "send", "export"];
#[rustfmt::skip]
const NOUNS: &[&str] = &[
    "issue", "pull_request", "file", "user", "repository", "branch", "comment", "message", "channel", "page",
    "database", "record", "document", "project", "task", "invoice", "deployment", "secret", "alert", "dashboard",
];
#[rustfmt::skip]
const TYPES: &[&str] = &[r#""string""#, r#""number""#, r#""integer""#, r#""boolean""#, r#"["string", "null"]"#];

/// The name of tool `t` of server `s`: one case style per server, some words repeated so that
/// spellings meet (get_user / getUser), and a reserved word now and then.
fn name(s: usize, t: usize) -> String {
    if t % 23 == 7 {
        return ["delete", "class", "import", "eval"][t % 4].to_string();
    }
    let (v, n) = (VERBS[(s + t) % VERBS.len()], NOUNS[(t * 7 + s) % NOUNS.len()]);
    let words = format!("{v}_{n}_{t}");
    match (s + t / 10) % 3 {
        0 => words,
        1 => words.replace('_', "-"),
        _ => {
            let mut out = String::new();
            for (i, w) in words.split('_').enumerate() {
                let mut c = w.chars();
                if i > 0 {
                    out.extend(c.next().map(|f| f.to_ascii_uppercase()));
                }
                out.extend(c);
            }
            out
        }
    }
}

fn catalog() -> Vec<ServerTools> {
    (0..SERVERS)
        .map(|s| {
            let tools = (0..TOOLS)
                .map(|t| {
                    let props: Vec<String> = (0..2 + (s + t) % 4)
                        .map(|p| {
                            format!(
                                r#""{}_{p}": {{ "type": {}, "description": "The {} it works on" }}"#,
                                NOUNS[(p + t) % NOUNS.len()],
                                TYPES[(p + s) % TYPES.len()],
                                NOUNS[p]
                            )
                        })
                        .collect();
                    let schema = format!(
                        r#"{{ "type": "object", "properties": {{ {} }}, "required": ["{}_0"] }}"#,
                        props.join(", "),
                        NOUNS[t % NOUNS.len()]
                    );
                    Tool::new(name(s, t))
                        .with_description(format!(
                            "Does {} on the server's {}: a description of a few words",
                            VERBS[t % VERBS.len()],
                            NOUNS[s % NOUNS.len()]
                        ))
                        .with_input_schema(serde_json::from_str::<Json>(&schema).expect("schema"))
                })
                .collect();
            ServerTools::new(format!("server-{s}"), tools)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let full = catalog();
    let names: Vec<ServerTools> = full
        .iter()
        .map(|s| ServerTools::new(s.server.clone(), s.tools.iter().map(|t| Tool::new(t.name.clone())).collect()))
        .collect();
    assert_eq!(full.iter().map(|s| s.tools.len()).sum::<usize>(), 1_000);
    let cases = [
        ("mcp-naming typescript object", View::McpNaming, Language::TypeScript, Layout::Object),
        ("mcp-naming python object", View::McpNaming, Language::Python, Layout::Object),
        ("mcp-naming typescript files", View::McpNaming, Language::TypeScript, Layout::Files),
        ("cloudflare-codemode typescript", View::CloudflareCodemode, Language::TypeScript, Layout::Object),
        ("codex typescript", View::Codex, Language::TypeScript, Layout::Object),
        ("openclaw javascript", View::OpenClaw, Language::JavaScript, Layout::Object),
    ];
    let mut group = c.benchmark_group("codemode 1000 tools");
    for (label, view, language, layout) in cases {
        let options = Options::default().with_language(language).with_layout(layout).with_view(view);
        group.bench_function(format!("{label}, names only"), |b| {
            b.iter(|| code_mode(black_box(&names), &options).expect("projects"))
        });
        group.bench_function(format!("{label}, with declarations"), |b| {
            b.iter(|| code_mode(black_box(&full), &options).expect("projects"))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
