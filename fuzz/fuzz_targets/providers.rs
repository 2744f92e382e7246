//! Provider fitting: every fitted name passes its provider, fitting is deterministic, and a set
//! of distinct names stays distinct.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_naming::{fit, fit_all, Provider};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut names: Vec<&str> = text.split('\n').take(128).collect();
    names.sort_unstable();
    names.dedup();
    for &p in Provider::ALL {
        let one = fit(&text, p, &[]);
        assert!(p.accepts(&one), "{p}: {one:?}");
        assert_eq!(fit(&text, p, &[]), one, "not deterministic");
        let all = fit_all(&names, p);
        let distinct: std::collections::HashSet<&String> = all.iter().collect();
        assert_eq!(distinct.len(), names.len(), "{p}: fitted names collide");
        assert!(all.iter().all(|n| p.accepts(n)));
    }
});
