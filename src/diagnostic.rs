//! Problems as data: a stable [`Code`], a [`Severity`], the [`Span`] of the offending text and a
//! one-sentence message written so that a model can correct itself from it.
//!
//! ```
//! use mcp_naming::{validate, Convention, Code, Options};
//!
//! let report = validate("mp:tool", Convention::Chora, &Options::default());
//! let error = &report.errors[0];
//! assert_eq!(error.code, Code::NamespaceTooShort);
//! assert_eq!(error.code.as_str(), "namespace_too_short");
//! assert_eq!((error.span.start, error.span.end), (0, 2));
//! assert_eq!(
//!     error.message,
//!     "namespace \"mp\" is too short: use 3 to 20 lowercase letters or digits, starting with a letter"
//! );
//! ```

use core::fmt;
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident => $text:literal,)*) => {
        /// A stable, snake_case identifier of a kind of problem. The strings are public API:
        /// they never change meaning once released.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $($(#[$doc])* $variant,)*
        }

        impl Code {
            /// Every code, in a fixed order (the index is stable within one release).
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable snake_case string of this code.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $text,)*
                }
            }

        }

        impl core::str::FromStr for Code {
            type Err = Error;

            /// The code for its snake_case string.
            ///
            /// # Errors
            /// `invalid_argument` for a string that is no code.
            fn from_str(text: &str) -> Result<Code, Error> {
                match text {
                    $($text => Ok(Code::$variant),)*
                    _ => Err(Error::invalid_argument(format!("{} is not a code", crate::text::quoted(text)))),
                }
            }
        }
    };
}

codes! {
    /// The name is empty.
    Empty => "empty",
    /// The name is longer than the convention allows.
    TooLong => "too_long",
    /// An ASCII character the convention does not allow at that place.
    InvalidCharacter => "invalid_character",
    /// A non-ASCII character that is neither a lookalike nor invisible.
    NonAsciiCharacter => "non_ascii_character",
    /// A non-ASCII character that looks like an ASCII one (Cyrillic, Greek, fullwidth).
    ConfusableCharacter => "confusable_character",
    /// A zero-width, bidirectional-control or other invisible character.
    InvisibleCharacter => "invisible_character",
    /// A space (warning in the `mcp` convention, as the SDK does).
    ContainsSpace => "contains_space",
    /// A comma (warning in the `mcp` convention, as the SDK does).
    ContainsComma => "contains_comma",
    /// The name starts or ends with `-`.
    DashAtEdge => "dash_at_edge",
    /// The name starts or ends with `.`.
    DotAtEdge => "dot_at_edge",
    /// An uppercase letter where only lowercase is allowed.
    UppercaseLetter => "uppercase_letter",
    /// A `-` where the convention wants `_`, or where it allows neither.
    HyphenNotAllowed => "hyphen_not_allowed",
    /// A `_` where the convention allows no separator (a Chora namespace, an agent MCP name).
    UnderscoreNotAllowed => "underscore_not_allowed",
    /// camelCase where snake_case is required.
    CamelCase => "camel_case",
    /// A part of the name that must not be empty is empty.
    EmptySegment => "empty_segment",
    /// A part of the name starts with a character it may not start with.
    InvalidStart => "invalid_start",
    /// A part of the name is shorter than allowed.
    SegmentTooShort => "segment_too_short",
    /// The separator the convention needs is missing.
    MissingSeparator => "missing_separator",
    /// Chora: no `namespace:` in front of the tool name; resource URI: no namespace.
    MissingNamespace => "missing_namespace",
    /// Chora: the namespace is shorter than 3 characters.
    NamespaceTooShort => "namespace_too_short",
    /// Chora: the namespace is longer than 20 characters.
    NamespaceTooLong => "namespace_too_long",
    /// Chora: a namespace other than the expected one.
    WrongNamespace => "wrong_namespace",
    /// Chora: a versioned name such as `process_data_v2`.
    VersionedName => "versioned_name",
    /// Chora: a one-word name such as `get` that collides across servers.
    VagueToolName => "vague_tool_name",
    /// Chora: a reserved namespace used by a project that does not own it.
    ReservedNamespace => "reserved_namespace",
    /// Chora resource URI: `://` is missing.
    MissingSchemeSeparator => "missing_scheme_separator",
    /// Chora resource URI: the resource type is missing.
    MissingResourceType => "missing_resource_type",
    /// Chora resource URI: the resource id is missing.
    MissingResourceId => "missing_resource_id",
    /// Chora resource URI: the query is not `key=value(&key=value)*`.
    InvalidQuery => "invalid_query",
    /// A `%` not followed by two hexadecimal digits, or decoding to invalid UTF-8.
    InvalidPercentEncoding => "invalid_percent_encoding",
    /// No valid Chora namespace can be derived from a project slug.
    NoValidNamespace => "no_valid_namespace",
    /// Syntropy: `mcp__syntropy_` with one underscore.
    SingleUnderscoreAfterGateway => "single_underscore_after_gateway",
    /// Syntropy: the name lacks the leading `mcp__`.
    MissingMcpPrefix => "missing_mcp_prefix",
    /// Syntropy: the name lacks the gateway (`syntropy`).
    MissingGateway => "missing_gateway",
    /// Syntropy: a bare registry name where the full name is required.
    MissingPrefix => "missing_prefix",
    /// A server that is not in the table.
    UnknownServer => "unknown_server",
    /// The tool part is missing.
    MissingTool => "missing_tool",
    /// The server part is missing.
    MissingServer => "missing_server",
    /// A name listed in both `enabled` and `disabled`.
    EnabledAndDisabled => "enabled_and_disabled",
    /// A name listed twice in one list.
    DuplicateEntry => "duplicate_entry",
    /// OpenProject: one word, no action.
    MissingAction => "missing_action",
    /// OpenProject: the first word is not a known action.
    UnknownAction => "unknown_action",
    /// OpenProject: `get_` with a plural entity.
    UseListForCollections => "use_list_for_collections",
    /// Agent: a pre-migration name such as `memory_save`.
    LegacyName => "legacy_name",
    /// Registry: fewer than two dotted segments.
    TooFewSegments => "too_few_segments",
    /// Claude: a permission rule that is not `mcp__server`, `mcp__server__*` or `mcp__server__tool`.
    InvalidRule => "invalid_rule",
    /// A value of the wrong type or an unknown identifier passed to a public function.
    InvalidArgument => "invalid_argument",
    /// A name that has no meaning in the target convention.
    NotConvertible => "not_convertible",
    /// Router: a configuration that cannot work; each diagnostic names the path.
    InvalidConfig => "invalid_config",
    /// Router: a name no server, built-in or alias provides (`Unknown tool: <name>`).
    UnknownTool => "unknown_tool",
    /// Router: a tool that exists but is disabled.
    ToolDisabled => "tool_disabled",
    /// Router: two tools (or a tool and a built-in or alias) that would have the same name.
    NameCollision => "name_collision",
    /// Router: a name that differs from another only in case or separators (`Search`,
    /// `search`, `search-`, `search_`): refused, as a way to shadow a tool.
    ConfusableName => "confusable_name",
    /// Router: a resource URI no server provides.
    UnknownResource => "unknown_resource",
    /// Router: a tool the server listed before and no longer lists.
    ToolRemoved => "tool_removed",
    /// Router: a prompt name no server provides (`Unknown prompt: <name>`).
    UnknownPrompt => "unknown_prompt",
    /// Router: a prompt the server listed before and no longer lists.
    PromptRemoved => "prompt_removed",
    /// Router: an `enabled` / `disabled` pattern that matches nothing (a warning).
    UnmatchedPattern => "unmatched_pattern",
    /// Router: the `Mcp-Name` header and the request body name different things.
    NameMismatch => "name_mismatch",
    /// Router: an `Mcp-Name` header whose Base64 form does not decode.
    InvalidHeader => "invalid_header",
    /// Router: a peer style exposes a name a model provider refuses (a warning; set `provider`
    /// to fit the names).
    ProviderRefused => "provider_refused",
    /// Router: a paging cursor the gateway did not give out, or from before the list changed.
    InvalidCursor => "invalid_cursor",
    /// Router: a tool's UI resource (`_meta.ui.resourceUri`, MCP Apps) that its server does not
    /// list (a warning).
    UnlistedUiResource => "unlisted_ui_resource",
    /// Router: an upstream tool name that cannot be exposed (empty, too long, deceptive characters).
    InvalidToolName => "invalid_tool_name",
    /// OpenProject: a duration that is not `2h 30m`, `45m`, `1.5h` or ISO 8601 `PT2H30M`.
    InvalidDuration => "invalid_duration",
    /// OpenProject: a date that is not a real `YYYY-MM-DD` calendar date.
    InvalidDate => "invalid_date",
    /// OpenProject: a negative or fractional page offset.
    InvalidOffset => "invalid_offset",
    /// OpenProject: several candidates match a name at the first level that matches.
    AmbiguousName => "ambiguous_name",
    /// OpenProject: no candidate matches a name.
    NotFound => "not_found",
    /// OpenProject: a key that is not `customField<N>`.
    InvalidCustomField => "invalid_custom_field",
    /// OpenProject: two tools registered under one name.
    DuplicateToolName => "duplicate_tool_name",
    /// Registry: a required field is missing.
    MissingField => "missing_field",
    /// Registry: a field the shape does not have.
    UnknownField => "unknown_field",
    /// Registry: a field of the wrong type.
    WrongType => "wrong_type",
    /// Registry: a value outside what the field allows (an extension without `.`, a bad scope).
    InvalidValue => "invalid_value",
    /// Registry: a JSON Schema keyword outside the supported subset.
    UnsupportedSchema => "unsupported_schema",
    /// Registry: an input value not in the schema's `enum`.
    NotInEnum => "not_in_enum",
    /// Registry: `dry_run` for a tool that does not support it.
    DryRunUnsupported => "dry_run_unsupported",
    /// Registry: the caller has none of the tool's allowed scopes.
    MissingScope => "missing_scope",
    /// Registry: a path that leaves the workspace root.
    PathOutsideWorkspace => "path_outside_workspace",
    /// Registry: a path that is not a path (empty, NUL byte, backslash).
    InvalidPath => "invalid_path",
    /// A structured value nested deeper than the limit.
    TooDeep => "too_deep",
    /// Client view: the client cuts or hashes this tool's name, so the model sees a name that
    /// no longer reads like the tool (a warning).
    ClientHashed => "client_hashed",
    /// Client view: two exposed tools get one name in the client, which keeps only one of them.
    ClientCollision => "client_collision",
    /// Client view: the client (or the model API behind it) refuses the name, the server or the
    /// whole request.
    ClientRefused => "client_refused",
    /// Client view: the catalog has more tools than the client sends or accepts.
    ClientToolCap => "client_tool_cap",
    /// Router: a retry's `requestState` that this gateway did not seal, that was changed, or
    /// that belongs to another server or request (MCP 2026-07-28, multi round-trip requests).
    InvalidRequestState => "invalid_request_state",
    /// Router: an upstream tool whose `x-mcp-header` annotation breaks a rule of SEP-2243 (a
    /// warning: the tool is left out of the list).
    InvalidParamHeader => "invalid_param_header",
    /// Router: an `Mcp-Param-*` header that disagrees with the call's arguments, or is missing.
    ParamMismatch => "param_mismatch",
    /// Router: a protocol revision the gateway (or an upstream) does not speak.
    UnsupportedProtocolVersion => "unsupported_protocol_version",
    /// Code mode: an identifier or a file that is not the name as it is (a reserved word
    /// escaped, characters replaced, a number or a suffix added), a warning naming the tool.
    CodemodeRenamed => "codemode_renamed",
    /// Code mode: an identifier that carries a digest of the tool's own name, because the name is
    /// not in the canonical spelling another name could meet (a warning).
    CodemodeHashed => "codemode_hashed",
    /// Code mode: two tools (or servers) that a view gives one identifier or one file, or a
    /// namespace that shadows a global.
    CodemodeCollision => "codemode_collision",
    /// Registry name: shorter than the registry allows (3 characters).
    TooShort => "too_short",
    /// Registry name: a second `/`.
    ExtraSeparator => "extra_separator",
    /// A part of the name ends with a character it may not end with.
    InvalidEnd => "invalid_end",
    /// Registry name: a README has no `mcp-name:` marker.
    MissingMcpName => "missing_mcp_name",
    /// Registry name: a README's `mcp-name:` markers name other servers.
    McpNameMismatch => "mcp_name_mismatch",
    /// Router: an exposed name that is not the style's plain join of server and upstream name
    /// (a character replaced, snake_case, fitted to a length or a provider, ended with a hash
    /// around a taken name); the message says what changed and why (a warning).
    NameAdjusted => "name_adjusted",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a diagnostic makes the name invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The name is invalid.
    Error,
    /// The name is valid, but worth changing.
    Warning,
}

impl Severity {
    /// `"error"` or `"warning"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A byte range of the input (`start..end`, UTF-8 offsets; the npm package converts them to
/// UTF-16 offsets, as JavaScript indexes strings, the Python package to code points).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Span {
    /// First byte of the offending text.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The span of the whole text.
    pub const fn whole(text: &str) -> Span {
        Span { start: 0, end: text.len() }
    }
}

/// One problem with a name. Serialized as the packages show it:
/// `{ code, severity, message, start, end, path?, suggestion? }`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Diagnostic {
    /// What kind of problem it is.
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// One sentence: what is wrong and what is allowed.
    pub message: String,
    /// Where in the input.
    pub span: Span,
    /// For problems inside a structured value (a configuration, a descriptor, a request): the
    /// path of the offending field, such as `input_schema.properties.path.type`. The message
    /// starts with it too.
    pub path: Option<String>,
    /// What to write instead, where one replacement is clear (the nearest known key for an
    /// unknown one).
    pub suggestion: Option<String>,
}

impl Diagnostic {
    /// An error.
    pub fn error(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { code, severity: Severity::Error, message: message.into(), span, path: None, suggestion: None }
    }

    /// A warning.
    pub fn warning(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { code, severity: Severity::Warning, message: message.into(), span, path: None, suggestion: None }
    }

    /// An error about the field at `path` of a structured value; the message is prefixed with
    /// the path (`servers[2].name: ...`).
    pub fn at_path(code: Code, path: impl Into<String>, message: impl AsRef<str>) -> Diagnostic {
        let path = path.into();
        let message =
            if path.is_empty() { message.as_ref().to_string() } else { format!("{path}: {}", message.as_ref()) };
        Diagnostic {
            code,
            severity: Severity::Error,
            message,
            span: Span::default(),
            path: Some(path),
            suggestion: None,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]: {}", self.severity.as_str(), self.code, self.message)
    }
}

/// The error of every fallible function: a [`Code`], a message, and the diagnostics behind it.
///
/// ```
/// use mcp_naming::{parse, Code, Convention, Options, Severity};
///
/// let err = parse("Get User", Convention::Mcp, &Options::default()).unwrap_err();
/// assert_eq!(err.code, Code::InvalidCharacter);
/// assert_eq!(err.message, "character \" \" is not allowed: use ASCII letters, digits, \"_\", \"-\" and \".\"");
/// // the error, then the space warning
/// assert_eq!(err.diagnostics.len(), 2);
/// assert_eq!(err.diagnostics[1].severity, Severity::Warning);
/// assert_eq!(err.suggestions, ["Get_User"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Error {
    /// The code of the first error.
    pub code: Code,
    /// A sentence for people and models.
    pub message: String,
    /// Every error (and warning) found.
    pub diagnostics: Vec<Diagnostic>,
    /// Names to try instead, best first (may be empty).
    pub suggestions: Vec<String>,
    /// The backend server the error is about, where there is one (a router's `tool_removed`,
    /// `tool_disabled`): what a gateway needs to say which upstream is down or hides the tool.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
}

impl Error {
    /// An error with one diagnostic over `span`.
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Error {
        let message = message.into();
        Error {
            code,
            diagnostics: vec![Diagnostic::error(code, span, message.clone())],
            message,
            suggestions: Vec::new(),
            server: None,
        }
    }

    /// An `invalid_argument` error.
    pub fn invalid_argument(message: impl Into<String>) -> Error {
        Error::new(Code::InvalidArgument, Span::default(), message)
    }

    /// The error summing up a list of diagnostics, whose first error names it.
    ///
    /// Returns `None` when the list holds no error.
    pub fn from_diagnostics(diagnostics: Vec<Diagnostic>) -> Option<Error> {
        let first = diagnostics.iter().find(|d| d.severity == Severity::Error)?;
        Some(Error {
            code: first.code,
            message: first.message.clone(),
            diagnostics,
            suggestions: Vec::new(),
            server: None,
        })
    }

    /// The same error, about backend server `server`.
    pub fn for_server(mut self, server: &str) -> Error {
        self.server = Some(server.to_string());
        self
    }

    /// The same error with a suggestion added.
    pub fn with_suggestion(mut self, suggestion: Option<String>) -> Error {
        self.suggestions.extend(suggestion);
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// A file's or a structured value's verdict as the packages return it: `{ valid, errors }`,
/// valid when there is no problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Check {
    /// No problem was found.
    pub valid: bool,
    /// Every problem, each with its path.
    pub errors: Vec<Diagnostic>,
}

impl Check {
    /// The verdict on `errors`.
    pub fn new(errors: Vec<Diagnostic>) -> Check {
        Check { valid: errors.is_empty(), errors }
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl Serialize for Severity {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl Serialize for Diagnostic {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = 5 + usize::from(self.path.is_some()) + usize::from(self.suggestion.is_some());
        let mut d = s.serialize_struct("Diagnostic", n)?;
        d.serialize_field("code", &self.code)?;
        d.serialize_field("severity", &self.severity)?;
        d.serialize_field("message", &self.message)?;
        d.serialize_field("start", &self.span.start)?;
        d.serialize_field("end", &self.span.end)?;
        if let Some(path) = &self.path {
            d.serialize_field("path", path)?;
        }
        if let Some(suggestion) = &self.suggestion {
            d.serialize_field("suggestion", suggestion)?;
        }
        d.end()
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    #[test]
    fn discriminant_is_index() {
        // The npm package reads codes by index from compact reports written as `code as u32`.
        for (i, c) in Code::ALL.iter().enumerate() {
            assert_eq!(*c as usize, i, "{c}");
        }
    }
}
