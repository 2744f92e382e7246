//! Near misses against arbitrary catalogs: the suggestion index answers exactly what comparing
//! every exposed name answers, after any sequence of exposes (servers listed, re-listed,
//! emptied), in every prefix mode.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_naming::Json;
use mcp_naming::router::{Kind, Router, RouterConfig};

const MODES: &[&str] = &["always", "conditional", "never"];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let config = format!(
        r#"{{"style":"{}","prefixMode":"{}","servers":[{{"name":"alpha"}},{{"name":"beta"}},{{"name":"gamma"}}]}}"#,
        ["claude", "syntropy", "agent"][selector as usize % 3],
        MODES[(selector as usize / 3) % 3]
    );
    let json: Json = serde_json::from_str(&config).unwrap();
    let mut router = Router::new(RouterConfig::from_json(&json).unwrap()).unwrap();
    let text = String::from_utf8_lossy(rest);
    // Blocks separated by blank lines: a server's list (its first line names the server), or
    // queries (a block starting with "?").
    for block in text.split("\n\n").take(16) {
        let mut lines = block.split('\n');
        let head = lines.next().unwrap_or("");
        if let Some(query) = head.strip_prefix('?') {
            for q in std::iter::once(query).chain(lines).take(16) {
                if let Err(e) = router.route(q) {
                    if e.code.as_str() == "unknown_tool" {
                        assert_eq!(e.suggestions, router.suggestions_exhaustive(Kind::Tool, q), "{q:?}");
                    }
                }
            }
        } else {
            let server = ["alpha", "beta", "gamma"][head.len() % 3];
            let tools: Vec<&str> = lines.take(64).collect();
            let _ = router.expose(server, &tools);
        }
    }
});
