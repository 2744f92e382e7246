//! The typed settings that both a configuration and the peers' naming read: when names carry
//! the server, ToolHive's conflict resolution, which OpenAI Agents SDK to follow. A leaf: it
//! imports nothing of the router, so the configuration (which reads peers' keys) and the peers
//! (which take these settings) do not import each other.

/// ToolHive vMCP's `conflictResolution`, for the `toolhive` style.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Strategy {
    /// `"prefix"`: every tool carries its workload, in the prefix format.
    Prefix,
    /// `"priority"`: of a shared name, the workload first in `priority` keeps it; the others'
    /// copies are dropped.
    Priority,
    /// `"manual"`: a shared name is refused.
    Manual,
}

impl Strategy {
    pub(crate) fn parse(text: &str) -> Option<Strategy> {
        match text {
            "prefix" => Some(Strategy::Prefix),
            "priority" => Some(Strategy::Priority),
            "manual" => Some(Strategy::Manual),
            _ => None,
        }
    }
}

/// Which OpenAI Agents SDK a `openai-agents` style follows (they redact URL-like server names
/// differently).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Sdk {
    /// `@openai/agents-core`.
    #[default]
    Js,
    /// `openai-agents` (Python).
    Python,
}

impl Sdk {
    /// `"js"` or `"python"`, as configurations spell it.
    pub const fn id(self) -> &'static str {
        match self {
            Sdk::Js => "js",
            Sdk::Python => "python",
        }
    }
}

/// When exposed names carry the server: [`RouterConfig::prefix_mode`](super::RouterConfig::prefix_mode), and agentgateway's `mode`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PrefixMode {
    /// Every name carries its server (`"always"`).
    #[default]
    Always,
    /// Only names that more than one server serves carry it; the others stay bare
    /// (`"conditional"`, agentgateway's default).
    Conditional,
    /// No name carries it (`"never"`); names two servers share are refused.
    Never,
}

impl PrefixMode {
    /// `"always"`, `"conditional"` or `"never"`, as configurations spell it.
    pub const fn id(self) -> &'static str {
        match self {
            PrefixMode::Always => "always",
            PrefixMode::Conditional => "conditional",
            PrefixMode::Never => "never",
        }
    }
}
