//! The search index (`src/search`, crate-private, so included here by path with the suggestion
//! distance it uses): (a) after any sequence of inserts, replacements and removals, every query
//! answers exactly what a scorer that starts from scratch answers (the oracle below, written
//! plainly: it shares only the word splitting, `tokenize.rs`, checked on its own by examples);
//! (b) the ranking over a catalog of 12 published MCP servers' tools
//! (`tests/data/fixtures/mcp-catalog.json`, where each list came from): which tools come first
//! for queries a user would type; (c) hostile input: caps hold, nothing panics.
#![cfg(not(target_arch = "wasm32"))]

#[allow(dead_code)]
#[path = "../src/suggest.rs"]
mod suggest;

#[path = "../src/search/mod.rs"]
mod search;

use proptest::prelude::*;
use search::query::{
    EDIT_WEIGHT, MAX_EDITS, MAX_NEAR, MAX_PREFIXED, MAX_QUERY_BYTES, MAX_QUERY_WORDS, MIN_EXPANDED, PREFIX_SCAN,
    PREFIX_WEIGHT,
};
use search::score::{B, EXACT_BOOST, K1, PHRASE_BOOST, PREFIX_BOOST, WEIGHT};
use search::tokenize::{is_stop, words};
use search::{Document, Hit, SearchIndex};
use search::{MAX_DESCRIPTION_WORDS, MAX_NAMES, MAX_NAME_KEY, MAX_NAME_WORDS, MAX_PARAMETERS, MAX_PARAMETER_WORDS};
use std::collections::{BTreeMap, BTreeSet};

/// A tool as the tests hold it.
#[derive(Clone, Debug)]
struct Tool {
    names: Vec<String>,
    description: Option<String>,
    parameters: Vec<String>,
    group: u32,
}

fn insert(index: &mut SearchIndex, id: u32, t: &Tool) {
    let names: Vec<&str> = t.names.iter().map(String::as_str).collect();
    let parameters: Vec<&str> = t.parameters.iter().map(String::as_str).collect();
    let doc =
        Document { names: &names, description: t.description.as_deref(), parameters: &parameters, group: t.group };
    index.insert(id, &doc);
}

fn all_words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    words(text, |w| {
        out.push(w.to_string());
        true
    });
    out
}

/// The oracle: every statistic, every reach and every score computed again from the live tools.
#[allow(clippy::needless_range_loop)] // fields by number, as the formula writes them
mod oracle {
    use super::*;

    /// A tool's fields as counted words.
    struct Fields {
        names: Vec<Vec<String>>,
        /// Per field: word → count, and the field's length.
        tf: [BTreeMap<String, u32>; 3],
        len: [u32; 3],
    }

    fn fields(t: &Tool) -> Fields {
        let names: Vec<Vec<String>> =
            t.names.iter().take(MAX_NAMES).map(|n| all_words(n).into_iter().take(MAX_NAME_WORDS).collect()).collect();
        let mut tf: [BTreeMap<String, u32>; 3] = Default::default();
        for name in &names {
            let mut counts: BTreeMap<String, u32> = BTreeMap::new();
            for w in name {
                *counts.entry(w.clone()).or_default() += 1;
            }
            for (w, c) in counts {
                let e = tf[0].entry(w).or_default();
                *e = (*e).max(c);
            }
        }
        let description: Vec<String> = t
            .description
            .as_deref()
            .map(all_words)
            .unwrap_or_default()
            .into_iter()
            .filter(|w| !is_stop(w))
            .take(MAX_DESCRIPTION_WORDS)
            .collect();
        for w in description {
            *tf[1].entry(w).or_default() += 1;
        }
        let parameters: Vec<String> =
            t.parameters.iter().take(MAX_PARAMETERS).flat_map(|p| all_words(p)).take(MAX_PARAMETER_WORDS).collect();
        for w in parameters {
            *tf[2].entry(w).or_default() += 1;
        }
        let len = [0, 1, 2].map(|f| tf[f].values().sum());
        Fields { names, tf, len }
    }

    fn head(text: &str, max: usize) -> &str {
        let mut end = text.len().min(max);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        &text[..end]
    }

    /// The terms a query word reaches, with weights (see src/search/query.rs).
    fn reach(w: &str, df: &BTreeMap<String, u32>) -> BTreeMap<String, f64> {
        let mut out: BTreeMap<String, f64> = BTreeMap::new();
        let mut add = |t: &str, weight: f64| {
            let e = out.entry(t.to_string()).or_insert(weight);
            *e = e.max(weight);
        };
        if df.contains_key(w) {
            add(w, 1.0);
        }
        if is_stop(w) || w.chars().count() < MIN_EXPANDED {
            return out;
        }
        let mut longer: Vec<&String> =
            df.keys().filter(|t| t.len() > w.len() && t.starts_with(w)).take(PREFIX_SCAN).collect();
        longer.sort_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
        for t in longer.into_iter().take(MAX_PREFIXED) {
            add(t, PREFIX_WEIGHT);
        }
        if !df.contains_key(w) {
            let limit = if w.chars().count() >= 6 { MAX_EDITS } else { 1 };
            // Edits, a swap of two neighbouring bytes counting one.
            let edits = |t: &str| {
                let (a, b) = (w.as_bytes(), t.as_bytes());
                let swap = a.len() == b.len()
                    && (0..a.len().saturating_sub(1)).any(|i| {
                        let mut s = a.to_vec();
                        s.swap(i, i + 1);
                        s != a && s == b
                    });
                if swap {
                    Some(1)
                } else {
                    suggest::distance(w, t, limit)
                }
            };
            let near: Vec<(usize, u32, &String)> =
                df.iter().filter_map(|(t, &n)| edits(t).map(|d| (d, n, t))).collect();
            let fewest = near.iter().map(|x| x.0).min().unwrap_or(0);
            let mut near: Vec<(usize, u32, &String)> = near.into_iter().filter(|x| x.0 == fewest).collect();
            near.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(b.2)));
            for (d, _, t) in near.into_iter().take(MAX_NEAR) {
                add(t, EDIT_WEIGHT.powi(d as i32));
            }
        }
        out
    }

    /// Whether the query's words are a name's words (3), begin them (2), stand together
    /// inside them, two or more (1), or none of these (0).
    fn fit(query: &[String], name: &[String]) -> u8 {
        let n = query.len();
        if n == 0 || n > name.len() {
            return 0;
        }
        if query == name {
            return 3;
        }
        if query[..n - 1] == name[..n - 1] && name[n - 1].starts_with(query[n - 1].as_str()) {
            return 2;
        }
        let inside = (1..=name.len() - n).any(|at| query == &name[at..at + n]);
        u8::from(n >= 2 && inside)
    }

    /// The best `limit` tools for `text`: (id, score, fields matched).
    pub fn query(live: &BTreeMap<u32, Tool>, text: &str, limit: usize, group: Option<u32>) -> Vec<(u32, f64, u8)> {
        let docs: BTreeMap<u32, Fields> = live.iter().map(|(&id, t)| (id, fields(t))).collect();
        let n = docs.len();
        let mut df: BTreeMap<String, u32> = BTreeMap::new();
        let mut total = [0u64; 3];
        for d in docs.values() {
            let held: BTreeSet<&String> = d.tf.iter().flat_map(|m| m.keys()).collect();
            for w in held {
                *df.entry(w.clone()).or_default() += 1;
            }
            for f in 0..3 {
                total[f] += u64::from(d.len[f]);
            }
        }
        let avg = total.map(|t| t as f64 / n as f64);
        let seq: Vec<String> = all_words(head(text, MAX_QUERY_BYTES)).into_iter().take(MAX_QUERY_WORDS).collect();
        let mut distinct: Vec<&String> = Vec::new();
        let only_stop = seq.iter().all(|w| is_stop(w));
        for w in &seq {
            if !distinct.contains(&w) && (only_stop || !is_stop(w)) {
                distinct.push(w);
            }
        }
        let reached: Vec<BTreeMap<String, f64>> = distinct.iter().map(|w| reach(w, &df)).collect();
        let mut out: Vec<(f64, &str, u32, u8)> = Vec::new();
        for (&id, d) in &docs {
            let tool = &live[&id];
            if group.is_some_and(|g| g != tool.group) || limit == 0 {
                continue;
            }
            let mut score = 0.0;
            let mut matched = 0u8;
            let mut hit = false;
            for reach in &reached {
                let mut best = 0.0f64;
                for (t, &weight) in reach {
                    let tf = [0, 1, 2].map(|f| d.tf[f].get(t).copied().unwrap_or(0).min(255));
                    if tf == [0, 0, 0] {
                        continue;
                    }
                    hit = true;
                    for f in 0..3 {
                        if tf[f] > 0 {
                            matched |= 1 << f;
                        }
                    }
                    let dft = f64::from(df[t]);
                    let idf = (1.0 + (n as f64 - dft + 0.5) / (dft + 0.5)).ln();
                    let mut x = 0.0;
                    for f in 0..3 {
                        if tf[f] > 0 {
                            x += WEIGHT[f] * f64::from(tf[f]) / (1.0 - B[f] + B[f] * f64::from(d.len[f]) / avg[f]);
                        }
                    }
                    best = best.max(weight * idf * (x * (K1 + 1.0) / (K1 + x)));
                }
                if best > 0.0 {
                    score += best;
                }
            }
            if !hit {
                continue;
            }
            // No boost for a tool whose name no reached word is in.
            let fits = if matched & 1 == 0 { 0 } else { d.names.iter().map(|name| fit(&seq, name)).max().unwrap_or(0) };
            let boost = [1.0, PHRASE_BOOST, PREFIX_BOOST, EXACT_BOOST][usize::from(fits)];
            let first = head(tool.names.first().map_or("", String::as_str), MAX_NAME_KEY);
            out.push((score * boost, first, id, matched));
        }
        out.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)).then(a.2.cmp(&b.2)));
        out.truncate(limit);
        out.into_iter().map(|(s, _, id, m)| (id, s, m)).collect()
    }
}

fn same(got: &[Hit], want: &[(u32, f64, u8)]) -> Result<(), String> {
    let g: Vec<(u32, f64, u8)> = got.iter().map(|h| (h.id, h.score, h.matched.0)).collect();
    let ok = g.len() == want.len()
        && g.iter().zip(want).all(|(a, b)| a.0 == b.0 && a.2 == b.2 && (a.1 - b.1).abs() <= 1e-12 * b.1.abs().max(1.0));
    if ok {
        Ok(())
    } else {
        Err(format!("index {g:?}\noracle {want:?}"))
    }
}

/// Words that split, fold, collide, sit an edit apart, begin each other, or are stop words.
const POOL: &[&str] = &[
    "get",
    "gets",
    "user",
    "users",
    "usr",
    "profile",
    "profiles",
    "file",
    "files",
    "list",
    "lists",
    "create",
    "issue",
    "issues",
    "repo",
    "repos",
    "repository",
    "search",
    "code",
    "read",
    "graph",
    "the",
    "a",
    "by",
    "id",
    "ID",
    "url",
    "URL",
    "HTTP",
    "base64",
    "écran",
    "ecran",
    "Écran",
    "x",
    "ab",
    "v2",
    "page",
    "pages",
    "sheet",
    "shet",
];

fn word() -> impl Strategy<Value = String> {
    prop::sample::select(POOL).prop_map(str::to_string)
}

/// Words joined in one of the case styles.
fn joined(words: Vec<String>, style: u8) -> String {
    match style % 6 {
        0 => words.join("_"),
        1 => words.join("-"),
        2 => words.join("."),
        3 => words.join(" "),
        4 | 5 => words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                if i == 0 && style % 6 == 4 {
                    w.to_lowercase()
                } else {
                    let mut c = w.chars();
                    c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
                }
            })
            .collect(),
        _ => unreachable!(),
    }
}

fn name() -> impl Strategy<Value = String> {
    (prop::collection::vec(word(), 1..4), any::<u8>()).prop_map(|(w, s)| joined(w, s))
}

fn tool() -> impl Strategy<Value = Tool> {
    (
        prop::collection::vec(name(), 0..3),
        prop::option::of(prop::collection::vec(word(), 0..12).prop_map(|w| w.join(" "))),
        prop::collection::vec(name(), 0..4),
        0..3u32,
    )
        .prop_map(|(names, description, parameters, group)| Tool { names, description, parameters, group })
}

/// A word as a user may mistype (a byte dropped, replaced, added, two swapped) or shorten it.
fn typed() -> impl Strategy<Value = String> {
    (word(), 0..7u8, any::<usize>(), prop::sample::select(vec!['e', 'r', 'x', '_'])).prop_map(|(w, how, at, c)| {
        let b: Vec<char> = w.chars().collect();
        let at = at % (b.len() + 1);
        match how {
            0 if at < b.len() => b.iter().enumerate().filter(|&(i, _)| i != at).map(|(_, c)| c).collect(),
            1 if at < b.len() => b.iter().enumerate().map(|(i, &x)| if i == at { c } else { x }).collect(),
            2 => b[..at].iter().chain([c].iter()).chain(&b[at..]).collect(),
            3 if at > 0 => b[..at].iter().collect(),
            4 if at + 1 < b.len() => {
                let mut b = b;
                b.swap(at, at + 1);
                b.into_iter().collect()
            }
            _ => w,
        }
    })
}

fn query() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => (prop::collection::vec(typed(), 1..4), any::<u8>()).prop_map(|(w, s)| joined(w, s)),
        1 => name(),
    ]
}

#[derive(Clone, Debug)]
enum Op {
    Insert(u32, Tool),
    Remove(u32),
    Query(String, usize, Option<u32>),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0..12u32, tool()).prop_map(|(id, t)| Op::Insert(id, t)),
        1 => (0..12u32).prop_map(Op::Remove),
        4 => (query(), prop_oneof![0..4usize, Just(100)], prop::option::of(0..3u32)).prop_map(|(q, l, g)| Op::Query(q, l, g)),
    ]
}

fn run(ops: &[Op], index: &mut SearchIndex, live: &mut BTreeMap<u32, Tool>) -> Result<(), String> {
    for op in ops {
        match op {
            Op::Insert(id, t) => {
                insert(index, *id, t);
                live.insert(*id, t.clone());
            }
            Op::Remove(id) => {
                if index.remove(*id) != live.remove(id).is_some() {
                    return Err(format!("remove {id}: the index disagrees about holding it"));
                }
            }
            Op::Query(q, limit, group) => {
                let got = index.query(q, *limit, *group);
                same(&got, &oracle::query(live, q, *limit, *group)).map_err(|e| format!("query {q:?}: {e}"))?;
            }
        }
        index.check();
        if index.len() != live.len() {
            return Err(format!("{} documents held, {} live", index.len(), live.len()));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    /// (a) Any sequence of changes, then queries: the index answers what the oracle answers.
    #[test]
    fn queries_agree_with_a_scorer_from_scratch(ops in prop::collection::vec(op(), 1..60)) {
        let (mut index, mut live) = (SearchIndex::new(), BTreeMap::new());
        if let Err(e) = run(&ops, &mut index, &mut live) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
    fn words(&mut self, most: usize) -> Vec<String> {
        let k = self.below(most + 1);
        (0..k).map(|_| POOL[self.below(POOL.len())].to_string()).collect()
    }
    /// One to `most` words joined in a case style.
    fn name(&mut self, most: usize) -> String {
        let k = 1 + self.below(most);
        let words = (0..k).map(|_| POOL[self.below(POOL.len())].to_string()).collect();
        joined(words, self.below(6) as u8)
    }
}

/// (a) A long run with replacements enough to drop stale postings many times over, and a
/// vocabulary that churns (words no tool holds any more are dropped, their ids reused).
#[test]
fn long_churn_agrees_and_reuses_slots() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut index, mut live) = (SearchIndex::new(), BTreeMap::new());
    for step in 0..6000usize {
        let id = rng.below(40) as u32;
        let unique = format!("once{step}");
        let tool = Tool {
            names: vec![rng.name(3), unique.clone()],
            description: Some(rng.words(20).join(" ") + " " + &unique),
            parameters: vec![rng.name(2)],
            group: rng.below(3) as u32,
        };
        let mut ops = vec![if rng.below(5) == 0 { Op::Remove(id) } else { Op::Insert(id, tool) }];
        if step % 25 == 0 {
            let (q, limit) = (rng.name(3), 1 + rng.below(10));
            let group = (rng.below(4) < 3).then(|| rng.below(3) as u32);
            ops.push(Op::Query(q, limit, group));
            ops.push(Op::Query(format!("once{}", step.saturating_sub(rng.below(50))), 5, None));
        }
        if let Err(e) = run(&ops, &mut index, &mut live) {
            panic!("step {step}: {e}");
        }
    }
    // 6,000 changes to 40 tools: the slots stay near the live tools, not the changes.
    assert!(index.slots() < 40 + 2 * 1024, "{} slots", index.slots());
}

// (b) The ranking over real servers' tools.

struct Catalog {
    tools: Vec<(String, Tool)>,
    servers: Vec<String>,
}

fn catalog() -> Catalog {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("data/fixtures/mcp-catalog.json")).expect("the catalog fixture is JSON");
    let servers: Vec<String> =
        data["sources"].as_array().unwrap().iter().map(|s| s["server"].as_str().unwrap().to_string()).collect();
    let tools = data["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let server = t["server"].as_str().unwrap();
            let name = t["name"].as_str().unwrap();
            let exposed = format!("{server}__{name}");
            let tool = Tool {
                names: vec![exposed.clone(), name.to_string()],
                description: t["description"].as_str().map(str::to_string),
                parameters: t["parameters"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p.as_str().unwrap().to_string())
                    .collect(),
                group: servers.iter().position(|s| s == server).unwrap() as u32,
            };
            (exposed, tool)
        })
        .collect();
    Catalog { tools, servers }
}

/// A query, the server it keeps to, the tools that must come first (each inner list fills the
/// next places, in any order), and why.
struct Case {
    query: &'static str,
    server: Option<&'static str>,
    first: &'static [&'static [&'static str]],
    why: &'static str,
}

const CASES: &[Case] = &[
    Case {
        query: "create issue",
        server: None,
        first: &[&["github__create_issue", "gitlab__create_issue"]],
        why: "both servers' tool is exactly the query; the rest only share one word",
    },
    Case {
        query: "createIssue",
        server: None,
        first: &[&["github__create_issue", "gitlab__create_issue"]],
        why: "camelCase gives the same words as snake_case",
    },
    Case {
        query: "create issue",
        server: Some("gitlab"),
        first: &[&["gitlab__create_issue"]],
        why: "kept to one server",
    },
    Case {
        query: "create-pull-request",
        server: None,
        first: &[&["github__create_pull_request"], &["github__create_pull_request_review"]],
        why: "kebab-case: the exact name, then the name it begins",
    },
    Case {
        query: "read file",
        server: None,
        first: &[&["filesystem__read_file"]],
        why: "exactly the upstream name, before read_text_file and read_multiple_files",
    },
    Case {
        query: "list directory",
        server: None,
        first: &[&["filesystem__list_directory"], &["filesystem__list_directory_with_sizes"]],
        why: "exact, then the name it begins",
    },
    Case {
        query: "screenshot",
        server: None,
        first: &[&["puppeteer__puppeteer_screenshot"]],
        why: "the only tool with the word in its name",
    },
    Case {
        query: "take a screenshot of the page",
        server: None,
        first: &[&["puppeteer__puppeteer_screenshot"]],
        why: "a sentence: stop words add nothing, screenshot decides",
    },
    Case {
        query: "web search",
        server: None,
        first: &[&["brave-search__brave_web_search"]],
        why: "both words in its name",
    },
    Case {
        query: "geocode address",
        server: None,
        first: &[&["google-maps__maps_geocode"], &["google-maps__maps_reverse_geocode"]],
        why: "geocode in both names; the forward one converts an address (its parameter) and its name is shorter",
    },
    Case {
        query: "directions",
        server: None,
        first: &[&["google-maps__maps_directions"]],
        why: "the word is its name's",
    },
    Case {
        query: "post message to slack",
        server: None,
        first: &[&["slack__slack_post_message"]],
        why: "every word in its name",
    },
    Case {
        query: "read the knowledge graph",
        server: None,
        first: &[&["memory__read_graph"]],
        why: "read and graph in the name, knowledge graph in the description",
    },
    Case {
        query: "merge pull request",
        server: None,
        first: &[&["github__merge_pull_request"]],
        why: "exactly its name",
    },
    Case {
        query: "merge request",
        server: None,
        first: &[&["gitlab__create_merge_request"]],
        why: "GitLab's word for a pull request, in the name",
    },
    Case {
        query: "serach code",
        server: None,
        first: &[&["github__search_code"]],
        why: "two letters swapped (one edit) reach search; code decides between the search tools",
    },
    Case {
        query: "serach repositories",
        server: None,
        first: &[&["github__search_repositories", "gitlab__search_repositories"]],
        why: "the swapped letters reach search: both servers' tool, exact but for them",
    },
    Case {
        query: "elevaton",
        server: None,
        first: &[&["google-maps__maps_elevation"]],
        why: "a misspelled word alone, one edit from the name's",
    },
    Case {
        query: "creat isue",
        server: None,
        first: &[&["github__create_issue", "gitlab__create_issue"]],
        why: "two misspelled words, one edit each (creat also begins create)",
    },
    Case { query: "screnshot", server: None, first: &[&["puppeteer__puppeteer_screenshot"]], why: "one edit" },
    Case {
        query: "fork repostory",
        server: None,
        first: &[&["github__fork_repository", "gitlab__fork_repository"]],
        why: "one edit in repository",
    },
    Case {
        query: "direcotry tree",
        server: None,
        first: &[&["filesystem__directory_tree"]],
        why: "two letters swapped in a long word",
    },
    Case {
        query: "get_user_profile",
        server: None,
        first: &[&["slack__slack_get_user_profile"]],
        why: "snake_case words all in one name",
    },
    Case {
        query: "getUserProfile",
        server: None,
        first: &[&["slack__slack_get_user_profile"]],
        why: "the camelCase spelling finds the same tool",
    },
    Case {
        query: "library documentation",
        server: None,
        first: &[&["context7__query-docs", "context7__resolve-library-id"]],
        why: "Context7's two tools speak of libraries and documentation",
    },
    Case {
        query: "sql",
        server: None,
        first: &[&["postgres__query"]],
        why: "the description (a read-only SQL query) and the parameter name",
    },
    Case {
        query: "environment variables",
        server: None,
        first: &[&["everything__get-env"]],
        why: "the description's words; env is the name's abbreviation",
    },
    Case {
        query: "sum two numbers",
        server: None,
        first: &[&["everything__get-sum"]],
        why: "sum in the name, numbers in the description",
    },
    Case {
        query: "sequentialthinking",
        server: None,
        first: &[&["sequential-thinking__sequentialthinking"]],
        why: "the name as written, one word",
    },
    Case { query: "move file", server: None, first: &[&["filesystem__move_file"]], why: "exactly its name" },
    Case { query: "click", server: None, first: &[&["puppeteer__puppeteer_click"]], why: "the word is its name's" },
    Case {
        query: "search repositories",
        server: Some("github"),
        first: &[&["github__search_repositories"]],
        why: "exact, kept to github (gitlab has the same name)",
    },
    Case {
        query: "add reaction emoji",
        server: None,
        first: &[&["slack__slack_add_reaction"]],
        why: "add and reaction in the name, emoji in the description",
    },
    Case {
        query: "pull request comments",
        server: None,
        first: &[&["github__get_pull_request_comments"]],
        why: "all three words in its name",
    },
    Case {
        query: "navigate url",
        server: None,
        first: &[&["puppeteer__puppeteer_navigate"]],
        why: "navigate in the name, url its parameter",
    },
    Case {
        query: "gzip",
        server: None,
        first: &[&["everything__gzip-file-as-resource"]],
        why: "the word is in its name",
    },
    Case {
        query: "elevation",
        server: None,
        first: &[&["google-maps__maps_elevation"]],
        why: "the word is its name's",
    },
    Case {
        query: "list_dir",
        server: None,
        first: &[&["filesystem__list_directory"], &["filesystem__list_directory_with_sizes"]],
        why: "a name being typed: list_dir begins list_directory (prefix boost, and dir reaches directory)",
    },
];

#[test]
fn ranking_over_published_servers() {
    let cat = catalog();
    let mut index = SearchIndex::new();
    for (id, (_, t)) in cat.tools.iter().enumerate() {
        insert(&mut index, id as u32, t);
    }
    let mut failures = Vec::new();
    println!("| query | server | first results (score) |\n| --- | --- | --- |");
    for case in CASES {
        let group = case.server.map(|s| cat.servers.iter().position(|x| x == s).unwrap() as u32);
        let hits = index.query(case.query, 5, group);
        let names: Vec<&str> = hits.iter().map(|h| cat.tools[h.id as usize].0.as_str()).collect();
        let shown: Vec<String> =
            hits.iter().take(3).map(|h| format!("{} ({:.2})", cat.tools[h.id as usize].0, h.score)).collect();
        println!("| `{}` | {} | {} |", case.query, case.server.unwrap_or("any"), shown.join(", "));
        let mut at = 0;
        for place in case.first {
            let got: BTreeSet<&str> = names.iter().skip(at).take(place.len()).copied().collect();
            let want: BTreeSet<&str> = place.iter().copied().collect();
            if got != want {
                failures.push(format!("{:?}: want {:?} at {at}, got {names:?} ({})", case.query, place, case.why));
            }
            at += place.len();
        }
        // The same answer, whatever the tools' order of insertion, with the oracle's scores.
        let live: BTreeMap<u32, Tool> = cat.tools.iter().enumerate().map(|(i, (_, t))| (i as u32, t.clone())).collect();
        if let Err(e) = same(&hits, &oracle::query(&live, case.query, 5, group)) {
            failures.push(format!("{:?}: {e}", case.query));
        }
    }
    // Stop words reach nothing beside other words: not the tool whose parameter is named `a`,
    // nor the name that holds `to`.
    for (query, never) in [
        ("take a screenshot of the page", "everything__get-sum"),
        ("post message to slack", "slack__slack_reply_to_thread"),
    ] {
        let hits = index.query(query, 100, None);
        let found = hits.iter().find(|h| cat.tools[h.id as usize].0 == never);
        assert!(found.is_none_or(|h| h.score < hits[0].score / 2.0), "{query}: {never} {found:?}");
    }
    assert!(CASES.len() >= 20);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_catalog_in_another_order_ranks_the_same() {
    let cat = catalog();
    let (mut a, mut b) = (SearchIndex::new(), SearchIndex::new());
    for (id, (_, t)) in cat.tools.iter().enumerate() {
        insert(&mut a, id as u32, t);
    }
    // Reversed, with every tool first inserted under a wrong description, then replaced.
    for (id, (_, t)) in cat.tools.iter().enumerate().rev() {
        let wrong = Tool { description: Some("nothing to see".into()), ..t.clone() };
        insert(&mut b, id as u32, &wrong);
    }
    for (id, (_, t)) in cat.tools.iter().enumerate() {
        insert(&mut b, id as u32, t);
    }
    for case in CASES {
        assert_eq!(a.query(case.query, 10, None), b.query(case.query, 10, None), "{}", case.query);
    }
}

// (c) Hostile input.

#[test]
fn hostile_documents_are_capped() {
    let mut index = SearchIndex::new();
    let huge = format!("{}lateword {}", "filler the ".repeat(MAX_DESCRIPTION_WORDS), "zz ".repeat(5_000_000));
    let mut params = vec!["param".to_string(); MAX_PARAMETERS];
    params.extend((0..100_000).map(|_| "zebra".to_string()));
    let long_name = "segment_".repeat(200_000);
    let tool = Tool {
        names: vec![long_name, "a".into(), "b".into(), "c".into(), "fifthname".into()],
        description: Some(huge),
        parameters: params,
        group: u32::MAX,
    };
    insert(&mut index, u32::MAX, &tool);
    // One parameter of many words: its 257th is not read.
    let words =
        Tool { names: vec!["w".into()], description: None, parameters: vec!["alpha ".repeat(256) + "omega"], group: 0 };
    insert(&mut index, 0, &words);
    assert_eq!(index.query("alpha", 5, None)[0].id, 0);
    assert!(index.query("omega", 5, None).is_empty());
    index.check();
    // Within the caps: found. Past them: not indexed.
    assert_eq!(index.query("filler", 5, None).len(), 1);
    assert!(index.query("lateword", 5, None).is_empty(), "the 257th description word (stop words aside)");
    assert_eq!(index.query("param", 5, None).len(), 1);
    assert!(index.query("zebra", 5, None).is_empty(), "the 65th parameter");
    assert!(index.query("fifthname", 5, None).is_empty(), "the fifth name");
    assert_eq!(index.query("segment", 5, Some(u32::MAX))[0].id, u32::MAX);
    // A tool of 5 MB holds a few kilobytes.
    assert!(index.heap_size() < 256 * 1024, "{} bytes", index.heap_size());
    assert!(index.remove(u32::MAX));
    assert!(!index.remove(u32::MAX) && !index.remove(7));
    index.check();
}

#[test]
fn hostile_queries_are_capped() {
    let mut index = SearchIndex::new();
    let tool = Tool {
        names: vec!["read_file".into()],
        description: Some("Read a file".into()),
        parameters: vec!["path".into()],
        group: 0,
    };
    insert(&mut index, 1, &tool);
    for q in [
        String::new(),
        " _-.:/ ".into(),
        "\0\u{202e}\u{200b}😀\n\t".into(),
        "é".repeat(1_000_000),
        "x".repeat(10_000_000),
        "🙂file".into(),
    ] {
        let hits = index.query(&q, usize::MAX, None);
        assert!(hits.len() <= 1);
    }
    assert_eq!(index.query("🙂file", 10, None).len(), 1, "an emoji separates words");
    // Only the first 16 words, and the first 256 bytes, are read.
    let many = format!("{} file", "zq ".repeat(MAX_QUERY_WORDS));
    assert!(index.query(&many, 10, None).is_empty());
    assert_eq!(index.query(&format!("{} file", "zq ".repeat(MAX_QUERY_WORDS - 1)), 10, None).len(), 1);
    let far = format!("{}file", " ".repeat(MAX_QUERY_BYTES));
    assert!(index.query(&far, 10, None).is_empty());
    assert!(index.query("file", 0, None).is_empty());
    assert!(index.query("file", 10, Some(3)).is_empty());
    assert!(SearchIndex::new().query("file", 10, None).is_empty());
}

#[test]
fn names_in_other_scripts_and_empty_tools() {
    let mut index = SearchIndex::new();
    let tools = [
        Tool {
            names: vec!["ПолучитьФайл".into()],
            description: Some("читать файл".into()),
            parameters: vec![],
            group: 0,
        },
        Tool { names: vec!["Écran_Capture".into()], description: None, parameters: vec![], group: 0 },
        Tool { names: vec![], description: None, parameters: vec![], group: 0 },
        Tool { names: vec!["".into(), "".into()], description: Some("".into()), parameters: vec!["".into()], group: 0 },
    ];
    for (id, t) in tools.iter().enumerate() {
        insert(&mut index, id as u32, t);
    }
    index.check();
    assert_eq!(index.query("файл", 5, None)[0].id, 0);
    assert_eq!(index.query("ecran capture", 5, None)[0].id, 1);
    assert_eq!(index.query("ÉCRAN", 5, None)[0].id, 1);
    assert_eq!(index.len(), 4);
    for id in 0..4 {
        assert!(index.remove(id));
    }
    index.check();
    assert_eq!(index.heap_size(), index.heap_size());
}
