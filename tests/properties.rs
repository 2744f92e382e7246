//! Properties over generated input: round trips, valid suggestions, fitted names, no panics, and
//! the router's glob matcher held to a regex built from the pattern.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::router::Glob;
use mcp_naming::{fit_all, Provider};
use mcp_naming::{format_resource_uri, parse_resource_uri, validate_resource_uri};
use mcp_naming::{format_with, is_valid, validate, Convention, Options};
use proptest::prelude::*;

fn convention() -> impl Strategy<Value = Convention> {
    prop::sample::select(Convention::ALL.to_vec())
}

/// Strings built from the characters names are made of, plus troublemakers.
fn namey() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            8 => prop::sample::select(vec!['a', 'b', 'm', 'c', 'p', 's', 'y', 'n', 't', 'r', 'o', 'e', 'i', 'g', 'h', 'z']),
            3 => prop::sample::select(vec!['_', '_', ':', '.', '-', '/', '?', '=', '&', '%']),
            2 => prop::sample::select(vec!['A', 'Z', '0', '7', '2']),
            1 => prop::sample::select(vec![' ', ',', '\u{455}', '\u{200b}', '\u{202e}', 'ñ', '😀', '\0', 'ｇ']),
        ],
        0..80,
    )
    .prop_map(|v| v.into_iter().collect())
}

fn prefixed() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "",
            "mcp__",
            "mcp__syntropy__",
            "mcp__syntropy__serena_",
            "mcp__syntropy__thinking_",
            "mcp__syntropy__linear_",
            "mcp__sequential-thinking__",
            "memory__",
            "myproject:",
            "fs.",
            "get_",
            "list_",
        ]),
        namey(),
    )
        .prop_map(|(p, s)| format!("{p}{s}"))
}

/// Valid-looking names 50 to 70 characters long, where a conversion that lengthens a name (a
/// server alias, a prefix) crosses the 64-character limit.
fn near_the_limit() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "mcp__syntropy__thinking_",
            "mcp__syntropy__linear_",
            "mcp__syntropy__context7_",
            "mcp__sequential-thinking__",
            "mcp__context7__",
            "myproject:",
            "thinking__",
        ]),
        "[a-z][a-z_]{25,45}",
        50usize..=70,
    )
        .prop_map(|(p, tail, len)| format!("{p}{tail}").chars().take(len).collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn validate_never_panics_and_agrees_with_is_valid(name in prefixed(), conv in convention()) {
        let opts = Options::default();
        let report = validate(&name, conv, &opts);
        prop_assert_eq!(report.is_valid(), is_valid(&name, conv, &opts));
        prop_assert_eq!(report.is_valid(), report.parts.is_some());
        for d in report.errors.iter().chain(&report.warnings) {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= name.len());
            prop_assert!(name.is_char_boundary(d.span.start) && name.is_char_boundary(d.span.end));
            prop_assert!(!d.message.is_empty());
        }
    }

    #[test]
    fn round_trip_and_valid_suggestions(name in prefixed(), conv in convention()) {
        let opts = Options::default();
        let report = validate(&name, conv, &opts);
        if let Some(parts) = &report.parts {
            prop_assert_eq!(format_with(parts, &opts).unwrap(), name.clone());
        }
        if let Some(s) = &report.suggestion {
            prop_assert!(is_valid(s, conv, &opts), "suggestion {:?} for {:?} is invalid", s, name);
            prop_assert_ne!(s, &name);
        }
    }

    #[test]
    fn conversions_are_valid_in_their_convention(name in prop_oneof![prefixed(), near_the_limit()], from in convention()) {
        let opts = Options::default();
        for to in Convention::ALL {
            if let Ok(text) = mcp_naming::convert(&name, from, to, &opts) {
                prop_assert!(is_valid(&text, to, &opts), "{:?} ({}) converted to {} gives the invalid {:?}", name, from, to, text);
            }
        }
    }

    #[test]
    fn arbitrary_strings_never_panic(name in any::<String>(), conv in convention()) {
        let opts = Options::default().with_expected_namespace("myproject");
        let _ = validate(&name, conv, &opts);
        let _ = validate_resource_uri(&name, None);
        let _ = mcp_naming::namespace_from_slug(&name);
        let _ = mcp_naming::detect(&name, &opts);
        for to in Convention::ALL {
            let _ = mcp_naming::convert(&name, conv, to, &opts);
        }
    }

    #[test]
    fn uri_round_trip(ns in "[a-z][a-z0-9]{2,19}", kind in "[a-z][a-z0-9_]{1,10}", id in "[a-z0-9_.-]{1,8}(/[a-z0-9_.-]{1,8}){0,3}",
                      query in prop::collection::vec(("[a-zA-Z0-9 &=%ñ]{1,6}", "[a-zA-Z0-9 &=%ñ]{0,6}"), 0..3)) {
        let parts = mcp_naming::ResourceUri { namespace: ns, kind, id, query };
        let text = format_resource_uri(&parts).unwrap();
        prop_assert_eq!(parse_resource_uri(&text).unwrap(), parts);
    }

    #[test]
    fn fitted_names_pass_and_stay_distinct(names in prop::collection::hash_set(prefixed(), 1..60),
                                           provider in prop::sample::select(Provider::ALL.to_vec())) {
        let names: Vec<String> = names.into_iter().collect();
        let fitted = fit_all(&names, provider);
        let distinct: std::collections::HashSet<&String> = fitted.iter().collect();
        prop_assert_eq!(distinct.len(), names.len());
        for (n, f) in names.iter().zip(&fitted) {
            prop_assert!(provider.accepts(f), "{:?} -> {:?}", n, f);
        }
    }
}

#[test]
fn long_fitted_names_are_distinct() {
    let names: Vec<String> =
        (0..2000).map(|i| format!("mcp__syntropy__context7_{}_{i}", "x".repeat(40 + i % 80))).collect();
    for &provider in Provider::ALL {
        let fitted = fit_all(&names, provider);
        let distinct: std::collections::HashSet<&String> = fitted.iter().collect();
        assert_eq!(distinct.len(), names.len());
        // Every name is over 64 characters, all of them allowed: each keeps its first 55, then
        // `_` and 8 hex digits of its hash.
        for (n, f) in names.iter().zip(&fitted) {
            assert!(provider.accepts(f), "{n:?} -> {f:?}");
            assert_eq!(f.len(), 64, "{f:?}");
            assert_eq!(f[..55], n[..55], "{n:?} -> {f:?}");
            assert!(f[55..].starts_with('_') && f[56..].bytes().all(|b| b.is_ascii_hexdigit()), "{f:?}");
        }
    }
}

#[test]
fn huge_input_is_rejected_by_length() {
    let big = "a".repeat(1 << 20);
    for conv in Convention::ALL {
        let r = validate(&big, conv, &Options::default());
        assert_eq!(r.errors.len(), 1);
        assert_eq!(r.errors[0].code.as_str(), "too_long");
        assert!(r.errors[0].message.contains("more than"));
    }
}

/// Patterns of `enabled` / `disabled` over a small alphabet (so that pieces repeat, overlap and
/// recur in names), with runs of `*`; `é` is two bytes, `😀` four.
fn glob_pattern() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(vec!['a', 'a', 'b', '_', 'é', '*', '*', '*']), 0..9)
        .prop_map(|v| v.into_iter().collect())
}

fn glob_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(vec!['a', 'a', 'b', '_', 'é', '😀']), 0..7)
        .prop_map(|v| v.into_iter().collect())
}

/// A name that the pattern may match: each `*` filled with a generated run, each other
/// character kept, then (one time in three) one character changed, dropped or added.
fn glob_name_for(pattern: &str) -> impl Strategy<Value = String> {
    let stars = pattern.matches('*').count();
    let pattern = pattern.to_string();
    (prop::collection::vec(glob_text(), stars), 0..3usize, any::<prop::sample::Index>(), glob_text()).prop_map(
        move |(fills, change, at, extra)| {
            let mut fills = fills.into_iter();
            let mut name: Vec<char> = Vec::new();
            for c in pattern.chars() {
                match c {
                    '*' => name.extend(fills.next().unwrap_or_default().chars()),
                    c => name.push(c),
                }
            }
            if change == 0 {
                let i = at.index(name.len() + 1);
                match (name.len() > i, extra.chars().next()) {
                    (true, Some(c)) => name[i] = c,
                    (true, None) => drop(name.remove(i)),
                    (false, Some(c)) => name.insert(i, c),
                    (false, None) => {}
                }
            }
            name.into_iter().collect()
        },
    )
}

/// The oracle: `*` as `.*` (any run, empty too), every other character literal, the whole name.
fn glob_oracle(pattern: &str) -> regex_lite::Regex {
    let mut re = String::from("^(?s:");
    for c in pattern.chars() {
        match c {
            '*' => re.push_str(".*"),
            c => re.push_str(&regex_lite::escape(&c.to_string())),
        }
    }
    re.push_str(")$");
    regex_lite::Regex::new(&re).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// `enabled` / `disabled` decide access: the matcher says yes exactly when the regex does,
    /// for names built to match (or nearly) and for arbitrary ones.
    #[test]
    fn glob_matches_exactly_what_its_regex_matches(
        (pattern, near) in glob_pattern().prop_flat_map(|p| (Just(p.clone()), glob_name_for(&p))),
        any_name in glob_text(),
    ) {
        let glob = Glob::new(&pattern);
        let oracle = glob_oracle(&pattern);
        for name in [&near, &any_name] {
            prop_assert_eq!(glob.matches(name), oracle.is_match(name), "pattern {:?}, name {:?}", pattern, name);
        }
    }
}

#[test]
fn glob_oracle_reads_stars_and_literals() {
    // The oracle itself, on cases whose answer is known by hand.
    assert!(glob_oracle("a*c").is_match("abbc") && !glob_oracle("a*c").is_match("acb"));
    assert!(glob_oracle("").is_match("") && !glob_oracle("").is_match("a"));
    assert!(glob_oracle("*.*").is_match("a.b") && !glob_oracle("a.c").is_match("abc"));
}
