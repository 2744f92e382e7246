//! The scenario files' steps, run natively: each `call` (the npm package's method name) mapped
//! to the Rust API, its structured arguments read through the crate's own readers (as the
//! packages read them), its answer compared in its JSON form. tests/js/data.mjs runs the same
//! steps through the package.

use super::data::{DiagnosticPattern, Expect, Failure, Returns, Scenario, Scenarios, Step};
use super::json;
use mcp_naming::router::decide::{Header, ListKind, Method as RequestMethod, SubscriptionFilter};
use mcp_naming::router::{json_rpc_code, Gateway, Incoming, NameHeader};
use mcp_naming::{Check, Convention, Error, Json, Method, MethodOptions, Options, Provider};
use serde::Serialize;
use serde_json::{json, Value};

/// Runs every scenario of `file` (named `name` in failures); returns how many steps ran.
pub fn run(name: &str, file: &Scenarios) -> usize {
    let mut steps = 0;
    for scenario in &file.scenarios {
        match scenario {
            Scenario::Refused(s) => {
                let at = format!("{name}: {}", s.title);
                let err = Gateway::from_json(&json(&s.config)).expect_err(&at);
                check_error(&err, &s.error, &at);
                config_paths(&err, &at);
            }
            Scenario::Runs(s) => {
                let mut gateway = s
                    .config
                    .as_ref()
                    .map(|c| Gateway::from_json(&json(c)).unwrap_or_else(|e| panic!("{}: {e:?}", s.title)));
                for step in &s.steps {
                    steps += 1;
                    let at = format!("{name}: {}: {}", s.title, serde_json::to_string(&step_json(step)).unwrap());
                    let answer = match gateway.as_mut() {
                        Some(g) => method(g, step, &at),
                        None => function(step, &at),
                    };
                    match (step, answer) {
                        (Step::Returns(want), Ok(got)) => {
                            let partial = file.partial.contains(&want.call);
                            if let Err(e) = compare(&got, &want.result, partial, "result") {
                                panic!("{at}\n  {e}\n  answer: {got}");
                            }
                            if let Some(expect) = &want.expect {
                                check_expect(&got, expect, &at);
                            }
                        }
                        (Step::Fails(want), Err(e)) => check_error(&e, &want.error, &at),
                        (_, got) => panic!("{at}: {got:?}"),
                    }
                }
            }
        }
    }
    steps
}

/// The step as written, for failure messages.
fn step_json(step: &Step) -> Value {
    match step {
        Step::Returns(s) => json!({ "call": s.call, "args": s.args }),
        Step::Fails(s) => json!({ "call": s.call, "args": s.args }),
    }
}

/// `actual` against `expected`: equal, but that with `partial` objects are compared on the keys
/// `expected` names; arrays item by item, of the same length; numbers by value.
pub fn compare(actual: &Value, expected: &Value, partial: bool, path: &str) -> Result<(), String> {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => {
            for (k, want) in e {
                let got = a.get(k).ok_or_else(|| format!("{path}.{k}: missing, expected {want}"))?;
                compare(got, want, partial, &format!("{path}.{k}"))?;
            }
            if !partial {
                if let Some(k) = a.keys().find(|k| !e.contains_key(*k)) {
                    return Err(format!("{path}.{k}: not expected, got {}", a[k]));
                }
            }
            Ok(())
        }
        (Value::Array(a), Value::Array(e)) => {
            if a.len() != e.len() {
                return Err(format!("{path}: {} items, expected {}", a.len(), e.len()));
            }
            a.iter().zip(e).enumerate().try_for_each(|(i, (g, w))| compare(g, w, partial, &format!("{path}[{i}]")))
        }
        (Value::Number(a), Value::Number(e)) if a.as_f64() == e.as_f64() => Ok(()),
        _ if actual == expected => Ok(()),
        _ => Err(format!("{path}: {actual}, expected {expected}")),
    }
}

/// An error against the step's `error`: each key given.
pub fn check_error(e: &Error, want: &Failure, at: &str) {
    let Failure { code, message, suggestions, server, rpc, diagnostics } = want;
    assert_eq!(e.code.as_str(), code, "{at}: {e:?}");
    if let Some(m) = message {
        assert_eq!(e.message, *m, "{at}");
    }
    if let Some(s) = suggestions {
        assert_eq!(e.suggestions, *s, "{at}");
    }
    if let Some(s) = server {
        assert_eq!(e.server.as_deref(), Some(s.as_str()), "{at}");
    }
    if let Some(rpc) = rpc {
        assert_eq!(json_rpc_code(e.code), *rpc, "{at}: JSON-RPC code");
    }
    if let Some(list) = diagnostics {
        let got = serde_json::to_value(&e.diagnostics).unwrap();
        let want: Vec<Value> = list
            .iter()
            .map(|DiagnosticPattern { code, message, path, suggestion }| {
                let keys = [("code", code), ("message", message), ("path", path), ("suggestion", suggestion)];
                Value::Object(keys.into_iter().filter_map(|(k, v)| Some((k.to_string(), json!(v.as_ref()?)))).collect())
            })
            .collect();
        if let Err(problem) = compare(&got, &Value::Array(want), true, "diagnostics") {
            panic!("{at}: {problem}\n  diagnostics: {got}");
        }
    }
}

/// A refused configuration names each problem's path first.
fn config_paths(err: &Error, at: &str) {
    for d in &err.diagnostics {
        let path = d.path.as_deref().unwrap_or_else(|| panic!("{at}: a configuration problem names its path: {d:?}"));
        assert!(d.message.starts_with(&format!("{path}: ")), "{at}: {d:?}");
    }
}

/// `expect`: every exposed tool's qualified name is valid in `style` (with `options`) and at
/// most `maxLength` long.
fn check_expect(answer: &Value, expect: &Expect, at: &str) {
    let Expect { style, options, max_length } = expect;
    let items = answer.get("exposed").unwrap_or(answer).as_array();
    let names: Vec<&str> =
        items.into_iter().flatten().filter_map(|t| t.get("qualified").and_then(Value::as_str)).collect();
    assert!(!names.is_empty(), "{at}: `expect` checks exposed tools' qualified names, and the answer has none");
    for name in names {
        if let Some(c) = style {
            assert!(mcp_naming::validate(name, *c, options).is_valid(), "{at}: {name} is not valid in {c}");
        }
        if let Some(max) = max_length {
            assert!(name.len() <= *max, "{at}: {name} is over {max}");
        }
    }
}

/// The JSON form of an answer.
fn to_json<T: Serialize>(answer: T) -> Value {
    serde_json::to_value(answer).expect("answers serialize")
}

/// The arguments of a step, read as the packages read them.
struct Args<'a> {
    list: &'a [Value],
    at: &'a str,
}

impl<'a> Args<'a> {
    fn of(step: &'a Step, at: &'a str) -> Args<'a> {
        let list = match step {
            Step::Returns(Returns { args, .. }) => args,
            Step::Fails(s) => &s.args,
        };
        Args { list, at }
    }

    fn str(&self, i: usize) -> &'a str {
        self.list.get(i).and_then(Value::as_str).unwrap_or_else(|| panic!("{}: argument {i} must be a string", self.at))
    }

    fn strings(&self, i: usize) -> Vec<String> {
        let list = self.list.get(i).and_then(Value::as_array);
        let list = list.unwrap_or_else(|| panic!("{}: argument {i} must be an array", self.at));
        list.iter()
            .map(|s| s.as_str().unwrap_or_else(|| panic!("{}: {s} is not a string", self.at)).to_string())
            .collect()
    }

    /// A JSON argument; absent is `null`.
    fn json(&self, i: usize) -> Json {
        self.list.get(i).map_or(Json::Null, json)
    }

    fn convention(&self, i: usize) -> Convention {
        self.str(i).parse().unwrap_or_else(|e| panic!("{}: {e}", self.at))
    }

    /// Naming options (absent: the defaults), through [`Options::from_json`].
    fn options(&self, i: usize) -> Result<Options, Error> {
        match self.list.get(i) {
            None => Ok(Options::default()),
            Some(v) => Options::from_json(&json(v)),
        }
    }

    /// A method's options (absent: the defaults), through [`MethodOptions::from_json`].
    fn method(&self, i: usize, method: Method) -> Result<MethodOptions, Error> {
        MethodOptions::from_json(&self.json(i), method)
    }
}

/// A package function (a scenario without a router).
fn function(step: &Step, at: &str) -> Result<Value, Error> {
    let a = Args::of(step, at);
    Ok(match step.call() {
        "validateToolName" => to_json(mcp_naming::validate(a.str(0), a.convention(1), &a.options(2)?)),
        "isValidToolName" => json!(mcp_naming::is_valid(a.str(0), a.convention(1), &a.options(2)?)),
        "parseToolName" => to_json(mcp_naming::parse(a.str(0), a.convention(1), &a.options(2)?)?),
        "formatToolName" => json!(mcp_naming::format_json(&a.json(0), a.convention(1), &a.options(2)?)?),
        "formatResourceUri" => {
            json!(mcp_naming::format_resource_uri(&mcp_naming::ResourceUri::from_json(&a.json(0))?)?)
        }
        "fitToolName" => {
            let provider: Provider = a.str(1).parse().unwrap_or_else(|e| panic!("{at}: {e}"));
            let taken = a.method(2, Method::Fit)?.taken;
            json!(mcp_naming::fit(a.str(0), provider, &taken.iter().map(String::as_str).collect::<Vec<_>>()))
        }
        "pageEnvelope" => {
            let items = a.list.first().and_then(Value::as_array).unwrap_or_else(|| panic!("{at}: items"));
            let o = a.method(1, Method::Page)?;
            to_json(mcp_naming::openproject::page(items.len(), o.offset, o.envelope_page_size, o.total)?)
        }
        "checkToolState" => {
            let state = mcp_naming::syntropy::ToolState::from_json(&a.json(0))?;
            to_json(Check::new(state.check(&Options::default())))
        }
        "explainName" => to_json(mcp_naming::explain(a.str(0), &a.options(1)?)),
        "checkExecuteRequest" => {
            let scopes = a.method(2, Method::Caller)?.scopes;
            to_json(Check::new(mcp_naming::registry::check_execute_request(&a.json(0), &a.json(1), &scopes)))
        }
        other => panic!("{at}: no native mapping for the function {other} (tests/support/steps.rs)"),
    })
}

/// A router method (a scenario with `config`), on the [`Gateway`].
fn method(g: &mut Gateway, step: &Step, at: &str) -> Result<Value, Error> {
    let a = Args::of(step, at);
    Ok(match step.call() {
        "expose" => {
            let exposed = g.expose(a.str(0), &a.strings(1))?;
            // A listed name routes to its tool exactly when it is enabled.
            for t in &exposed {
                let routed = g.route(&t.name).map(|r| r.tool.into_owned()).ok();
                assert_eq!(routed, g.is_enabled(&t.name).then(|| t.upstream.clone()), "{at}: {}", t.name);
            }
            to_json(exposed)
        }
        "route" => {
            let name = a.str(0);
            let routed = g.route(name);
            // tryRoute agrees with route.
            assert_eq!(g.try_route(name), routed.as_ref().ok().cloned(), "{at}: try_route");
            to_json(routed?)
        }
        "tryRoute" => to_json(g.try_route(a.str(0))),
        "isEnabled" => json!(g.is_enabled(a.str(0))),
        "tools" => to_json(g.tools().collect::<Vec<_>>()),
        "exposeResource" => json!(g.expose_resource(a.str(0), a.str(1))?),
        "routeResource" => to_json(g.route_resource(a.str(0))?),
        "exposeTools" => to_json(g.expose_tools(a.str(0), &a.json(1), a.method(2, Method::Expose)?.on_invalid)?),
        "exposePrompts" => to_json(g.expose_prompts(a.str(0), &a.json(1), a.method(2, Method::Expose)?.on_invalid)?),
        "exposeResources" => {
            to_json(g.expose_resources(a.str(0), &a.json(1), a.method(2, Method::Expose)?.on_invalid)?)
        }
        "exposeResourceTemplates" => {
            to_json(g.expose_resource_templates(a.str(0), &a.json(1), a.method(2, Method::Expose)?.on_invalid)?)
        }
        "listTools" | "listPrompts" | "listResources" | "listResourceTemplates" => {
            let o = a.method(0, Method::List)?;
            let (cursor, size) = (o.cursor.as_deref(), o.page_size.map(|n| n as usize));
            to_json(match step.call() {
                "listTools" => g.list_tools(cursor, size)?,
                "listPrompts" => g.list_prompts(cursor, size)?,
                "listResources" => g.list_resources(cursor, size)?,
                _ => g.list_resource_templates(cursor, size)?,
            })
        }
        "mapCallTool" | "mapGetPrompt" | "mapReadResource" => {
            let o = a.method(1, Method::Map)?;
            let header = NameHeader::new(o.header.as_deref(), o.protocol_version.as_deref());
            to_json(match step.call() {
                "mapCallTool" => g.map_call_tool(&a.json(0), header)?,
                "mapGetPrompt" => g.map_get_prompt(&a.json(0), header)?,
                _ => g.map_read_resource(&a.json(0), header)?,
            })
        }
        "mapComplete" => to_json(g.map_complete(&a.json(0))?),
        "mapSubscribe" | "mapUnsubscribe" => to_json(g.map_subscribe(&a.json(0))?),
        "rewriteNotification" => to_json(g.rewrite_notification(a.str(0), &a.json(1))?),
        "clientView" => {
            let client: mcp_naming::client::Client = a.str(0).parse()?;
            let server = a.method(1, Method::View)?.server;
            to_json(mcp_naming::client::view_of(g, client, server.as_deref().unwrap_or_else(|| g.gateway())))
        }
        "rewriteResult" => to_json(g.rewrite_result(a.str(0), &a.json(1))?),
        "searchTools" => {
            let o = mcp_naming::router::SearchOptionsOwned::from_json(&a.json(1))?;
            to_json(g.search_tools(a.str(0), &o.as_options())?)
        }
        "discoveryResult" => to_json(g.discovery_result(&a.json(0))),
        // MCP 2026-07-28 (cases/revision-2026.json).
        "upstreamAnswered" => {
            to_json(g.upstream_answered(a.str(0), &a.json(1), a.list.get(2) == Some(&json!(true)))?)
        }
        "discover" => to_json(g.discover()),
        "initialize" => to_json(g.initialize(a.str(0))?),
        "forward" => {
            let incoming = incoming(a.list.get(2).unwrap_or(&Value::Null), at);
            to_json(g.forward(request_method(a.str(0), at), &a.json(1), &incoming)?)
        }
        "rewriteResponse" => {
            let version = a.list.get(3).and_then(Value::as_str);
            let (result, input_required) =
                g.rewrite_response(a.str(0), request_method(a.str(1), at), &a.json(2), version)?;
            json!({ "result": to_json(result), "inputRequired": input_required })
        }
        "listResult" => {
            let list = match a.str(0) {
                "tools" => ListKind::Tools,
                "prompts" => ListKind::Prompts,
                "resources" => ListKind::Resources,
                "resourceTemplates" => ListKind::ResourceTemplates,
                other => panic!("{at}: no list {other}"),
            };
            to_json(g.list_result(list, None, None, a.list.get(1).and_then(Value::as_str))?)
        }
        "listen" => to_json(g.listen(&a.json(0))?),
        "acknowledge" => {
            let d = g.listen(&a.json(0))?;
            let acks: Vec<(String, SubscriptionFilter)> =
                serde_json::from_value(a.list[1].clone()).unwrap_or_else(|e| panic!("{at}: {e}"));
            to_json(d.acknowledge(&acks))
        }
        "listened" => to_json(g.listened(a.str(0), &a.json(1), &a.json(2))?),
        "controlListen" => to_json(g.control_listen(a.str(0))?),
        other => panic!("{at}: no native mapping for the router method {other} (tests/support/steps.rs)"),
    })
}

/// A request method by its wire name (`tools/call`, …).
fn request_method(name: &str, at: &str) -> RequestMethod {
    serde_json::from_value(json!(name)).unwrap_or_else(|e| panic!("{at}: {name}: {e}"))
}

/// `{ name?, params?: { header: value }, protocolVersion? }`: what a transport received.
fn incoming(v: &Value, at: &str) -> Incoming {
    let mut incoming = Incoming::new(v.get("protocolVersion").and_then(Value::as_str));
    incoming.name = v.get("name").and_then(Value::as_str).map(str::to_string);
    for (name, value) in v.get("params").and_then(Value::as_object).into_iter().flatten() {
        let value = value.as_str().unwrap_or_else(|| panic!("{at}: header {name} must be a string"));
        incoming.params.push(Header::new(name.clone(), value));
    }
    incoming
}
