//! Search through the router and discovery mode (issue 26): the index kept by the exposes
//! (replaced and removed tools, renames by overrides and conflict strategies, disabled tools),
//! the server filter, discovery on and off by `maxListed`, `always` patterns, the meta-tools'
//! definitions, `call_tool` mapping (a misspelled name among them), and hostile input.

use mcp_naming::router::{
    meta_tools, Gateway, Kind, ListItem, OnInvalid, Router, RouterConfig, SearchOptions, ToolText,
};
use mcp_naming::{Json, Provider};

fn json(s: &str) -> Json {
    serde_json::from_str(s).unwrap()
}

fn router(config: &str) -> Router {
    Router::new(RouterConfig::from_json(&json(config)).unwrap()).unwrap()
}

fn gateway(config: &str) -> Gateway {
    Gateway::from_json(&json(config)).unwrap()
}

/// A tool: name, description, parameters.
type Tool<'a> = (&'a str, &'a str, &'a [&'a str]);

/// Exposes `tools` of `server` with their texts.
fn expose(r: &mut Router, server: &str, tools: &[Tool<'_>]) {
    let items: Vec<ListItem<'_>> = tools.iter().map(|t| ListItem::Named(t.0)).collect();
    let texts: Vec<ToolText<'_>> = tools.iter().map(|t| ToolText { description: Some(t.1), parameters: t.2 }).collect();
    r.expose_list_with(Kind::Tool, server, &items, &texts, OnInvalid::Throw).unwrap();
}

fn names(r: &Router, query: &str, server: Option<&str>) -> Vec<String> {
    let options = SearchOptions { limit: Some(20), server };
    r.search_tools(query, &options).unwrap().into_iter().map(|h| h.name).collect()
}

const GITHUB: &[(&str, &str, &[&str])] = &[
    ("create_issue", "Create a new issue in a GitHub repository", &["owner", "repo", "title", "body"]),
    ("list_issues", "List issues in a GitHub repository with filtering options", &["owner", "repo", "state"]),
    ("search_code", "Search for code across GitHub repositories", &["q", "page"]),
    ("create_pull_request", "Create a new pull request in a GitHub repository", &["owner", "repo", "head", "base"]),
];
const FS: &[(&str, &str, &[&str])] = &[
    ("read_file", "Read the complete contents of a file from the file system", &["path"]),
    ("write_file", "Create a new file or completely overwrite an existing file", &["path", "content"]),
    ("search_files", "Recursively search for files and directories matching a pattern", &["path", "pattern"]),
];

#[test]
fn the_index_follows_every_expose() {
    let mut r = router(r#"{ "style": "claude", "servers": [{ "name": "github" }, { "name": "fs" }] }"#);
    expose(&mut r, "github", GITHUB);
    // Built on the first search (before it, the router holds the texts only); fs exposed
    // after it is taken in by the next.
    let texts = r.search_heap_size();
    assert_eq!(names(&r, "create issue", None)[0], "github__create_issue");
    assert!(r.search_heap_size() > texts);
    expose(&mut r, "fs", FS);
    assert_eq!(names(&r, "read file contents", None)[0], "fs__read_file");
    let hits = r.search_tools("path", &SearchOptions::default()).unwrap();
    assert_eq!(hits.len(), 3);
    assert!(hits.iter().all(|h| h.server == "fs" && h.matched == ["parameters"]));

    // A tool replaced, one removed, one added: only the new list is found.
    let github2: &[(&str, &str, &[&str])] = &[
        ("create_issue", "Open a ticket in a GitHub repository", &["owner", "repo", "title"]),
        ("get_me", "Get details of the authenticated GitHub user", &[]),
    ];
    expose(&mut r, "github", github2);
    assert_eq!(names(&r, "ticket", None), ["github__create_issue"]);
    assert!(names(&r, "pull request", None).is_empty());
    assert_eq!(names(&r, "authenticated user", None), ["github__get_me"]);
    // An expose without texts keeps the names searchable, not the old descriptions.
    r.expose("github", &["create_issue", "get_me"]).unwrap();
    assert!(names(&r, "ticket", None).is_empty());
    assert_eq!(names(&r, "create issue", None), ["github__create_issue", "fs__write_file"]);
    // An emptied server is gone from the index.
    r.expose("github", &[] as &[&str]).unwrap();
    assert!(names(&r, "issue", None).is_empty());
    assert_eq!(names(&r, "file", None).len(), 3);
}

#[test]
fn the_server_filter_and_the_limit() {
    let mut r = router(r#"{ "style": "claude", "servers": [{ "name": "github" }, { "name": "fs" }] }"#);
    expose(&mut r, "github", GITHUB);
    expose(&mut r, "fs", FS);
    assert_eq!(names(&r, "search", Some("fs")), ["fs__search_files"]);
    assert_eq!(names(&r, "search", Some("github")), ["github__search_code"]);
    let both = names(&r, "search", None);
    assert_eq!(both.len(), 2);
    let one = r.search_tools("search", &SearchOptions { limit: Some(1), server: None }).unwrap();
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].name, both[0]);
    let err = r.search_tools("search", &SearchOptions { limit: None, server: Some("gitlab") }).unwrap_err();
    assert_eq!(err.code.as_str(), "unknown_server");
}

#[test]
fn overrides_rename_and_redescribe_and_hide() {
    let mut r = router(
        r#"{ "style": "claude", "servers": [{ "name": "github" }], "tools": [
            { "server": "github", "tool": "search_code", "name": "code_search", "description": "Find source code by keyword" },
            { "server": "github", "tool": "create_pull_request", "enabled": false } ] }"#,
    );
    expose(&mut r, "github", GITHUB);
    let hits = r.search_tools("keyword", &SearchOptions::default()).unwrap();
    assert_eq!(hits.len(), 1);
    assert_eq!((hits[0].name.as_str(), hits[0].upstream.as_str()), ("code_search", "search_code"));
    assert_eq!(hits[0].description.as_deref(), Some("Find source code by keyword"));
    // The server's description is not what clients see, so it is not searched.
    assert!(names(&r, "across repositories", None).is_empty());
    // The upstream name still finds it; a disabled tool is never found.
    assert_eq!(names(&r, "search_code", None)[0], "code_search");
    assert!(names(&r, "pull request", None).is_empty());
}

#[test]
fn conditional_prefixing_renames_in_the_index() {
    let mut r = router(
        r#"{ "style": "claude", "prefixMode": "conditional", "servers": [{ "name": "github" }, { "name": "gitlab" }] }"#,
    );
    expose(&mut r, "github", &GITHUB[..1]);
    assert_eq!(names(&r, "create issue", None), ["create_issue"]);
    // gitlab serves the same name: github's tool is renamed in place, and found so.
    expose(&mut r, "gitlab", &[("create_issue", "Create a new issue in a GitLab project", &["project_id"])]);
    assert_eq!(names(&r, "create issue", None), ["github__create_issue", "gitlab__create_issue"]);
    expose(&mut r, "gitlab", &[]);
    assert_eq!(names(&r, "create issue", None), ["create_issue"]);
}

#[test]
fn search_answers_are_the_same_built_at_once_or_kept_up() {
    // One router searched after every expose, one only at the end: the same hits and scores.
    let config =
        r#"{ "style": "agent", "provider": "openai", "servers": [{ "name": "a" }, { "name": "b" }, { "name": "c" }] }"#;
    let (mut kept, mut once) = (router(config), router(config));
    let steps: [(&str, &[Tool<'_>]); 5] =
        [("a", GITHUB), ("b", FS), ("a", &GITHUB[1..]), ("c", GITHUB), ("b", &FS[..1])];
    for (server, tools) in steps {
        expose(&mut kept, server, tools);
        expose(&mut once, server, tools);
        kept.search_tools("issue", &SearchOptions::default()).unwrap();
    }
    for q in ["issue", "create", "file path", "reed fil", "github repository code"] {
        let a = kept.search_tools(q, &SearchOptions { limit: Some(50), server: None }).unwrap();
        let b = once.search_tools(q, &SearchOptions { limit: Some(50), server: None }).unwrap();
        assert_eq!(a, b, "{q}");
    }
    assert_eq!(Provider::OpenAi.id(), "openai");
}

#[test]
fn hostile_queries_and_texts() {
    let mut r = router(r#"{ "style": "claude", "servers": [{ "name": "fs" }] }"#);
    let long = "x".repeat(100_000);
    let params: Vec<&str> = (0..1000).map(|_| long.as_str()).collect();
    let items = [ListItem::Named("read_file")];
    let texts = [ToolText { description: Some(&long), parameters: &params }];
    r.expose_list_with(Kind::Tool, "fs", &items, &texts, OnInvalid::Throw).unwrap();
    assert_eq!(names(&r, "read", None), ["fs__read_file"]);
    // The router keeps a bounded part of each text.
    assert!(r.search_heap_size() < 64 * 1024, "{}", r.search_heap_size());
    for (q, code) in [("", "invalid_argument"), ("   \t", "invalid_argument"), (&long[..2000], "invalid_argument")] {
        assert_eq!(r.search_tools(q, &SearchOptions::default()).unwrap_err().code.as_str(), code, "{q:.20}");
    }
    for limit in [0, 1001] {
        let err = r.search_tools("read", &SearchOptions { limit: Some(limit), server: None }).unwrap_err();
        assert_eq!(err.code.as_str(), "invalid_argument");
    }
    // Punctuation only, other scripts, NUL: no words, no hits, no panic.
    for q in ["!!! ??? ...", "\u{0}\u{0}", "ファイル 読む", "\u{202e}elif"] {
        assert!(r.search_tools(q, &SearchOptions::default()).unwrap().is_empty(), "{q}");
    }
    // Texts must be one per item, and for tools only.
    let err = r.expose_list_with(Kind::Tool, "fs", &items, &[texts[0], texts[0]], OnInvalid::Throw).unwrap_err();
    assert_eq!(err.code.as_str(), "invalid_argument");
    let err = r.expose_list_with(Kind::Prompt, "fs", &items, &texts, OnInvalid::Throw).unwrap_err();
    assert_eq!(err.code.as_str(), "invalid_argument");
}

fn tools_list(tools: &[(&str, &str, &[&str])]) -> Json {
    let items: Vec<serde_json::Value> = tools
        .iter()
        .map(|(name, description, params)| {
            let properties: serde_json::Map<String, serde_json::Value> =
                params.iter().map(|p| (p.to_string(), serde_json::json!({ "type": "string" }))).collect();
            serde_json::json!({ "name": name, "description": description,
                "inputSchema": { "type": "object", "properties": properties } })
        })
        .collect();
    json(&serde_json::json!({ "tools": items }).to_string())
}

fn listed(g: &Gateway) -> Vec<String> {
    let list = g.list_tools(None, None).unwrap();
    let tools = list.get("tools").unwrap().as_array().unwrap();
    tools.iter().map(|t| t.get("name").unwrap().as_str().unwrap().to_string()).collect()
}

const DISCOVERY: &str = r#"{ "style": "claude", "servers": [{ "name": "github" }, { "name": "fs" }],
    "discovery": { "mode": "search", "maxListed": 5, "always": ["fs__read_file", { "server": "github", "tool": "get_*" }] } }"#;

#[test]
fn discovery_switches_on_past_max_listed() {
    let mut g = gateway(DISCOVERY);
    g.expose_tools("github", &tools_list(GITHUB), OnInvalid::Throw).unwrap();
    // 4 tools: listed as they are.
    assert!(!g.discovery_active());
    assert_eq!(listed(&g).len(), 4);
    // 7 tools: the meta-tools and what `always` names.
    g.expose_tools("fs", &tools_list(FS), OnInvalid::Throw).unwrap();
    assert!(g.discovery_active());
    assert_eq!(listed(&g), ["search_tools", "get_tool_details", "call_tool", "fs__read_file"]);
    let mut more = GITHUB.to_vec();
    more.push(("get_me", "Get details of the authenticated GitHub user", &[]));
    g.expose_tools("github", &tools_list(&more), OnInvalid::Throw).unwrap();
    assert_eq!(listed(&g), ["search_tools", "get_tool_details", "call_tool", "github__get_me", "fs__read_file"]);
    // Paged like any list.
    let page = g.list_tools(None, Some(2)).unwrap();
    assert_eq!(page.get("tools").unwrap().as_array().unwrap().len(), 2);
    let cursor = page.get("nextCursor").unwrap().as_str().unwrap().to_string();
    let rest = g.list_tools(Some(&cursor), None).unwrap();
    assert_eq!(rest.get("tools").unwrap().as_array().unwrap().len(), 3);
    // Back under the limit: everything again.
    g.expose_tools("fs", &tools_list(&[]), OnInvalid::Throw).unwrap();
    assert!(!g.discovery_active());
    assert_eq!(listed(&g).len(), 5);
}

#[test]
fn meta_tools_are_defined_once_and_valid_for_every_provider() {
    let tools = meta_tools();
    assert_eq!(tools.len(), 3);
    for t in &tools {
        let name = t.get("name").unwrap().as_str().unwrap();
        for p in Provider::ALL {
            assert!(p.accepts(name), "{name} {}", p.id());
        }
        assert!(t.get("description").unwrap().as_str().unwrap().len() > 40);
        let schema = t.get("inputSchema").unwrap();
        assert_eq!(schema.get("type").unwrap().as_str(), Some("object"));
        assert!(schema.get("required").unwrap().as_array().unwrap().len() == 1);
    }
    let mut g = gateway(DISCOVERY);
    g.expose_tools("github", &tools_list(GITHUB), OnInvalid::Throw).unwrap();
    g.expose_tools("fs", &tools_list(FS), OnInvalid::Throw).unwrap();
    let list = g.list_tools(None, None).unwrap();
    assert_eq!(&list.get("tools").unwrap().as_array().unwrap()[..3], &tools[..]);
}

#[test]
fn search_and_details_as_tool_results() {
    let mut g = gateway(DISCOVERY);
    g.expose_tools("github", &tools_list(GITHUB), OnInvalid::Throw).unwrap();
    g.expose_tools("fs", &tools_list(FS), OnInvalid::Throw).unwrap();
    let call = |args: &str| g.discovery_result(&json(&format!(r#"{{ "name": "search_tools", "arguments": {args} }}"#)));
    let result = call(r#"{ "query": "open a new isue", "limit": 2 }"#).unwrap();
    let tools = result.get("structuredContent").unwrap().get("tools").unwrap().as_array().unwrap();
    assert_eq!(tools.len(), 2);
    assert_eq!(tools[0].get("name").unwrap().as_str(), Some("github__create_issue"));
    assert_eq!(tools[0].get("server").unwrap().as_str(), Some("github"));
    let text = result.get("content").unwrap().as_array().unwrap()[0].get("text").unwrap().as_str().unwrap();
    assert!(text.starts_with("2 tools match \"open a new isue\", best first:\n- github__create_issue (server \"github\"): Create a new issue"), "{text}");
    assert!(result.get("isError").is_none());
    // Bad arguments: an isError result the model can read.
    for (args, says) in [
        (r#"{}"#, "search_tools: query is required"),
        (r#"{ "query": 3 }"#, "search_tools: query must be a string, got a number"),
        (r#"{ "query": "x", "limit": 51 }"#, "search_tools: limit must be a whole number from 1 to 50, got 51"),
        (r#"{ "qurey": "x" }"#, "search_tools: arguments.qurey: unknown key \"qurey\": did you mean \"query\"?"),
        (r#"[1]"#, "search_tools: arguments must be an object, got an array"),
        (r#"{ "query": " " }"#, "search_tools: the query is empty: give a few words of what the tool should do"),
    ] {
        let r = call(args).unwrap();
        assert_eq!(r.get("isError").unwrap().as_bool(), Some(true), "{args}");
        let text = r.get("content").unwrap().as_array().unwrap()[0].get("text").unwrap().as_str().unwrap();
        assert_eq!(text, says, "{args}");
    }

    // Details: the tool's object under its exposed name.
    let details = |name: &str| {
        g.discovery_result(&json(&format!(r#"{{ "name": "get_tool_details", "arguments": {{ "name": "{name}" }} }}"#)))
            .unwrap()
    };
    let d = details("fs__write_file");
    let tool = d.get("structuredContent").unwrap();
    assert_eq!(tool.get("name").unwrap().as_str(), Some("fs__write_file"));
    let props = tool.get("inputSchema").unwrap().get("properties").unwrap().as_object().unwrap();
    assert_eq!(props.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["path", "content"]);
    let text = d.get("content").unwrap().as_array().unwrap()[0].get("text").unwrap().as_str().unwrap();
    let reparsed: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(reparsed["name"], "fs__write_file");
    assert_eq!(reparsed["inputSchema"]["properties"]["content"]["type"], "string");
    // A misspelled name: unknown_tool's message with the suggestion.
    let miss = details("fs__write_fil");
    assert_eq!(miss.get("isError").unwrap().as_bool(), Some(true));
    let text = miss.get("content").unwrap().as_array().unwrap()[0].get("text").unwrap().as_str().unwrap();
    assert_eq!(text, "Unknown tool: fs__write_fil; did you mean fs__write_file?");
    // Other calls are not the gateway's to answer.
    assert!(g.discovery_result(&json(r#"{ "name": "fs__read_file" }"#)).is_none());
    assert!(g.discovery_result(&json(r#"{ "name": "call_tool", "arguments": {} }"#)).is_none());
}

#[test]
fn call_tool_maps_to_the_tool_it_names() {
    let mut g = gateway(DISCOVERY);
    g.expose_tools("github", &tools_list(GITHUB), OnInvalid::Throw).unwrap();
    g.expose_tools("fs", &tools_list(FS), OnInvalid::Throw).unwrap();
    let params = json(
        r#"{ "name": "call_tool", "arguments": { "name": "fs__read_file", "arguments": { "path": "/tmp/a" } }, "_meta": { "progressToken": 7 } }"#,
    );
    let m = g.map_call_tool(&params, Some("call_tool")).unwrap();
    assert_eq!(m.server, "fs");
    assert_eq!(m.header, "read_file");
    // The inner arguments take the outer ones' place.
    let want = json(r#"{ "name": "read_file", "arguments": { "path": "/tmp/a" }, "_meta": { "progressToken": 7 } }"#);
    assert_eq!(m.params, want);
    // Without inner arguments, none are sent.
    let m = g.map_call_tool(&json(r#"{ "name": "call_tool", "arguments": { "name": "github__list_issues" } }"#), None);
    assert_eq!(m.unwrap().params, json(r#"{ "name": "list_issues" }"#));
    // A direct call still routes, listed or not.
    assert_eq!(g.map_call_tool(&json(r#"{ "name": "github__search_code" }"#), None).unwrap().server, "github");

    let fails = |params: &str| g.map_call_tool(&json(params), None).unwrap_err();
    let e = fails(r#"{ "name": "call_tool", "arguments": { "name": "fs__raed_file" } }"#);
    assert_eq!(e.code.as_str(), "unknown_tool");
    assert_eq!(e.suggestions, ["fs__read_file"]);
    assert_eq!(e.message, "Unknown tool: fs__raed_file; did you mean fs__read_file?");
    for (params, message) in [
        (r#"{ "name": "call_tool" }"#, "call_tool: name is required"),
        (r#"{ "name": "call_tool", "arguments": { "name": 1 } }"#, "call_tool: name must be a string, got a number"),
        (
            r#"{ "name": "call_tool", "arguments": { "name": "fs__read_file", "arguments": [] } }"#,
            "call_tool: arguments must be an object, got an array",
        ),
        (
            r#"{ "name": "call_tool", "arguments": { "name": "search_tools" } }"#,
            "call_tool: \"search_tools\" is a meta-tool: call it directly",
        ),
        (
            r#"{ "name": "search_tools", "arguments": {} }"#,
            "\"search_tools\" is answered by the gateway itself (discovery), not by an upstream",
        ),
    ] {
        let e = fails(params);
        assert_eq!((e.code.as_str(), e.message.as_str()), ("invalid_argument", message), "{params}");
    }
    // The header names the tool called: call_tool.
    let e = g.map_call_tool(&params, Some("fs__read_file")).unwrap_err();
    assert_eq!(e.code.as_str(), "name_mismatch");
}

#[test]
fn without_discovery_the_meta_names_are_nobodys() {
    let mut g = gateway(r#"{ "style": "claude", "servers": [{ "name": "fs" }] }"#);
    g.expose_tools("fs", &tools_list(FS), OnInvalid::Throw).unwrap();
    assert!(!g.discovery_active());
    assert!(g.discovery_result(&json(r#"{ "name": "search_tools", "arguments": { "query": "x" } }"#)).is_none());
    let e = g.map_call_tool(&json(r#"{ "name": "call_tool", "arguments": { "name": "fs__read_file" } }"#), None);
    assert_eq!(e.unwrap_err().code.as_str(), "unknown_tool");
    // Under discovery off by maxListed, a tool that is listed under a meta-tool's name is that tool.
    let mut g = gateway(
        r#"{ "style": "claude", "prefixMode": "never", "servers": [{ "name": "x" }], "discovery": { "mode": "search", "maxListed": 10 } }"#,
    );
    g.expose_tools("x", &tools_list(&[("search_tools", "Search x's tools", &[])]), OnInvalid::Throw).unwrap();
    assert_eq!(g.map_call_tool(&json(r#"{ "name": "search_tools" }"#), None).unwrap().server, "x");
}

#[test]
fn discovery_configurations_refused() {
    let refused = |config: &str| {
        let e = Router::from_json(&json(config)).unwrap_err();
        assert_eq!(e.code.as_str(), "invalid_config");
        e.diagnostics.iter().map(|d| d.message.clone()).collect::<Vec<_>>()
    };
    let base = |discovery: &str, extra: &str| {
        format!(r#"{{ "style": "claude", "servers": [{{ "name": "fs" }}], "discovery": {discovery}{extra} }}"#)
    };
    assert_eq!(
        refused(&base(r#"{ "mode": "search", "maxListd": 3 }"#, "")),
        ["discovery.maxListd: unknown key \"maxListd\": did you mean \"maxListed\"?"]
    );
    assert_eq!(refused(&base(r#"{ "mode": "list" }"#, ""))[0].split(':').next(), Some("discovery.mode"));
    assert_eq!(refused(&base(r#"{}"#, "")), ["discovery.mode: is required: \"search\""]);
    assert_eq!(
        refused(&base(r#"{ "mode": "search", "maxListed": -1 }"#, "")),
        ["discovery.maxListed: must be a whole number of at least 0, got -1"]
    );
    assert_eq!(refused(&base(r#""search""#, ""))[0].split(':').next(), Some("discovery"));
    assert_eq!(
        refused(&base(r#"{ "mode": "search", "always": [""] }"#, "")),
        ["discovery.always[0]: an empty pattern matches nothing: remove it"]
    );
    assert_eq!(
        refused(&base(r#"{ "mode": "search", "always": [{ "server": "gh", "tool": "*" }] }"#, ""))[0],
        "discovery.always[0].server: \"gh\" is not a configured server: use one of fs"
    );
    assert_eq!(
        refused(&base(r#"{ "mode": "search" }"#, r#", "builtins": ["call_tool"]"#)),
        ["builtins[0]: \"call_tool\" is the name of discovery's meta-tool \"call_tool\" (or differs from it only in case or separators)"]
    );
    assert_eq!(
        refused(&base(r#"{ "mode": "search" }"#, r#", "tools": [{ "server": "fs", "tool": "find", "name": "Search-Tools" }]"#)),
        ["tools[0].name: \"Search-Tools\" is the name of discovery's meta-tool \"search_tools\" (or differs from it only in case or separators)"]
    );
}

#[test]
fn the_published_catalog_through_the_router() {
    // tests/data/fixtures/mcp-catalog.json: 99 tools of 12 published servers (tests/search.rs
    // ranks 39 queries over the index itself); here through the router's expose and search.
    let data: serde_json::Value = serde_json::from_str(include_str!("data/fixtures/mcp-catalog.json")).unwrap();
    let servers: Vec<&str> =
        data["sources"].as_array().unwrap().iter().map(|s| s["server"].as_str().unwrap()).collect();
    let config = serde_json::json!({ "style": "claude", "servers": servers.iter().map(|s| serde_json::json!({ "name": s })).collect::<Vec<_>>() });
    let mut r = router(&config.to_string());
    for server in &servers {
        let tools: Vec<&serde_json::Value> =
            data["tools"].as_array().unwrap().iter().filter(|t| t["server"] == *server).collect();
        let params: Vec<Vec<&str>> = tools
            .iter()
            .map(|t| t["parameters"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect())
            .collect();
        let items: Vec<ListItem<'_>> = tools.iter().map(|t| ListItem::Named(t["name"].as_str().unwrap())).collect();
        let texts: Vec<ToolText<'_>> = tools
            .iter()
            .zip(&params)
            .map(|(t, p)| ToolText { description: t["description"].as_str(), parameters: p })
            .collect();
        r.expose_list_with(Kind::Tool, server, &items, &texts, OnInvalid::Throw).unwrap();
    }
    for (query, first) in [
        ("take a screenshot of the page", "puppeteer__puppeteer_screenshot"),
        ("post message to slack", "slack__slack_post_message"),
        ("read the knowledge graph", "memory__read_graph"),
        ("merge pull request", "github__merge_pull_request"),
        ("serach code", "github__search_code"),
        ("elevaton", "google-maps__maps_elevation"),
        ("direcotry tree", "filesystem__directory_tree"),
        ("getUserProfile", "slack__slack_get_user_profile"),
        ("environment variables", "everything__get-env"),
        ("list_dir", "filesystem__list_directory"),
    ] {
        assert_eq!(names(&r, query, None).first().map(String::as_str), Some(first), "{query}");
    }
    let kept = names(&r, "search repositories", Some("github"));
    assert_eq!(kept[0], "github__search_repositories");
    assert!(kept.iter().all(|n| n.starts_with("github__")), "{kept:?}");
}
