//! Expose arbitrary tool lists in every style (with provider fitting): no panic; every exposed
//! name (and qualified name) routes back to exactly its upstream tool; fitted names pass.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_naming::Provider;
use mcp_naming::router::{Router, RouterConfig};

const CONFIGS: &[&str] = &[
    r#"{"style":"syntropy","servers":[{"name":"serena"},{"name":"context7","upstream":"hyphens"},{"name":"aws"},{"name":"aws_documentation"}],"builtins":["healthcheck"],"provider":"anthropic"}"#,
    r#"{"style":"claude","gateway":"hub","servers":[{"name":"github"},{"name":"sequential-thinking"}],"disabled":["*delete*"]}"#,
    r#"{"style":"agent","servers":[{"name":"memory"},{"name":"duyet"}],"builtins":["plan","github"],"aliases":{"memory_save":"memory__save"},"provider":"openai"}"#,
    r#"{"style":"chora","servers":[{"name":"myproject"},{"name":"coda"}],"provider":"gemini"}"#,
    r#"{"style":{"separator":"-","prefix":"gw-","pattern":"^[A-Za-z0-9_.-]{1,64}$"},"servers":[{"name":"weather"}]}"#,
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let which = selector as usize % CONFIGS.len();
    let json: mcp_naming::Json = serde_json::from_str(CONFIGS[which]).unwrap();
    let config = RouterConfig::from_json(&json).unwrap();
    let provider = serde_json::from_str::<serde_json::Value>(CONFIGS[which]).unwrap()["provider"]
        .as_str()
        .map(|p| p.parse::<Provider>().unwrap());
    let mut router = Router::new(config).unwrap();
    let text = String::from_utf8_lossy(rest);
    let tools: Vec<&str> = text.split('\n').take(64).collect();
    let servers =
        ["serena", "context7", "github", "memory", "myproject", "weather", "aws_documentation", "coda", "duyet", "aws"];
    let server = servers[(selector as usize / CONFIGS.len()) % servers.len()];
    let Ok(exposed) = router.expose(server, &tools) else {
        let _ = router.route(&text);
        return;
    };
    for t in &exposed {
        if let Some(p) = provider {
            assert!(p.accepts(&t.name) && p.accepts(&t.qualified), "{p}: {:?} / {:?}", t.name, t.qualified);
        }
        if router.is_enabled(&t.name) {
            assert_eq!(router.route(&t.name).map(|r| r.tool.into_owned()).ok().as_deref(), Some(t.upstream.as_str()));
            assert_eq!(
                router.route(&t.qualified).map(|r| r.tool.into_owned()).ok().as_deref(),
                Some(t.upstream.as_str())
            );
        }
    }
    let _ = router.route(&text);
});
