//! Exposing one server's list: the style plans the names ([`Naming::plan`]), the table applies
//! the plan, and the style names what the change touched elsewhere ([`Naming::follow`]). The
//! work is proportional to the server's list and to the names whose exposure changes, not to
//! the catalog: collisions are looked up in the table's indexes, conditional prefixing revisits
//! only the tool parts the list added or removed, and pattern warnings keep counts.

use super::compile::{Compiled, PrefixMode, Rule};
use super::naming::{Item, Naming, New, Plan, Rename};
use super::peers::{self, PeerStyle};
use super::style::Own;
use super::table::Keyed;
use super::table::{Entry, Id};
use super::{collision, confusable, fit, fold_eq, fold_hash, ExposedTool, Kind, Router};
use crate::diagnostic::{Code, Diagnostic, Error, Severity, Span};
use crate::provider;
use crate::text::quoted;
use std::borrow::Cow;
use std::collections::HashSet;

/// What to do with an upstream item that cannot be exposed (a bad name, a collision).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OnInvalid {
    /// Fail the whole list; the table is unchanged.
    #[default]
    Throw,
    /// Leave the item out and report it in [`Exposure::skipped`].
    Skip,
}

/// An upstream item left out.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Skipped {
    /// Its upstream name (or URI); empty when it had none.
    pub name: String,
    /// Why.
    pub code: Code,
    /// In a sentence.
    pub message: String,
}

/// One item of an upstream list, as a host gives it: its name (or URI), or what it holds in
/// its place (`"a number"`, `"nothing"`), which is refused with the item's path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListItem<'a> {
    /// The item's name (or URI).
    Named(&'a str),
    /// An item without a string name: what it holds there, as a type is worded (`"a number"`,
    /// `"null"`), or `"nothing"`.
    Unnamed(&'a str),
}

/// An entry as a host keeps it: which item of which server it is. Its names (exposed and
/// upstream) are read from the router right after the expose that placed it
/// ([`Router::placed`], [`Router::placed_uri`]), so that a placement costs no copy of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Placed {
    /// The server's index in the configuration.
    pub server: usize,
    /// The item's place in the list the host gave for that server.
    pub index: usize,
    /// Offered by the configuration; a disabled item is routed to `tool_disabled`.
    pub enabled: bool,
    /// In the list the client sees.
    pub listed: bool,
    /// Calls to its name reach it.
    pub routed: bool,
}

/// A segment of the merged list, replaced whole.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Segment {
    /// Which segment: the server's index for the router's own styles, 0 for a peer style (one
    /// segment for the whole catalog).
    pub slot: usize,
    /// Its entries, in the order the client sees them.
    pub entries: Vec<Placed>,
}

/// An entry of another segment renamed in place (conditional prefixing).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Renamed {
    /// The segment and the entry's place in it.
    pub slot: usize,
    /// The entry's place in the segment.
    pub pos: usize,
    /// The new name.
    pub name: String,
    /// Whether the configuration offers it under the new name.
    pub enabled: bool,
}

/// Where the names stand after an expose, for a host that keeps the upstream objects itself:
/// the merged list is the segments in slot order, each entry's object the host's item
/// `index` of server `server`, under `name`, shown when `enabled && listed`; calls to `name`
/// reach it when `enabled && routed`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Placement {
    /// Segments replaced whole.
    pub segments: Vec<Segment>,
    /// Entries of other segments renamed in place.
    pub renamed: Vec<Renamed>,
}

/// The answer of an expose.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Exposure<T = ExposedTool> {
    /// Every item exposed (tools also the disabled ones, with `enabled: false`).
    pub exposed: Vec<T>,
    /// Items left out with [`OnInvalid::Skip`].
    pub skipped: Vec<Skipped>,
    /// Whether the names a client sees changed (a host that keeps objects also compares them:
    /// see [`super::Gateway`]).
    pub changed: bool,
    /// Configuration worth a look: `enabled` / `disabled` patterns that match nothing.
    pub warnings: Vec<Diagnostic>,
    /// Where the names now stand.
    pub placement: Placement,
}

/// An upstream item that passed its checks, about to be exposed.
struct Fresh<'a> {
    index: u32,
    upstream: &'a str,
    /// The style's tool part, where it is not the upstream name.
    part: Option<String>,
    /// The name before fitting.
    name: String,
    bare: bool,
}

impl Fresh<'_> {
    fn part(&self) -> &str {
        self.part.as_deref().unwrap_or(self.upstream)
    }
}

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
        self.expose_items(kind, server, items, on_invalid, true)
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
        self.expose_items(kind, server, items, on_invalid, false)
    }

    fn expose_items(
        &mut self,
        kind: Kind,
        server: &str,
        items: &[ListItem<'_>],
        on_invalid: OnInvalid,
        with_exposed: bool,
    ) -> Result<Exposure, Error> {
        let si = self.server_index(server)?;
        let mut skipped = Vec::new();
        let mut named = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            match item {
                ListItem::Named(name) => named.push((i as u32, *name)),
                ListItem::Unnamed(got) => {
                    let e = Error::invalid_argument(format!("{}[{i}].name must be a string, got {got}", kind.key()));
                    match on_invalid {
                        OnInvalid::Throw => return Err(e),
                        OnInvalid::Skip => {
                            skipped.push(Skipped { name: String::new(), code: e.code, message: e.message })
                        }
                    }
                }
            }
        }
        let plan = self.c.style.plan(self, kind, si, named, on_invalid)?;
        skipped.extend(plan.skipped.iter().cloned());
        let mut warnings = plan.notes.clone();
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
        let by_index = peers::order(mine.len(), &|a, b| mine[a].index.cmp(&mine[b].index));
        let mine = peers::permute(mine, &by_index);
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
            let (c, table, hits) = self.split(kind);
            let name_part = name_part(c);
            let old = table.replace(slot, entries, &name_part);
            let before = old.iter().filter(|e| e.visible()).map(|e| e.name());
            changed |= before.ne(table.segment(slot).map(|(_, e)| e).filter(|e| e.visible()).map(|e| e.name()));
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
            changed |= before.visible() || (enabled && before.listed);
            // A renamed tool is still listed: its old name is unknown, not removed.
            let (id, _) = table.rename(r.id, r.name.clone(), r.bare, enabled, &name_part(c));
            table.removed.remove(r.name.as_str());
            let now = table.entry(id);
            if let Some(hits) = hits {
                count_patterns(c, hits, std::iter::once(&before), -1);
                count_patterns(c, hits, std::iter::once(now), 1);
            }
            out.push(Renamed { slot: now.slot as usize, pos: now.pos as usize, name: r.name, enabled });
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

    fn check_upstream(&self, kind: Kind, server: &str, upstream: &str) -> Result<(), Error> {
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

    /// Whether `name` would shadow a built-in, an alias or another server's name.
    fn check_shadowing(&self, kind: Kind, si: usize, upstream: &str, name: &str) -> Result<(), Error> {
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
        let other = self.table(kind).by_fold(name).map(|(_, e)| e).find(|e| e.server as usize != si);
        if let Some(e) = other {
            let this = this();
            let other = format!(
                "server {} {} {}",
                quoted(&self.c.servers[e.server as usize].name),
                kind.noun(),
                quoted(e.upstream())
            );
            return Err(if e.name() == name {
                collision(format!("{this} would expose as {}, which {other} already has", quoted(name)))
            } else {
                confusable(format!(
                    "{this} would expose as {}, which differs from {other} ({}) only in case or separators",
                    quoted(name),
                    quoted(e.name())
                ))
            });
        }
        Ok(())
    }

    /// Whether another server than `si` serves tool part `part` (conditional prefixing).
    fn served_elsewhere(&self, kind: Kind, part: &str, si: usize) -> bool {
        self.table(kind).by_part(part).any(|(_, e)| e.server as usize != si)
    }
}

/// The plan of the router's own styles for server `si`: each item checked, named (with or
/// without its server), fitted.
pub(crate) fn plan_own(
    own: &Own,
    r: &Router,
    kind: Kind,
    si: usize,
    items: Vec<Item<'_>>,
    on_invalid: OnInvalid,
) -> Result<Plan, Error> {
    let server = &r.c.servers[si];
    // This list's names by their fold, to find two that differ only in case or separators.
    let mut batch = Keyed::default();
    let mut fresh: Vec<Fresh> = Vec::with_capacity(items.len());
    let mut skipped = Vec::new();
    for (index, upstream) in items {
        let part = own.part(upstream, server);
        let bare = match r.c.prefix_mode {
            PrefixMode::Always => false,
            PrefixMode::Never => true,
            PrefixMode::Conditional => !r.served_elsewhere(kind, &part, si),
        };
        let name = if bare { own.bare(&part) } else { own.join(&server.name, &part) };
        let key = fold_hash(&name);
        let checked = r
            .check_upstream(kind, &server.name, upstream)
            .and_then(|()| match batch.get(key).find(|&k| fold_eq(&fresh[k as usize].name, &name)) {
                Some(k) => {
                    let k = &fresh[k as usize];
                    Err(batch_collision(kind, &server.name, upstream, &name, k.upstream, &k.name))
                }
                None => Ok(()),
            })
            .and_then(|()| r.check_shadowing(kind, si, upstream, &name))
            .and_then(|()| {
                own.check_name(&name).map_err(|m| Error::new(Code::InvalidToolName, Span::whole(upstream), m))
            });
        match (checked, on_invalid) {
            (Ok(()), _) => {
                batch.insert(key, fresh.len() as u32);
                let part = match part {
                    Cow::Borrowed(_) => None,
                    Cow::Owned(p) => Some(p),
                };
                fresh.push(Fresh { index, upstream, part, name, bare });
            }
            (Err(e), OnInvalid::Skip) => {
                skipped.push(Skipped { name: upstream.to_string(), code: e.code, message: e.message })
            }
            (Err(e), OnInvalid::Throw) => return Err(e),
        }
    }
    let names = fitted_names(own, r, kind, si, &mut fresh);
    let conditional = r.c.prefix_mode == PrefixMode::Conditional;
    let entries = fresh
        .into_iter()
        .zip(names)
        .map(|(f, name)| New {
            server: si,
            index: f.index,
            upstream: f.upstream.into(),
            part: conditional.then(|| f.part().to_string()),
            name,
            listed: true,
            routed: true,
            bare: f.bare,
        })
        .collect();
    Ok(Plan { segments: vec![(si, entries)], skipped, ..Plan::default() })
}

/// Fitted names for a batch, avoiding the other servers' names and the built-ins.
fn fitted_names(own: &Own, r: &Router, kind: Kind, si: usize, fresh: &mut [Fresh]) -> Vec<String> {
    let Some(limit) = r.c.limit else {
        return fresh.iter_mut().map(|f| std::mem::take(&mut f.name)).collect();
    };
    let table = r.table(kind);
    let others = |n: &str| table.by_name(n).is_some_and(|(_, e)| e.server as usize != si);
    let builtin = |n: &str| kind == Kind::Tool && r.c.builtins.iter().any(|b| b == n);
    let server = &r.c.servers[si].name;
    let (prefix, sep) = (own.prefix(), own.separator());
    // The server part is shortened only when some name does not fit, and then for all.
    let too_long = fresh.iter().any(|f| f.name.len() > limit.max);
    let room = if too_long { fit::server_room(prefix, sep, fresh.iter().map(Fresh::part), limit) } else { usize::MAX };
    let fits = |f: &Fresh| {
        f.name.len() <= limit.max
            && limit.provider.is_none_or(|p| p.accepts(&f.name))
            && (f.bare || server.len() <= room)
            && !others(&f.name)
            && !builtin(&f.name)
    };
    // Names that fit as they are keep them; the others must not take one of those either.
    let keep: Vec<bool> = fresh.iter().map(fits).collect();
    if keep.iter().all(|&k| k) {
        return fresh.iter_mut().map(|f| std::mem::take(&mut f.name)).collect();
    }
    let plain: HashSet<&str> = fresh.iter().map(|f| f.name.as_str()).collect();
    let mut taken: HashSet<String> = HashSet::new();
    let mut out = Vec::with_capacity(fresh.len());
    for (f, keep) in fresh.iter().zip(&keep) {
        if *keep && !taken.contains(&f.name) {
            out.push(f.name.clone());
            continue;
        }
        let (s, sep) = if f.bare { ("", "") } else { (server.as_str(), sep) };
        let fitted = fit::fit(prefix, s, sep, f.part(), limit, room, |n| {
            taken.contains(n) || others(n) || builtin(n) || (n != f.name && plain.contains(n))
        });
        taken.insert(fitted.clone());
        out.push(fitted);
    }
    out
}

/// Conditional prefixing after a list changed: a tool part only one server serves is bare,
/// one that several serve carries its server. Only the parts the change added or removed are
/// revisited, and the names that could not go bare before (a name that would differ from
/// another exposed name only in case or separators stays prefixed).
pub(crate) fn reprefix(own: &Own, r: &Router, kind: Kind, parts: &[String]) -> (Vec<Rename>, Vec<Id>) {
    if r.c.prefix_mode != PrefixMode::Conditional {
        return (Vec::new(), Vec::new());
    }
    let table = r.table(kind);
    let mut ids: Vec<Id> = Vec::new();
    for part in parts {
        ids.extend(table.by_part(part).map(|(id, _)| id));
    }
    ids.extend(table.stuck.iter().copied().filter(|&id| table.get(id).is_some()));
    ids.sort_unstable();
    ids.dedup();
    let mut renames = Vec::new();
    let mut stuck = Vec::new();
    for id in ids {
        let e = table.entry(id);
        let Some(part) = e.part.as_deref() else { continue };
        let mut servers: Vec<u32> = Vec::new();
        for (_, o) in table.by_part(part) {
            if !servers.contains(&o.server) {
                servers.push(o.server);
            }
        }
        let want = servers.len() == 1;
        if want == e.bare {
            continue;
        }
        let server = &r.c.servers[e.server as usize].name;
        let plain = if want { own.bare(part) } else { own.join(server, part) };
        if want && table.by_fold(&plain).any(|(j, _)| j != id) {
            stuck.push(id);
            continue;
        }
        let name = match r.c.limit {
            None => plain,
            Some(limit) => {
                let taken = |n: &str| table.by_name(n).is_some_and(|(j, _)| j != id);
                let (s, sep) = if want { ("", "") } else { (server.as_str(), own.separator()) };
                fit::fit(own.prefix(), s, sep, part, limit, usize::MAX, taken)
            }
        };
        renames.push(Rename { id, name, bare: want });
    }
    (renames, stuck)
}

/// The plan of a peer style: the peer names every listed item of every server together, so
/// other servers' names may change too (the OpenAI Agents SDK hashes a name as soon as a
/// second tool shares it).
pub(crate) fn plan_peer(
    peer: &PeerStyle,
    r: &Router,
    kind: Kind,
    si: usize,
    items: Vec<Item<'_>>,
    on_invalid: OnInvalid,
) -> Result<Plan, Error> {
    let n = r.c.servers.len();
    let table = r.table(kind);
    // Every server's list as last exposed, with this one's new list.
    let lists: Vec<Option<Vec<(u32, &str)>>> = (0..n)
        .map(|j| {
            if j == si {
                Some(items.clone())
            } else if table.exposed[j] {
                Some(table.lists[j].iter().map(|(i, t)| (*i, &**t)).collect())
            } else {
                None
            }
        })
        .collect();
    let listed: Vec<peers::Listed<'_>> = lists
        .iter()
        .enumerate()
        .filter_map(|(j, l)| {
            l.as_ref().map(|l| peers::Listed {
                server: j,
                name: &r.c.servers[j].name,
                tools: l.iter().map(|(_, t)| *t).collect(),
            })
        })
        .collect();
    let upstream_of =
        |server: usize, tool: usize| listed.iter().find(|l| l.server == server).map_or("", |l| l.tools[tool]);
    let reserved: &[String] = if kind == Kind::Tool { &r.c.builtins } else { &[] };
    let mut naming = peer.name(&listed, n, reserved)?;
    let mut skipped: Vec<Skipped> = Vec::new();
    for d in naming.dropped.iter().filter(|d| d.server == si) {
        skipped.push(Skipped { name: upstream_of(si, d.tool).to_string(), code: d.code, message: d.message.clone() });
    }
    // The gateway's own names: built-ins (the OpenAI Agents SDK already hashed around them)
    // and aliases.
    let is_openai = matches!(peer.peer, peers::Peer::OpenAi { .. });
    for t in naming.tools.iter_mut().filter(|t| t.routed) {
        let builtin = kind == Kind::Tool && !is_openai && r.c.builtins.contains(&t.name);
        let alias = kind == Kind::Tool && r.c.aliases.iter().any(|(old, _)| *old == t.name);
        if !(builtin || alias) {
            continue;
        }
        let server = &r.c.servers[t.server].name;
        let upstream = upstream_of(t.server, t.tool);
        let message = format!(
            "server {} {} {} exposes as {}, which is the gateway's {}",
            quoted(server),
            kind.noun(),
            quoted(upstream),
            quoted(&t.name),
            if builtin { "built-in" } else { "alias: retire the alias first" }
        );
        match on_invalid {
            OnInvalid::Throw => return Err(collision(message).for_server(server)),
            OnInvalid::Skip => {
                if t.server == si {
                    skipped.push(Skipped { name: upstream.to_string(), code: Code::NameCollision, message });
                }
                t.listed = false;
                t.routed = false;
            }
        }
    }
    let mut notes = std::mem::take(&mut naming.notes);
    // Names the provider refuses are fitted to it; without a provider, reported.
    match r.c.limit.and_then(|l| l.provider.map(|p| (p, l.max))) {
        Some((provider, max)) => {
            let mut taken: HashSet<String> = naming.tools.iter().map(|t| t.name.clone()).collect();
            for t in naming.tools.iter_mut() {
                if t.name.len() <= max && provider.accepts(&t.name) {
                    continue;
                }
                let fitted = provider::fit_within(&t.name, provider, max, |c| taken.contains(c));
                taken.insert(fitted.clone());
                t.name = fitted;
            }
        }
        None => {
            let mut seen = HashSet::new();
            let names = naming.tools.iter().filter(|t| t.listed && t.server == si).map(|t| t.name.as_str());
            notes.extend(peers::provider_notes(peer.id(), names.filter(|n| seen.insert(*n))));
        }
    }
    for t in naming.tools.iter().filter(|t| t.server == si && !t.listed) {
        let upstream = upstream_of(si, t.tool);
        if !skipped.iter().any(|k| k.name == upstream) {
            skipped.push(Skipped {
                name: upstream.to_string(),
                code: Code::NameCollision,
                message: format!("{} leaves it out: another tool has its name {}", peer.id(), quoted(&t.name)),
            });
        }
    }
    let entries = naming
        .tools
        .into_iter()
        .map(|t| {
            let list = lists[t.server].as_ref().expect("a named tool's server listed");
            New {
                server: t.server,
                index: list[t.tool].0,
                upstream: list[t.tool].1.into(),
                name: t.name,
                listed: t.listed,
                routed: t.routed,
                bare: false,
                part: None,
            }
        })
        .collect();
    let kept = items.iter().map(|&(i, t)| (i, Box::from(t))).collect();
    Ok(Plan { segments: vec![(0, entries)], skipped, notes, lists: vec![(si, kept)] })
}

fn batch_collision(kind: Kind, server: &str, upstream: &str, name: &str, other: &str, other_name: &str) -> Error {
    let this = format!("server {} {} {}", quoted(server), kind.noun(), quoted(upstream));
    if other == upstream {
        collision(format!("{this} is listed twice"))
    } else if other_name == name {
        collision(format!("{this} and {} both expose as {}", quoted(other), quoted(name)))
    } else {
        confusable(format!(
            "{this} would expose as {}, which differs from {} {} ({}) only in case or separators",
            quoted(name),
            kind.noun(),
            quoted(other),
            quoted(other_name)
        ))
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

/// The tool part of an entry's exposed name, where it differs from the name (a suggestion form).
pub(crate) fn name_part(c: &Compiled) -> impl for<'e> Fn(&'e Entry) -> Option<&'e str> + '_ {
    |e: &Entry| {
        let part = c.style.name_part(e.name(), &c.servers[e.server as usize].name);
        (part.len() != e.name().len()).then_some(part)
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
