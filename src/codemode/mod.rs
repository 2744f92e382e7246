//! Code mode: MCP tools as code. An agent that calls tools by writing code against a generated API
//! needs every server as a namespace and every tool as a function of a language, and the way back
//! from the function it called to the tool. [`code_mode`] projects `tools/list` results (one per
//! server) to identifiers, files and declarations, in one of four views:
//!
//! | view | namespace, function | duplicates | declarations |
//! | --- | --- | --- | --- |
//! | `mcp-naming` (default) | camelCase (TS/JS), snake_case (Python); a reserved word or global gets `_`; a name not spelled `lower_snake` gets a digest of itself | never: one to one by construction | `.d.ts` (`declare namespace`) or `.pyi` |
//! | `cloudflare-codemode` | `sanitizeToolName` of `@cloudflare/codemode` 0.5.6 | two members of one name (`codemode_collision`) | `generateTypesFromJsonSchema`, byte for byte |
//! | `codex` | `tools.mcp__<server>__<tool>` (`normalize_code_mode_identifier`) | hashed apart by Codex | Codex's `declare const tools: { … }` line per tool |
//! | `openclaw` | `MCP.<server>.<tool>`, camelCase words, `2`, `3`, … after a taken or reserved word | numbered | mcp-naming's text under OpenClaw's names |
//!
//! The mcp-naming view's identifiers depend on the names alone (server and tool), its
//! declarations on the schemas too. A name spelled in lowercase words joined by `_` keeps a
//! readable identifier (`get_user` → `getUser`, `get_user`; a reserved word gets a trailing `_`);
//! any other spelling adds 12 hex digits (48 bits) of SHA-256 of the name itself, so that two
//! names never meet and no identifier changes when a tool is added (`src/codemode/identifier.rs`
//! has the argument). [`CodeMode::resolve`] and [`resolve`] are the way back.
//!
//! ```
//! use mcp_naming::codemode::{code_mode, Language, Options, ServerTools, Tool};
//!
//! let servers = vec![ServerTools::new("github", vec![Tool::new("get_user"), Tool::new("get-user"), Tool::new("delete")])];
//! let cm = code_mode(&servers, &Options::default()).unwrap();
//! let names: Vec<&str> = cm.namespaces[0].tools.iter().map(|t| t.name.as_str()).collect();
//! assert_eq!(names[0], "getUser");
//! assert!(names[1].starts_with("getUser_") && names[1].len() == "getUser_".len() + 12);
//! assert_eq!(names[2], "delete_");
//! assert!(cm.declarations.contains("function getUser(input: GetUserInput): Promise<GetUserOutput>;"));
//! assert_eq!(cm.resolve("github", "delete_").unwrap(), (0, 2));
//! assert_eq!(cm.resolve("github", "getUsr").unwrap_err().suggestions, ["getUser"]);
//!
//! let py = code_mode(&servers, &Options::default().with_language(Language::Python)).unwrap();
//! assert_eq!(py.namespaces[0].tools[0].name, "get_user");
//! ```

mod declarations;
pub(crate) mod identifier;
mod js;
pub mod paths;
pub mod reserved;
mod views;

use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::json::Json;
use crate::read::Reader;
use crate::text::{clip, quoted};
use core::fmt;
use core::str::FromStr;
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

macro_rules! ids {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident => $id:literal,)* } $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        #[non_exhaustive]
        pub enum $name {
            #[default]
            $($(#[$vdoc])* $variant,)*
        }

        impl $name {
            /// Every value, the default first.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The public id, as the packages take it.
            pub const fn id(self) -> &'static str {
                match self {
                    $($name::$variant => $id,)*
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.id())
            }
        }

        impl FromStr for $name {
            type Err = Error;

            /// # Errors
            /// `invalid_argument` naming the ids, with the nearest one as the suggestion.
            fn from_str(text: &str) -> Result<$name, Error> {
                $name::ALL.iter().copied().find(|v| v.id() == text).ok_or_else(|| {
                    let ids: Vec<&str> = $name::ALL.iter().map(|v| v.id()).collect();
                    let near = crate::suggest::closest(text, ids.iter().copied(), 1).first().map(|s| s.to_string());
                    Error::invalid_argument(format!(
                        "unknown {} {}: use one of {}",
                        $what,
                        quoted(&clip(text, 40)),
                        ids.join(", ")
                    ))
                    .with_suggestion(near)
                })
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.id())
            }
        }
    };
}

// Three small enums written once by the macro above; `#[default]` goes on the first variant.
ids! {
    /// The language of the generated code.
    Language {
        /// TypeScript: `.d.ts` declarations, `.ts` files.
        TypeScript => "typescript",
        /// JavaScript: the same declarations, `.js` files with JSDoc types.
        JavaScript => "javascript",
        /// Python: `.pyi` declarations, `.py` files.
        Python => "python",
    } "language"
}

ids! {
    /// How the tools are laid out.
    Layout {
        /// One namespace object per server (`github.getUser(…)`).
        Object => "object",
        /// One file per tool, `servers/<server>/<tool>.<ext>` (Anthropic's "code execution with
        /// MCP" pattern), besides the declarations.
        Files => "files",
    } "layout"
}

ids! {
    /// Whose naming the identifiers follow.
    View {
        /// This crate's projection: one to one and stable (see the module documentation).
        McpNaming => "mcp-naming",
        /// `@cloudflare/codemode` 0.5.6, byte for byte.
        CloudflareCodemode => "cloudflare-codemode",
        /// OpenAI Codex's code mode (`codex-rs/code-mode`), byte for byte.
        Codex => "codex",
        /// OpenClaw's code-mode namespaces (`src/agents/code-mode-namespaces.ts`), byte for byte.
        OpenClaw => "openclaw",
    } "view"
}

impl Language {
    /// The extension of a generated file: `ts`, `js`, `py`.
    pub const fn extension(self) -> &'static str {
        match self {
            Language::TypeScript => "ts",
            Language::JavaScript => "js",
            Language::Python => "py",
        }
    }
}

/// What [`code_mode`] generates. `Options::default()` is TypeScript, one object per server, the
/// mcp-naming view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The language.
    pub language: Language,
    /// The layout.
    pub layout: Layout,
    /// The view.
    pub view: View,
}

impl Options {
    /// The keys an options object may have.
    pub const KEYS: &'static [&'static str] = &["language", "layout", "view"];

    /// With `language`.
    pub fn with_language(mut self, language: Language) -> Options {
        self.language = language;
        self
    }

    /// With `layout`.
    pub fn with_layout(mut self, layout: Layout) -> Options {
        self.layout = layout;
        self
    }

    /// With `view`.
    pub fn with_view(mut self, view: View) -> Options {
        self.view = view;
        self
    }

    /// Reads `{ language?, layout?, view? }` (absent or `null`: the default); unknown keys and
    /// values are refused with the nearest known one.
    ///
    /// ```
    /// use mcp_naming::codemode::{Language, Options};
    /// let json = serde_json::from_str(r#"{ "language": "pyton" }"#).unwrap();
    /// let err = Options::from_json(&json).unwrap_err();
    /// assert_eq!(err.suggestions, ["python"]);
    /// assert_eq!(Options::from_json(&mcp_naming::Json::Null).unwrap().language, Language::TypeScript);
    /// ```
    ///
    /// # Errors
    /// `invalid_argument`, a diagnostic per bad key or value with its path.
    pub fn from_json(value: &Json) -> Result<Options, Error> {
        if matches!(value, Json::Null) {
            return Ok(Options::default());
        }
        let mut r = Reader::argument();
        r.object(value, "options", Options::KEYS);
        fn ids<T: Copy>(all: &[T], id: fn(T) -> &'static str) -> Vec<&'static str> {
            all.iter().map(|v| id(*v)).collect()
        }
        let opts = Options {
            language: r
                .opt_choice(value, "language", "options", &ids(Language::ALL, Language::id), |s| s.parse().ok())
                .unwrap_or_default(),
            layout: r
                .opt_choice(value, "layout", "options", &ids(Layout::ALL, Layout::id), |s| s.parse().ok())
                .unwrap_or_default(),
            view: r
                .opt_choice(value, "view", "options", &ids(View::ALL, View::id), |s| s.parse().ok())
                .unwrap_or_default(),
        };
        r.finish(Some(opts), "")
    }
}

/// A tool as `tools/list` gave it: the members code mode reads.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Tool {
    /// `name`.
    pub name: String,
    /// `description`, when it is a string.
    pub description: Option<String>,
    /// `inputSchema`.
    pub input_schema: Option<Json>,
    /// `outputSchema`.
    pub output_schema: Option<Json>,
    /// `description` as given, whatever its type (a peer view reads it as JavaScript would).
    raw_description: Option<Json>,
}

impl Tool {
    /// A tool with no description and no schemas.
    pub fn new(name: impl Into<String>) -> Tool {
        Tool { name: name.into(), description: None, input_schema: None, output_schema: None, raw_description: None }
    }

    /// With a description.
    pub fn with_description(mut self, description: impl Into<String>) -> Tool {
        let d = description.into();
        self.raw_description = Some(Json::String(d.clone()));
        self.description = Some(d);
        self
    }

    /// With an input schema.
    pub fn with_input_schema(mut self, schema: Json) -> Tool {
        self.input_schema = Some(schema);
        self
    }

    /// With an output schema.
    pub fn with_output_schema(mut self, schema: Json) -> Tool {
        self.output_schema = Some(schema);
        self
    }

    /// The description as given, whatever its JSON type.
    pub(crate) fn raw_description(&self) -> Option<&Json> {
        self.raw_description.as_ref()
    }

    /// Reads a tool object (`name` a string; every other member optional and kept as given;
    /// members code mode does not read, such as `title` or `annotations`, are ignored).
    pub(crate) fn read(r: &mut Reader, value: &Json, path: &str) -> Option<Tool> {
        if value.as_object().is_none() {
            r.problem(path, format!("must be a tool object, got {}", value.described()));
            return None;
        }
        let name = r.req_string(value, "name", path, "the tool's name")?;
        let present = |key: &str| value.get(key).filter(|v| !matches!(v, Json::Null)).cloned();
        let raw_description = present("description");
        Some(Tool {
            name,
            description: raw_description.as_ref().and_then(Json::as_str).map(str::to_string),
            input_schema: present("inputSchema"),
            output_schema: present("outputSchema"),
            raw_description,
        })
    }
}

/// One server's tools: `{ server, tools }`.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ServerTools {
    /// The server's name.
    pub server: String,
    /// Its tools, in its list's order.
    pub tools: Vec<Tool>,
}

impl ServerTools {
    /// `server` with `tools`.
    pub fn new(server: impl Into<String>, tools: Vec<Tool>) -> ServerTools {
        ServerTools { server: server.into(), tools }
    }

    /// Reads `[{ server, tools }]`, `tools` the tool objects of a `tools/list` result (or the
    /// result itself, `{ tools: [...] }`).
    ///
    /// # Errors
    /// `invalid_argument`, a diagnostic per problem with its path (`servers[1].tools[3].name`).
    pub fn list_from_json(value: &Json) -> Result<Vec<ServerTools>, Error> {
        let mut r = Reader::argument();
        let Some(items) = value.as_array() else {
            r.problem("servers", format!("must be an array of {{ server, tools }}, got {}", value.described()));
            return Err(r.into_error(""));
        };
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let path = format!("servers[{i}]");
            if r.object(item, &path, &["server", "tools"]).is_none() {
                continue;
            }
            let server = r.req_string(item, "server", &path, "the server's name");
            let list = match item.get("tools") {
                Some(Json::Object(_)) => item.get("tools").and_then(|t| t.get("tools")),
                other => other,
            };
            let tools_path = format!("{path}.tools");
            let tools: Vec<Tool> = match list {
                Some(Json::Array(tools)) => tools
                    .iter()
                    .enumerate()
                    .filter_map(|(j, t)| Tool::read(&mut r, t, &format!("{tools_path}[{j}]")))
                    .collect(),
                Some(other) => {
                    r.problem(
                        &tools_path,
                        format!("must be the tool objects of tools/list, got {}", other.described()),
                    );
                    Vec::new()
                }
                None => {
                    r.problem(&tools_path, "is required (the tool objects of tools/list)");
                    Vec::new()
                }
            };
            if let Some(server) = server {
                out.push(ServerTools { server, tools });
            }
        }
        r.finish(Some(out), "")
    }
}

/// A tool as code: `{ tool, name, path?, diagnostics }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Function {
    /// The tool's name (as its server lists it; a router's exposed name for a router's code mode).
    pub tool: String,
    /// The identifier in the language.
    pub name: String,
    /// Its file, with the `files` layout.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Where it could not be projected as it is: `codemode_renamed`, `codemode_hashed`,
    /// `codemode_collision`, `duplicate_entry`, `invalid_path`.
    pub diagnostics: Vec<Diagnostic>,
}

/// A server as code: `{ server, name, tools }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Namespace {
    /// The server's name.
    pub server: String,
    /// The identifier its tools are reached through (`github`, `tools`, `MCP.github`).
    pub name: String,
    /// Its tools, in its list's order.
    pub tools: Vec<Function>,
}

/// A generated file: `{ path, content }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct File {
    /// Relative, `/`-separated.
    pub path: String,
    /// Its text.
    pub content: String,
}

/// What [`code_mode`] returns. Serialized as `{ language, layout, view, namespaces, declarations,
/// files?, diagnostics }`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CodeMode {
    /// The options it was made with.
    pub options: Options,
    /// One per server, in the order given.
    pub namespaces: Vec<Namespace>,
    /// The declarations: `.d.ts` text (TypeScript and JavaScript) or `.pyi` text (Python).
    pub declarations: String,
    /// With the `files` layout: one file per tool, and the runtime hook they import.
    pub files: Vec<File>,
    /// What concerns a server or the catalog rather than one tool (a namespace renamed, two
    /// namespaces of one name, a peer's global shadowed).
    pub diagnostics: Vec<Diagnostic>,
}

impl Serialize for CodeMode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let files = self.options.layout == Layout::Files;
        let mut m = s.serialize_struct("CodeMode", 6 + usize::from(files))?;
        m.serialize_field("language", &self.options.language)?;
        m.serialize_field("layout", &self.options.layout)?;
        m.serialize_field("view", &self.options.view)?;
        m.serialize_field("namespaces", &self.namespaces)?;
        m.serialize_field("declarations", &self.declarations)?;
        if files {
            m.serialize_field("files", &self.files)?;
        }
        m.serialize_field("diagnostics", &self.diagnostics)?;
        m.end()
    }
}

impl CodeMode {
    /// The way back: the server and tool (indexes into [`CodeMode::namespaces`] and its `tools`)
    /// that `namespace.identifier` calls. A tool listed twice resolves to its first listing.
    ///
    /// # Errors
    /// `unknown_server` for a namespace no server has, `unknown_tool` for an identifier the
    /// namespace does not hold, each with the nearest names as suggestions.
    pub fn resolve(&self, namespace: &str, identifier: &str) -> Result<(usize, usize), Error> {
        let mut any = false;
        for (si, ns) in self.namespaces.iter().enumerate().filter(|(_, ns)| ns.name == namespace) {
            any = true;
            if let Some(ti) = ns.tools.iter().position(|t| t.name == identifier) {
                return Ok((si, ti));
            }
        }
        if !any {
            let names = self.namespaces.iter().map(|n| n.name.as_str());
            let near: Vec<String> =
                crate::suggest::closest(namespace, names, 3).into_iter().map(str::to_string).collect();
            let mut e = Error::new(Code::UnknownServer, Span::whole(namespace), unknown_namespace(namespace, &near));
            e.suggestions = near;
            return Err(e);
        }
        let names = self
            .namespaces
            .iter()
            .filter(|n| n.name == namespace)
            .flat_map(|n| n.tools.iter().map(|t| t.name.as_str()));
        let near: Vec<String> = crate::suggest::closest(identifier, names, 3).into_iter().map(str::to_string).collect();
        let mut e =
            Error::new(Code::UnknownTool, Span::whole(identifier), unknown_function(namespace, identifier, &near));
        e.suggestions = near;
        Err(e)
    }
}

fn did_you_mean(near: &[String]) -> String {
    match near.first() {
        Some(n) => format!(": did you mean {}?", quoted(n)),
        None => String::new(),
    }
}

/// The message of `unknown_server` from [`CodeMode::resolve`].
fn unknown_namespace(namespace: &str, near: &[String]) -> String {
    format!("{} is not a namespace of this code mode{}", quoted(namespace), did_you_mean(near))
}

/// The message of `unknown_tool` from [`CodeMode::resolve`].
fn unknown_function(namespace: &str, identifier: &str, near: &[String]) -> String {
    format!("Unknown tool: {}.{}{}", namespace, quoted(identifier), did_you_mean(near))
}

/// Tools as code: every server a namespace, every tool a function of `options.language`, named
/// by `options.view`, with declarations and (`Layout::Files`) one file per tool. See the module
/// documentation.
///
/// # Errors
/// `invalid_argument` for two servers of one name, or a view that has no such language or layout
/// (the peer views are JavaScript; only mcp-naming and openclaw lay out files).
pub fn code_mode(servers: &[ServerTools], options: &Options) -> Result<CodeMode, Error> {
    let inputs = views::inputs(servers);
    check(&inputs, options)?;
    Ok(views::project_inputs(&inputs, options))
}

/// What no view can project: two servers of one name, a view without such a language or layout.
fn check(inputs: &[views::Input<'_>], options: &Options) -> Result<(), Error> {
    for (i, s) in inputs.iter().enumerate() {
        if let Some(j) = inputs[..i].iter().position(|o| o.server == s.server) {
            return Err(Error::invalid_argument(format!(
                "servers[{i}].server: {} is already the name of servers[{j}]: server names must be unique",
                quoted(s.server)
            )));
        }
    }
    let peer_js = matches!(options.view, View::CloudflareCodemode | View::Codex | View::OpenClaw);
    if peer_js && options.language == Language::Python {
        return Err(Error::invalid_argument(format!(
            "the {} view is JavaScript: use language \"typescript\" or \"javascript\", or the mcp-naming view for Python",
            options.view
        )));
    }
    if options.layout == Layout::Files && matches!(options.view, View::CloudflareCodemode | View::Codex) {
        return Err(Error::invalid_argument(format!(
            "the {} view has no files: use layout \"object\", or the mcp-naming or openclaw view",
            options.view
        )));
    }
    Ok(())
}

/// A server of a gateway's catalog, as [`crate::router::Router::code_mode_catalog`] gives it:
/// `{ server, label, tools: [{ name, part }] }`. Its namespace is named after `label` (a
/// registry name's prefix), its functions after each tool's `part` (the exposed name without the
/// server's prefix); `server` and each exposed `name` are what the result reports and calls back.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct CatalogServer {
    /// The configured server name.
    pub server: String,
    /// What exposed names write it as.
    pub label: String,
    /// Its enabled exposed tools, in list order.
    pub tools: Vec<CatalogTool>,
}

/// A tool of a gateway's catalog: its exposed name, the part its identifier is projected from,
/// and (for declarations) its object.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct CatalogTool {
    /// The exposed name (what `tools/call` takes).
    pub name: String,
    /// The exposed name without the server's prefix.
    pub part: String,
    /// The tool's object, for its description and schemas (its `name` is not read).
    #[serde(skip)]
    pub tool: Option<Tool>,
}

impl CatalogServer {
    /// Reads `[{ server, label, tools: [{ name, part, tool? }] }]` (a host hands its tool objects
    /// back as `tool`).
    ///
    /// # Errors
    /// `invalid_argument`, a diagnostic per problem with its path.
    pub fn list_from_json(value: &Json) -> Result<Vec<CatalogServer>, Error> {
        let mut r = Reader::argument();
        let Some(items) = value.as_array() else {
            r.problem("catalog", format!("must be an array of {{ server, label, tools }}, got {}", value.described()));
            return Err(r.into_error(""));
        };
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let path = format!("catalog[{i}]");
            if r.object(item, &path, &["server", "label", "tools"]).is_none() {
                continue;
            }
            let server = r.req_string(item, "server", &path, "the server's name");
            let label = r.req_string(item, "label", &path, "what exposed names write it as");
            let mut tools = Vec::new();
            for (j, t) in r.array(item, "tools", &path, "an array of { name, part, tool? }").iter().enumerate() {
                let at = format!("{path}.tools[{j}]");
                if r.object(t, &at, &["name", "part", "tool"]).is_none() {
                    continue;
                }
                let name = r.req_string(t, "name", &at, "the exposed name");
                let part = r.req_string(t, "part", &at, "the exposed name without the server's prefix");
                let object = match t.get("tool") {
                    None | Some(Json::Null) => None,
                    Some(Json::Object(members)) => {
                        let mut o = members.clone();
                        o.retain(|(k, _)| k != "name");
                        o.push(("name".into(), Json::String(part.clone().unwrap_or_default())));
                        Tool::read(&mut r, &Json::Object(o), &format!("{at}.tool"))
                    }
                    Some(other) => {
                        r.problem(&format!("{at}.tool"), format!("must be a tool object, got {}", other.described()));
                        None
                    }
                };
                if let (Some(name), Some(part)) = (name, part) {
                    tools.push(CatalogTool { name, part, tool: object });
                }
            }
            if let (Some(server), Some(label)) = (server, label) {
                out.push(CatalogServer { server, label, tools });
            }
        }
        r.finish(Some(out), "")
    }
}

/// Tools as code for a gateway's catalog (see [`CatalogServer`]): what
/// [`crate::router::Router::code_mode`] answers, and the npm and Python routers with the objects
/// they keep.
///
/// # Errors
/// As [`code_mode`].
pub fn code_mode_catalog(catalog: &[CatalogServer], options: &Options) -> Result<CodeMode, Error> {
    let bare: Vec<Vec<Tool>> =
        catalog.iter().map(|s| s.tools.iter().map(|t| Tool::new(t.part.clone())).collect()).collect();
    let inputs = catalog_inputs(catalog, &bare, true);
    check(&inputs, options)?;
    Ok(views::project_inputs(&inputs, options))
}

/// The exposed name `namespace.identifier` calls in a gateway's catalog: the way back of
/// [`code_mode_catalog`] (identifiers depend on names alone, so the objects are not needed).
///
/// # Errors
/// As [`CodeMode::resolve`], and as [`code_mode`].
pub fn resolve_catalog(
    catalog: &[CatalogServer],
    options: &Options,
    namespace: &str,
    identifier: &str,
) -> Result<String, Error> {
    // Names only: the objects' schemas decide nothing here.
    let bare: Vec<Vec<Tool>> =
        catalog.iter().map(|s| s.tools.iter().map(|t| Tool::new(t.part.clone())).collect()).collect();
    let inputs = catalog_inputs(catalog, &bare, false);
    check(&inputs, options)?;
    let (si, ti) = views::resolve_inputs(&inputs, &options.with_layout(Layout::Object), namespace, identifier)?;
    Ok(catalog[si].tools[ti].name.clone())
}

/// The namespace and the identifiers of a gateway's catalog, in its order (`[(namespace,
/// [identifier per tool])]`): what a host indexes to answer [`resolve_catalog`] without entering
/// the core for every call.
///
/// # Errors
/// As [`code_mode`].
pub fn catalog_identifiers(catalog: &[CatalogServer], options: &Options) -> Result<Vec<(String, Vec<String>)>, Error> {
    let bare: Vec<Vec<Tool>> =
        catalog.iter().map(|s| s.tools.iter().map(|t| Tool::new(t.part.clone())).collect()).collect();
    let inputs = catalog_inputs(catalog, &bare, false);
    check(&inputs, options)?;
    let cm = views::names(&inputs, &options.with_layout(Layout::Object));
    Ok(cm.namespaces.into_iter().map(|n| (n.name, n.tools.into_iter().map(|t| t.name).collect())).collect())
}

/// The way back of [`code_mode`]: the (server, tool) indexes `namespace.identifier` calls, as
/// [`CodeMode::resolve`] on its answer gives them, without making the declarations.
///
/// # Errors
/// As [`code_mode`], then as [`CodeMode::resolve`].
pub fn resolve(
    servers: &[ServerTools],
    options: &Options,
    namespace: &str,
    identifier: &str,
) -> Result<(usize, usize), Error> {
    let inputs = views::inputs(servers);
    check(&inputs, options)?;
    views::resolve_inputs(&inputs, &options.with_layout(Layout::Object), namespace, identifier)
}

/// A catalog as the views read it: each tool its object where the host keeps one (`objects`),
/// else its bare name from `bare`.
fn catalog_inputs<'a>(catalog: &'a [CatalogServer], bare: &'a [Vec<Tool>], objects: bool) -> Vec<views::Input<'a>> {
    catalog
        .iter()
        .zip(bare)
        .map(|(s, bare)| views::Input {
            server: &s.server,
            label: &s.label,
            tools: s
                .tools
                .iter()
                .zip(bare)
                .map(|(t, b)| (if objects { t.tool.as_ref().unwrap_or(b) } else { b }, t.name.as_str()))
                .collect(),
        })
        .collect()
}

/// [`code_mode`] from JSON: the servers (`[{ server, tools }]`) and the options, as the packages
/// pass them.
///
/// # Errors
/// As [`ServerTools::list_from_json`], [`Options::from_json`] and [`code_mode`].
pub fn code_mode_json(servers: &Json, options: &Json) -> Result<CodeMode, Error> {
    let options = Options::from_json(options)?;
    let servers = ServerTools::list_from_json(servers)?;
    code_mode(&servers, &options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_parse_back_and_unknown_ids_suggest() {
        for l in Language::ALL {
            assert_eq!(l.id().parse::<Language>().unwrap(), *l);
        }
        let e = "cloudflare".parse::<View>().unwrap_err();
        assert_eq!(
            e.message,
            "unknown view \"cloudflare\": use one of mcp-naming, cloudflare-codemode, codex, openclaw"
        );
        assert_eq!(e.suggestions, Vec::<String>::new());
        assert_eq!("fles".parse::<Layout>().unwrap_err().suggestions, ["files"]);
    }

    #[test]
    fn peers_refuse_what_they_do_not_have() {
        let s = vec![ServerTools::new("a", vec![])];
        let py = Options::default().with_language(Language::Python).with_view(View::Codex);
        assert_eq!(code_mode(&s, &py).unwrap_err().code, Code::InvalidArgument);
        let files = Options::default().with_layout(Layout::Files).with_view(View::CloudflareCodemode);
        assert_eq!(code_mode(&s, &files).unwrap_err().code, Code::InvalidArgument);
        let twice = vec![ServerTools::new("a", vec![]), ServerTools::new("a", vec![])];
        assert!(code_mode(&twice, &Options::default()).unwrap_err().message.contains("servers[1].server"));
    }

    #[test]
    fn reads_servers_and_tools_with_paths() {
        let v: Json = serde_json::from_str(
            r#"[{"server":"a","tools":[{"name":"x","description":5},{"nam":"y"},7]},{"server":"b","tools":{"tools":[]}}]"#,
        )
        .unwrap();
        let e = ServerTools::list_from_json(&v).unwrap_err();
        let paths: Vec<&str> = e.diagnostics.iter().filter_map(|d| d.path.as_deref()).collect();
        assert_eq!(paths, ["servers[0].tools[1].name", "servers[0].tools[2]"]);
        let v: Json = serde_json::from_str(r#"[{"server":"a","tools":[{"name":"x","description":5}]}]"#).unwrap();
        let s = ServerTools::list_from_json(&v).unwrap();
        assert_eq!(s[0].tools[0].description, None);
        assert_eq!(s[0].tools[0].raw_description(), Some(&Json::Number(5.0)));
    }
}
