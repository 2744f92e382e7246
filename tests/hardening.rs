//! Bounded work and deception natively: huge names, many candidates, adversarial patterns,
//! names that differ only in case or separators. (No timing here: a hang would show as a test
//! that never ends; speed is measured by the benches.)
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::router::{fold, Router};
use mcp_naming::{validate, Code, Convention, Options};

mod support;

fn router(json: &str) -> Router {
    Router::new(support::config(json)).unwrap()
}

#[test]
fn a_huge_name_is_rejected_by_length_alone() {
    let big = format!("mcp__syntropy__{}", "serena_".repeat(200_000));
    for conv in Convention::ALL {
        let r = validate(&big, conv, &Options::default());
        assert_eq!(r.errors.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::TooLong]);
        assert_eq!(r.suggestion, None, "no suggestion is searched for past the limit");
    }
}

#[test]
fn suggestions_compare_bounded_prefixes() {
    let candidates: Vec<String> = (0..20_000).map(|i| format!("tool_number_{i}")).collect();
    let huge = "tool_number_1".repeat(80_000);
    let mut r = router(r#"{"style":"agent","servers":[{"name":"big"}]}"#);
    r.expose("big", &candidates).unwrap();
    // Only the first 128 bytes of each side are compared: far beyond the bound from every name.
    let e = r.route(&format!("big__{huge}")).unwrap_err();
    assert_eq!(e.code, Code::UnknownTool);
    assert!(e.suggestions.is_empty(), "{:?}", e.suggestions);
    assert!(e.message.len() < 1_000);
    // Every exposed name is a candidate (the index has no cap): one edit away, ties in list order.
    let e = r.route("big__tool_number_1500x").unwrap_err();
    assert_eq!(e.suggestions, ["big__tool_number_1500", "big__tool_number_15000", "big__tool_number_15001"]);
}

#[test]
fn adversarial_patterns_run_in_linear_time() {
    let mut r = router(r#"{"style":{"separator":"__","pattern":"^a__(a+)+$"},"servers":[{"name":"a"}]}"#);
    let attack = format!("{}!", "a".repeat(100_000));
    assert_eq!(r.expose("a", &[attack.as_str()]).unwrap_err().code, Code::InvalidToolName);
    assert_eq!(r.expose("a", &["aaaa"]).unwrap().len(), 1);
}

#[test]
fn names_that_differ_only_in_case_or_separators_meet() {
    for (a, b) in [("Search", "search"), ("search-", "search_"), ("search.", "search"), ("Get-User", "get__user")] {
        assert_eq!(fold(a), fold(b), "{a} / {b}");
    }
    assert_ne!(fold("search_a"), fold("searcha"));
    let mut r = router(r#"{"style":"syntropy","servers":[{"name":"x"},{"name":"y"}],"builtins":["x_status"]}"#);
    for tools in [&["Search", "search"][..], &["search-", "search_"], &["Status"]] {
        let e = r.expose("x", tools).unwrap_err();
        assert_eq!(e.code, Code::ConfusableName, "{tools:?}: {e:?}");
        assert!(e.message.contains("only in case or separators"));
    }
    assert_eq!(r.expose("x", &["status"]).unwrap_err().code, Code::NameCollision);
    let e = r.expose("x", &["ѕearch"]).unwrap_err();
    assert_eq!(e.code, Code::InvalidToolName);
    assert!(e.message.contains("U+0455 CYRILLIC SMALL LETTER DZE"), "{}", e.message);
    let e = r.expose("x", &["sea\u{200b}rch"]).unwrap_err();
    assert!(e.message.contains("ZERO WIDTH SPACE"), "{}", e.message);
}

#[test]
fn invisible_and_lookalike_characters_are_named() {
    let r = validate("ѕerena\u{202e}", Convention::Mcp, &Options::default());
    let codes: Vec<Code> = r.errors.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::ConfusableCharacter, Code::InvisibleCharacter]);
    assert_eq!(
        r.errors[1].message,
        "invisible character U+202E RIGHT-TO-LEFT OVERRIDE is hidden in the name: remove it"
    );
    assert_eq!(r.suggestion.as_deref(), Some("serena"));
}

#[test]
fn a_huge_or_unprintable_server_name_is_refused_at_construction() {
    use mcp_naming::router::{RouterConfig, ServerConfig, StyleConfig};
    // Through the Rust API as through JSON: a 10 MB name answers at once, in one short sentence.
    for name in ["a".repeat(10 << 20), format!("mem{}ory", '\u{0}'), "é".repeat(65)] {
        let config = RouterConfig::new(StyleConfig::Named("claude".into()), vec![ServerConfig::new(&name)]);
        let e = Router::new(config).unwrap_err();
        assert_eq!(e.code, Code::InvalidConfig);
        assert!(e.message.len() < 400, "{}", e.message.len());
        assert_eq!(e.diagnostics[0].path.as_deref(), Some("servers[0].name"));
    }
    // 64 characters (not bytes) is the most.
    assert!(Router::new(RouterConfig::new(
        StyleConfig::Named("claude".into()),
        vec![ServerConfig::new("é".repeat(64))]
    ))
    .is_err_and(|e| !e.message.contains("longer than")));
    router(&format!(r#"{{"style":"claude","servers":[{{"name":"{}"}}]}}"#, "a".repeat(64)));
    // Servers alike but for case or separators: refused, naming both, at the second's path.
    let e = Router::new(support::config(
        r#"{"style":"claude","servers":[{"name":"my-srv"},{"name":"x"},{"name":"My_Srv"}]}"#,
    ))
    .unwrap_err();
    assert_eq!(e.diagnostics.len(), 1);
    assert_eq!(e.diagnostics[0].path.as_deref(), Some("servers[2].name"));
    assert!(e.message.contains("\"My_Srv\" differs from servers[0]'s name \"my-srv\""), "{}", e.message);
}

#[test]
fn numbers_that_are_not_finite_are_refused_with_their_path() {
    use mcp_naming::{Json, Method, MethodOptions};
    for n in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let options = Json::Object(vec![("pageSize".into(), Json::Number(n))]);
        let e = MethodOptions::from_json(&options, Method::List).unwrap_err();
        assert_eq!(e.code, Code::InvalidArgument);
        assert_eq!(e.diagnostics[0].path.as_deref(), Some("options.pageSize"));
        let options = Json::Object(vec![("limit".into(), Json::Number(n))]);
        let e = mcp_naming::router::SearchOptionsOwned::from_json(&options).unwrap_err();
        assert_eq!(e.diagnostics[0].path.as_deref(), Some("options.limit"));
        let config = Json::Object(vec![
            ("style".into(), Json::String("claude".into())),
            ("servers".into(), Json::Array(Vec::new())),
            (
                "discovery".into(),
                Json::Object(vec![
                    ("mode".into(), Json::String("search".into())),
                    ("maxListed".into(), Json::Number(n)),
                ]),
            ),
        ]);
        let e = Router::from_json(&config).unwrap_err();
        assert_eq!(e.code, Code::InvalidConfig);
        assert_eq!(e.diagnostics[0].path.as_deref(), Some("discovery.maxListed"));
    }
    // The table lists every numeric argument, each refusing NaN.
    for a in mcp_naming::arguments::NUMBERS {
        assert!(a.number.check(f64::NAN).is_err(), "{}", a.path);
    }
}

#[test]
fn a_control_character_in_an_upstream_name_is_never_a_silent_rename() {
    use mcp_naming::router::{Kind, ListItem, OnInvalid};
    for style in ["claude", "syntropy", "agent", "langchain", r#"{"separator":"--"}"#] {
        let style = if style.starts_with('{') { style.to_string() } else { format!("\"{style}\"") };
        let mut r = router(&format!(r#"{{"style":{style},"servers":[{{"name":"memory"}}]}}"#));
        let e = r.expose("memory", &["save\0"]).unwrap_err();
        assert_eq!(e.code, Code::InvalidToolName, "{style}");
        assert!(e.message.ends_with("holds the control character U+0000 NULL at index 4"), "{style}: {}", e.message);
        assert_eq!((e.diagnostics[0].span.start, e.diagnostics[0].span.end), (4, 5));
        let items = [ListItem::Named("save\0"), ListItem::Named("save")];
        let x = r.expose_list(Kind::Tool, "memory", &items, OnInvalid::Skip).unwrap();
        assert_eq!(x.skipped.len(), 1, "{style}");
        assert_eq!(x.exposed.len(), 1, "{style}");
        assert_eq!(x.exposed[0].upstream, "save");
    }
}
