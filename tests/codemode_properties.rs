//! Code mode's mcp-naming projection over generated catalogs: every identifier valid in its
//! language and never one of its reserved words or globals, unique in its namespace, the same
//! whatever order the tools come in, unchanged when a tool is added, mapping back to its tool;
//! every file path valid on Windows and distinct ignoring case. And registry names: the boolean
//! check agrees with the validator, suggestions are valid, prefixes never meet.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::codemode::paths::{component_problem, MAX_COMPONENT};
use mcp_naming::codemode::reserved::is_reserved;
use mcp_naming::codemode::{code_mode, resolve, CodeMode, Language, Layout, Options, ServerTools, Tool};
use mcp_naming::registry_name::{is_server_name, registry_prefixes, validate_server_name};
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};

const LANGUAGES: [Language; 3] = [Language::TypeScript, Language::JavaScript, Language::Python];

/// Names from words, separators, reserved words and globals, digits, non-ASCII letters,
/// invisible and control characters.
fn name() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        8 => prop::sample::select(vec!["get", "user", "list", "a", "x9", "repo", "v2", "http", "id", "b"]).prop_map(str::to_string),
        3 => prop::sample::select(vec!["_", "-", ".", " ", "__", "/", ":", "$"]).prop_map(str::to_string),
        2 => prop::sample::select(vec!["Get", "USER", "HTTPServer", "0", "7", "2fa"]).prop_map(str::to_string),
        2 => prop::sample::select(vec!["class", "delete", "constructor", "__proto__", "Object", "Promise", "list", "print",
            "None", "match", "type", "con", "nul", "aux", "com1", "lpt9", "prototype", "toString"]).prop_map(str::to_string),
        1 => prop::sample::select(vec!["é", "获取", "😀", "\u{200b}", "\u{2028}", "ｇ", "\0", "\n", "*/", "\""]).prop_map(str::to_string),
    ];
    prop::collection::vec(piece, 0..6).prop_map(|v| v.concat())
}

/// A catalog: distinct server names, each with tool names (a name may be listed twice).
fn catalog() -> impl Strategy<Value = Vec<(String, Vec<String>)>> {
    prop::collection::vec((name(), prop::collection::vec(name(), 0..12)), 1..5).prop_map(|servers| {
        let mut seen = HashSet::new();
        servers.into_iter().filter(|(s, _)| seen.insert(s.clone())).collect()
    })
}

fn servers(catalog: &[(String, Vec<String>)]) -> Vec<ServerTools> {
    catalog.iter().map(|(s, tools)| ServerTools::new(s.clone(), tools.iter().map(Tool::new).collect())).collect()
}

fn project(catalog: &[(String, Vec<String>)], options: &Options) -> CodeMode {
    code_mode(&servers(catalog), options).expect("distinct servers always project")
}

fn is_identifier(id: &str, language: Language) -> bool {
    let mut b = id.bytes();
    let first_ok = |c: u8| c.is_ascii_alphabetic() || c == b'_' || (c == b'$' && language != Language::Python);
    let rest_ok = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || (c == b'$' && language != Language::Python);
    b.next().is_some_and(first_ok) && b.all(rest_ok)
}

/// name → (identifier, path) per server, for the first listing of each name.
fn map(cm: &CodeMode) -> Vec<HashMap<String, (String, Option<String>)>> {
    cm.namespaces
        .iter()
        .map(|ns| {
            let mut m = HashMap::new();
            for t in &ns.tools {
                m.entry(t.tool.clone()).or_insert_with(|| (t.name.clone(), t.path.clone()));
            }
            m
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn identifiers_are_valid_unreserved_unique_and_map_back(c in catalog(), l in 0..3usize) {
        let language = LANGUAGES[l];
        let cm = project(&c, &Options::default().with_language(language));
        let mut namespaces = HashSet::new();
        for (si, ns) in cm.namespaces.iter().enumerate() {
            prop_assert!(is_identifier(&ns.name, language), "namespace {:?}", ns.name);
            prop_assert!(!is_reserved(&ns.name, language), "namespace {:?}", ns.name);
            prop_assert!(namespaces.insert(ns.name.clone()), "namespace {:?} twice", ns.name);
            let mut by_id: HashMap<&str, &str> = HashMap::new();
            let mut types = HashSet::new();
            for t in &ns.tools {
                prop_assert!(is_identifier(&t.name, language), "{:?} → {:?}", t.tool, t.name);
                prop_assert!(!is_reserved(&t.name, language), "{:?} → {:?}", t.tool, t.name);
                prop_assert!(t.name.len() <= 80, "{:?}", t.name);
                if let Some(other) = by_id.insert(&t.name, &t.tool) {
                    prop_assert_eq!(other, t.tool.as_str(), "two tools meet at {:?}", t.name);
                } else {
                    // One PascalCase type name per identifier (the declarations' types).
                    let pascal = pascal(&t.name, language);
                    prop_assert!(types.insert(pascal.clone()), "type {:?} twice", pascal);
                }
                let (rs, rt) = cm.resolve(&ns.name, &t.name).unwrap();
                prop_assert_eq!((rs, &cm.namespaces[rs].tools[rt].tool), (si, &t.tool));
                // The way back from the identifiers alone (no declarations) answers the same.
                prop_assert_eq!(resolve(&servers(&c), &cm.options, &ns.name, &t.name).unwrap(), (rs, rt));
            }
        }
    }

    #[test]
    fn the_same_whatever_the_order(c in catalog(), l in 0..3usize, seed in any::<u64>()) {
        let options = Options::default().with_language(LANGUAGES[l]).with_layout(Layout::Files);
        let mut shuffled = c.clone();
        // A deterministic shuffle of servers and of each server's tools.
        let mut s = seed | 1;
        let mut next = |n: usize| { s ^= s << 13; s ^= s >> 7; s ^= s << 17; (s % n.max(1) as u64) as usize };
        for i in (1..shuffled.len()).rev() { let j = next(i + 1); shuffled.swap(i, j); }
        for (_, tools) in &mut shuffled { for i in (1..tools.len()).rev() { let j = next(i + 1); tools.swap(i, j); } }
        let a = map(&project(&c, &options));
        let b = map(&project(&shuffled, &options));
        let by_server = |cm_map: Vec<HashMap<String, (String, Option<String>)>>, cat: &[(String, Vec<String>)]| {
            cat.iter().map(|(s, _)| s.clone()).zip(cm_map).collect::<HashMap<_, _>>()
        };
        prop_assert_eq!(by_server(a, &c), by_server(b, &shuffled));
    }

    #[test]
    fn adding_a_tool_or_a_server_renames_nothing(c in catalog(), tool in name(), server in name(), l in 0..3usize) {
        let options = Options::default().with_language(LANGUAGES[l]).with_layout(Layout::Files);
        let before = project(&c, &options);
        let mut grown = c.clone();
        grown[0].1.push(tool);
        if !grown.iter().any(|(s, _)| *s == server) {
            grown.push((server, vec!["get_user".into(), "get-user".into()]));
        }
        let after = project(&grown, &options);
        for (si, ns) in before.namespaces.iter().enumerate() {
            prop_assert_eq!(&after.namespaces[si].name, &ns.name);
            for (ti, t) in ns.tools.iter().enumerate() {
                let now = &after.namespaces[si].tools[ti];
                prop_assert_eq!((&now.name, &now.path), (&t.name, &t.path), "{:?}", t.tool);
            }
        }
    }

    #[test]
    fn paths_are_valid_on_windows_and_distinct_ignoring_case(c in catalog(), l in 0..3usize) {
        let language = LANGUAGES[l];
        let cm = project(&c, &Options::default().with_language(language).with_layout(Layout::Files));
        let mut seen: HashMap<String, &str> = HashMap::new();
        for ns in &cm.namespaces {
            for t in &ns.tools {
                let path = t.path.as_deref().unwrap();
                for component in path.split('/') {
                    prop_assert!(component_problem(component).is_none(), "{path}: {:?}", component_problem(component));
                    prop_assert!(component.len() <= MAX_COMPONENT);
                }
                if let Some(other) = seen.insert(path.to_lowercase(), &t.tool) {
                    prop_assert_eq!(other, t.tool.as_str(), "{} is two tools' file", path);
                }
            }
        }
        // The files layout writes one file per distinct tool, plus the runtime hook.
        let distinct: usize = cm.namespaces.iter().map(|ns| ns.tools.iter().map(|t| &t.tool).collect::<HashSet<_>>().len()).sum();
        prop_assert_eq!(cm.files.len(), distinct + 1);
    }

    #[test]
    fn registry_names_agree_and_suggest_valid_names(text in prop_oneof![name(), "[a-zA-Z0-9._/-]{0,12}", any::<String>()]) {
        let report = validate_server_name(&text);
        prop_assert_eq!(report.is_valid(), is_server_name(&text), "{:?}", text);
        if let Some(s) = &report.suggestion {
            prop_assert!(is_server_name(s), "{:?} suggests {:?}", text, s);
        }
    }

    #[test]
    fn registry_prefixes_never_meet(names in prop::collection::hash_set("[a-z]{1,3}(\\.[a-z]{1,3}){0,2}/[a-zA-Z0-9_.-]{2,6}", 1..8)) {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let prefixes = registry_prefixes(&names);
        let folded: HashSet<String> = prefixes.iter().map(|p| p.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_lowercase()).collect();
        prop_assert_eq!(folded.len(), names.len(), "{:?} → {:?}", names, prefixes);
        let mut reversed = names.clone();
        reversed.reverse();
        let mut back = registry_prefixes(&reversed);
        back.reverse();
        prop_assert_eq!(back, prefixes);
    }
}

/// The type name the declarations give an identifier (as `identifier::type_name` writes it).
fn pascal(id: &str, language: Language) -> String {
    let cap = |s: &str| {
        let mut c = s.chars();
        c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
    };
    match language {
        Language::Python => id
            .split('_')
            .enumerate()
            .map(
                |(i, s)| {
                    if i > 0 && !s.starts_with(|c: char| c.is_ascii_lowercase()) {
                        format!("_{s}")
                    } else {
                        cap(s)
                    }
                },
            )
            .collect(),
        _ => cap(id),
    }
}
