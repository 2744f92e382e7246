//! src/router/resources.rs: resources, templates, links in results and MCP Apps' UI members.

use super::*;

// router/ui.rs, with_uris (the guard `key == "ui"` replaced by `true`): only MCP Apps' own
// members are rewritten; another `_meta` member that happens to hold a `resourceUri` passes to
// the client as the upstream wrote it.
#[test]
fn only_the_ui_members_of_meta_are_rewritten() {
    use mcp_naming::router::{Gateway, OnInvalid};
    let j = |v: Value| -> mcp_naming::Json { serde_json::from_value(v).unwrap() };
    let ui = "ui://get-time/mcp-app.html";
    let mut g =
        Gateway::from_json(&j(json!({ "style": "claude", "servers": [{ "name": "vanilla" }, { "name": "react" }] })))
            .unwrap();
    for server in ["vanilla", "react"] {
        let meta = json!({ "ui": { "resourceUri": ui }, "io.example/card": { "resourceUri": ui } });
        g.expose_tools(server, &j(json!({ "tools": [{ "name": "get-time", "_meta": meta }] })), OnInvalid::Throw)
            .unwrap();
        g.expose_resources(server, &j(json!({ "resources": [{ "uri": ui, "name": "UI" }] })), OnInvalid::Throw)
            .unwrap();
    }
    let list = serde_json::to_value(g.list_tools(None, None).unwrap()).unwrap();
    let tools = list["tools"].as_array().unwrap();
    let shown: Vec<&str> = tools.iter().map(|t| t["_meta"]["ui"]["resourceUri"].as_str().unwrap()).collect();
    assert_eq!(shown.len(), 2);
    assert_ne!(shown[0], shown[1], "each server's UI is a URI of its own");
    for t in tools {
        assert_eq!(t["_meta"]["io.example/card"], json!({ "resourceUri": ui }), "{t}");
    }
}

// router/resources.rs, UriKind::noun (replaced by "" or "xyzzy"): a refused URI is named as a
// resource or as a template.
#[test]
fn a_refused_uri_says_whether_it_is_a_resource_or_a_template() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    let e =
        g.expose_resources("a", &js(json!({ "resources": [{ "uri": "no-scheme", "name": "x" }] })), OnInvalid::Throw);
    assert_eq!(e.unwrap_err().message, "server \"a\" resource \"no-scheme\" is not an absolute URI (scheme:...)");
    let e = g.expose_resource_templates(
        "a",
        &js(json!({ "resourceTemplates": [{ "uriTemplate": "{path}", "name": "x" }] })),
        OnInvalid::Throw,
    );
    assert_eq!(e.unwrap_err().message, "server \"a\" template \"{path}\" is not an absolute URI (scheme:...)");
}

// router/mcp.rs, Gateway::expose_resource (`!any(name == exposed)`: `!` deleted, `==` into
// `!=`): a URI exposed one at a time (a link from a result) joins the resource list once, beside
// the listed ones.
#[test]
fn a_resource_exposed_alone_joins_the_list_once() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    g.expose_resources("a", &js(json!({ "resources": [{ "uri": "file:///one", "name": "one" }] })), OnInvalid::Throw)
        .unwrap();
    for _ in 0..2 {
        assert_eq!(g.expose_resource("a", "file:///two").unwrap(), "file:///two");
        let list = serde_json::to_value(g.list_resources(None, None).unwrap()).unwrap();
        let uris: Vec<&str> =
            list["resources"].as_array().unwrap().iter().map(|r| r["uri"].as_str().unwrap()).collect();
        assert_eq!(uris, ["file:///one", "file:///two"]);
    }
}

// router/mcp.rs, Gateway::rewrite_result (the arm for `contents` deleted): a `resources/read`
// result's `contents[].uri` is the URI the client reads back through the gateway.
#[test]
fn read_contents_carry_the_uri_the_client_knows() {
    use mcp_naming::router::OnInvalid;
    let ui = "ui://get-time/mcp-app.html";
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "vanilla" }, { "name": "react" }] }));
    for server in ["vanilla", "react"] {
        g.expose_resources(server, &js(json!({ "resources": [{ "uri": ui, "name": "UI" }] })), OnInvalid::Throw)
            .unwrap();
    }
    let list = serde_json::to_value(g.list_resources(None, None).unwrap()).unwrap();
    let shown: Vec<&str> = list["resources"].as_array().unwrap().iter().map(|r| r["uri"].as_str().unwrap()).collect();
    assert_eq!(shown.len(), 2);
    for (server, uri) in ["vanilla", "react"].iter().zip(&shown) {
        let out = g.rewrite_result(server, &js(json!({ "contents": [{ "uri": ui, "text": "<html>" }] }))).unwrap();
        assert_eq!(
            serde_json::to_value(out).unwrap(),
            json!({ "contents": [{ "uri": uri, "text": "<html>" }] }),
            "{server}"
        );
    }
    assert_ne!(shown[0], shown[1]);
}

// router/resources.rs, PeerUris::rewrite (FastMCP's guard: server named, scheme without `:`)
// and PeerUris::unrewrite (its body, FastMCP's unnamed server, each peer's server check): a
// peer style's template expansion reads back from the server that listed the template, with
// the URI that server knows; FastMCP leaves URIs of an unnamed server, and schemes with `:`,
// as they are.
#[test]
fn peer_template_expansions_read_back_from_their_server() {
    use mcp_naming::router::OnInvalid;
    let templates = js(json!({ "resourceTemplates": [
        { "uriTemplate": "file:///{path}", "name": "f" },
        { "uriTemplate": "ui://app/{name}", "name": "u" }
    ] }));
    for style in ["fastmcp", "envoy-ai-gateway", "1mcp", "agentgateway"] {
        let mut g = gateway(json!({ "style": style, "servers": [{ "name": "alpha" }, { "name": "beta" }] }));
        for server in ["alpha", "beta"] {
            let exposed = g.expose_resource_templates(server, &templates, OnInvalid::Throw).unwrap().exposed;
            assert_eq!(exposed.len(), 2, "{style}");
            for t in exposed {
                let expand = |u: &str| u.replace("{path}", "a").replace("{name}", "x");
                let read = g.map_read_resource(&js(json!({ "uri": expand(&t.uri) })), None).unwrap();
                assert_eq!(
                    (read.server, serde_json::to_value(&read.params).unwrap()["uri"].clone()),
                    (server.to_string(), json!(expand(&t.upstream))),
                    "{style}: {}",
                    t.uri
                );
                assert_ne!(t.uri, t.upstream, "{style}");
            }
        }
    }
    // FastMCP: a scheme with `:` is not namespaced, so two servers cannot share it.
    let mut g = gateway(json!({ "style": "fastmcp", "servers": [{ "name": "alpha" }, { "name": "beta" }] }));
    let urn = js(json!({ "resourceTemplates": [{ "uriTemplate": "urn:isbn://{n}", "name": "n" }] }));
    let exposed = g.expose_resource_templates("alpha", &urn, OnInvalid::Throw).unwrap().exposed;
    assert_eq!(exposed[0].uri, "urn:isbn://{n}");
    assert!(g.expose_resource_templates("beta", &urn, OnInvalid::Throw).is_err());
    // FastMCP: a server mounted without a namespace keeps its URIs.
    let mut g = gateway(json!({ "style": "fastmcp", "servers": [{ "name": "" }] }));
    let exposed = g.expose_resource_templates("", &templates, OnInvalid::Throw).unwrap().exposed;
    assert_eq!(exposed.iter().map(|t| t.uri.as_str()).collect::<Vec<_>>(), ["file:///{path}", "ui://app/{name}"]);
    for uri in ["ui://app/x", "file:///a"] {
        let read = g.map_read_resource(&js(json!({ "uri": uri })), None).unwrap();
        assert_eq!(
            (read.server, serde_json::to_value(&read.params).unwrap()["uri"].clone()),
            (String::new(), json!(uri))
        );
    }
}

// router/resources.rs, Resources::link (the guard `taken_by_other && !is_fetchable` replaced by
// `false`, its `!` deleted) and Resources::remember (`!contains_key` without `!`, `len >=
// MAX_LINKS` into `<`): a link in a tool result reads back from the server that returned it:
// rewritten when another server lists the same URI, as it is otherwise; every link is
// remembered, up to 10,000, the oldest forgotten first.
#[test]
fn links_in_results_read_back_from_their_server() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }, { "name": "b" }] }));
    g.expose_resources("a", &js(json!({ "resources": [{ "uri": "mem://notes", "name": "notes" }] })), OnInvalid::Throw)
        .unwrap();
    let link = |g: &mut mcp_naming::router::Gateway, uri: &str| -> String {
        let result = js(json!({ "content": [{ "type": "resource_link", "uri": uri, "name": "n" }] }));
        let out = serde_json::to_value(g.rewrite_result("b", &result).unwrap()).unwrap();
        out["content"][0]["uri"].as_str().unwrap().to_string()
    };
    let read = |g: &mcp_naming::router::Gateway, uri: &str| {
        g.map_read_resource(&js(json!({ "uri": uri })), None)
            .map(|m| {
                (m.server.to_string(), serde_json::to_value(&m.params).unwrap()["uri"].as_str().unwrap().to_string())
            })
            .map_err(|e| e.code.as_str().to_string())
    };
    let shown = link(&mut g, "mem://notes");
    assert_ne!(shown, "mem://notes");
    assert_eq!(read(&g, &shown), Ok(("b".into(), "mem://notes".into())));
    assert_eq!(read(&g, "mem://notes"), Ok(("a".into(), "mem://notes".into())));
    for i in 0..=10_000 {
        assert_eq!(link(&mut g, &format!("mem://l{i}")), format!("mem://l{i}"));
    }
    assert_eq!(read(&g, "mem://l0"), Err("unknown_resource".into()));
    for i in [1, 9_999, 10_000] {
        assert_eq!(read(&g, &format!("mem://l{i}")), Ok(("b".into(), format!("mem://l{i}"))), "{i}");
    }
}

// router/resources.rs, Resources::unknown (`!suggestions.is_empty()` without `!`): an unknown
// resource's message names the close URIs when there are some, and only then.
#[test]
fn an_unknown_resource_names_close_uris_only_when_there_are_some() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    g.expose_resources("a", &js(json!({ "resources": [{ "uri": "mem://notes", "name": "notes" }] })), OnInvalid::Throw)
        .unwrap();
    let message = |uri: &str| g.map_read_resource(&js(json!({ "uri": uri })), None).unwrap_err().message;
    assert_eq!(message("mem://note"), "Unknown resource: mem://note; did you mean mem://notes?");
    assert_eq!(message("zzzzzzzzzzzzzzzzzzzzzz"), "Unknown resource: zzzzzzzzzzzzzzzzzzzzzz");
}

// router/resources.rs, Router::expose_uris (`kind == Template` into `!=`): a template must be a
// well-formed URI template; a resource's URI is not read as one.
#[test]
fn only_templates_are_held_to_the_template_grammar() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    let e = g.expose_resource_templates(
        "a",
        &js(json!({ "resourceTemplates": [{ "uriTemplate": "file:///{path", "name": "t" }] })),
        OnInvalid::Throw,
    );
    assert_eq!(e.unwrap_err().code.as_str(), "invalid_argument");
    let e = g.expose_resources(
        "a",
        &js(json!({ "resources": [{ "uri": "file:///{path", "name": "r" }] })),
        OnInvalid::Throw,
    );
    assert_eq!(e.unwrap().exposed[0].uri, "file:///{path");
}

// router/resources.rs, Router::expose_uris (`listed before || exposed alike` into `&&`): two
// URIs of one list that a peer style writes alike (1MCP trims them) are one URI listed twice.
#[test]
fn two_uris_written_alike_are_listed_twice() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "1mcp", "servers": [{ "name": "a" }] }));
    let list = js(json!({ "resources": [{ "uri": "mem://x", "name": "x" }, { "uri": "mem://x ", "name": "y" }] }));
    let e = g.expose_resources("a", &list, OnInvalid::Skip).unwrap();
    assert_eq!(e.exposed.iter().map(|r| r.uri.as_str()).collect::<Vec<_>>(), ["a_1mcp_mem://x"]);
    assert_eq!(e.skipped.len(), 1, "{:?}", e.skipped);
    assert_eq!(e.skipped[0].message, "server \"a\" resource \"mem://x \" is listed twice");
}

// router/resources.rs, Resources::link (`t.uri != t.upstream` into `==`): a link that expands
// one of its server's templates, a template no other server shares, stays as it is and reads
// back from that server.
#[test]
fn a_link_under_an_own_template_stays_as_it_is() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }, { "name": "b" }] }));
    let templates = js(json!({ "resourceTemplates": [{ "uriTemplate": "mem://{id}", "name": "m" }] }));
    g.expose_resource_templates("b", &templates, OnInvalid::Throw).unwrap();
    let result = js(json!({ "content": [{ "type": "resource_link", "uri": "mem://42", "name": "n" }] }));
    let out = serde_json::to_value(g.rewrite_result("b", &result).unwrap()).unwrap();
    assert_eq!(out["content"][0]["uri"], "mem://42");
    let read = g.map_read_resource(&js(json!({ "uri": "mem://42" })), None).unwrap();
    assert_eq!(
        (read.server, serde_json::to_value(&read.params).unwrap()["uri"].clone()),
        ("b".to_string(), json!("mem://42"))
    );
}
