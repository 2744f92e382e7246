//! What an expose answers, for hosts that keep the objects: the items a list gave
//! ([`ListItem`]), what was left out ([`Skipped`]), and where every name now stands
//! ([`Placement`]).

use super::probe::Scalar;
use super::ExposedTool;
use crate::diagnostic::{Code, Diagnostic};
use serde::Serialize;

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
#[derive(Serialize)]
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

impl<'a> ListItem<'a> {
    /// The item whose identifying member a host found to be `found`: a string names it;
    /// anything else is worded as its type; `None` (an object without the member) as
    /// `nothing`. A host hands over, for an item that is not an object, what the item is.
    ///
    /// ```
    /// use mcp_naming::router::probe::Scalar;
    /// use mcp_naming::router::ListItem;
    /// assert_eq!(ListItem::of(Some(&Scalar::String("echo".into()))), ListItem::Named("echo"));
    /// assert_eq!(ListItem::of(Some(&Scalar::Number(5.0))), ListItem::Unnamed("a number"));
    /// assert_eq!(ListItem::of(None), ListItem::Unnamed("nothing"));
    /// ```
    pub fn of(found: Option<&'a Scalar>) -> ListItem<'a> {
        match found {
            Some(Scalar::String(s)) => ListItem::Named(s),
            Some(other) => ListItem::Unnamed(other.described()),
            None => ListItem::Unnamed("nothing"),
        }
    }
}

/// An entry as a host keeps it: which item of which server it is. Its names (exposed and
/// upstream) are read from the router right after the expose that placed it
/// ([`Router::placed`](super::Router::placed), [`Router::placed_uri`](super::Router::placed_uri)), so that a placement costs no copy of them.
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
    /// Whether it is in the list a client sees (`false`: dropped by `conflicts: { priority }`).
    pub listed: bool,
    /// Whether calls to its name reach it.
    pub routed: bool,
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
#[derive(Serialize)]
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
    #[serde(skip)]
    pub placement: Placement,
}
