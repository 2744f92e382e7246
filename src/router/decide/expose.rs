//! An upstream's list result: where every name now stands ([`Placement`]), what was left out,
//! the warnings, and how the server's tools are shown beyond their names ([`View`]).

use super::views::ui_tools;
use super::{ListKind, View};
use crate::diagnostic::{Diagnostic, Error};
use crate::router::cache::ListCache;
use crate::router::placement::{ListItem, OnInvalid, Placement, Skipped};
use crate::router::probe::Found;
use crate::router::resources::{ExposedResource, UriKind};
use crate::router::search::ToolText;
use crate::router::{ExposedTool, Kind, Router};

/// What a host hands over of an upstream's list result.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Listing<'a> {
    /// Each item's name (or URI), or what it holds instead.
    pub items: &'a [ListItem<'a>],
    /// Tools: what [`Probe::Tool`](crate::router::probe::Probe::Tool) found in each item that
    /// has anything (the item's index, its finds).
    pub finds: &'a [(u32, Vec<Found>)],
    /// Tools, once the router searches (or runs discovery): each item's searchable text.
    pub texts: Option<&'a [ToolText<'a>]>,
    /// What the list result said about its caching (SEP-2549).
    pub cache: ListCache,
    /// Tools: what [`Probe::ToolHeaders`](crate::router::probe::Probe::ToolHeaders) found in
    /// each item that has anything (the item's index, its finds). A tool whose `x-mcp-header`
    /// breaks a rule of SEP-2243 is left out, whatever `on_invalid` says (MCP 2026-07-28
    /// requires it of a client), with an `invalid_param_header` warning naming the tool and the
    /// rule.
    pub headers: &'a [(u32, Vec<Found>)],
}

/// What search reads of a tool, from what [`Probe::ToolText`](crate::router::probe::Probe::ToolText)
/// found in it: its description (a string), and its input parameters' names.
pub fn tool_text_parts(found: &[Found]) -> (Option<&str>, Vec<&str>) {
    let description = crate::router::probe::first(found, 0).and_then(|d| d.as_str());
    (description, found.iter().filter(|f| f.pattern == 1).filter_map(|f| f.value.as_str()).collect())
}

impl<'a> Listing<'a> {
    /// A listing of `items`, nothing else.
    pub fn new(items: &'a [ListItem<'a>]) -> Listing<'a> {
        Listing { items, ..Listing::default() }
    }
}

/// The items an expose exposed, for a host that wants them spelled out.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Exposed {
    /// Tools or prompts.
    Tools(Vec<ExposedTool>),
    /// Resources or resource templates.
    Resources(Vec<ExposedResource>),
}

/// What a host does with an upstream's list result.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ExposeDecision {
    /// Where every name now stands: the host re-keys its items by it.
    pub placement: Placement,
    /// Whether the names a client sees changed (a host also compares the objects it keeps).
    pub changed: bool,
    /// Items left out with [`OnInvalid::Skip`].
    pub skipped: Vec<Skipped>,
    /// Configuration and upstream problems worth a look.
    pub warnings: Vec<Diagnostic>,
    /// Tool views that changed (any server's: a resource list changes the UI URIs' form).
    pub views: Vec<View>,
    /// The server's items, in its list's order (only when asked for).
    pub exposed: Exposed,
}

impl Router {
    /// Exposes server `server`'s `list` from what the host found in its list result, replacing
    /// what it exposed before ([`super`]); all or nothing with [`OnInvalid::Throw`]. With
    /// `spelled`, [`ExposeDecision::exposed`] lists the server's items (hosts that keep a
    /// placement of their own read the names from it instead).
    ///
    /// # Errors
    /// As [`Router::expose_list`] and [`Router::expose_uris`].
    pub fn decide_expose(
        &mut self,
        list: ListKind,
        server: &str,
        listing: &Listing<'_>,
        on_invalid: OnInvalid,
        spelled: bool,
    ) -> Result<ExposeDecision, Error> {
        let si = self.server_index(server)?;
        let (placement, changed, skipped, mut warnings, exposed) = match list {
            ListKind::Tools | ListKind::Prompts => {
                let kind = if list == ListKind::Tools { Kind::Tool } else { Kind::Prompt };
                let named =
                    listing.headers.iter().filter(|_| list == ListKind::Tools).filter_map(|(i, f)| {
                        match listing.items.get(*i as usize) {
                            Some(ListItem::Named(n)) => Some((*i, *n, &f[..])),
                            _ => None,
                        }
                    });
                let (left_out, header_warnings, params) = Router::check_headers(named);
                let e =
                    self.expose_items(kind, server, listing.items, listing.texts, on_invalid, spelled, &left_out)?;
                if list == ListKind::Tools {
                    self.params[si] = params;
                }
                let mut warnings = header_warnings;
                warnings.extend(e.warnings);
                (e.placement, e.changed, e.skipped, warnings, Exposed::Tools(e.exposed))
            }
            ListKind::Resources | ListKind::ResourceTemplates => {
                let kind = if list == ListKind::Resources { UriKind::Resource } else { UriKind::Template };
                let e = self.expose_uris(kind, server, listing.items, on_invalid)?;
                let exposed = if spelled { e.exposed } else { Vec::new() };
                (e.placement, e.changed, e.skipped, e.warnings, Exposed::Resources(exposed))
            }
        };
        self.caches[list as usize][si] = Some(listing.cache);
        let views = match list {
            ListKind::Tools => {
                let names = |i: u32| match listing.items.get(i as usize) {
                    Some(ListItem::Named(n)) => *n,
                    _ => "",
                };
                let finds = listing.finds.iter().map(|(i, f)| (*i, names(*i), &f[..]));
                self.views.ui[si] = ui_tools(finds);
                let (views, w) = self.refresh_views(si, true, true);
                warnings.extend(w);
                views
            }
            ListKind::Prompts => Vec::new(),
            ListKind::Resources | ListKind::ResourceTemplates => {
                let (views, w) = self.refresh_views(si, false, list == ListKind::Resources);
                warnings.extend(w);
                views
            }
        };
        Ok(ExposeDecision { placement, changed, skipped, warnings, views, exposed })
    }
}
