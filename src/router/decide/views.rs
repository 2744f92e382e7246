//! How a host shows a tool beyond its exposed name: the description the configuration's
//! `tools` entry gives, and the MCP Apps UI resource URIs in the form their resource is listed
//! in (so that reading a tool's UI through the gateway reaches that tool's server).

use super::{ItemView, View};
use crate::diagnostic::Diagnostic;
use crate::router::probe::{Edit, Found, Path, Scalar, Step};
use crate::router::Router;

/// One tool's UI resource URIs, as its server listed it.
#[derive(Clone, Debug, Default)]
pub(crate) struct UiTool {
    /// Its place in the server's list.
    pub index: u32,
    /// Its upstream name.
    pub upstream: Box<str>,
    /// Where each URI is in the tool, and the URI.
    pub uris: Vec<(Path, String)>,
}

/// The tools of a list that name UI resources: per item, what [`Probe::Tool`](crate::router::probe::Probe::Tool) found
/// (`finds[i]` for item `i`), with their upstream names.
pub(crate) fn ui_tools<'a>(finds: impl IntoIterator<Item = (u32, &'a str, &'a [Found])>) -> Vec<UiTool> {
    let mut out = Vec::new();
    for (index, upstream, found) in finds {
        let mut uris: Vec<(Path, String)> = Vec::new();
        for f in found {
            if let Scalar::String(uri) = &f.value {
                uris.push((f.path.clone(), uri.clone()));
            }
        }
        if !uris.is_empty() {
            out.push(UiTool { index, upstream: upstream.into(), uris });
        }
    }
    out
}

impl Router {
    /// Server `si`'s tool views as they now stand; with `warn`, the `unlisted_ui_resource`
    /// warnings of its tools.
    fn view_of(&mut self, si: usize, warn: bool) -> (View, Vec<Diagnostic>) {
        let server = self.c.servers[si].name.clone();
        let mut items: Vec<ItemView> = Vec::new();
        let mut warnings = Vec::new();
        let ui = std::mem::take(&mut self.views.ui[si]);
        for tool in &ui {
            let mut edits = Vec::new();
            for (k, (path, uri)) in tool.uris.iter().enumerate() {
                // The server is configured: ui_resource cannot fail.
                let Ok(r) = self.ui_resource(&server, &tool.upstream, uri) else { continue };
                // One warning a URI, however many members name it.
                if warn && !tool.uris[..k].iter().any(|(_, u)| u == uri) {
                    warnings.extend(r.warning);
                }
                if r.uri != *uri {
                    edits.push(Edit::string(path.clone(), r.uri));
                }
            }
            if !edits.is_empty() {
                items.push(ItemView { index: tool.index, edits });
            }
        }
        self.views.ui[si] = ui;
        let slot = self.c.style.slot(si);
        let described: Vec<(u32, String)> = self
            .tools
            .segment(slot)
            .map(|(_, e)| e)
            .filter(|e| e.server as usize == si)
            .filter_map(|e| Some((e.index, self.description_of(si, e.upstream())?.to_string())))
            .collect();
        for (index, d) in described {
            let edit = Edit::string(vec![Step::key("description")], d);
            match items.iter_mut().find(|v| v.index == index) {
                Some(v) => v.edits.push(edit),
                None => items.push(ItemView { index, edits: vec![edit] }),
            }
        }
        items.sort_by_key(|v| v.index);
        (View { server: si as u32, items }, warnings)
    }

    /// The views that changed after an expose of server `si`'s tools (`tools`) or resources:
    /// a tool list changes its own server's; a resource list can change any tool's UI form
    /// (its own server's tools are warned about).
    pub(crate) fn refresh_views(&mut self, si: usize, tools: bool, warn: bool) -> (Vec<View>, Vec<Diagnostic>) {
        let servers: Vec<usize> = if tools {
            vec![si]
        } else {
            (0..self.c.servers.len()).filter(|&s| !self.views.ui[s].is_empty()).collect()
        };
        let mut changed = Vec::new();
        let mut warnings = Vec::new();
        for s in servers {
            let (view, w) = self.view_of(s, warn && s == si);
            warnings.extend(w);
            if tools || self.views.shown[s].as_ref() != Some(&view) {
                self.views.shown[s] = Some(view.clone());
                changed.push(view);
            }
        }
        (changed, warnings)
    }
}

/// What the router keeps of the tools' views: per server, its tools naming UI resources, and
/// the view it last gave.
#[derive(Debug, Default)]
pub(crate) struct Views {
    pub ui: Vec<Vec<UiTool>>,
    pub shown: Vec<Option<View>>,
}

impl Views {
    pub(crate) fn new(servers: usize) -> Views {
        Views { ui: vec![Vec::new(); servers], shown: vec![None; servers] }
    }
}
