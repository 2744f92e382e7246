//! Where in a host's MCP object the core reads a value, and how it asks for one to change.
//!
//! The core never holds a host's objects (tool lists, params, results, notifications): it
//! publishes, per message, the [`Pattern`]s of the values it decides from ([`probes`]); a host
//! walks its own object with them ([`find`] here, a loop of the same shape in each package) and
//! hands over only what it [`Found`]: each value's [`Path`] and the value itself, strings as they
//! are, anything else as its type ([`Scalar`]). The decision that comes back names the changes
//! as [`Edit`]s, each a path and a new value, which the host makes copy-on-write ([`apply`]):
//! nothing else of the object is read or copied, so a 10 MB result costs what a 1 KB one does.
//!
//! ```
//! use mcp_naming::Json;
//! use mcp_naming::router::probe::{apply, find, probes, Edit, Probe, Step};
//!
//! let result: Json = serde_json::from_str(
//!     r#"{ "content": [{ "type": "text", "text": "…" }, { "type": "resource_link", "uri": "file:///a" }] }"#,
//! ).unwrap();
//! // The result itself (every message probe's first pattern), then its one link.
//! let found = find(&result, probes(Probe::Result));
//! assert_eq!(found.len(), 2);
//! assert_eq!(found[1].path, [Step::key("content"), Step::Index(1), Step::key("uri")]);
//!
//! let edited = apply(&result, &[Edit::new(found[1].path.clone(), Json::String("memory+file:///a".into()))]);
//! assert_eq!(edited.get("content").unwrap().as_array().unwrap()[1].get("uri").unwrap().as_str(), Some("memory+file:///a"));
//! ```

use crate::dialect::JsonType;
use crate::json::Json;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// One step into an MCP object: an object's member, or an array's element.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Step {
    /// An array's element.
    Index(u32),
    /// An object's member.
    Key(Cow<'static, str>),
}

impl Step {
    /// The member `key`.
    pub fn key(key: impl Into<Cow<'static, str>>) -> Step {
        Step::Key(key.into())
    }
}

/// Where a value sits in an object: the steps from its root.
pub type Path = Vec<Step>;

/// A step of a [`Pattern`]: how a host walks from a value to the ones the core needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "step", content = "arg")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum PatternStep {
    /// The member of that name (of an object; nothing otherwise).
    Key(&'static str),
    /// Every element of an array, every member's value of an object.
    Each,
    /// Every key of an object, as the value found (its path ends with the key itself).
    Keys,
    /// Only an object whose member named first is the string given second.
    Where(&'static str, &'static str),
    /// Every member of that name at any depth below, through objects and arrays alike (a
    /// member found is not searched further).
    Deep(&'static str),
    /// Every member of that name at any depth below, through objects and arrays alike, a
    /// member found searched further too (a property named `type` holds a `type` of its own).
    DeepAll(&'static str),
}

/// A path pattern: the steps a host walks, from the object's root.
pub type Pattern = &'static [PatternStep];

/// A value a host found, as it crosses: a string as it is; any other JSON value as what it is,
/// so that no payload (an object, an array) ever crosses where the core needs a name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "value")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Scalar {
    /// A string.
    String(String),
    /// A number (a host refuses or reports what is not finite before it crosses).
    Number(f64),
    /// A boolean.
    Boolean(bool),
    /// `null`.
    Null,
    /// An array, unread.
    Array,
    /// An object, unread.
    Object,
}

impl Scalar {
    /// What `value` is, as it crosses.
    pub fn of(value: &Json) -> Scalar {
        match value {
            Json::String(s) => Scalar::String(s.clone()),
            Json::Number(n) => Scalar::Number(*n),
            Json::Bool(b) => Scalar::Boolean(*b),
            Json::Null => Scalar::Null,
            Json::Array(_) => Scalar::Array,
            Json::Object(_) => Scalar::Object,
        }
    }

    /// The string, if it is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Scalar::String(s) => Some(s),
            _ => None,
        }
    }

    /// The type with its article, as messages word it in the host's words (`a string`, `an
    /// object`, `null`; Python's `a str`, `a dict`, `None`), as [`Json::described`] does.
    pub fn described(&self) -> &'static str {
        crate::dialect::a(self.json_type())
    }

    /// The value's type.
    pub fn json_type(&self) -> JsonType {
        match self {
            Scalar::String(_) => JsonType::String,
            Scalar::Number(_) => JsonType::Number,
            Scalar::Boolean(_) => JsonType::Boolean,
            Scalar::Null => JsonType::Null,
            Scalar::Array => JsonType::Array,
            Scalar::Object => JsonType::Object,
        }
    }
}

/// A value a probe found: which pattern of the probe found it, where, and what it is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Found {
    /// The index of the pattern (in [`probes`]) that found it.
    pub pattern: u8,
    /// Where it is.
    pub path: Path,
    /// What it is.
    pub value: Scalar,
}

/// A change a decision asks of a host's object. Every path is into the object as the host
/// holds it before any edit of the same decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "op")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Edit {
    /// The value at `path` replaced by `value` (or added, the objects on the way made where
    /// missing).
    Set {
        /// Where.
        path: Path,
        /// The new value.
        #[cfg_attr(feature = "schema", schemars(with = "serde_json::Value"))]
        value: Json,
    },
    /// The value at `path` replaced by the host's own value at `from` (removed when there is
    /// none): a payload moved without crossing.
    Take {
        /// Where.
        path: Path,
        /// From where.
        from: Path,
    },
    /// The member at `path` removed.
    Remove {
        /// Where.
        path: Path,
    },
}

impl Edit {
    /// The value at `path` set to `value`.
    pub fn new(path: Path, value: Json) -> Edit {
        Edit::Set { path, value }
    }

    /// The string at `path` set to `value`.
    pub fn string(path: Path, value: impl Into<String>) -> Edit {
        Edit::Set { path, value: Json::String(value.into()) }
    }

    /// Where it changes.
    pub fn path(&self) -> &[Step] {
        match self {
            Edit::Set { path, .. } | Edit::Take { path, .. } | Edit::Remove { path } => path,
        }
    }
}

/// What a probe reads: an item of an upstream list, a client's request params, an upstream's
/// result or notification. Each probe's first pattern of a message (`Probe::CallTool` and the
/// rest below it) is the empty one: the object itself, so that the core words what it is when
/// it is not an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Probe {
    /// An item of a `tools/list` result: its MCP Apps UI resource URIs (its name is read with
    /// the list's names).
    Tool,
    /// What search reads of a tool besides its name: its description and its input parameters'
    /// names.
    ToolText,
    /// A `tools/call` request's params: the name.
    CallTool,
    /// A `tools/call` of a discovery meta-tool: the name, and the arguments' keys and values
    /// (for `call_tool`, the inner name and whether the inner arguments are an object). Only
    /// names the host's facts list as meta-tools' are read with it, so that no other tool's
    /// arguments ever cross.
    MetaCall,
    /// A `prompts/get` request's params: the name.
    GetPrompt,
    /// A `resources/read`, `resources/subscribe` or `resources/unsubscribe` request's params:
    /// the URI.
    ReadResource,
    /// A `completion/complete` request's params: the reference, its type, name and URI.
    Complete,
    /// A notification from an upstream: its method, and the URI of `resources/updated`.
    Notification,
    /// A `tools/call`, `resources/read` or `prompts/get` result: the URIs it carries
    /// (`resource_link` blocks, embedded resources, `contents[].uri`, prompt messages).
    Result,
    /// An item of a `tools/list` result: its `x-mcp-header` annotations (where they are, what
    /// they hold) and the types in its `inputSchema` (SEP-2243).
    ToolHeaders,
    /// A client's request params (MCP 2026-07-28): its `_meta` keys, protocol revision,
    /// capabilities' keys and extensions, log level.
    RequestMeta,
    /// A `subscriptions/listen` request's params, or the params of an upstream's
    /// `notifications/subscriptions/acknowledged`: the notification filter.
    Listen,
    /// An upstream's result of `tools/call`, `resources/read` or `prompts/get` as a gateway of
    /// 2026-07-28 reads it: [`Probe::Result`]'s URIs, then its `resultType`, its
    /// `_meta` server identity, its `requestState`, and the URIs in its `inputRequests`.
    Response,
}

impl Probe {
    /// Every probe, in a fixed order.
    pub const ALL: [Probe; 13] = [
        Probe::Tool,
        Probe::ToolText,
        Probe::CallTool,
        Probe::MetaCall,
        Probe::GetPrompt,
        Probe::ReadResource,
        Probe::Complete,
        Probe::Notification,
        Probe::Result,
        Probe::ToolHeaders,
        Probe::RequestMeta,
        Probe::Listen,
        Probe::Response,
    ];
}

use PatternStep::{Deep, DeepAll, Each, Key, Keys, Where};

const TOOL: &[Pattern] = &[&[Key("_meta"), Key("ui"), Key("resourceUri")], &[Key("_meta"), Key("ui/resourceUri")]];

const TOOL_TEXT: &[Pattern] = &[&[Key("description")], &[Key("inputSchema"), Key("properties"), Keys]];

/// A retry's `requestState` (MCP 2026-07-28): the last pattern of the request probes it is in.
const STATE: Pattern = &[Key("requestState")];

const CALL_TOOL: &[Pattern] = &[&[], &[Key("name")], STATE];

const META_CALL: &[Pattern] = &[&[], &[Key("name")], &[Key("arguments")], &[Key("arguments"), Each], STATE];

const GET_PROMPT: &[Pattern] = &[&[], &[Key("name")], STATE];

const READ_RESOURCE: &[Pattern] = &[&[], &[Key("uri")], STATE];

const COMPLETE: &[Pattern] =
    &[&[], &[Key("ref")], &[Key("ref"), Key("type")], &[Key("ref"), Key("name")], &[Key("ref"), Key("uri")]];

const NOTIFICATION: &[Pattern] = &[&[], &[Key("method")], &[Key("params"), Key("uri")]];

/// A result's URIs: content blocks (a link's own, an embedded resource's), read contents,
/// prompt messages.
const RESULT: &[Pattern] = &[
    &[],
    &[Key("content"), Each, Where("type", "resource_link"), Key("uri")],
    &[Key("content"), Each, Where("type", "resource"), Key("resource"), Key("uri")],
    &[Key("contents"), Each, Key("uri")],
    &[Key("messages"), Each, Key("content"), Where("type", "resource_link"), Key("uri")],
    &[Key("messages"), Each, Key("content"), Where("type", "resource"), Key("resource"), Key("uri")],
];

const TOOL_HEADERS: &[Pattern] = &[
    &[Key("inputSchema"), Deep("x-mcp-header")],
    &[Key("inputSchema"), DeepAll("type")],
    &[Key("inputSchema"), DeepAll("type"), Each],
];

const REQUEST_META: &[Pattern] = &[
    &[Key("_meta")],
    &[Key("_meta"), Keys],
    &[Key("_meta"), Key("io.modelcontextprotocol/protocolVersion")],
    &[Key("_meta"), Key("io.modelcontextprotocol/clientCapabilities"), Keys],
    &[Key("_meta"), Key("io.modelcontextprotocol/clientCapabilities"), Key("extensions"), Keys],
    &[Key("_meta"), Key("io.modelcontextprotocol/logLevel")],
];

const LISTEN: &[Pattern] = &[
    &[],
    &[Key("notifications")],
    &[Key("notifications"), Key("toolsListChanged")],
    &[Key("notifications"), Key("promptsListChanged")],
    &[Key("notifications"), Key("resourcesListChanged")],
    &[Key("notifications"), Key("resourceSubscriptions")],
    &[Key("notifications"), Key("resourceSubscriptions"), Each],
];

/// [`RESULT`], then what a 2026-07-28 result carries besides: its type, its server identity,
/// its state, and the resource links of the sampling requests among its input requests (a tool
/// result a server hands the client's model, as one block or in an array).
const RESPONSE: &[Pattern] = &[
    &[],
    &[Key("content"), Each, Where("type", "resource_link"), Key("uri")],
    &[Key("content"), Each, Where("type", "resource"), Key("resource"), Key("uri")],
    &[Key("contents"), Each, Key("uri")],
    &[Key("messages"), Each, Key("content"), Where("type", "resource_link"), Key("uri")],
    &[Key("messages"), Each, Key("content"), Where("type", "resource"), Key("resource"), Key("uri")],
    &[Key("resultType")],
    &[Key("_meta"), Key("io.modelcontextprotocol/serverInfo")],
    &[Key("requestState")],
    &[Key("inputRequests"), Each, Key("method")],
    &[
        Key("inputRequests"),
        Each,
        Where("method", "sampling/createMessage"),
        Key("params"),
        Key("messages"),
        Each,
        Key("content"),
        Where("type", "tool_result"),
        Key("content"),
        Each,
        Where("type", "resource_link"),
        Key("uri"),
    ],
    &[
        Key("inputRequests"),
        Each,
        Where("method", "sampling/createMessage"),
        Key("params"),
        Key("messages"),
        Each,
        Key("content"),
        Each,
        Where("type", "tool_result"),
        Key("content"),
        Each,
        Where("type", "resource_link"),
        Key("uri"),
    ],
    &[
        Key("inputRequests"),
        Each,
        Where("method", "sampling/createMessage"),
        Key("params"),
        Key("messages"),
        Each,
        Key("content"),
        Where("type", "tool_result"),
        Key("content"),
        Each,
        Where("type", "resource"),
        Key("resource"),
        Key("uri"),
    ],
    &[
        Key("inputRequests"),
        Each,
        Where("method", "sampling/createMessage"),
        Key("params"),
        Key("messages"),
        Each,
        Key("content"),
        Each,
        Where("type", "tool_result"),
        Key("content"),
        Each,
        Where("type", "resource"),
        Key("resource"),
        Key("uri"),
    ],
];

/// The patterns of a probe, in the order [`Found::pattern`] counts them.
pub fn probes(probe: Probe) -> &'static [Pattern] {
    match probe {
        Probe::Tool => TOOL,
        Probe::ToolText => TOOL_TEXT,
        Probe::CallTool => CALL_TOOL,
        Probe::MetaCall => META_CALL,
        Probe::GetPrompt => GET_PROMPT,
        Probe::ReadResource => READ_RESOURCE,
        Probe::Complete => COMPLETE,
        Probe::Notification => NOTIFICATION,
        Probe::Result => RESULT,
        Probe::ToolHeaders => TOOL_HEADERS,
        Probe::RequestMeta => REQUEST_META,
        Probe::Listen => LISTEN,
        Probe::Response => RESPONSE,
    }
}

/// The first value pattern `pattern` found, if any.
pub fn first(found: &[Found], pattern: u8) -> Option<&Scalar> {
    found.iter().find(|f| f.pattern == pattern).map(|f| &f.value)
}

/// Walks `value` with `patterns`: every value they reach, pattern by pattern, each in document
/// order. What a host's walker does; [`super::Gateway`] uses this one.
pub fn find(value: &Json, patterns: &[Pattern]) -> Vec<Found> {
    let mut out = Vec::new();
    let mut path = Vec::new();
    for (i, pattern) in patterns.iter().enumerate() {
        walk(value, pattern, i as u8, &mut path, &mut out);
    }
    out
}

fn walk(value: &Json, rest: &[PatternStep], pattern: u8, path: &mut Path, out: &mut Vec<Found>) {
    let Some((step, rest)) = rest.split_first() else {
        out.push(Found { pattern, path: path.clone(), value: Scalar::of(value) });
        return;
    };
    match (*step, value) {
        (Key(key), Json::Object(_)) => {
            if let Some(v) = value.get(key) {
                path.push(Step::key(key));
                walk(v, rest, pattern, path, out);
                path.pop();
            }
        }
        (Each, Json::Array(items)) => {
            for (i, v) in items.iter().enumerate() {
                path.push(Step::Index(i as u32));
                walk(v, rest, pattern, path, out);
                path.pop();
            }
        }
        (Each, Json::Object(members)) => {
            for (k, v) in members {
                path.push(Step::Key(Cow::Owned(k.clone())));
                walk(v, rest, pattern, path, out);
                path.pop();
            }
        }
        (Keys, Json::Object(members)) => {
            for (k, _) in members {
                path.push(Step::Key(Cow::Owned(k.clone())));
                // A key is the value found, whatever steps follow.
                out.push(Found { pattern, path: path.clone(), value: Scalar::String(k.clone()) });
                path.pop();
            }
        }
        (Where(key, equals), Json::Object(_)) if value.get(key).and_then(Json::as_str) == Some(equals) => {
            walk(value, rest, pattern, path, out);
        }
        (Deep(key), _) => deep(value, key, false, rest, pattern, path, out, 0),
        (DeepAll(key), _) => deep(value, key, true, rest, pattern, path, out, 0),
        _ => {}
    }
}

#[allow(clippy::too_many_arguments)]
fn deep(
    value: &Json,
    key: &'static str,
    all: bool,
    rest: &[PatternStep],
    pattern: u8,
    path: &mut Path,
    out: &mut Vec<Found>,
    depth: usize,
) {
    if depth > Json::MAX_DEPTH {
        return;
    }
    match value {
        Json::Object(members) => {
            for (k, v) in members {
                path.push(Step::Key(Cow::Owned(k.clone())));
                if k == key {
                    walk(v, rest, pattern, path, out);
                }
                if k != key || all {
                    deep(v, key, all, rest, pattern, path, out, depth + 1);
                }
                path.pop();
            }
        }
        Json::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push(Step::Index(i as u32));
                deep(v, key, all, rest, pattern, path, out, depth + 1);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The values at `paths` (a decision's reads), each found as the pattern of its place in
/// `paths`; a path that reaches nothing finds nothing.
pub fn find_paths(value: &Json, paths: &[Path]) -> Vec<Found> {
    paths
        .iter()
        .enumerate()
        .filter_map(|(i, p)| at(value, p).map(|v| Found { pattern: i as u8, path: p.clone(), value: Scalar::of(v) }))
        .collect()
}

/// `value` with `edits` made: what a host's applier does; [`super::Gateway`] uses this one. An
/// edit whose path runs through something that is neither an object nor an array in range
/// replaces that value with an object (arrays are never grown).
pub fn apply(value: &Json, edits: &[Edit]) -> Json {
    let mut out = value.clone();
    for e in edits {
        match e {
            Edit::Set { path, value } => set(&mut out, path, Some(value.clone())),
            Edit::Take { path, from } => set(&mut out, path, at(value, from).cloned()),
            Edit::Remove { path } => set(&mut out, path, None),
        }
    }
    out
}

/// The value at `path`, if there is one.
pub fn at<'j>(value: &'j Json, path: &[Step]) -> Option<&'j Json> {
    path.iter().try_fold(value, |v, step| match (step, v) {
        (Step::Index(i), Json::Array(items)) => items.get(*i as usize),
        (Step::Key(k), Json::Object(_)) => v.get(k),
        _ => None,
    })
}

/// Sets (`None`: removes) the value at `path` in `target` (see [`apply`]).
fn set(target: &mut Json, path: &[Step], value: Option<Json>) {
    let Some((step, rest)) = path.split_first() else {
        if let Some(v) = value {
            *target = v;
        }
        return;
    };
    match (step, &mut *target) {
        (Step::Index(i), Json::Array(items)) if (*i as usize) < items.len() => {
            set(&mut items[*i as usize], rest, value)
        }
        (Step::Key(k), Json::Object(members)) => match members.iter().position(|(m, _)| m == k) {
            Some(i) if rest.is_empty() && value.is_none() => {
                members.remove(i);
            }
            Some(i) => set(&mut members[i].1, rest, value),
            None if value.is_none() => {}
            None => {
                let mut v = Json::Object(Vec::new());
                set(&mut v, rest, value);
                members.push((k.to_string(), v));
            }
        },
        (Step::Key(k), other) if value.is_some() => {
            let mut v = Json::Object(Vec::new());
            set(&mut v, rest, value);
            *other = Json::Object(vec![(k.to_string(), v)]);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Json {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn every_result_uri_is_found_in_document_order_per_pattern() {
        let r = json(
            r#"{"content":[{"type":"resource","resource":{"uri":"a"}},{"type":"resource_link","uri":"b"},{"type":"text","uri":"no"}],
                "contents":[{"uri":"c"},{"uri":5}],
                "messages":[{"content":{"type":"resource_link","uri":"d"}},{"content":{"type":"resource","resource":{"uri":"e"}}}]}"#,
        );
        let found = find(&r, probes(Probe::Result));
        let got: Vec<(u8, &Scalar)> = found.iter().map(|f| (f.pattern, &f.value)).collect();
        let s = |v: &str| Scalar::String(v.into());
        assert_eq!(
            got,
            [
                (0, &Scalar::Object),
                (1, &s("b")),
                (2, &s("a")),
                (3, &s("c")),
                (3, &Scalar::Number(5.0)),
                (4, &s("d")),
                (5, &s("e"))
            ]
        );
    }

    #[test]
    fn keys_and_deep_steps() {
        let tool = json(r#"{"description":"d","inputSchema":{"properties":{"a":{},"b":{"x":1}}}}"#);
        let found = find(&tool, probes(Probe::ToolText));
        assert_eq!(found.len(), 3);
        assert_eq!(found[2].path, [Step::key("inputSchema"), Step::key("properties"), Step::key("b")]);
        let schema = json(r#"{"properties":{"a":{"x-mcp-header":"A"},"b":{"items":{"x-mcp-header":"B"}}}}"#);
        let found = find(&schema, &[&[PatternStep::Deep("x-mcp-header")]]);
        assert_eq!(found.len(), 2);
        assert_eq!(
            found[1].path,
            [Step::key("properties"), Step::key("b"), Step::key("items"), Step::key("x-mcp-header")]
        );
    }

    #[test]
    fn deep_steps_stop_below_the_deepest_nesting_a_reader_accepts() {
        // `{"k":1}` under `levels` arrays: found down to Json::MAX_DEPTH, never past it, however
        // a host built the value (its own objects are not read from text).
        let nested = |levels: usize| {
            (0..levels).fold(Json::Object(vec![("k".into(), Json::Number(1.0))]), |v, _| Json::Array(vec![v]))
        };
        let deep: &[Pattern] = &[&[PatternStep::Deep("k")]];
        assert_eq!(find(&nested(Json::MAX_DEPTH), deep).len(), 1);
        assert_eq!(find(&nested(Json::MAX_DEPTH + 1), deep).len(), 0);
        let object = (0..Json::MAX_DEPTH + 2).fold(Json::Number(1.0), |v, _| Json::Object(vec![("k".into(), v)]));
        let all: &[Pattern] = &[&[PatternStep::DeepAll("k")]];
        assert_eq!(find(&object, all).len(), Json::MAX_DEPTH + 1);
    }

    #[test]
    fn edits_past_an_array_or_through_a_scalar_change_nothing() {
        let v = json(r#"{"a":[{"b":1},{"b":2}],"c":"x"}"#);
        let edits = [
            // One past the last item: no item is added, none replaced.
            Edit::string(vec![Step::key("a"), Step::Index(2), Step::key("b")], "three"),
            // A removal through a string: the string stays.
            Edit::Remove { path: vec![Step::key("c"), Step::key("x")] },
        ];
        assert_eq!(apply(&v, &edits), v);
    }

    #[test]
    fn edits_replace_and_add_copy_on_write() {
        let v = json(r#"{"a":[{"b":1},{"b":2}],"c":"x"}"#);
        let out = apply(
            &v,
            &[
                Edit::string(vec![Step::key("a"), Step::Index(1), Step::key("b")], "two"),
                Edit::string(vec![Step::key("d"), Step::key("e")], "new"),
                Edit::string(vec![Step::key("a"), Step::Index(9), Step::key("b")], "ignored"),
                Edit::string(vec![Step::key("c"), Step::key("f")], "replaces a string"),
                Edit::Take { path: vec![Step::key("g")], from: vec![Step::key("a"), Step::Index(0)] },
                Edit::Take { path: vec![Step::key("h")], from: vec![Step::key("nothing")] },
                Edit::Remove { path: vec![Step::key("a"), Step::Index(0), Step::key("b")] },
            ],
        );
        assert_eq!(out, json(r#"{"a":[{},{"b":"two"}],"c":{"f":"replaces a string"},"d":{"e":"new"},"g":{"b":1}}"#));
        assert_eq!(v, json(r#"{"a":[{"b":1},{"b":2}],"c":"x"}"#));
    }
}
