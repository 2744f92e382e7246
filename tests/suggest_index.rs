//! The suggestion index against comparing every name: over generated catalogs (own styles with
//! every prefix mode, peer styles, fitted names, disabled tools, servers exposed, re-exposed and
//! emptied in turn), every near miss gets exactly the suggestions an exhaustive search gives,
//! in the same order.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::router::{Kind, Router, RouterConfig};
use serde_json::json;

/// A small deterministic generator (xorshift64*), so that a failure names its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const VERBS: &[&str] = &["get", "list", "create", "update", "delete", "search", "read", "write", "run", "find"];
const NOUNS: &[&str] = &[
    "issue",
    "issues",
    "pull_request",
    "file",
    "files",
    "user",
    "user_profile",
    "repo",
    "branch",
    "comment",
    "graph",
    "entity",
    "document",
    "page",
    "library_docs",
    "symbol",
    "commit",
    "status",
    "task",
    "project",
];

fn tool(rng: &mut Rng) -> String {
    let sep = ["_", "-", "", "_"][rng.below(4)];
    let mut name = format!("{}{sep}{}", rng.pick(VERBS), rng.pick(NOUNS));
    if sep.is_empty() {
        name = format!("{}{}", rng.pick(VERBS), rng.pick(NOUNS).replace('_', ""));
    }
    if rng.below(5) == 0 {
        name.push_str(&format!("_{}", rng.below(30)));
    }
    if rng.below(7) == 0 {
        name.push_str("_with_a_rather_long_tail_for_fitting");
    }
    name
}

/// A name near `name`: up to `edits` random edits (insert, delete, substitute, swap two
/// neighbours).
fn near(rng: &mut Rng, name: &str, edits: usize) -> String {
    let mut b: Vec<u8> = name.bytes().collect();
    let alphabet = b"abcdeghilmnoprstu_-.0123";
    for _ in 0..edits {
        let at = rng.below(b.len() + 1);
        match rng.below(4) {
            3 if at + 1 < b.len() => b.swap(at, at + 1),
            0 => b.insert(at, alphabet[rng.below(alphabet.len())]),
            1 if at < b.len() => {
                b.remove(at);
            }
            _ if at < b.len() => b[at] = alphabet[rng.below(alphabet.len())],
            _ => b.push(b'x'),
        }
    }
    String::from_utf8(b).unwrap()
}

fn config(rng: &mut Rng, servers: &[&str]) -> serde_json::Value {
    let style = [
        json!("claude"),
        json!("syntropy"),
        json!("agent"),
        json!({ "separator": "--" }),
        json!("openai-agents"),
        json!("langchain"),
        json!("cloudflare-agents"),
        json!({ "peer": "litellm", "separator": "-" }),
    ][rng.below(8)]
    .clone();
    let peer = style.is_object() && style.get("peer").is_some() || style.as_str().is_some_and(|s| s.contains('-'));
    let mut c = json!({ "style": style, "servers": servers.iter().map(|s| json!({ "name": s })).collect::<Vec<_>>() });
    if !peer {
        c["prefixMode"] = json!(["always", "conditional", "never"][rng.below(3)]);
    }
    if rng.below(3) == 0 {
        c["provider"] = json!(["openai", "anthropic", "gemini"][rng.below(3)]);
    }
    if rng.below(3) == 0 {
        c["disabled"] = json!([format!("*{}*", rng.pick(NOUNS))]);
    }
    if rng.below(2) == 0 {
        c["builtins"] = json!(["healthcheck", "list_all_tools"]);
    }
    c
}

#[test]
fn the_index_suggests_what_an_exhaustive_search_suggests() {
    let servers = ["github", "memory", "files", "linear", "search", "gitlab"];
    let mut compared = 0;
    let mut with_suggestions = 0;
    for seed in 1..=30u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let c = config(&mut rng, &servers);
        let Ok(mut router) = Router::new(RouterConfig::from_json(&serde_json::from_value(c.clone()).unwrap()).unwrap())
        else {
            continue;
        };
        // Expose, re-expose and empty servers in turn; each list may fail to expose (a
        // collision): then the previous one stays.
        for round in 0..12 {
            let s = servers[rng.below(servers.len())];
            let n = if round % 5 == 4 { 0 } else { 1 + rng.below(60) };
            let mut tools: Vec<String> = (0..n).map(|_| tool(&mut rng)).collect();
            tools.sort();
            tools.dedup();
            let _ = router.expose(s, &tools);
            let mut names: Vec<String> = router.tools().map(|t| t.name).collect();
            if names.is_empty() {
                names.push("nothing_here".into());
            }
            for _ in 0..40 {
                let base = names[rng.below(names.len())].clone();
                let query = match rng.below(6) {
                    0 => near(&mut rng, &base, 1),
                    1 => near(&mut rng, &base, 2),
                    2 => {
                        let edits = 1 + rng.below(7);
                        near(&mut rng, &base, edits)
                    }
                    3 => format!("mcp__gateway__{}", near(&mut rng, &base, 1)),
                    4 => near(&mut rng, base.rsplit("__").next().unwrap_or(&base), 1),
                    _ => tool(&mut rng),
                };
                let Err(e) = router.route(&query) else { continue };
                if e.code.as_str() != "unknown_tool" {
                    continue;
                }
                let want = router.suggestions_exhaustive(Kind::Tool, &query);
                assert_eq!(e.suggestions, want, "seed {seed} round {round}: {query:?} with {c}");
                compared += 1;
                with_suggestions += usize::from(!want.is_empty());
            }
        }
    }
    eprintln!("{compared} compared, {with_suggestions} with suggestions");
    assert!(
        compared > 5_000 && with_suggestions > compared / 3,
        "{compared} compared, {with_suggestions} with suggestions"
    );
}

#[test]
fn prompts_use_the_index_too() {
    let config = json!({ "style": "claude", "servers": [{ "name": "a" }, { "name": "b" }] });
    let mut gateway =
        mcp_naming::router::Gateway::new(RouterConfig::from_json(&serde_json::from_value(config).unwrap()).unwrap())
            .unwrap();
    let prompts = |names: &[&str]| {
        serde_json::from_value(json!({ "prompts": names.iter().map(|n| json!({ "name": n })).collect::<Vec<_>>() }))
            .unwrap()
    };
    gateway.expose_prompts("a", &prompts(&["summarize", "translate"]), Default::default()).unwrap();
    gateway.expose_prompts("b", &prompts(&["summarise"]), Default::default()).unwrap();
    let e = gateway.prompt_target("a__summarize_", None).unwrap_err();
    assert_eq!(e.suggestions, gateway.suggestions_exhaustive(Kind::Prompt, "a__summarize_"));
    assert_eq!(e.suggestions, ["a__summarize", "b__summarise"]);
}
