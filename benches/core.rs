//! Native benchmarks of the core: validate per convention, parse, fit.
use criterion::{criterion_group, criterion_main, Criterion};
use mcp_naming::router::{Router, RouterConfig, ServerConfig, StyleConfig, Upstream};
use mcp_naming::{fit, Provider};
use mcp_naming::{is_valid, parse, validate, Convention, Options};
use std::hint::black_box;

/// One typical valid name per convention (shared with tests/allocations.rs).
fn typical() -> Vec<(Convention, String)> {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../tests/data/fixtures/typical-names.json")).unwrap();
    data["names"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(id, n)| (id.parse().unwrap(), n.as_str().unwrap().to_string()))
        .collect()
}

fn bench(c: &mut Criterion) {
    let opts = Options::default();
    for (conv, name) in &typical() {
        let (conv, name) = (*conv, name.as_str());
        c.bench_function(&format!("is_valid/{conv}"), |b| b.iter(|| is_valid(black_box(name), conv, &opts)));
        c.bench_function(&format!("validate/{conv}"), |b| b.iter(|| validate(black_box(name), conv, &opts)));
        c.bench_function(&format!("parse/{conv}"), |b| b.iter(|| parse(black_box(name), conv, &opts)));
    }
    c.bench_function("validate/chora invalid", |b| {
        b.iter(|| validate(black_box("MyProject:CreateTask"), Convention::Chora, &opts))
    });
    let mut context7 = ServerConfig::new("context7");
    context7.upstream = Upstream::Hyphens;
    let servers = vec![ServerConfig::new("serena"), context7, ServerConfig::new("git")];
    let config = RouterConfig::new(StyleConfig::Named("syntropy".into()), servers);
    let mut router = Router::new(config).unwrap();
    router.expose("serena", &["find_symbol", "get_symbols_overview", "activate_project"]).unwrap();
    router.expose("context7", &["resolve-library-id", "get-library-docs"]).unwrap();
    c.bench_function("route/hit qualified", |b| {
        b.iter(|| router.route(black_box("mcp__syntropy__serena_find_symbol")).is_ok())
    });
    c.bench_function("route/by parse (never exposed)", |b| {
        b.iter(|| router.route(black_box("mcp__syntropy__git_git_status")).is_ok())
    });
    c.bench_function("route/unknown with suggestions", |b| {
        b.iter(|| router.route(black_box("mcp__syntropy__serena_find_symbl")).is_err())
    });
    let long = "mcp__syntropy__context7_".to_string() + &"get_library_documentation_".repeat(4);
    c.bench_function("fit/openai long", |b| b.iter(|| fit(black_box(&long), Provider::OpenAi, &[])));
    c.bench_function("fit/openai passing", |b| b.iter(|| fit(black_box("get_user"), Provider::OpenAi, &[])));
}

criterion_group!(benches, bench);
criterion_main!(benches);
