//! Router configurations from arbitrary JSON: no panic, whatever the config; a router that is
//! built routes arbitrary names without panicking.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_naming::router::{Router, RouterConfig};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (config, names) = text.split_once('\n').unwrap_or((&text, ""));
    let Ok(config) = serde_json::from_str::<RouterConfig>(config) else { return };
    let Ok(router) = Router::new(config) else { return };
    for name in names.split('\n') {
        let _ = router.route(name);
        let _ = router.is_enabled(name);
        let _ = router.route_resource(name);
    }
    for (key, route) in router.routes() {
        assert_eq!(router.route(&key).ok(), Some(route), "a cached route must be what route() answers");
    }
});
