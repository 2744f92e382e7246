//! Routing a name back: exposed (or qualified), a built-in, an alias (marked deprecated), or,
//! with `strict: false`, whatever the style's parse gives for a server that listed nothing yet.
//! A name the table does not route is answered with the close names, found through the
//! suggestion index (`index.rs`) in the same order an exhaustive search would give them.

use super::header::{self, NameHeader};
use super::order::{order, permute};
use super::table::PreMap;
use super::table::{Entry, Id};
use super::{ExposedTool, Kind, Route, Router};
use crate::diagnostic::{Code, Error, Span};
use crate::suggest;
use crate::text::{clip, quoted};
use serde::Serialize;
use std::borrow::Cow;
use std::ops::ControlFlow;

/// Where a request goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Target {
    /// The backend server.
    pub server: String,
    /// The backend's own name (or URI).
    pub upstream: String,
    /// The `Mcp-Name` header to send upstream with it.
    pub header: String,
}

pub(crate) enum Resolved<'r> {
    Route(Route<'r>, bool),
    Unknown,
}

/// How many names a suggestion lists.
const SUGGESTIONS: usize = 3;

fn bad(message: String) -> Error {
    Error::new(Code::InvalidArgument, Span::default(), message)
}

impl Router {
    fn entry_route<'r>(&'r self, e: &'r Entry) -> Route<'r> {
        let s = &self.c.servers[e.server as usize];
        Route {
            server: Some(&s.name),
            tool: Cow::Borrowed(e.upstream()),
            builtin: false,
            pool: s.pool.as_deref(),
            upstream_prefix: s.upstream_prefix.as_deref(),
            deprecated: false,
        }
    }

    /// Routes a name (exposed, qualified, or an alias) to its backend, without raising errors.
    /// Disabled tools route to `None`, like unknown ones.
    pub fn try_route(&self, name: &str) -> Option<Route<'_>> {
        match self.resolve(name) {
            Resolved::Route(r, true) => Some(r),
            _ => None,
        }
    }

    /// Routes a name: exposed, qualified, a built-in, an alias (marked deprecated), or, with
    /// `strict: false`, for a server that exposed nothing yet, whatever the style's parse gives.
    ///
    /// # Errors
    /// `tool_disabled` for a disabled tool; `tool_removed` for a name the server's previous
    /// list had and its last one has not; `unknown_tool` otherwise, with the MCP message
    /// `Unknown tool: <name>` followed by up to three close names, which are also the error's
    /// suggestions.
    pub fn route(&self, name: &str) -> Result<Route<'_>, Error> {
        match self.resolve(name) {
            Resolved::Route(r, true) => Ok(r),
            Resolved::Route(r, false) => {
                let e = Error::new(
                    Code::ToolDisabled,
                    Span::whole(name),
                    format!(
                        "tool {} is disabled{}: enable it in the gateway's configuration, or use another tool",
                        quoted(name),
                        r.server.map(|s| format!(" (server {})", quoted(s))).unwrap_or_default()
                    ),
                );
                Err(match r.server {
                    Some(s) => e.for_server(s),
                    None => e,
                })
            }
            Resolved::Unknown => Err(self.unknown(Kind::Tool, name)),
        }
    }

    fn resolve(&self, name: &str) -> Resolved<'_> {
        let bare = self.unqualified(name);
        if let Some(live) = self.resolve_live(name, bare) {
            return live;
        }
        if let Some((_, target)) = self.c.aliases.iter().find(|(old, _)| old == bare || *old == name) {
            let current = self
                .resolve_live(target, self.unqualified(target))
                .unwrap_or_else(|| self.resolve_by_parse(self.unqualified(target)));
            return match current {
                Resolved::Route(mut r, on) => {
                    r.deprecated = true;
                    Resolved::Route(r, on)
                }
                Resolved::Unknown => Resolved::Unknown,
            };
        }
        self.resolve_by_parse(bare)
    }

    /// A name in the table (as it is, or without the qualified prefix), or a built-in.
    fn resolve_live(&self, name: &str, bare: &str) -> Option<Resolved<'_>> {
        if let Some((_, e)) = self.tools.by_name(name).or_else(|| self.tools.by_name(bare)) {
            return Some(Resolved::Route(self.entry_route(e), e.enabled));
        }
        let b = self.c.builtins.iter().find(|b| b.as_str() == bare)?;
        let r = Route {
            server: None,
            tool: Cow::Borrowed(b.as_str()),
            builtin: true,
            pool: None,
            upstream_prefix: None,
            deprecated: false,
        };
        Some(Resolved::Route(r, self.allowed(None, b, &[b, &self.qualify(b)])))
    }

    fn resolve_by_parse(&self, bare: &str) -> Resolved<'_> {
        if self.c.strict {
            return Resolved::Unknown;
        }
        let Some((si, part)) = self.c.style.split(bare, &self.c.servers) else { return Resolved::Unknown };
        if self.tools.exposed.get(si).copied().unwrap_or(false) {
            // The server's tools are in the table: it alone is the truth.
            return Resolved::Unknown;
        }
        let s = &self.c.servers[si];
        let tool = s.upstream.to_upstream(part);
        let on = s.enabled && self.allowed(Some(&s.name), &tool, &[bare, &self.qualify(bare)]);
        Resolved::Route(
            Route {
                server: Some(&s.name),
                tool: Cow::Owned(tool),
                builtin: false,
                pool: s.pool.as_deref(),
                upstream_prefix: s.upstream_prefix.as_deref(),
                deprecated: false,
            },
            on,
        )
    }

    /// The error for a name the table does not route: `tool_removed` (or its prompt twin) when
    /// the server's previous list had it, otherwise `unknown_tool` / `unknown_prompt` with the
    /// close names as suggestions.
    pub(crate) fn unknown(&self, kind: Kind, name: &str) -> Error {
        let table = self.table(kind);
        // An alias whose current name was removed: the tool it stood for was.
        let alias = match kind {
            Kind::Tool => self.c.aliases.iter().find(|(old, _)| old == name || old == self.unqualified(name)),
            Kind::Prompt => None,
        };
        let removed = [Some(name), alias.map(|(_, current)| current.as_str())]
            .into_iter()
            .flatten()
            .find_map(|n| table.removed.get(n).or_else(|| table.removed.get(self.unqualified(n))));
        if let Some(&si) = removed {
            let server = &self.c.servers[si as usize].name;
            let code = if kind == Kind::Tool { Code::ToolRemoved } else { Code::PromptRemoved };
            return Error::new(
                code,
                Span::whole(name),
                format!(
                    "{} {} was removed: server {} no longer lists it; list the {}s again",
                    kind.noun(),
                    quoted(name),
                    quoted(server),
                    kind.noun()
                ),
            )
            .for_server(server);
        }
        let suggestions = self.suggestions(kind, name);
        let (code, title) = match kind {
            Kind::Tool => (Code::UnknownTool, "Unknown tool"),
            Kind::Prompt => (Code::UnknownPrompt, "Unknown prompt"),
        };
        let mut message = format!("{title}: {}", clip(name, 200));
        if !suggestions.is_empty() {
            message.push_str(&format!("; did you mean {}?", suggestions.join(", ")));
        }
        let mut e = Error::new(code, Span::whole(name), message);
        e.suggestions = suggestions;
        e
    }

    /// The part of an unknown name that is compared, and whether suggestions are given
    /// qualified: after any `mcp__<gateway>__` (a wrong gateway name), when the style qualifies.
    fn compared<'n>(&self, name: &'n str) -> (&'n str, bool) {
        let qualifies = !self.c.qualified_prefix.is_empty();
        let bare = match name.strip_prefix("mcp__").and_then(|rest| rest.split_once("__")) {
            Some((_, rest)) if qualifies => rest,
            _ => name,
        };
        (bare, qualifies && name.starts_with("mcp__"))
    }

    /// The built-ins and the aliases' current names (tools only): few, compared one by one.
    fn others(&self, kind: Kind) -> Vec<&String> {
        if kind != Kind::Tool {
            return Vec::new();
        }
        self.c.builtins.iter().chain(self.c.aliases.iter().map(|(_, current)| current)).collect()
    }

    /// Up to three names close to `name`: by the exposed name, the upstream name or the tool
    /// part (a model that dropped the server prefix); the closest first, ties in the order the
    /// client sees, the built-ins and aliases after the tools. Answered in the form the caller
    /// used (qualified or not). Rounds of growing distance ask the index for the names within
    /// it, and stop once three are found.
    fn suggestions(&self, kind: Kind, name: &str) -> Vec<String> {
        let table = self.table(kind);
        let (bare, qualified) = self.compared(name);
        let limit = suggest::limit(bare);
        let part = self.c.parts();
        let others: Vec<(usize, &String)> = self
            .others(kind)
            .into_iter()
            .filter_map(|b| suggest::distance(bare, self.unqualified(b), limit).map(|d| (d, b)))
            .collect();
        // Forms found within a round's distance, and each entry's distance (the least of its
        // forms'). A form farther than the round is compared again in a later round, with that
        // round's bound: a narrow band is cheap.
        let mut within: PreMap<u32> = PreMap::default();
        let mut best: PreMap<u32> = PreMap::default();
        let mut out: Vec<String> = Vec::new();
        let shown = |e: &Entry| if qualified { self.qualify(e.name()) } else { e.name().to_string() };
        let pattern = suggest::Pattern::new(bare);
        let query = super::index::Query::new(bare);
        for d in 0..=limit {
            // The index hands the forms over slot by slot: once the slots handed over so far
            // hold the names still wanted at this distance, later slots cannot come before them.
            let wanted = SUGGESTIONS - out.len();
            let mut at_d: Vec<String> = Vec::new();
            let mut slot_now = None;
            table.candidates(&query, d, &part, |slot, form, text| {
                if slot_now != Some(slot) {
                    if slot_now.is_some() && at_d.len() >= wanted {
                        return ControlFlow::Break(());
                    }
                    slot_now = Some(slot);
                }
                if within.contains_key(&u64::from(form)) {
                    return ControlFlow::Continue(());
                }
                let id = form >> 2;
                if let Some(dist) = pattern.distance(text, d) {
                    within.insert(u64::from(form), dist as u32);
                    let b = best.entry(u64::from(id)).or_insert(u32::MAX);
                    if dist as u32 == d as u32 && *b > dist as u32 {
                        let s = shown(table.entry(id));
                        if !out.contains(&s) && !at_d.contains(&s) {
                            at_d.push(s);
                        }
                    }
                    *b = (*b).min(dist as u32);
                }
                ControlFlow::Continue(())
            });
            let here: Vec<&Entry> =
                best.iter().filter(|(_, &dist)| dist as usize == d).map(|(&id, _)| table.entry(id as Id)).collect();
            let by_place = order(here.len(), &|a, b| (here[a].slot, here[a].pos).cmp(&(here[b].slot, here[b].pos)));
            let here = permute(here, &by_place);
            let names = here
                .into_iter()
                .map(shown)
                .chain(others.iter().filter(|(dist, _)| *dist == d).map(|(_, b)| (*b).clone()));
            for s in names {
                if !out.contains(&s) && out.len() < SUGGESTIONS {
                    out.push(s);
                }
            }
            if out.len() >= SUGGESTIONS {
                break;
            }
        }
        out
    }

    /// The suggestions for `name` by comparing it with every exposed name: what the index must
    /// answer (tests hold them equal).
    #[doc(hidden)]
    pub fn suggestions_exhaustive(&self, kind: Kind, name: &str) -> Vec<String> {
        let table = self.table(kind);
        let (bare, qualified) = self.compared(name);
        let limit = suggest::limit(bare);
        let mut scored: Vec<(usize, String)> = Vec::new();
        for (_, e) in table.all().filter(|(_, e)| e.visible()) {
            let label = &self.c.servers[e.server as usize].label;
            let forms = [e.name(), e.upstream(), self.c.style.name_part(e.name(), label)];
            let Some(d) = forms.iter().filter_map(|f| suggest::distance(bare, f, limit)).min() else { continue };
            scored.push((d, if qualified { self.qualify(e.name()) } else { e.name().to_string() }));
        }
        for b in self.others(kind) {
            if let Some(d) = suggest::distance(bare, self.unqualified(b), limit) {
                scored.push((d, b.clone()));
            }
        }
        scored.sort_by_key(|(d, _)| *d);
        let mut out: Vec<String> = Vec::new();
        for (_, s) in scored {
            if !out.contains(&s) && out.len() < SUGGESTIONS {
                out.push(s);
            }
        }
        out
    }

    /// Whether a name is enabled: its server is, no `disabled` pattern matches it, and `enabled`
    /// is empty or one of its patterns matches it (exposed, qualified or upstream form).
    pub fn is_enabled(&self, name: &str) -> bool {
        match self.resolve(name) {
            Resolved::Route(_, on) => on,
            Resolved::Unknown => self.allowed(None, name, &[self.unqualified(name)]),
        }
    }

    /// The name this router exposes for the tool that `from` exposes as `name`: how a
    /// permission file, a prompt or an eval set written for one gateway's names moves to another
    /// (`mcp__memory__save` under `{ peer: "langchain", prefix: "mcp" }` is `memory__save` under
    /// `claude`). Both routers must have exposed the server's tools.
    ///
    /// ```
    /// use mcp_naming::Json;
    /// use mcp_naming::router::{Router, RouterConfig};
    /// let router = |style: &str| {
    ///     let json: Json = serde_json::from_str(&format!(r#"{{ "style": {style}, "servers": [{{ "name": "memory" }}] }}"#)).unwrap();
    ///     let mut r = Router::new(RouterConfig::from_json(&json).unwrap()).unwrap();
    ///     r.expose("memory", &["save"]).unwrap();
    ///     r
    /// };
    /// let (old, new) = (router(r#"{ "peer": "langchain", "prefix": "mcp" }"#), router(r#""syntropy""#));
    /// assert_eq!(new.migrate("mcp__memory__save", &old).unwrap(), "memory_save");
    /// ```
    ///
    /// # Errors
    /// As [`Router::route`] on `from`; `unknown_tool` when this router has no such tool of that
    /// server (naming the server), `invalid_argument` for a built-in.
    pub fn migrate(&self, name: &str, from: &Router) -> Result<String, Error> {
        let route = from.route(name)?;
        let Some(server) = route.server else {
            return Err(Error::invalid_argument(format!("{} is a built-in of the other gateway", quoted(name))));
        };
        self.tools
            .all()
            .map(|(_, e)| e)
            .find(|e| self.c.servers[e.server as usize].name == server && e.upstream() == &*route.tool && e.routed)
            .map(|e| e.name().to_string())
            .ok_or_else(|| {
                Error::new(
                    Code::UnknownTool,
                    Span::whole(name),
                    format!(
                        "{} is server {} tool {}, which this router has not exposed",
                        quoted(name),
                        quoted(server),
                        quoted(&route.tool)
                    ),
                )
                .for_server(server)
            })
    }

    /// The enabled exposed tools as the client sees them: servers in configuration order, each
    /// server's tools in its list's order (a peer style: in the peer's order).
    pub fn tools(&self) -> impl Iterator<Item = ExposedTool> + '_ {
        self.tools.all().filter(|(_, e)| e.visible()).map(|(_, e)| self.exposed_tool(e))
    }

    /// Where a `tools/call` of `name` goes, checking the incoming `Mcp-Name` header if any.
    ///
    /// # Errors
    /// As [`Router::route`], plus `name_mismatch` / `invalid_header` for the header, and
    /// `invalid_argument` for a built-in (the gateway answers those itself).
    pub fn call_target<'h>(&self, name: &str, header: impl Into<NameHeader<'h>>) -> Result<Target, Error> {
        header.into().check(name)?;
        let route = self.route(name)?;
        let Some(server) = route.server else {
            return Err(bad(format!("{} is a built-in of the gateway: answer it there", quoted(name))));
        };
        let upstream = route.tool.into_owned();
        Ok(Target { server: server.to_string(), header: header::encode(&upstream), upstream })
    }

    /// Where a `prompts/get` of `name` goes.
    ///
    /// # Errors
    /// `unknown_prompt` (with suggestions), `prompt_removed`, `tool_disabled` for a disabled
    /// prompt, and the header's errors.
    pub fn prompt_target<'h>(&self, name: &str, header: impl Into<NameHeader<'h>>) -> Result<Target, Error> {
        header.into().check(name)?;
        let e = match self.prompts.by_name(name).map(|(_, e)| e) {
            Some(e) if e.enabled => e,
            Some(e) => {
                return Err(Error::new(
                    Code::ToolDisabled,
                    Span::whole(name),
                    format!("prompt {} is disabled: enable it in the gateway's configuration", quoted(name)),
                )
                .for_server(&self.c.servers[e.server as usize].name))
            }
            None => return Err(self.unknown(Kind::Prompt, name)),
        };
        Ok(Target {
            server: self.c.servers[e.server as usize].name.clone(),
            upstream: e.upstream().to_string(),
            header: header::encode(e.upstream()),
        })
    }
}
