//! MCP Apps: a tool names its UI as a `ui://` resource of its own server, in
//! `_meta.ui.resourceUri` (and the older `_meta["ui/resourceUri"]`). The URIs are rewritten
//! exactly as the resource is ([`Router::ui_resource`](super::Router::ui_resource)), so that a
//! host reading a tool's UI through the gateway reaches that tool's server, never another one
//! listing the same URI.

use crate::json::Json;

const NESTED: (&str, &str) = ("ui", "resourceUri");
const FLAT: &str = "ui/resourceUri";

/// The UI resource URIs `tool` names, distinct, `_meta.ui.resourceUri` first.
pub(crate) fn uris(tool: &Json) -> Vec<&str> {
    let Some(meta) = tool.get("_meta") else { return Vec::new() };
    let nested = meta.get(NESTED.0).and_then(|ui| ui.get(NESTED.1)).and_then(Json::as_str);
    let flat = meta.get(FLAT).and_then(Json::as_str);
    let mut out: Vec<&str> = nested.into_iter().collect();
    out.extend(flat.filter(|f| Some(*f) != nested));
    out
}

/// `tool` with each UI URI `from` replaced by its `to` (`map`: `(from, to)` pairs).
pub(crate) fn with_uris(tool: &Json, map: &[(String, String)]) -> Json {
    let swap = |v: &Json| match v.as_str().and_then(|u| map.iter().find(|(from, _)| from == u)) {
        Some((_, to)) => Json::String(to.clone()),
        None => v.clone(),
    };
    let Json::Object(members) = tool else { return tool.clone() };
    let members = members
        .iter()
        .map(|(k, v)| {
            if k != "_meta" {
                return (k.clone(), v.clone());
            }
            let Json::Object(meta) = v else { return (k.clone(), v.clone()) };
            let meta = meta
                .iter()
                .map(|(mk, mv)| match (mk.as_str(), mv) {
                    (FLAT, _) => (mk.clone(), swap(mv)),
                    (key, Json::Object(ui)) if key == NESTED.0 => (
                        mk.clone(),
                        Json::Object(
                            ui.iter()
                                .map(|(uk, uv)| (uk.clone(), if uk == NESTED.1 { swap(uv) } else { uv.clone() }))
                                .collect(),
                        ),
                    ),
                    _ => (mk.clone(), mv.clone()),
                })
                .collect();
            (k.clone(), Json::Object(meta))
        })
        .collect();
    Json::Object(members)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Json {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn both_forms_are_read_and_rewritten() {
        let tool = json(
            r#"{"name":"get-time","_meta":{"ui":{"resourceUri":"ui://get-time/mcp-app.html","csp":{}},"ui/resourceUri":"ui://get-time/mcp-app.html","x":1}}"#,
        );
        assert_eq!(uris(&tool), ["ui://get-time/mcp-app.html"]);
        let map = [("ui://get-time/mcp-app.html".to_string(), "ui://react/get-time/mcp-app.html".to_string())];
        let out = with_uris(&tool, &map);
        assert_eq!(
            out,
            json(
                r#"{"name":"get-time","_meta":{"ui":{"resourceUri":"ui://react/get-time/mcp-app.html","csp":{}},"ui/resourceUri":"ui://react/get-time/mcp-app.html","x":1}}"#
            )
        );
        assert!(uris(&json(r#"{"name":"x","_meta":{"ui":{"resourceUri":7}}}"#)).is_empty());
        assert!(uris(&json(r#"{"name":"x"}"#)).is_empty());
        assert_eq!(
            uris(&json(r#"{"_meta":{"ui/resourceUri":"ui://a","ui":{"resourceUri":"ui://b"}}}"#)),
            ["ui://b", "ui://a"]
        );
    }
}
