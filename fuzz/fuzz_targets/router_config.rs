//! Router configurations from arbitrary JSON, read as the package reads them (the path-reporting
//! reader): no panic, whatever the config; a router that is built routes arbitrary names
//! without panicking, and `try_route` agrees with `route`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_naming::Json;
use mcp_naming::router::{Router, RouterConfig};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (config, names) = text.split_once('\n').unwrap_or((&text, ""));
    let Ok(json) = serde_json::from_str::<Json>(config) else { return };
    // The package's path (read and compile, every problem at once) and the typed one agree.
    let built = Router::from_json(&json);
    if let Ok(config) = RouterConfig::from_json(&json) {
        assert_eq!(Router::new(config).is_ok(), built.is_ok(), "Router::from_json disagrees with from_json + new");
    } else {
        assert!(built.is_err(), "a configuration the reader refuses built a router");
    }
    let Ok(router) = built else { return };
    for name in names.split('\n') {
        let routed = router.route(name).ok();
        assert_eq!(router.try_route(name), routed, "try_route must agree with route");
        let _ = router.is_enabled(name);
        let _ = router.route_resource(name);
    }
});
