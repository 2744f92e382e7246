//! Discovery mode (issue 26): a catalog too large to list is searched instead. Under
//! `discovery: { mode: "search", always?, maxListed? }` and while the catalog holds more than
//! `maxListed` tools (or always, without it), `tools/list` holds three meta-tools and the tools
//! `always` matches; every tool stays callable by its own name.
//!
//! - `search_tools { query, limit? }`: the best matches ([`Router::search_tools`]), answered by
//!   the gateway as an MCP tool result built here.
//! - `get_tool_details { name }`: one tool's object (its input schema above all), as the host
//!   keeps it, under its exposed name; the result built here around the object the host gives.
//! - `call_tool { name, arguments? }`: a call of the tool `name` names with `arguments`, mapped
//!   to its server and upstream name as a `tools/call` of it would be.
//!
//! The meta-tools' names (1 to 64 of `a-z _`) are valid for every provider, and their
//! definitions are written once, here ([`meta_tools`]).

use super::header::NameHeader;
use super::route::Target;
use super::search::{SearchOptions, DEFAULT_LIMIT, MAX_QUERY};
use super::Router;
use crate::diagnostic::{Code, Error, Span};
use crate::dialect::a_json;
use crate::json::Json;
use crate::text::quoted;
use serde::Serialize;

/// The meta-tools' names.
pub(crate) const META: [&str; 3] = ["search_tools", "get_tool_details", "call_tool"];

/// The most hits `search_tools` answers.
pub const META_MAX_LIMIT: usize = crate::arguments::META_MAX as usize;

/// One of discovery's meta-tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum MetaTool {
    /// `search_tools`.
    SearchTools,
    /// `get_tool_details`.
    GetToolDetails,
    /// `call_tool`.
    CallTool,
}

impl MetaTool {
    /// Every meta-tool, in the order they are listed.
    pub const ALL: [MetaTool; 3] = [MetaTool::SearchTools, MetaTool::GetToolDetails, MetaTool::CallTool];

    /// Its name in `tools/list`.
    pub const fn name(self) -> &'static str {
        match self {
            MetaTool::SearchTools => META[0],
            MetaTool::GetToolDetails => META[1],
            MetaTool::CallTool => META[2],
        }
    }

    fn description(self) -> &'static str {
        match self {
            MetaTool::SearchTools => {
                "Search this gateway's tools by what they do. It serves more tools than it lists: describe the task in a few words (\"create a github issue\", \"read file\") and get the best matching tools first, each with its name, server and description. Then read a tool's input schema with get_tool_details and run it with call_tool."
            }
            MetaTool::GetToolDetails => {
                "Get one tool's full definition, its input schema above all, by the name search_tools gave. Read it before calling a tool you have not used yet."
            }
            MetaTool::CallTool => {
                "Call a tool by the name search_tools gave, with its arguments as its input schema (get_tool_details) describes them. Answers what the tool answers."
            }
        }
    }

    fn input_schema(self) -> Json {
        let s = |v: &str| Json::String(v.to_string());
        let obj =
            |members: Vec<(&str, Json)>| Json::Object(members.into_iter().map(|(k, v)| (k.to_string(), v)).collect());
        let name =
            |what: &str| obj(vec![("type", s("string")), ("description", s(what)), ("minLength", Json::Number(1.0))]);
        let (properties, required) = match self {
            MetaTool::SearchTools => (
                obj(vec![
                    (
                        "query",
                        obj(vec![
                            ("type", s("string")),
                            ("description", s("What the tool should do, in a few words")),
                            ("minLength", Json::Number(1.0)),
                            ("maxLength", Json::Number(MAX_QUERY as f64)),
                        ]),
                    ),
                    (
                        "limit",
                        obj(vec![
                            ("type", s("integer")),
                            ("description", s("How many tools to answer at most")),
                            ("minimum", Json::Number(1.0)),
                            ("maximum", Json::Number(META_MAX_LIMIT as f64)),
                            ("default", Json::Number(DEFAULT_LIMIT as f64)),
                        ]),
                    ),
                ]),
                vec![s("query")],
            ),
            MetaTool::GetToolDetails => {
                (obj(vec![("name", name("The tool's name, as search_tools gave it"))]), vec![s("name")])
            }
            MetaTool::CallTool => (
                obj(vec![
                    ("name", name("The tool's name, as search_tools gave it")),
                    (
                        "arguments",
                        obj(vec![
                            ("type", s("object")),
                            ("description", s("The tool's arguments, as its input schema describes them")),
                        ]),
                    ),
                ]),
                vec![s("name")],
            ),
        };
        obj(vec![
            ("type", s("object")),
            ("properties", properties),
            ("required", Json::Array(required)),
            ("additionalProperties", Json::Bool(false)),
        ])
    }

    /// Its definition, as `tools/list` shows it: `{ name, description, inputSchema }`.
    pub fn definition(self) -> Json {
        Json::Object(vec![
            ("name".to_string(), Json::String(self.name().to_string())),
            ("description".to_string(), Json::String(self.description().to_string())),
            ("inputSchema".to_string(), self.input_schema()),
        ])
    }

    fn keys(self) -> &'static [&'static str] {
        match self {
            MetaTool::SearchTools => &["query", "limit"],
            MetaTool::GetToolDetails => &["name"],
            MetaTool::CallTool => &["name", "arguments"],
        }
    }
}

/// The meta-tools' definitions, in the order `tools/list` shows them (see [`MetaTool`]).
///
/// ```
/// let tools = mcp_naming::router::meta_tools();
/// let names: Vec<_> = tools.iter().map(|t| t.get("name").unwrap().as_str().unwrap()).collect();
/// assert_eq!(names, ["search_tools", "get_tool_details", "call_tool"]);
/// ```
pub fn meta_tools() -> Vec<Json> {
    MetaTool::ALL.iter().map(|m| m.definition()).collect()
}

/// A tool `get_tool_details` names: where it is, and its exposed name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct ToolRef {
    /// The exposed name.
    pub name: String,
    /// The server's index in the configuration.
    #[serde(rename = "serverIndex")]
    pub server_index: usize,
    /// The backend server.
    pub server: String,
    /// The backend's own tool name (the host's object is the one listed under it).
    pub upstream: String,
}

/// An MCP tool result with `isError: true` for `e`: what a gateway answers a meta-tool call
/// with bad arguments (or naming no tool), for the model to read and correct its call from.
///
/// ```
/// use mcp_naming::{Code, Error, Span};
/// let e = Error::new(Code::UnknownTool, Span::default(), "Unknown tool: x");
/// let result = mcp_naming::router::tool_error_result(&e);
/// assert_eq!(result.get("isError").unwrap().as_bool(), Some(true));
/// ```
pub fn tool_error_result(e: &Error) -> Json {
    Json::Object(vec![
        ("content".to_string(), text_content(super::call_tool_text(e))),
        ("isError".to_string(), Json::Bool(true)),
    ])
}

fn text_content(text: String) -> Json {
    Json::Array(vec![Json::Object(vec![
        ("type".to_string(), Json::String("text".to_string())),
        ("text".to_string(), Json::String(text)),
    ])])
}

fn bad(message: String) -> Error {
    Error::new(Code::InvalidArgument, Span::default(), message)
}

/// The arguments of a meta-tool call: an object (absent: empty) with only its keys.
fn arguments_of(tool: MetaTool, arguments: &Json) -> Result<&[(String, Json)], Error> {
    let members = match arguments {
        Json::Null => &[][..],
        Json::Object(m) => &m[..],
        other => {
            return Err(bad(format!(
                "{}: arguments must be an object, got {}",
                tool.name(),
                a_json(other.json_type())
            )));
        }
    };
    let mut r = crate::read::Reader::argument();
    if !members.is_empty() {
        r.object(arguments, "arguments", tool.keys());
    }
    if r.is_clean() {
        return Ok(members);
    }
    if let Some(d) = r.into_error("").diagnostics.into_iter().next() {
        let mut e = bad(format!("{}: {}", tool.name(), d.message));
        e.suggestions = d.suggestion.into_iter().collect();
        return Err(e);
    }
    Ok(members)
}

fn string_argument<'j>(tool: MetaTool, members: &'j [(String, Json)], key: &str) -> Result<&'j str, Error> {
    match members.iter().find(|(k, _)| k == key).map(|(_, v)| v) {
        Some(Json::String(s)) if !s.is_empty() => Ok(s),
        Some(Json::String(_)) => Err(bad(format!("{}: {key} is empty", tool.name()))),
        Some(other) => Err(bad(format!("{}: {key} must be a string, got {}", tool.name(), a_json(other.json_type())))),
        None => Err(bad(format!("{}: {key} is required", tool.name()))),
    }
}

impl Router {
    /// Whether the configuration has `discovery` (on now or once the catalog outgrows
    /// `maxListed`): a host that keeps the tool objects then hands the core their texts from the
    /// start.
    pub fn discovery_configured(&self) -> bool {
        self.c.discovery.is_some()
    }

    /// Whether discovery is on now: configured, and the catalog holds more than `maxListed`
    /// listed tools (whatever its size without `maxListed`).
    pub fn discovery_active(&self) -> bool {
        match &self.c.discovery {
            Some((_, max)) => max.is_none_or(|m| self.search.listed > m),
            None => false,
        }
    }

    /// What `tools/list` holds besides the meta-tools while discovery is on: the exposed
    /// names of the listed tools `discovery.always` matches, in the order clients see them.
    /// `None` when discovery is off (list every tool).
    pub fn discovery_listing(&self) -> Option<Vec<Box<str>>> {
        self.discovery_active().then(|| self.always_listed())
    }

    /// The names `tools/list` gives, in its order: while discovery is on
    /// ([`Router::discovery_active`]), the meta-tools, then the tools `discovery.always` keeps;
    /// else every listed tool. What a client sees of the gateway ([`crate::client::view_of`]).
    ///
    /// ```
    /// use mcp_naming::Json;
    /// use mcp_naming::router::Router;
    /// let json: Json = serde_json::from_str(r#"{ "style": "claude", "servers": [{ "name": "gh" }],
    ///     "discovery": { "mode": "search", "always": ["gh__search"], "maxListed": 1 } }"#).unwrap();
    /// let mut router = Router::from_json(&json).unwrap();
    /// router.expose("gh", &["search"]).unwrap();
    /// assert_eq!(router.listed_names(), ["gh__search"], "one tool: listed as it is");
    /// router.expose("gh", &["search", "create_issue"]).unwrap();
    /// assert_eq!(router.listed_names(), ["search_tools", "get_tool_details", "call_tool", "gh__search"]);
    /// ```
    pub fn listed_names(&self) -> Vec<String> {
        match self.discovery_listing() {
            Some(always) => {
                MetaTool::ALL.iter().map(|m| m.name().to_string()).chain(always.iter().map(|n| n.to_string())).collect()
            }
            None => self.tools().map(|t| t.name).collect(),
        }
    }

    /// The meta-tool a called name is, if any: with `discovery` configured, `search_tools`,
    /// `get_tool_details` and `call_tool` (or their qualified names), unless discovery is off
    /// and a listed tool of that name routes (then the call is that tool's).
    pub fn meta_tool(&self, name: &str) -> Option<MetaTool> {
        self.c.discovery.as_ref()?;
        let bare = self.unqualified(name);
        let m = MetaTool::ALL.into_iter().find(|m| m.name() == bare)?;
        if !self.discovery_active() && self.tools.by_name(name).or_else(|| self.tools.by_name(bare)).is_some() {
            return None;
        }
        Some(m)
    }

    fn meta_enabled(&self, tool: MetaTool) -> Result<(), Error> {
        if self.c.discovery.is_none() {
            return Err(bad(format!(
                "{} is a discovery meta-tool, and this gateway's configuration has no discovery",
                quoted(tool.name())
            )));
        }
        Ok(())
    }

    /// The result of a `search_tools` call with `arguments` (`{ query, limit? }`): the hits as
    /// text (one line each: name, server, description) and as `structuredContent`
    /// (`{ tools: [{ name, server, description?, matched }] }`), best first.
    ///
    /// # Errors
    /// `invalid_argument` for arguments that are not `{ query, limit? }` (unknown keys named
    /// with the nearest), a query [`Router::search_tools`] refuses, a limit outside 1 to
    /// [`META_MAX_LIMIT`]; also without `discovery` configured. A host answers them with
    /// [`tool_error_result`].
    pub fn search_result(&self, arguments: &Json) -> Result<Json, Error> {
        let tool = MetaTool::SearchTools;
        self.meta_enabled(tool)?;
        let members = arguments_of(tool, arguments)?;
        let query = string_argument(tool, members, "query")?;
        let limit = match members.iter().find(|(k, _)| k == "limit").map(|(_, v)| v) {
            None | Some(Json::Null) => DEFAULT_LIMIT,
            Some(value) => match crate::arguments::META_LIMIT.read(value) {
                Ok(n) => n as usize,
                Err(why) => return Err(bad(format!("search_tools: limit {why}"))),
            },
        };
        let hits = self
            .search_tools(query, &SearchOptions { limit: Some(limit), server: None })
            .map_err(|e| bad(format!("search_tools: {}", e.message)))?;
        let mut text = match hits.len() {
            0 => format!("No tool matches {}. Try other words.", quoted(query)),
            1 => format!("1 tool matches {}:", quoted(query)),
            n => format!("{n} tools match {}, best first:", quoted(query)),
        };
        let mut tools = Vec::with_capacity(hits.len());
        for h in &hits {
            text.push_str(&format!("\n- {} (server {})", h.name, quoted(&h.server)));
            if let Some(d) = &h.description {
                text.push_str(": ");
                text.push_str(&crate::text::clip(d.lines().next().unwrap_or(""), 200));
            }
            let mut t = vec![
                ("name".to_string(), Json::String(h.name.clone())),
                ("server".to_string(), Json::String(h.server.clone())),
            ];
            if let Some(d) = &h.description {
                t.push(("description".to_string(), Json::String(d.clone())));
            }
            t.push((
                "matched".to_string(),
                Json::Array(h.matched.iter().map(|m| Json::String((*m).to_string())).collect()),
            ));
            tools.push(Json::Object(t));
        }
        if !hits.is_empty() {
            text.push_str("\nRead a tool's input schema with get_tool_details, then run it with call_tool.");
        }
        Ok(Json::Object(vec![
            ("content".to_string(), text_content(text)),
            ("structuredContent".to_string(), Json::Object(vec![("tools".to_string(), Json::Array(tools))])),
        ]))
    }

    /// The tool a `get_tool_details` call with `arguments` (`{ name }`) names: the host then
    /// gives that tool's object to [`Router::details_result`].
    ///
    /// # Errors
    /// `invalid_argument` for arguments that are not `{ name }`; as [`Router::route`] for a
    /// name that routes to no listed tool (`unknown_tool` with suggestions, `tool_disabled`,
    /// `tool_removed`), and `invalid_argument` for a built-in.
    pub fn details_target(&self, arguments: &Json) -> Result<ToolRef, Error> {
        let tool = MetaTool::GetToolDetails;
        self.meta_enabled(tool)?;
        let name = string_argument(tool, arguments_of(tool, arguments)?, "name")?;
        let route = self.route(name)?;
        let Some(server) = route.server else {
            return Err(bad(format!("{} is a built-in of the gateway, not a tool it routes", quoted(name))));
        };
        let server_index = self.server_index(server)?;
        // The name as clients list it (an alias or a qualified name reads as the tool's).
        let listed = self
            .tools
            .all()
            .map(|(_, e)| e)
            .find(|e| e.server as usize == server_index && e.upstream() == &*route.tool && e.routed)
            .map_or_else(|| name.to_string(), |e| e.name().to_string());
        Ok(ToolRef { name: listed, server_index, server: server.to_string(), upstream: route.tool.into_owned() })
    }

    /// The result of a `get_tool_details` call: `object` (the host's tool object, as it would
    /// list it) under the exposed name, with the description `tools` gives, as
    /// `structuredContent` and as JSON text.
    /// `tool` is [`Router::details_target`]'s answer.
    pub fn details_result(&self, tool: &ToolRef, object: &Json) -> Json {
        self.details_of(&tool.name, tool.server_index, &tool.upstream, object)
    }

    /// [`Router::details_result`] from the parts of a [`ToolRef`] (what the packages hand back).
    pub fn details_of(&self, name: &str, server_index: usize, upstream: &str, object: &Json) -> Json {
        let mut members = match object {
            Json::Object(m) => m.clone(),
            _ => Vec::new(),
        };
        set(&mut members, "name", Json::String(name.to_string()));
        if let Some(d) = self.description_of(server_index, upstream) {
            set(&mut members, "description", Json::String(d.to_string()));
        }
        let object = Json::Object(members);
        Json::Object(vec![
            ("content".to_string(), text_content(object.to_text())),
            ("structuredContent".to_string(), object),
        ])
    }

    /// Where a `call_tool` call goes: `arguments` is the call's (`{ name, arguments? }`; of the
    /// inner `arguments`, only whether it is an object is read). The host sends the upstream
    /// a `tools/call` of [`Target::upstream`] with the inner arguments.
    ///
    /// # Errors
    /// `invalid_argument` for arguments that are not `{ name, arguments? }` with an object;
    /// as [`Router::call_target`] for the name (`unknown_tool` with suggestions, …).
    pub fn call_tool_target(&self, arguments: &Json) -> Result<Target, Error> {
        let tool = MetaTool::CallTool;
        self.meta_enabled(tool)?;
        let members = arguments_of(tool, arguments)?;
        let name = string_argument(tool, members, "name")?;
        match members.iter().find(|(k, _)| k == "arguments").map(|(_, v)| v) {
            None | Some(Json::Null | Json::Object(_)) => {}
            Some(other) => {
                return Err(bad(format!("call_tool: arguments must be an object, got {}", a_json(other.json_type()))));
            }
        }
        if MetaTool::ALL.iter().any(|m| m.name() == self.unqualified(name)) && self.meta_tool(name).is_some() {
            return Err(bad(format!("call_tool: {} is a meta-tool: call it directly", quoted(name))));
        }
        self.call_target(name, NameHeader::new(None, None))
    }
}

fn set(members: &mut Vec<(String, Json)>, key: &str, value: Json) {
    match members.iter_mut().find(|(k, _)| k == key) {
        Some((_, v)) => *v = value,
        None => members.insert(usize::from(key != "name"), (key.to_string(), value)),
    }
}
