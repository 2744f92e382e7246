//! Decisions as data: for every MCP message a gateway handles, the core decides once and
//! answers a value; each host (the npm package's glue, the Python package, [`super::Gateway`])
//! applies it to its own objects, mechanically, deciding nothing.
//!
//! A host walks the message's object with the probe the core publishes for it
//! ([`super::probe`]), hands over what it found (names, URIs, types: never a payload), and gets
//! back one of the values below:
//!
//! | message | the host gives | the decision |
//! | --- | --- | --- |
//! | an upstream's list result | its items' names (and [`Probe::Tool`] finds) | [`Exposure`](super::Exposure): where every name now stands, and each tool's [`View`] |
//! | `tools/list` and the other lists | the cursor, the page size, what it holds | [`ListDecision`] |
//! | `tools/call`, `prompts/get`, `resources/read`, subscriptions, `completion/complete` | [`Request`] | [`RequestDecision`]: forward (where, with which edits) or answer |
//! | an upstream's notification | its probe's finds | [`NotificationDecision`] |
//! | an upstream's result | its probe's finds | [`ResultDecision`] |
//! | an upstream's `server/discover` or `initialize` result | versions, capabilities ([`Answered`]) | [`UpstreamDecision`]; the gateway's own [`DiscoverDecision`] |
//! | `subscriptions/listen` | [`Probe::Listen`]'s finds | [`ListenDecision`]; each upstream notification on it a [`NotificationDecision`] |
//! | a 2026-07-28 result (`input_required` included) | [`Response`] | [`ResultDecision`] |
//! | a call's `Mcp-Param-*` headers | [`ParamsRequest`] | [`ParamsDecision`] |
//!
//! ```
//! use mcp_naming::Json;
//! use mcp_naming::router::decide::{Method, Request, RequestDecision};
//! use mcp_naming::router::probe::{find, probes, Edit, Step};
//! use mcp_naming::router::{Router, RouterConfig};
//!
//! let json = |s: &str| -> Json { serde_json::from_str(s).unwrap() };
//! let config = RouterConfig::from_json(&json(r#"{ "style": "claude", "servers": [{ "name": "memory" }] }"#)).unwrap();
//! let mut router = Router::new(config).unwrap();
//! router.expose("memory", &["read_graph"]).unwrap();
//!
//! let params = json(r#"{ "name": "memory__read_graph", "arguments": {} }"#);
//! let request = Request::new(Method::CallTool, find(&params, probes(Method::CallTool.probe())));
//! let RequestDecision::Forward { server, edits, .. } = router.decide_request(&request).unwrap() else { panic!() };
//! assert_eq!(server, "memory");
//! assert_eq!(edits, [Edit::string(vec![Step::key("name")], "read_graph")]);
//! ```

pub(crate) mod discover;
mod expose;
mod facts;
pub(crate) mod list;
mod listen;
mod meta;
pub(crate) mod params;
mod relay;
mod request;
mod response;
pub(crate) mod shape;
pub(crate) mod views;

use super::cache::ListCache;
use super::probe::{Edit, Found, Path, Probe};
use crate::json::Json;
use serde::{Deserialize, Serialize};

pub use discover::{Answered, DiscoverDecision, UpstreamDecision, CARRIED_EXTENSIONS};
pub use expose::{tool_text_parts, ExposeDecision, Exposed, Listing};
pub use facts::{
    host_tables, Alias, Builtin, HostFacts, HostTables, ListTable, PlacementFlags, ProbeTable, ServerFacts, FLAGS,
};
pub use list::DEFAULT_PAGE_SIZE;
pub use listen::{listen_subject, ListenDecision, ListenedUri, SubscriptionFilter, UpstreamListen};
pub use params::{Header, ParamRead, ParamsDecision, ParamsRequest};
pub use response::{client_error_code, Response};

/// A request a client sends a gateway, that an upstream answers (or the gateway itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Method {
    /// `tools/call`.
    #[serde(rename = "tools/call")]
    CallTool,
    /// `tools/call` of a name the host's facts list as a discovery meta-tool's
    /// ([`HostFacts::meta_names`]): read with the larger [`Probe::MetaCall`].
    #[serde(rename = "tools/call#meta")]
    MetaCall,
    /// `prompts/get`.
    #[serde(rename = "prompts/get")]
    GetPrompt,
    /// `resources/read`.
    #[serde(rename = "resources/read")]
    ReadResource,
    /// `resources/subscribe`.
    #[serde(rename = "resources/subscribe")]
    Subscribe,
    /// `resources/unsubscribe`.
    #[serde(rename = "resources/unsubscribe")]
    Unsubscribe,
    /// `completion/complete`.
    #[serde(rename = "completion/complete")]
    Complete,
}

impl Method {
    /// The probe a host walks the request's params with.
    pub fn probe(self) -> Probe {
        match self {
            Method::CallTool => Probe::CallTool,
            Method::MetaCall => Probe::MetaCall,
            Method::GetPrompt => Probe::GetPrompt,
            Method::ReadResource | Method::Subscribe | Method::Unsubscribe => Probe::ReadResource,
            Method::Complete => Probe::Complete,
        }
    }
}

/// What the host will do with the decision: send the request on, answer it itself, or either.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Accept {
    /// Either (what a gateway does).
    #[default]
    Either,
    /// Only send it upstream (`mapCallTool`): a request the gateway answers itself is refused.
    Forward,
    /// Only answer it (`discoveryResult`): a request an upstream answers is
    /// [`RequestDecision::Pass`].
    Answer,
}

/// A client's request, as a host hands it over.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Request {
    /// Which request.
    pub method: Method,
    /// What the method's probe found in its params.
    pub found: Vec<Found>,
    /// The `Mcp-Name` header the transport received, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub header: Option<String>,
    /// The protocol revision the request declares, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol_version: Option<String>,
    /// What the host will do with the decision.
    #[serde(default)]
    pub accept: Accept,
    /// What [`Probe::RequestMeta`] found in its params (MCP 2026-07-28): the decision then
    /// edits its `_meta` for the upstream it goes to. Empty: `_meta` passes as it is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub meta: Vec<Found>,
}

impl Request {
    /// A request of `method` whose params' probe found `found`, without headers.
    pub fn new(method: Method, found: Vec<Found>) -> Request {
        Request { method, found, header: None, protocol_version: None, accept: Accept::Either, meta: Vec::new() }
    }
}

/// Where a host's own item goes into an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Insert {
    /// Where in the answer.
    pub path: Path,
    /// The tool: item `index` of server `server`'s last `tools/list` (server index in the
    /// configuration), as the host lists it (its exposed name and its [`View`]).
    pub server: u32,
    /// Its place in that list.
    pub index: u32,
    /// Its exposed name.
    pub name: String,
    /// As its JSON text instead of the object itself.
    pub text: bool,
}

/// What to do with a client's request.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase", tag = "decision")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum RequestDecision {
    /// Send it to `server` (its name in the configuration) with its params edited, and the
    /// `Mcp-Name` header `header` (SEP-2243: already encoded).
    Forward {
        /// The upstream server.
        server: String,
        /// The `Mcp-Name` header to send with it.
        header: String,
        /// The changes to its params (the name or URI as the upstream knows it, its `_meta`
        /// for that upstream, a retry's `requestState` unsealed, …).
        edits: Vec<Edit>,
        /// The values its `Mcp-Param-*` headers need (SEP-2243): read them from the edited
        /// params and hand them to [`Router::decide_params`](super::Router::decide_params).
        /// Empty for most tools.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        reads: Vec<ParamRead>,
    },
    /// Answer it with `result` (the gateway's own: discovery's `search_tools`,
    /// `get_tool_details`), the host's items put in where `inserts` say.
    Answer {
        /// The result.
        #[cfg_attr(feature = "schema", schemars(with = "serde_json::Value"))]
        result: Json,
        /// The host's items to put in.
        inserts: Vec<Insert>,
    },
    /// Not the gateway's to answer ([`Accept::Answer`] of a request an upstream answers).
    Pass,
}

/// What to do with an upstream's notification.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase", tag = "decision")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum NotificationDecision {
    /// Send it to the clients with these changes (a `resources/updated` URI in its gateway
    /// form; most notifications pass as they are).
    Forward {
        /// The changes.
        edits: Vec<Edit>,
    },
    /// Send nothing for it: list that server's `list` again, expose it, and tell the clients
    /// when the exposure says the merged list changed.
    Relist {
        /// The list.
        list: super::Listed,
    },
    /// Send nothing for it: an upstream's `notifications/subscriptions/acknowledged`, which the
    /// host collects for the client's own ([`ListenDecision::acknowledge`]).
    Acknowledged,
}

/// What to do with an upstream's result before the client gets it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ResultDecision {
    /// The changes (every URI in the form the client reads it back through the gateway).
    pub edits: Vec<Edit>,
    /// An `input_required` result (MCP 2026-07-28): a client of 2026-07-28 gets it, edited;
    /// for a client of 2025-11-25 and before the host's bridge asks its `inputRequests` as
    /// requests of its own and retries.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub input_required: bool,
}

/// A merged list a client asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum ListKind {
    /// `tools/list`.
    Tools,
    /// `prompts/list`.
    Prompts,
    /// `resources/list`.
    Resources,
    /// `resources/templates/list`.
    ResourceTemplates,
}

impl ListKind {
    /// Every list, in the order hosts number them.
    pub const ALL: [ListKind; 4] =
        [ListKind::Tools, ListKind::Prompts, ListKind::Resources, ListKind::ResourceTemplates];

    /// The list result's member: `tools`, `prompts`, `resources`, `resourceTemplates`.
    pub const fn key(self) -> &'static str {
        match self {
            ListKind::Tools => "tools",
            ListKind::Prompts => "prompts",
            ListKind::Resources => "resources",
            ListKind::ResourceTemplates => "resourceTemplates",
        }
    }

    /// The member of an item that names it: `name`, `uri`, `uriTemplate`.
    pub const fn field(self) -> &'static str {
        match self {
            ListKind::Tools | ListKind::Prompts => "name",
            ListKind::Resources => "uri",
            ListKind::ResourceTemplates => "uriTemplate",
        }
    }
}

/// A page of a merged list, as a host asks for it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ListRequest {
    /// Which list.
    pub list: ListKind,
    /// The client's cursor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
    /// How many items a page holds (default [`DEFAULT_PAGE_SIZE`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub page_size: Option<Json>,
    /// How many items the host lists (its shown entries).
    pub total: u32,
    /// The host's generation of the list: moved on whenever what a client sees changed.
    pub generation: u32,
    /// The revision of the client's request: from 2026-07-28 the page's caching says
    /// something always ([`ListCache::or_claim_nothing`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol_version: Option<String>,
}

impl ListRequest {
    /// The first page of `list`, of `total` shown items at `generation`, in pages of the
    /// default size.
    pub fn new(list: ListKind, total: u32, generation: u32) -> ListRequest {
        ListRequest { list, cursor: None, page_size: None, total, generation, protocol_version: None }
    }
}

/// Which items a page of a merged list holds, and what the list says about itself.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase", tag = "decision")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum ListDecision {
    /// The host's shown items `start..end`, in order (segments in slot order, each segment's
    /// shown entries in order).
    Page {
        /// The first item.
        start: u32,
        /// One past the last.
        end: u32,
        /// The cursor of the next page.
        #[serde(skip_serializing_if = "Option::is_none")]
        next_cursor: Option<String>,
        /// What the merged list may say about its caching (SEP-2549).
        cache: ListCache,
    },
    /// Discovery: the meta-tools `meta` (indexes into [`super::meta_tools`]), then the tools
    /// named `names` (the host's shown items under those exposed names), in order.
    Discovery {
        /// The meta-tools on this page.
        meta: Vec<u8>,
        /// The listed tools on this page, by exposed name.
        names: Vec<String>,
        /// The cursor of the next page.
        #[serde(skip_serializing_if = "Option::is_none")]
        next_cursor: Option<String>,
        /// What the merged list may say about its caching (SEP-2549).
        cache: ListCache,
    },
}

/// How a host shows one item of an upstream's list beyond its exposed name: the
/// configuration's description, its MCP Apps UI URIs in their gateway form.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ItemView {
    /// Its place in the server's list.
    pub index: u32,
    /// The changes to the item.
    pub edits: Vec<Edit>,
}

/// Every tool view of one server, replacing what the host kept for it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct View {
    /// The server's index in the configuration.
    pub server: u32,
    /// Its items shown otherwise than the server gave them.
    pub items: Vec<ItemView>,
}
