//! How each gateway style writes an exposed name, and reads one back.
//!
//! | style | exposed name | qualified (as the client shows it) |
//! | --- | --- | --- |
//! | `syntropy` | `<server>_<tool>` | `mcp__<gateway>__<server>_<tool>` |
//! | `claude` | `<server>__<tool>` | `mcp__<gateway>__<server>__<tool>` |
//! | `agent` | `<server>__<tool>` (snake_case) | the same |
//! | `chora` | `<server>:<tool>` (snake_case) | the same |
//! | custom | `<prefix><server><separator><tool>` | the same |
//! | a peer's id | as the peer names it (see [`peers`](super::peers)) | the same |
//!
//! Peer styles reproduce another gateway's names exactly and are checked against the peer's own
//! code where it runs here (tests/peers/).

use super::adjusted::{self, Why};
use super::fit;
use super::modes::PrefixMode;
use super::naming::{Item, Naming, New, Plan, Rename};
use super::placement::{OnInvalid, Skipped};
use super::server::Server;
use super::table::{Id, Keyed};
use super::{collision, confusable, fold_eq, fold_hash, Kind, Router};
use crate::chars::camel_to_snake;
use crate::convention::syntropy::Upstream;
use crate::diagnostic::Error;
use crate::diagnostic::{Code, Span};
use crate::text::quoted;
use std::borrow::Cow;
use std::collections::HashSet;

/// The seeds' named styles, as `style` takes them; a peer's id ([`PEERS`](super::PEERS)) is a style too.
pub const STYLES: &[&str] = &["syntropy", "claude", "agent", "chora"];

/// The router's own styles.
#[derive(Debug)]
pub(crate) enum Own {
    Syntropy,
    Claude,
    Agent,
    Chora,
    Custom { separator: String, prefix: String, pattern: Option<regex_lite::Regex> },
}

impl Own {
    /// The named style `name`, if it is one of [`STYLES`].
    pub(crate) fn named(name: &str) -> Option<Own> {
        Some(match name {
            "syntropy" => Own::Syntropy,
            "claude" => Own::Claude,
            "agent" => Own::Agent,
            "chora" => Own::Chora,
            _ => return None,
        })
    }

    /// A custom style; `Err((path, message))` for a separator or pattern it cannot use.
    pub(crate) fn custom(
        separator: &str,
        prefix: Option<&str>,
        pattern: Option<&str>,
    ) -> Result<Own, (&'static str, String)> {
        if separator.is_empty() {
            return Err((
                "style.separator",
                "the separator is empty: use one or more characters, such as \"__\"".into(),
            ));
        }
        let pattern = match pattern {
            Some(p) => Some(regex_lite::Regex::new(p).map_err(|e| {
                ("style.pattern", format!("{} does not compile: {}", quoted(p), e.to_string().replace('\n', " ")))
            })?),
            None => None,
        };
        Ok(Own::Custom { separator: separator.to_string(), prefix: prefix.unwrap_or_default().to_string(), pattern })
    }

    /// The tool part of an exposed name for a backend's tool name: the name itself where the
    /// style keeps it.
    pub(crate) fn part<'u>(&self, upstream_tool: &'u str, server: &Server) -> Cow<'u, str> {
        let keeps = |ok: fn(u8) -> bool| {
            upstream_tool.bytes().all(ok) && (server.upstream == Upstream::Same || !upstream_tool.contains('-'))
        };
        match self {
            Own::Syntropy | Own::Claude if keeps(crate::convention::syntropy::is_tool_byte) => {
                return Cow::Borrowed(upstream_tool)
            }
            Own::Custom { .. } if keeps(crate::convention::mcp::is_name_byte) => return Cow::Borrowed(upstream_tool),
            _ => {}
        }
        let tool = server.upstream.from_upstream(upstream_tool);
        Cow::Owned(match self {
            Own::Agent | Own::Chora => {
                let mut snake = camel_to_snake(&tool);
                if !snake.as_bytes().first().is_some_and(u8::is_ascii_lowercase) {
                    snake.insert_str(0, "tool_");
                }
                if snake.len() == 1 {
                    snake.push('_');
                }
                snake
            }
            Own::Custom { .. } => tool
                .chars()
                .map(|c| if c.is_ascii() && crate::convention::mcp::is_name_byte(c as u8) { c } else { '_' })
                .collect(),
            _ => tool
                .chars()
                .map(|c| if c.is_ascii() && crate::convention::syntropy::is_tool_byte(c as u8) { c } else { '_' })
                .collect(),
        })
    }

    /// The exposed name of a tool part without its server (conditional or never prefixing).
    pub(crate) fn bare(&self, tool: &str) -> String {
        format!("{}{tool}", self.prefix())
    }

    pub(crate) fn join(&self, server: &str, tool: &str) -> String {
        let (prefix, separator) = (self.prefix(), self.separator());
        let mut name = String::with_capacity(prefix.len() + server.len() + separator.len() + tool.len());
        for part in [prefix, server, separator, tool] {
            name.push_str(part);
        }
        name
    }

    /// Checks a custom style's pattern.
    pub(crate) fn check_name(&self, name: &str) -> Result<(), String> {
        match self {
            Own::Custom { pattern: Some(p), .. } if !p.is_match(name) => {
                Err(format!("{} does not match the style's pattern {}", quoted(name), quoted(p.as_str())))
            }
            _ => Ok(()),
        }
    }
}

impl Naming for Own {
    fn id(&self) -> &str {
        match self {
            Own::Syntropy => "syntropy",
            Own::Claude => "claude",
            Own::Agent => "agent",
            Own::Chora => "chora",
            Own::Custom { .. } => "custom",
        }
    }

    fn plan(
        &self,
        router: &Router,
        kind: Kind,
        si: usize,
        items: Vec<Item<'_>>,
        on_invalid: OnInvalid,
    ) -> Result<Plan, Error> {
        plan_own(self, router, kind, si, items, on_invalid)
    }

    fn follow(&self, router: &Router, kind: Kind, parts: &[String]) -> (Vec<Rename>, Vec<Id>) {
        reprefix(self, router, kind, parts)
    }

    fn separator(&self) -> &str {
        match self {
            Own::Syntropy => "_",
            Own::Claude | Own::Agent => "__",
            Own::Chora => ":",
            Own::Custom { separator, .. } => separator,
        }
    }

    fn prefix(&self) -> &str {
        match self {
            Own::Custom { prefix, .. } => prefix,
            _ => "",
        }
    }

    fn qualifies(&self) -> bool {
        matches!(self, Own::Syntropy | Own::Claude)
    }

    fn suggest_server_name(&self, name: &str) -> Option<String> {
        let cleaned = crate::chars::to_ascii_lookalikes(name);
        match self {
            Own::Agent => {
                let mcp: String =
                    cleaned.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
                let start = mcp.find(|c: char| c.is_ascii_lowercase())?;
                Some(mcp[start..].to_string())
            }
            Own::Chora => crate::convention::chora::namespace_from_slug(&cleaned).ok(),
            Own::Syntropy | Own::Claude => {
                let tool_chars: String = cleaned
                    .chars()
                    .map(|c| if c.is_ascii() && crate::convention::syntropy::is_tool_byte(c as u8) { c } else { '_' })
                    .collect();
                let mut out = String::with_capacity(tool_chars.len());
                for c in tool_chars.trim_matches('_').chars() {
                    if !(c == '_' && out.ends_with('_') && matches!(self, Own::Claude)) {
                        out.push(c);
                    }
                }
                (!out.is_empty()).then_some(out)
            }
            Own::Custom { separator, .. } => {
                let out = cleaned.replace(separator.as_str(), "");
                (!out.is_empty()).then_some(out)
            }
        }
    }

    fn max_len(&self) -> Option<usize> {
        match self {
            Own::Agent => Some(crate::convention::agent::MAX_LEN),
            Own::Chora => Some(crate::convention::chora::MAX_LEN),
            _ => None,
        }
    }

    fn check_server_name(&self, name: &str) -> Result<(), String> {
        let q = quoted(name);
        if name.is_empty() {
            return Err("the server name is empty".into());
        }
        let tool_chars = |n: &str| n.bytes().all(crate::convention::syntropy::is_tool_byte);
        match self {
            Own::Syntropy if !tool_chars(name) => {
                Err(format!("{q} has characters a tool name cannot hold: use letters, digits, \"_\" and \"-\""))
            }
            Own::Claude if !tool_chars(name) => {
                Err(format!("{q} has characters Claude Code would change: use letters, digits, \"_\" and \"-\""))
            }
            Own::Claude if name.contains("__") || name.starts_with('_') || name.ends_with('_') => {
                Err(format!("{q} contains or borders the separator \"__\": names would not split back"))
            }
            Own::Agent if !crate::convention::agent::is_mcp_name(name) => Err(format!(
                "{q} is not an agent MCP name: use lowercase letters and digits, starting with a letter, no \"_\""
            )),
            Own::Chora if !crate::convention::chora::is_namespace(name) => Err(format!(
                "{q} is not a Chora namespace: use 3 to 20 lowercase letters or digits, starting with a letter"
            )),
            Own::Custom { separator, .. } if name.contains(separator.as_str()) => Err(format!(
                "{q} contains the separator {}: a name like {q}{separator}tool would split at the wrong place",
                quoted(separator)
            )),
            _ => Ok(()),
        }
    }
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
    /// Listed and routed (`false`: dropped by `conflicts: { priority }`).
    listed: bool,
    /// Named by an override: not fitted, not renamed by conditional prefixing.
    fixed: bool,
}

impl Fresh<'_> {
    fn part(&self) -> &str {
        self.part.as_deref().unwrap_or(self.upstream)
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
        let renamed = r.c.override_of(si, upstream).and_then(|o| o.name.as_deref());
        let part = own.part(upstream, server);
        let (bare, listed) = match renamed {
            Some(_) => (true, true),
            None => r.bare_of(kind, &part, si),
        };
        let name = match renamed {
            Some(name) => name.to_string(),
            None if bare => own.bare(&part),
            None => own.join(&server.label, &part),
        };
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
            .and_then(|()| r.check_shadowing(kind, si, upstream, &name, &part))
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
                fresh.push(Fresh { index, upstream, part, name, bare, listed, fixed: renamed.is_some() });
            }
            (Err(e), OnInvalid::Skip) => {
                skipped.push(Skipped { name: upstream.to_string(), code: e.code, message: e.message })
            }
            (Err(e), OnInvalid::Throw) => return Err(e),
        }
    }
    let names = fitted_names(own, r, kind, si, &mut fresh);
    let conditional = r.c.prefix_mode == PrefixMode::Conditional;
    let hyphens = server.upstream == Upstream::Hyphens;
    let mut notes = Vec::new();
    for (f, (name, fitted)) in fresh.iter().zip(&names).filter(|(f, _)| !f.fixed) {
        let mut reasons = match &f.part {
            Some(part) => adjusted::part_reasons(own.id(), f.upstream, part, hyphens),
            None => Vec::new(),
        };
        reasons.extend(fitted.clone());
        notes.extend(adjusted::warning(kind, f.index, &server.name, f.upstream, name, &reasons));
    }
    let entries = fresh
        .into_iter()
        .zip(names)
        .map(|(f, (name, _))| New {
            server: si,
            index: f.index,
            upstream: f.upstream.into(),
            part: (conditional && !f.fixed).then(|| f.part().to_string()),
            name,
            listed: f.listed,
            routed: f.listed,
            bare: f.bare,
        })
        .collect();
    Ok(Plan { segments: vec![(si, entries)], skipped, notes, ..Plan::default() })
}

/// Fitted names for a batch, avoiding the other servers' names and the built-ins; each with why
/// it is not the plain name, where it is not.
fn fitted_names(own: &Own, r: &Router, kind: Kind, si: usize, fresh: &mut [Fresh]) -> Vec<(String, Option<Why>)> {
    let Some(limit) = r.c.limit else {
        return fresh.iter_mut().map(|f| (std::mem::take(&mut f.name), None)).collect();
    };
    let table = r.table(kind);
    // Another server's name, unless that server yields it to this one (`conflicts: { priority }`).
    let others =
        |n: &str, part: &str| table.by_name(n).is_some_and(|(_, e)| e.server as usize != si && !r.yields(e, part, si));
    let builtin = |n: &str| kind == Kind::Tool && r.c.builtins.iter().any(|b| b == n);
    let server = &r.c.servers[si].label;
    let (prefix, sep) = (own.prefix(), own.separator());
    // The server part is shortened only when some name does not fit, and then for all.
    let too_long = fresh.iter().any(|f| !f.fixed && f.name.len() > limit.max);
    let parts = fresh.iter().filter(|f| !f.fixed).map(Fresh::part);
    let room = if too_long { fit::server_room(prefix, sep, parts, limit) } else { usize::MAX };
    let fits = |f: &Fresh| {
        f.fixed
            || (f.name.len() <= limit.max
                && limit.provider.is_none_or(|p| p.accepts(&f.name))
                && (f.bare || server.len() <= room)
                && !others(&f.name, f.part())
                && !builtin(&f.name))
    };
    // Names that fit as they are keep them; the others must not take one of those either.
    let keep: Vec<bool> = fresh.iter().map(fits).collect();
    if keep.iter().all(|&k| k) {
        return fresh.iter_mut().map(|f| (std::mem::take(&mut f.name), None)).collect();
    }
    let plain: HashSet<&str> = fresh.iter().map(|f| f.name.as_str()).collect();
    let mut taken: HashSet<String> = HashSet::new();
    let mut out = Vec::with_capacity(fresh.len());
    for (f, keep) in fresh.iter().zip(&keep) {
        if *keep && !taken.contains(&f.name) {
            out.push((f.name.clone(), None));
            continue;
        }
        let (s, sep) = if f.bare { ("", "") } else { (server.as_str(), sep) };
        let fitted = fit::fit(prefix, s, sep, f.part(), limit, room, |n| {
            taken.contains(n) || others(n, f.part()) || builtin(n) || (n != f.name && plain.contains(n))
        });
        let why = (fitted != f.name).then(|| {
            let refused = limit
                .provider
                .and_then(|p| f.name.bytes().enumerate().find(|&(i, b)| !p.allows(b, i == 0)).map(|(i, _)| (p, i)));
            if f.name.len() > limit.max {
                Why::TooLong {
                    len: f.name.len(),
                    max: limit.max,
                    prefix: r.c.qualified_prefix.clone(),
                    provider: limit.provider,
                }
            } else if let Some((provider, i)) = refused {
                Why::Refused { provider, c: f.name[i..].chars().next().unwrap_or('_') }
            } else if !f.bare && server.len() > room {
                Why::ServerShortened
            } else {
                Why::Taken { name: f.name.clone() }
            }
        });
        taken.insert(fitted.clone());
        out.push((fitted, why));
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
    // What each entry wants: bare (and listed), or prefixed (listed unless dropped).
    let mut wants: Vec<(Id, bool, bool)> = Vec::new();
    for id in ids {
        let e = table.entry(id);
        let Some(part) = e.part.as_deref() else { continue };
        let (bare, listed) = r.bare_of(kind, part, e.server as usize);
        if bare != e.bare || listed != e.listed {
            wants.push((id, bare, listed));
        }
    }
    // Names given up first, so that a server that wins a name (`conflicts: { priority }`) can
    // take it from the ones that lose it in the same change.
    wants.sort_by_key(|&(_, bare, _)| bare);
    let losing: HashSet<Id> = wants.iter().filter(|w| !w.1).map(|w| w.0).collect();
    let mut renames = Vec::new();
    let mut stuck = Vec::new();
    for (id, want, listed) in wants {
        let e = table.entry(id);
        let Some(part) = e.part.as_deref() else { continue };
        let server = &r.c.servers[e.server as usize].label;
        let plain = if want { own.bare(part) } else { own.join(server, part) };
        if want && table.by_fold(&plain).any(|(j, _)| j != id && !losing.contains(&j)) {
            stuck.push(id);
            continue;
        }
        let name = match r.c.limit {
            None => plain,
            Some(limit) => {
                let taken = |n: &str| table.by_name(n).is_some_and(|(j, _)| j != id && !losing.contains(&j));
                let (s, sep) = if want { ("", "") } else { (server.as_str(), own.separator()) };
                fit::fit(own.prefix(), s, sep, part, limit, usize::MAX, taken)
            }
        };
        renames.push(Rename { id, name, bare: want, listed });
    }
    (renames, stuck)
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
