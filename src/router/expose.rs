//! Exposing one server's list: the style plans the names ([`Naming::plan`]), the table applies
//! the plan, and the style names what the change touched elsewhere ([`Naming::follow`]). The
//! work is proportional to the server's list and to the names whose exposure changes, not to
//! the catalog: collisions are looked up in the table's indexes, conditional prefixing revisits
//! only the tool parts the list added or removed, and pattern warnings keep counts.

use super::compile::{Compiled, Rule};
use super::modes::PrefixMode;
use super::naming::{New, Plan, Rename};
use super::placement::{Exposure, ListItem, OnInvalid, Placed, Placement, Renamed, Segment, Skipped};
use super::table::Entry;
use super::{collision, confusable, fold_eq, ExposedTool, Kind, Router};
use crate::diagnostic::{Code, Diagnostic, Error, Severity, Span};
use crate::text::quoted;

impl Router {
    /// Exposes a server's tools (its whole `tools/list`, by name), replacing what it exposed
    /// before. All or nothing: on error the table is unchanged. Every tool comes back, disabled
    /// ones with `enabled: false`.
    ///
    /// # Errors
    /// `unknown_server`; `invalid_tool_name` for an upstream name that is empty, longer than 128
    /// or holds non-ASCII characters (lookalikes and invisible characters among them);
    /// `name_collision`, naming both sides, when two upstream tools expose to one name, or a tool
    /// would shadow a built-in, an alias or another server's tool.
    pub fn expose<S: AsRef<str>>(&mut self, server: &str, tools: &[S]) -> Result<Vec<ExposedTool>, Error> {
        let items: Vec<ListItem<'_>> = tools.iter().map(|t| ListItem::Named(t.as_ref())).collect();
        Ok(self.expose_list(Kind::Tool, server, &items, OnInvalid::Throw)?.exposed)
    }

    /// Exposes a server's tools or prompts from the items of its list, replacing what it exposed
    /// before: the name-level core of every host (the npm package, the Python package and
    /// [`super::Gateway`] keep the objects and call this with the names).
    ///
    /// # Errors
    /// As [`Router::expose`]; `invalid_argument` for an item without a string name (with
    /// [`OnInvalid::Skip`] such items are skipped, and so are the others that fail).
    pub fn expose_list(
        &mut self,
        kind: Kind,
        server: &str,
        items: &[ListItem<'_>],
        on_invalid: OnInvalid,
    ) -> Result<Exposure, Error> {
        self.expose_items(kind, server, items, None, on_invalid, true, &[])
    }

    /// [`Router::expose_list`] without [`Exposure::exposed`] (left empty): what a host that
    /// keeps its own objects calls, reading the names from the placement ([`Router::placed`]).
    ///
    /// # Errors
    /// As [`Router::expose_list`].
    pub fn place_list(
        &mut self,
        kind: Kind,
        server: &str,
        items: &[ListItem<'_>],
        on_invalid: OnInvalid,
    ) -> Result<Exposure, Error> {
        self.expose_items(kind, server, items, None, on_invalid, false, &[])
    }

    /// The core of every expose; `left_out`: items the list may not show whatever `on_invalid`
    /// (a tool whose `x-mcp-header` breaks a rule), each skipped with its reason.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn expose_items(
        &mut self,
        kind: Kind,
        server: &str,
        items: &[ListItem<'_>],
        texts: Option<&[super::ToolText<'_>]>,
        on_invalid: OnInvalid,
        with_exposed: bool,
        left_out: &[(u32, Skipped)],
    ) -> Result<Exposure, Error> {
        let si = self.server_index(server)?;
        let mut skipped = Vec::new();
        let mut named = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            if let Some((_, s)) = left_out.iter().find(|(at, _)| *at as usize == i) {
                skipped.push(s.clone());
                continue;
            }
            let refused = match item {
                ListItem::Named(name) => match self.check_controls(kind, si, name) {
                    Ok(()) => {
                        named.push((i as u32, *name));
                        continue;
                    }
                    Err(e) => (name.to_string(), e),
                },
                ListItem::Unnamed(got) => (
                    String::new(),
                    Error::invalid_argument(format!(
                        "{}[{i}].name must be {}, got {got}",
                        kind.key(),
                        crate::dialect::a(crate::dialect::JsonType::String)
                    )),
                ),
            };
            match (refused, on_invalid) {
                ((_, e), OnInvalid::Throw) => return Err(e),
                ((name, e), OnInvalid::Skip) => skipped.push(Skipped { name, code: e.code, message: e.message }),
            }
        }
        let plan = self.c.style.plan(self, kind, si, named, on_invalid)?;
        skipped.extend(plan.skipped.iter().cloned());
        let mut warnings = plan.notes.clone();
        if kind == Kind::Tool {
            self.search.set_texts(si, texts);
        }
        let (mut placement, mut changed, parts) = self.apply(kind, si, plan);
        let (renames, stuck) = self.c.style.follow(self, kind, &parts);
        let (renamed, more) = self.apply_renames(kind, renames);
        placement.renamed = renamed;
        changed |= more;
        let table = self.table_mut(kind);
        table.stuck = stuck;
        table.maintain();
        if kind == Kind::Tool {
            warnings.extend(self.unmatched_patterns(si));
            warnings.extend(self.unmatched_overrides(si));
        }
        let exposed = if with_exposed { self.exposed_of(kind, si) } else { Vec::new() };
        Ok(Exposure { exposed, skipped, changed, warnings, placement })
    }

    /// The exposed name and the upstream name of the entry at `pos` of segment `slot`: what a
    /// [`Placed`] of the last expose of `kind` stands for.
    pub fn placed(&self, kind: Kind, slot: usize, pos: usize) -> Option<(&str, &str)> {
        let table = self.table(kind);
        let id = *table.segments.get(slot)?.get(pos)?;
        table.get(id).map(|e| (e.name(), e.upstream()))
    }

    /// Server `si`'s exposed items, in its list's order (a peer style: those it lists).
    fn exposed_of(&self, kind: Kind, si: usize) -> Vec<ExposedTool> {
        let table = self.table(kind);
        let slot = self.c.style.slot(si);
        let mine: Vec<&Entry> =
            table.segment(slot).map(|(_, e)| e).filter(|e| e.server as usize == si && e.listed).collect();
        // A peer style's segment holds every server, in the peer's order.
        let by_index = super::order::order(mine.len(), &|a, b| mine[a].index.cmp(&mine[b].index));
        let mine = super::order::permute(mine, &by_index);
        mine.into_iter().map(|e| self.exposed_tool(e)).collect()
    }

    pub(crate) fn exposed_tool(&self, e: &Entry) -> ExposedTool {
        ExposedTool {
            name: e.name().to_string(),
            qualified: self.qualify(e.name()),
            server: self.c.servers[e.server as usize].name.clone(),
            upstream: e.upstream().to_string(),
            enabled: e.enabled,
        }
    }

    /// Whether the configuration offers a server's item under `name`.
    fn offered(&self, server: usize, upstream: &str, name: &str) -> bool {
        let s = &self.c.servers[server];
        if let Some(on) = self.c.override_of(server, upstream).and_then(|o| o.enabled) {
            return s.enabled && on;
        }
        let unruled = self.c.enabled.is_empty() && self.c.disabled.is_empty();
        s.enabled && (unruled || self.allowed(Some(&s.name), upstream, &[name, &self.qualify(name)]))
    }

    /// Applies a plan: its segments replace what they held. Returns the placement, whether the
    /// names a client sees changed, and the tool parts added or removed (for [`Naming::follow`]).
    fn apply(&mut self, kind: Kind, si: usize, plan: Plan) -> (Placement, bool, Vec<String>) {
        let mut placement = Placement::default();
        let mut changed = false;
        let mut parts = Vec::new();
        for (slot, news) in plan.segments {
            let entries: Vec<Entry> = news
                .into_iter()
                .map(|n: New| {
                    let enabled = self.offered(n.server, &n.upstream, &n.name);
                    let flags = [enabled, n.listed, n.routed, n.bare];
                    Entry::new(&n.name, &n.upstream, n.part.map(Into::into), n.server as u32, n.index, flags)
                })
                .collect();
            placement.segments.push(Segment { slot, entries: entries.iter().map(placed).collect() });
            parts.extend(entries.iter().filter_map(|e| e.part.as_deref().map(str::to_string)));
            let old = {
                let (c, table, _) = self.split(kind);
                table.replace(slot, entries, &c.parts())
            };
            if kind == Kind::Tool {
                // What search and discovery keep: the servers whose entries changed, the count listed.
                let now = || self.tools.segment(slot).map(|(_, e)| e);
                let listed = now().filter(|e| e.visible()).count();
                let was = old.iter().filter(|e| e.visible()).count();
                let mut servers: Vec<u32> = now().chain(old.iter()).map(|e| e.server).collect();
                servers.sort_unstable();
                servers.dedup();
                self.search.listed = (self.search.listed + listed).saturating_sub(was);
                for s in servers {
                    self.search.touch(s as usize);
                }
            }
            let (c, table, hits) = self.split(kind);
            let old_visible = old.iter().filter(|e| e.visible()).map(|e| e.name());
            changed |= old_visible.ne(table.segment(slot).map(|(_, e)| e).filter(|e| e.visible()).map(|e| e.name()));
            parts.extend(old.iter().filter_map(|e| e.part.as_deref().map(str::to_string)));
            if let Some(hits) = hits {
                count_patterns(c, hits, old.iter(), -1);
                count_patterns(c, hits, table.segment(slot).map(|(_, e)| e), 1);
            }
        }
        for (server, list) in plan.lists {
            self.table_mut(kind).lists[server] = list;
        }
        self.table_mut(kind).exposed[si] = true;
        (placement, changed, parts)
    }

    fn apply_renames(&mut self, kind: Kind, renames: Vec<Rename>) -> (Vec<Renamed>, bool) {
        let mut out = Vec::with_capacity(renames.len());
        let mut changed = false;
        for r in renames {
            let (server, upstream) = {
                let e = self.table(kind).entry(r.id);
                (e.server as usize, Box::<str>::from(e.upstream()))
            };
            let enabled = self.offered(server, &upstream, &r.name);
            let (c, table, hits) = self.split(kind);
            let before = table.entry(r.id).clone();
            changed |= before.visible() || (enabled && r.listed);
            // A renamed tool is still listed: its old name is unknown, not removed.
            let (id, _) = table.rename(r.id, r.name.clone(), r.bare, enabled, r.listed, &c.parts());
            table.removed.remove(r.name.as_str());
            let now = table.entry(id);
            if let Some(hits) = hits {
                count_patterns(c, hits, std::iter::once(&before), -1);
                count_patterns(c, hits, std::iter::once(now), 1);
            }
            let (slot, pos, visible) = (now.slot as usize, now.pos as usize, now.visible());
            if kind == Kind::Tool {
                self.search.listed =
                    (self.search.listed + usize::from(visible)).saturating_sub(usize::from(before.visible()));
                self.search.renamed(slot, pos);
            }
            let now = self.table(kind).entry(id);
            out.push(Renamed {
                slot: now.slot as usize,
                pos: now.pos as usize,
                name: r.name,
                enabled,
                listed: r.listed,
                routed: r.listed,
            });
        }
        (out, changed)
    }

    /// `enabled` / `disabled` entries that match nothing: a typo there exposes a tool someone
    /// meant to hide. Upstream rules are checked against the server just exposed; name rules
    /// once every enabled server has listed its tools.
    fn unmatched_patterns(&self, si: usize) -> Vec<Diagnostic> {
        let server = self.c.servers[si].name.as_str();
        let all_listed = self.c.servers.iter().zip(&self.tools.exposed).all(|(s, &e)| e || !s.enabled);
        let mut out = Vec::new();
        for (k, (path, rule)) in self.c.enabled.iter().chain(&self.c.disabled).enumerate() {
            let unmatched = match rule {
                Rule::Upstream { server: s, .. } if s.matches(server) => !self
                    .tools
                    .segment(self.c.style.slot(si))
                    .filter(|(_, e)| e.server as usize == si)
                    .any(|(_, e)| rule.matches(Some(server), e.upstream(), &[e.name(), &self.qualify(e.name())])),
                Rule::Name(_) if all_listed => {
                    self.pattern_hits[k] == 0
                        && !self.c.builtins.iter().any(|b| rule.matches(None, b, &[b, &self.qualify(b)]))
                }
                _ => false,
            };
            if unmatched {
                let mut d = Diagnostic::at_path(
                    Code::UnmatchedPattern,
                    path.as_str(),
                    match rule {
                        Rule::Upstream { .. } => format!("matches no tool of server {}", quoted(server)),
                        Rule::Name(_) => "matches no tool, built-in or upstream name".to_string(),
                    },
                );
                d.severity = Severity::Warning;
                out.push(d);
            }
        }
        out
    }

    /// `tools` entries for server `si` naming a tool it does not list: a typo there leaves the
    /// tool as it was (exposed, or hidden) without a word.
    fn unmatched_overrides(&self, si: usize) -> Vec<Diagnostic> {
        let table = self.table(Kind::Tool);
        let mine = || table.segment(self.c.style.slot(si)).map(|(_, e)| e).filter(|e| e.server as usize == si);
        let mut out: Vec<(&str, Diagnostic)> = Vec::new();
        for ((server, tool), o) in &self.c.overrides {
            if *server as usize != si || mine().any(|e| e.upstream() == &**tool) {
                continue;
            }
            let near = crate::suggest::closest(tool, mine().map(Entry::upstream), 1).first().map(|s| s.to_string());
            let mut d = Diagnostic::at_path(
                Code::UnmatchedPattern,
                format!("{}.tool", o.path),
                match &near {
                    Some(n) => format!(
                        "server {} lists no tool {}: did you mean {}?",
                        quoted(&self.c.servers[si].name),
                        quoted(tool),
                        quoted(n)
                    ),
                    None => format!("server {} lists no tool {}", quoted(&self.c.servers[si].name), quoted(tool)),
                },
            );
            d.severity = Severity::Warning;
            d.suggestion = near;
            out.push((&o.path, d));
        }
        // The configuration's order, whatever the map's.
        out.sort_by(|a, b| a.0.len().cmp(&b.0.len()).then(a.0.cmp(b.0)));
        out.into_iter().map(|(_, d)| d).collect()
    }

    /// The description `tools` gives server `server`'s tool `upstream`, if any: what clients
    /// see instead of the server's (the host puts it in the tool object it lists).
    pub fn description_of(&self, server: usize, upstream: &str) -> Option<&str> {
        self.c.override_of(server, upstream).and_then(|o| o.description.as_deref())
    }

    /// Every description `tools` gives: `(server index, upstream tool, description)`, in no
    /// particular order (what a host that keeps the tool objects needs to list them).
    pub fn descriptions(&self) -> impl Iterator<Item = (usize, &str, &str)> {
        self.c
            .overrides
            .iter()
            .filter_map(|((si, upstream), o)| Some((*si as usize, &**upstream, o.description.as_deref()?)))
    }

    /// An upstream name holding a control character is refused whatever the style: no style
    /// may turn `save\0` into `save_` without a word.
    fn check_controls(&self, kind: Kind, si: usize, upstream: &str) -> Result<(), Error> {
        let Some((at, c)) = crate::arguments::control_character(upstream) else { return Ok(()) };
        let start = upstream.char_indices().nth(at).map_or(0, |(b, _)| b);
        Err(Error::new(
            Code::InvalidToolName,
            Span::new(start, start + c.len_utf8()),
            format!(
                "server {} {} {} cannot be exposed: it {}",
                quoted(&self.c.servers[si].name),
                kind.noun(),
                quoted(upstream),
                crate::arguments::control_message((at, c))
            ),
        ))
    }

    pub(crate) fn check_upstream(&self, kind: Kind, server: &str, upstream: &str) -> Result<(), Error> {
        // What every listed name passes: 1 to 128 ASCII characters (one UTF-16 unit each).
        if !upstream.is_empty() && upstream.len() <= crate::convention::mcp::MAX_LEN && upstream.is_ascii() {
            return Ok(());
        }
        let report = crate::validate(upstream, crate::Convention::Mcp, &crate::Options::default());
        let fatal = report.errors.iter().find(|d| {
            matches!(
                d.code,
                Code::Empty
                    | Code::TooLong
                    | Code::NonAsciiCharacter
                    | Code::ConfusableCharacter
                    | Code::InvisibleCharacter
            )
        });
        match fatal {
            None => Ok(()),
            Some(d) => Err(Error::new(
                Code::InvalidToolName,
                d.span,
                format!(
                    "server {} {} {} cannot be exposed: {}",
                    quoted(server),
                    kind.noun(),
                    quoted(upstream),
                    d.message
                ),
            )),
        }
    }

    /// Whether `name` would shadow a built-in, an alias or another server's name (one a server
    /// below `si` in `conflicts: { priority }` gives up for tool part `part` excepted).
    pub(crate) fn check_shadowing(
        &self,
        kind: Kind,
        si: usize,
        upstream: &str,
        name: &str,
        part: &str,
    ) -> Result<(), Error> {
        let server = &self.c.servers[si].name;
        let is_qualified = |b: &str| b.strip_prefix(self.c.qualified_prefix.as_str()) == Some(name);
        let this = || format!("server {} {} {}", quoted(server), kind.noun(), quoted(upstream));
        if kind == Kind::Tool {
            let builtin = self.c.builtins.iter().find(|b| b.as_str() == name || is_qualified(b) || fold_eq(b, name));
            if let Some(b) = builtin {
                let this = this();
                return Err(if b.as_str() == name || is_qualified(b) {
                    collision(format!("{this} would shadow the built-in {}", quoted(b)))
                } else {
                    confusable(format!(
                        "{this} would expose as {}, which differs from the built-in {} only in case or separators",
                        quoted(name),
                        quoted(b)
                    ))
                });
            }
            if let Some((old, _)) = self.c.aliases.iter().find(|(old, _)| *old == name || is_qualified(old)) {
                return Err(collision(format!(
                    "{} exposes as {}, which is an alias: retire the alias first",
                    this(),
                    quoted(old)
                )));
            }
        }
        let other = self
            .table(kind)
            .by_fold(name)
            .map(|(_, e)| e)
            .find(|e| e.server as usize != si && !self.yields(e, part, si));
        if let Some(e) = other {
            // `conflicts: "manual"`: an override settles it.
            let settle = if self.c.manual {
                format!(
                    ": settle it with a tools entry renaming one of them ({{ server: {}, tool: {}, name: … }})",
                    quoted(server),
                    quoted(upstream)
                )
            } else {
                String::new()
            };
            let this = this();
            let other = format!(
                "server {} {} {}",
                quoted(&self.c.servers[e.server as usize].name),
                kind.noun(),
                quoted(e.upstream())
            );
            return Err(if e.name() == name {
                collision(format!("{this} would expose as {}, which {other} already has{settle}", quoted(name)))
            } else {
                confusable(format!(
                    "{this} would expose as {}, which differs from {other} ({}) only in case or separators{settle}",
                    quoted(name),
                    quoted(e.name())
                ))
            });
        }
        Ok(())
    }

    /// Whether another server than `si` serves tool part `part` (conditional prefixing).
    pub(crate) fn served_elsewhere(&self, kind: Kind, part: &str, si: usize) -> bool {
        self.table(kind).by_part(part).any(|(_, e)| e.server as usize != si)
    }

    /// Whether server `si`'s tool part `part` is exposed bare, and whether it is listed (a
    /// server that loses a name to another under `conflicts: { priority }` with `others:
    /// "drop"` is not): the decision of `prefixMode` and `conflicts`, the same whatever order the
    /// servers list in.
    pub(crate) fn bare_of(&self, kind: Kind, part: &str, si: usize) -> (bool, bool) {
        match self.c.prefix_mode {
            PrefixMode::Always => (false, true),
            PrefixMode::Never => (true, true),
            PrefixMode::Conditional => match &self.c.priority {
                None => (!self.served_elsewhere(kind, part, si), true),
                Some((rank, drop_others)) => {
                    let beaten = self
                        .table(kind)
                        .by_part(part)
                        .any(|(_, e)| e.server as usize != si && rank[e.server as usize] < rank[si]);
                    if beaten {
                        (false, !drop_others)
                    } else {
                        (true, true)
                    }
                }
            },
        }
    }

    /// Whether entry `e` gives up its name to server `si`'s tool part `part` (a server above it in
    /// `conflicts: { priority }` listing the same part): then `si` may take it.
    pub(crate) fn yields(&self, e: &Entry, part: &str, si: usize) -> bool {
        match &self.c.priority {
            Some((rank, _)) => {
                e.part.as_deref().is_some_and(|p| fold_eq(p, part)) && rank[e.server as usize] > rank[si]
            }
            None => false,
        }
    }
}

fn placed(e: &Entry) -> Placed {
    Placed {
        server: e.server as usize,
        index: e.index as usize,
        enabled: e.enabled,
        listed: e.listed,
        routed: e.routed,
    }
}

/// Adds (`by` = 1) or removes (-1) entries' matches to the counts of the `enabled` / `disabled`
/// name patterns.
fn count_patterns<'e>(c: &Compiled, hits: &mut [usize], entries: impl Iterator<Item = &'e Entry>, by: isize) {
    if hits.is_empty() {
        return;
    }
    for e in entries {
        let server = c.servers[e.server as usize].name.as_str();
        let qualified = format!("{}{}", c.qualified_prefix, e.name());
        for (k, (_, rule)) in c.enabled.iter().chain(&c.disabled).enumerate() {
            if matches!(rule, Rule::Name(_)) && rule.matches(Some(server), e.upstream(), &[e.name(), &qualified]) {
                hits[k] = hits[k].wrapping_add_signed(by);
            }
        }
    }
}
