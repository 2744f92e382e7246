//! What a host reads once: the facts of its router's configuration ([`HostFacts`]) and the
//! tables every router shares ([`HostTables`]): the probes, the lists, the placement's flags,
//! the meta-tools. A host numbers and walks nothing the core did not write here.

use super::{ListKind, DEFAULT_PAGE_SIZE};
use crate::json::Json;
use crate::router::discovery::MetaTool;
use crate::router::probe::{probes, PatternStep, Probe};
use crate::router::{Router, Server};
use serde::Serialize;

/// A configured server as a host names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ServerFacts {
    /// Its name.
    pub name: String,
    /// Syntropy: its pool key.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    /// Syntropy: the backend's own prefix.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upstream_prefix: Option<String>,
}

impl From<&Server> for ServerFacts {
    fn from(s: &Server) -> ServerFacts {
        ServerFacts { name: s.name.clone(), pool: s.pool.clone(), upstream_prefix: s.upstream_prefix.clone() }
    }
}

/// A gateway built-in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Builtin {
    /// Its name.
    pub name: String,
    /// Whether the configuration offers it.
    pub enabled: bool,
}

/// An alias: an old exposed name, and the current one it stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Alias {
    /// The old name.
    pub old: String,
    /// The current one.
    pub current: String,
}

/// What a host needs of its router's configuration to apply the decisions (and answer the
/// hits of its own route table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct HostFacts {
    /// The configured servers, in configuration order (a server index is a place here).
    pub servers: Vec<ServerFacts>,
    /// What a client puts before an exposed name (`mcp__<gateway>__`), or empty.
    pub qualified_prefix: String,
    /// The gateway's built-ins.
    pub builtins: Vec<Builtin>,
    /// The aliases.
    pub aliases: Vec<Alias>,
    /// How many segments tool and prompt placements place names in.
    pub segments: u32,
    /// The called names a host reads with [`Probe::MetaCall`] and never answers from its own
    /// table (the discovery meta-tools' names, bare and qualified); empty without discovery.
    pub meta_names: Vec<String>,
    /// Whether the host hands over the tools' texts ([`Probe::ToolText`]) from the first expose
    /// (discovery searches from the start); else from the first search.
    pub searching: bool,
}

/// The patterns of one probe.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ProbeTable {
    /// Which probe.
    pub probe: Probe,
    /// Its patterns, in the order [`Found::pattern`](crate::router::probe::Found::pattern) counts them.
    pub patterns: Vec<Vec<PatternStep>>,
}

/// One merged list, as hosts number them (the index in [`HostTables::lists`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ListTable {
    /// Which list.
    pub list: ListKind,
    /// The list result's member.
    pub key: &'static str,
    /// The item's identifying member.
    pub field: &'static str,
}

/// The bits of a placed entry's flags, and the marker of a name that is the upstream's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PlacementFlags {
    /// Offered by the configuration.
    pub enabled: u32,
    /// In the list a client sees.
    pub listed: u32,
    /// Calls to its name reach it.
    pub routed: u32,
    /// In a written placement, a name (or header) that is the upstream's own.
    pub same: u32,
}

/// The placement flags every host reads.
pub const FLAGS: PlacementFlags = PlacementFlags { enabled: 1, listed: 2, routed: 4, same: u32::MAX };

/// What every host reads once, whatever its router.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct HostTables {
    /// Every probe's patterns.
    pub probes: Vec<ProbeTable>,
    /// The merged lists, in the order hosts number them.
    pub lists: Vec<ListTable>,
    /// The placement's flags.
    pub flags: PlacementFlags,
    /// The discovery meta-tools' definitions, as `tools/list` shows them.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<serde_json::Value>"))]
    pub meta_tools: Vec<Json>,
    /// The page size of a list request that names none.
    pub default_page_size: u32,
}

/// The tables every host reads once.
///
/// ```
/// let tables = mcp_naming::router::decide::host_tables();
/// assert_eq!(tables.lists[2].key, "resources");
/// assert_eq!(tables.meta_tools.len(), 3);
/// ```
pub fn host_tables() -> HostTables {
    HostTables {
        probes: Probe::ALL
            .iter()
            .map(|&probe| ProbeTable { probe, patterns: probes(probe).iter().map(|p| p.to_vec()).collect() })
            .collect(),
        lists: ListKind::ALL.iter().map(|&list| ListTable { list, key: list.key(), field: list.field() }).collect(),
        flags: FLAGS,
        meta_tools: MetaTool::ALL.iter().map(|m| m.definition()).collect(),
        default_page_size: DEFAULT_PAGE_SIZE as u32,
    }
}

impl Router {
    /// What a host needs of this router's configuration ([`HostFacts`]).
    pub fn host_facts(&self) -> HostFacts {
        let meta_names = if self.discovery_configured() {
            MetaTool::ALL.iter().flat_map(|m| [m.name().to_string(), self.qualify(m.name())]).collect::<Vec<_>>()
        } else {
            Vec::new()
        };
        let mut meta_names = meta_names;
        meta_names.dedup();
        HostFacts {
            servers: self.servers().iter().map(ServerFacts::from).collect(),
            qualified_prefix: self.qualified_prefix().to_string(),
            builtins: self.builtins().map(|(name, enabled)| Builtin { name: name.to_string(), enabled }).collect(),
            aliases: self
                .aliases()
                .map(|(old, current)| Alias { old: old.to_string(), current: current.to_string() })
                .collect(),
            segments: self.segments() as u32,
            meta_names,
            searching: self.discovery_configured(),
        }
    }
}
