//! Bad input through the Rust crate (tests/data/cases/bad-input.json), each answer held to the
//! Rust column of tests/data/golden/bad-input.json; the columns of every host held to one code
//! per input; the README's "Untrusted input" table written from that file (the npm and Python
//! suites write their own columns: tests/js/bad-input.test.mjs, python/tests/test_bad_input.py).
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::router::{Gateway, SearchOptionsOwned};
use mcp_naming::{Error, Json, Method, MethodOptions};
use serde_json::{json, Value};

mod support;

use support::data::{self, Answer, BadAnswer, BadInput};

/// A test-data argument as the crate's `Json`, with what JSON cannot hold written out.
fn decode(v: &Value) -> Json {
    match v {
        Value::Object(o) if o.len() == 1 && o.contains_key("$number") => Json::Number(match o["$number"].as_str() {
            Some("NaN") => f64::NAN,
            Some("Infinity") => f64::INFINITY,
            Some("-Infinity") => f64::NEG_INFINITY,
            other => panic!("$number {other:?}"),
        }),
        Value::Object(o) if o.len() == 1 && o.contains_key("$repeat") => {
            let (text, n) = (o["$repeat"][0].as_str().unwrap(), o["$repeat"][1].as_u64().unwrap());
            Json::String(text.repeat(n as usize))
        }
        Value::Object(o) => Json::Object(o.iter().map(|(k, v)| (k.clone(), decode(v))).collect()),
        Value::Array(a) => Json::Array(a.iter().map(decode).collect()),
        other => serde_json::from_value(other.clone()).unwrap(),
    }
}

fn error(e: Error) -> Answer {
    Answer { outcome: "error".into(), code: Some(e.code.as_str().into()), message: Some(e.message) }
}

/// What the crate answers to `input`.
fn answer(input: &BadInput) -> Answer {
    let args: Vec<Json> = input.args.iter().map(decode).collect();
    let arg = |i: usize| args.get(i).cloned().unwrap_or(Json::Null);
    let gateway = || Gateway::from_json(&decode(input.config.as_ref().expect("a router method has a config")));
    let run = || -> Result<Answer, Error> {
        let accepted = Answer { outcome: "accepted".into(), code: None, message: None };
        match input.call.as_str() {
            "new Router" => Gateway::from_json(&arg(0)).map(|_| accepted),
            "searchTools" => {
                let o = SearchOptionsOwned::from_json(&arg(1))?;
                gateway()?.search_tools(arg(0).as_str().unwrap(), &o.as_options()).map(|_| accepted)
            }
            "listTools" => {
                let o = MethodOptions::from_json(&arg(0), Method::List)?;
                gateway()?.list_tools(o.cursor.as_deref(), o.page_size.map(|n| n as usize)).map(|_| accepted)
            }
            "exposeTools" | "exposePrompts" => {
                let o = MethodOptions::from_json(&arg(2), Method::Expose)?;
                let mut g = gateway()?;
                let server = arg(0).as_str().unwrap().to_string();
                let exposure = if input.call == "exposeTools" {
                    g.expose_tools(&server, &arg(1), o.on_invalid)?
                } else {
                    g.expose_prompts(&server, &arg(1), o.on_invalid)?
                };
                Ok(match exposure.skipped.first() {
                    Some(s) => Answer {
                        outcome: "skipped".into(),
                        code: Some(s.code.as_str().into()),
                        message: Some(s.message.clone()),
                    },
                    None => accepted,
                })
            }
            "pageEnvelope" => {
                let o = MethodOptions::from_json(&arg(1), Method::Page)?;
                let items = arg(0).as_array().map_or(0, <[Json]>::len);
                mcp_naming::openproject::page(items, o.offset, o.envelope_page_size, o.total).map(|_| accepted)
            }
            other => panic!("no native mapping for {other}"),
        }
    };
    run().unwrap_or_else(error)
}

const GOLDEN: &str = "golden/bad-input.json";
const ABOUT: &str = "What each host answers to each bad input of cases/bad-input.json (outcome error, skipped or \
                     accepted; code; message). Each host's suite writes its own column with MCP_NAMING_BLESS=1: \
                     tests/bad_input.rs (rust), tests/js/bad-input.test.mjs (npm), python/tests/test_bad_input.py \
                     (python).";

fn cell(a: Option<&Answer>, npm: Option<&Answer>) -> String {
    let Some(a) = a else { return "—".into() };
    let code = a.code.as_deref().map_or(String::new(), |c| format!("`{c}`"));
    let what = match a.outcome.as_str() {
        "error" => code,
        "skipped" => format!("skipped, {code}"),
        other => other.to_string(),
    };
    let message = a.message.as_deref().unwrap_or("");
    if npm.is_some_and(|n| n.message == a.message && !std::ptr::eq(n, a)) {
        return format!("{what}, the same message");
    }
    let clipped: String = message.chars().take(220).collect();
    let clipped = if clipped.len() < message.len() { format!("{clipped}…") } else { clipped };
    let clipped = clipped.replace('|', "\\|").replace('\n', " ");
    if clipped.is_empty() {
        what
    } else {
        format!("{what}: {clipped}")
    }
}

/// The README table, from the golden answers.
fn table(answers: &[BadAnswer]) -> String {
    let mut out = String::from("| bad input | npm | Rust | Python |\n| --- | --- | --- | --- |\n");
    for a in answers {
        let npm = a.npm.as_ref();
        out.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            a.what.replace('|', "\\|"),
            cell(npm, None),
            cell(a.rust.as_ref(), npm),
            cell(a.python.as_ref(), npm)
        ));
    }
    out
}

#[test]
fn every_host_refuses_bad_input_with_one_code() {
    let inputs = data::bad_inputs().inputs;
    assert!(inputs.len() >= 20, "{} inputs", inputs.len());
    let bless = std::env::var_os("MCP_NAMING_BLESS").is_some_and(|v| v == "1");
    let old: Vec<BadAnswer> = data::try_load::<data::BadAnswers>(GOLDEN).map(|g| g.answers).unwrap_or_default();
    let mut answers = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let ours = answer(input);
        // Not one of these is accepted: each is refused, or skipped and reported.
        assert_ne!(ours.outcome, "accepted", "{}: accepted", input.what);
        let mut a = old.iter().find(|a| a.what == input.what).cloned().unwrap_or(BadAnswer {
            what: input.what.clone(),
            npm: None,
            rust: None,
            python: None,
        });
        if bless {
            a.rust = Some(ours);
        } else {
            assert_eq!(a.rust.as_ref(), Some(&ours), "{i}: {}: the Rust column of tests/data/{GOLDEN}", input.what);
        }
        answers.push(a);
    }
    let value = json!({ "about": ABOUT, "answers": answers.iter().map(|a| json!({
        "what": a.what, "npm": a.npm, "rust": a.rust, "python": a.python,
    })).collect::<Vec<_>>() });
    if bless {
        data::check_golden(GOLDEN, &data::golden_text(&value));
    } else {
        assert_eq!(old.len(), answers.len(), "tests/data/{GOLDEN} answers every input, in order");
    }
    // One code per mistake, whatever the host (each column that is there).
    for a in &answers {
        let codes: Vec<(&str, &Answer)> = [("npm", &a.npm), ("rust", &a.rust), ("python", &a.python)]
            .into_iter()
            .filter_map(|(h, x)| Some((h, x.as_ref()?)))
            .collect();
        for (host, x) in &codes[1..] {
            assert_eq!(
                (&x.outcome, &x.code),
                (&codes[0].1.outcome, &codes[0].1.code),
                "{}: {host} answers otherwise than {}",
                a.what,
                codes[0].0
            );
        }
    }
    // The README's table is this file's.
    let generated = table(&answers);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let (begin, end) = ("<!-- bad-input:begin -->\n", "<!-- bad-input:end -->");
    let start = readme.find(begin).expect("README has a bad-input table") + begin.len();
    let stop = readme[start..].find(end).expect("the bad-input table ends") + start;
    if readme[start..stop] != generated {
        if bless {
            std::fs::write(path, format!("{}{generated}{}", &readme[..start], &readme[stop..])).unwrap();
        } else {
            panic!("README's bad-input table differs from tests/data/{GOLDEN}: MCP_NAMING_BLESS=1 cargo test --test bad_input rewrites it");
        }
    }
}
