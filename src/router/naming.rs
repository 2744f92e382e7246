//! The one naming trait: how a style turns a server's list into exposed names, and reads a name
//! back. The router's own styles ([`super::style::Own`]) name each server on its own (with
//! conditional prefixing renaming others' names where a tool part starts or stops being shared);
//! a peer style ([`super::peers::PeerStyle`]) names every server together, as the peer does.
//! Either way the expose pipeline (`expose.rs`) is the same: the style plans, the table applies.

use super::placement::{OnInvalid, Skipped};
use super::server::Server;
use super::table::Id;
use super::{Kind, Router};
use crate::diagnostic::{Diagnostic, Error};
use std::fmt::Debug;

/// An item a host gave: its place in the host's list, and its upstream name.
pub(crate) type Item<'a> = (u32, &'a str);

/// A server's list as a peer style keeps it: the host's index and the upstream name of each item.
pub(crate) type Kept = Vec<(u32, Box<str>)>;

/// An entry a plan places.
#[derive(Clone, Debug)]
pub(crate) struct New {
    pub server: usize,
    /// Its place in the host's list for its server.
    pub index: u32,
    pub upstream: Box<str>,
    pub name: String,
    pub listed: bool,
    pub routed: bool,
    pub bare: bool,
    /// The tool part, where conditional prefixing needs it.
    pub part: Option<String>,
}

/// What a style decides for one server's new list.
#[derive(Debug, Default)]
pub(crate) struct Plan {
    /// Segments replaced whole: the slot, then its entries in order.
    pub segments: Vec<(usize, Vec<New>)>,
    pub skipped: Vec<Skipped>,
    pub notes: Vec<Diagnostic>,
    /// Lists to keep for naming later (a peer style names every server's list again).
    pub lists: Vec<(usize, Kept)>,
}

/// An entry of another segment renamed in place.
#[derive(Clone, Debug)]
pub(crate) struct Rename {
    pub id: Id,
    pub name: String,
    pub bare: bool,
    /// Listed and routed (`false`: dropped by a `conflicts: { priority }` with `others: "drop"`).
    pub listed: bool,
}

/// A naming style. See the module documentation.
pub(crate) trait Naming: Debug {
    /// The style's id, as the configuration names it (a custom style: `custom`).
    fn id(&self) -> &str;

    /// Names server `si`'s new list (`items`, valid names only, in the host's order).
    ///
    /// # Errors
    /// With [`OnInvalid::Throw`], the first item that cannot be exposed; what the style refuses
    /// for the whole list.
    fn plan(
        &self,
        router: &Router,
        kind: Kind,
        si: usize,
        items: Vec<Item<'_>>,
        on_invalid: OnInvalid,
    ) -> Result<Plan, Error>;

    /// After a plan is applied: names of other servers that change because of it, given the
    /// tool parts it added or removed (conditional prefixing); and the entries that want a
    /// change they cannot have yet, to look at again after the next expose.
    fn follow(&self, _router: &Router, _kind: Kind, _parts: &[String]) -> (Vec<Rename>, Vec<Id>) {
        (Vec::new(), Vec::new())
    }

    /// How many segments the table has: one per server, or one for the whole catalog.
    fn segments(&self, servers: usize) -> usize {
        servers
    }

    /// The segment a server's entries stand in.
    fn slot(&self, si: usize) -> usize {
        si
    }

    /// Between the server and the tool part, where names have one that splits back.
    fn separator(&self) -> &str;

    /// Before the server.
    fn prefix(&self) -> &str {
        ""
    }

    /// Whether the client adds `mcp__<gateway>__` in front of exposed names.
    fn qualifies(&self) -> bool {
        false
    }

    /// Whether the style can write `name` as a server name.
    fn check_server_name(&self, name: &str) -> Result<(), String>;

    /// A server name the style can write, close to one it cannot.
    fn suggest_server_name(&self, _name: &str) -> Option<String> {
        None
    }

    /// The longest server name the style takes, in characters
    /// ([`MAX_SERVER_NAME`](crate::arguments::MAX_SERVER_NAME), or a peer gateway's own limit).
    fn max_server_name(&self) -> usize {
        crate::arguments::MAX_SERVER_NAME
    }

    /// The longest exposed name the style's own convention allows, where it has a limit.
    fn max_len(&self) -> Option<usize> {
        None
    }

    /// The tool part of an exposed name: what follows the prefix, the server and the separator
    /// (the whole name when it does not start with them).
    fn name_part<'n>(&self, name: &'n str, server: &str) -> &'n str {
        name.strip_prefix(self.prefix())
            .and_then(|rest| rest.strip_prefix(server))
            .and_then(|rest| rest.strip_prefix(self.separator()))
            .unwrap_or(name)
    }

    /// The server (index into `servers`) and tool part of an exposed name, matching the longest
    /// server label followed by the separator.
    fn split<'a>(&self, name: &'a str, servers: &[Server]) -> Option<(usize, &'a str)> {
        let rest = name.strip_prefix(self.prefix())?;
        let sep = self.separator();
        if sep.is_empty() {
            return None;
        }
        servers
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                rest.len() > s.label.len() + sep.len()
                    && rest.starts_with(&s.label)
                    && rest[s.label.len()..].starts_with(sep)
            })
            .max_by_key(|(_, s)| s.label.len())
            .map(|(i, s)| (i, &rest[s.label.len() + sep.len()..]))
    }
}
