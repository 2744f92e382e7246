//! The routing table of one kind (tools, or prompts): names only. Entries live in a slab and are
//! placed in segments (one per server for the router's own styles; one for the whole catalog
//! for a peer style, which names every server together); indexes beside them answer a name, a
//! name's fold key, a tool part and a near miss, each updated by what one expose changes.

use super::index::{Form, Index, Query, MAX_FORM};
use super::{fold_eq, fold_hash};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::ControlFlow;
use std::sync::Mutex;

/// An entry's place in the slab.
pub(crate) type Id = u32;

/// An exposed name with where it goes and where it stands.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    /// The exposed name, then the upstream name (one allocation).
    text: Box<str>,
    /// Where the upstream name starts in `text`.
    split: u32,
    /// The own style's tool part, where conditional prefixing needs it.
    pub part: Option<Box<str>>,
    pub server: u32,
    /// Its place in the list the host gave for its server.
    pub index: u32,
    /// The segment it stands in, and its place there.
    pub slot: u32,
    pub pos: u32,
    /// Offered by the configuration (servers, `enabled` / `disabled`).
    pub enabled: bool,
    /// In the list the client sees (a peer may list a name twice, or drop one).
    pub listed: bool,
    /// Calls to its name reach it.
    pub routed: bool,
    /// Exposed without its server (conditional or never prefixing).
    pub bare: bool,
}

impl Entry {
    /// An entry with its names; the rest as given.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        name: &str,
        upstream: &str,
        part: Option<Box<str>>,
        server: u32,
        index: u32,
        flags: [bool; 4],
    ) -> Entry {
        let mut text = String::with_capacity(name.len() + upstream.len());
        text.push_str(name);
        text.push_str(upstream);
        let [enabled, listed, routed, bare] = flags;
        Entry {
            text: text.into(),
            split: name.len() as u32,
            part,
            server,
            index,
            slot: 0,
            pos: 0,
            enabled,
            listed,
            routed,
            bare,
        }
    }

    /// The exposed name.
    pub(crate) fn name(&self) -> &str {
        &self.text[..self.split as usize]
    }

    /// The upstream's own name.
    pub(crate) fn upstream(&self) -> &str {
        &self.text[self.split as usize..]
    }

    /// The same entry under another name.
    pub(crate) fn renamed(&self, name: &str, bare: bool, enabled: bool, listed: bool) -> Entry {
        let flags = [enabled, listed, listed, bare];
        Entry {
            slot: self.slot,
            pos: self.pos,
            ..Entry::new(name, self.upstream(), self.part.clone(), self.server, self.index, flags)
        }
    }
    /// What a client sees: enabled and listed.
    pub(crate) fn visible(&self) -> bool {
        self.enabled && self.listed
    }
}

/// A hasher for keys that are hashes already.
#[derive(Default)]
pub(crate) struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        // Fibonacci hashing: small keys (ids) spread over the high bits hashbrown looks at.
        self.0 = n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// A map keyed by a hash (or an id).
pub(crate) type PreMap<V> = HashMap<u64, V, BuildHasherDefault<Prehashed>>;

/// FNV-1a (64 bits) of a string: the key of [`Keyed`].
pub(crate) fn hash(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in text.as_bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Ids by a 64-bit hash of a key that the caller keeps: a lookup gives every id under the hash
/// and the caller confirms each (two keys with one hash cost a comparison, never a wrong answer).
#[derive(Debug, Default)]
pub(crate) struct Keyed {
    one: PreMap<Id>,
    more: PreMap<Vec<Id>>,
}

impl Keyed {
    pub(crate) fn insert(&mut self, h: u64, id: Id) {
        match self.one.entry(h) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(id);
            }
            std::collections::hash_map::Entry::Occupied(_) => self.more.entry(h).or_default().push(id),
        }
    }

    pub(crate) fn remove(&mut self, h: u64, id: Id) {
        if self.one.get(&h) == Some(&id) {
            match self.more.get_mut(&h) {
                Some(rest) => {
                    let next = rest.pop().expect("never empty");
                    if rest.is_empty() {
                        self.more.remove(&h);
                    }
                    self.one.insert(h, next);
                }
                None => {
                    self.one.remove(&h);
                }
            }
        } else if let Some(rest) = self.more.get_mut(&h) {
            rest.retain(|&x| x != id);
            if rest.is_empty() {
                self.more.remove(&h);
            }
        }
    }

    pub(crate) fn get(&self, h: u64) -> impl Iterator<Item = Id> + '_ {
        self.one.get(&h).copied().into_iter().chain(self.more.get(&h).into_iter().flatten().copied())
    }
}

/// The suggestion index and what it has yet to take in.
#[derive(Debug)]
struct Suggest {
    index: Index,
    /// Entries exposed since the last catch-up (some since removed: skipped then).
    pending: Vec<Id>,
    /// Per id: whether its names are in the index.
    indexed: Vec<bool>,
    /// The first id a posting cannot name ([`MAX_FORM`]).
    first_over: Id,
    /// Entries from `first_over` on: kept out of the index, and handed to every lookup whole
    /// (then compared one by one).
    over: Vec<Id>,
}

impl Default for Suggest {
    fn default() -> Suggest {
        Suggest {
            index: Index::default(),
            pending: Vec::new(),
            indexed: Vec::new(),
            first_over: MAX_FORM >> 2,
            over: Vec::new(),
        }
    }
}

/// The names of one kind. See the module documentation.
#[derive(Debug, Default)]
pub(crate) struct Table {
    slab: Vec<Option<Entry>>,
    /// Ids free to reuse; `retired` ones wait for the suggestion index to drop their postings.
    free: Vec<Id>,
    retired: Vec<Id>,
    /// Per segment, its entries in order.
    pub segments: Vec<Vec<Id>>,
    /// Every entry by the fold of its name: collision checks, and (names that are equal fold
    /// alike) routed entries by name.
    by_fold: Keyed,
    /// Entries by their tool part (conditional prefixing).
    by_part: Keyed,
    /// Entries that want to go bare but cannot yet (conditional prefixing).
    pub stuck: Vec<Id>,
    /// Per server, its last list (a peer style names every list again).
    pub lists: Vec<Vec<(u32, Box<str>)>>,
    /// Visible entries' names (exposed, upstream, tool part), for suggestions: brought up to
    /// date by the miss that needs it (a lock, since misses are answered from `&self`).
    suggest: Mutex<Suggest>,
    /// Per server: whether its list is in the table (then the table alone routes it).
    pub exposed: Vec<bool>,
    /// Names that a server's previous list had and its last one has not.
    pub removed: HashMap<Box<str>, u32>,
}

/// Which name of an entry a form is.
pub(crate) const FORM_NAME: u32 = 0;
pub(crate) const FORM_UPSTREAM: u32 = 1;
pub(crate) const FORM_PART: u32 = 2;

impl Table {
    pub(crate) fn new(servers: usize, segments: usize) -> Table {
        Table {
            exposed: vec![false; servers],
            lists: vec![Vec::new(); servers],
            segments: vec![Vec::new(); segments],
            ..Table::default()
        }
    }

    pub(crate) fn get(&self, id: Id) -> Option<&Entry> {
        self.slab.get(id as usize).and_then(Option::as_ref)
    }

    pub(crate) fn entry(&self, id: Id) -> &Entry {
        self.get(id).expect("a live entry")
    }

    /// Entries of a segment, in order.
    pub(crate) fn segment(&self, slot: usize) -> impl Iterator<Item = (Id, &Entry)> + '_ {
        self.segments[slot].iter().map(|&id| (id, self.entry(id)))
    }

    /// Every entry, segment by segment, in order.
    pub(crate) fn all(&self) -> impl Iterator<Item = (Id, &Entry)> + '_ {
        self.segments.iter().flatten().map(|&id| (id, self.entry(id)))
    }

    /// The routed entry named `name`.
    pub(crate) fn by_name(&self, name: &str) -> Option<(Id, &Entry)> {
        self.by_fold.get(fold_hash(name)).map(|id| (id, self.entry(id))).find(|(_, e)| e.routed && e.name() == name)
    }

    /// Entries whose name folds as `name` does (see [`fold`](super::fold)).
    pub(crate) fn by_fold<'t>(&'t self, name: &'t str) -> impl Iterator<Item = (Id, &'t Entry)> + 't {
        self.by_fold.get(fold_hash(name)).map(|id| (id, self.entry(id))).filter(move |(_, e)| fold_eq(e.name(), name))
    }

    /// Entries whose tool part is `part`, or differs from it only in case or separators (two
    /// servers serving `Search` and `search` serve one part, as far as conditional prefixing
    /// goes: which is bare cannot depend on which listed first).
    pub(crate) fn by_part<'t>(&'t self, part: &'t str) -> impl Iterator<Item = (Id, &'t Entry)> + 't {
        self.by_part
            .get(fold_hash(part))
            .map(|id| (id, self.entry(id)))
            .filter(move |(_, e)| e.part.as_deref().is_some_and(|p| fold_eq(p, part)))
    }

    /// Replaces segment `slot` with `entries` (which must not stand anywhere else); returns the
    /// entries it held, removed from the table. `forms` gives an entry's tool part, for the
    /// suggestion index.
    pub(crate) fn replace(
        &mut self,
        slot: usize,
        entries: Vec<Entry>,
        part: &dyn Fn(&Entry) -> Option<&str>,
    ) -> Vec<Entry> {
        let old_ids = std::mem::take(&mut self.segments[slot]);
        // The segment's entries by name: an entry exposed again under its name keeps its id and
        // its place in the indexes (a list_changed usually changes a few tools of many).
        let mut by_name: PreMap<Id> = PreMap::default();
        for &id in &old_ids {
            by_name.entry(hash(self.entry(id).name())).or_insert(id);
        }
        let mut old = Vec::with_capacity(old_ids.len());
        let mut ids = Vec::with_capacity(entries.len());
        let mut reused: PreMap<()> = PreMap::default();
        let mut new_names: PreMap<Id> = PreMap::default();
        for (pos, mut e) in entries.into_iter().enumerate() {
            e.slot = slot as u32;
            e.pos = pos as u32;
            let h = hash(e.name());
            let kept = by_name.get(&h).copied().filter(|&id| self.entry(id).name() == e.name());
            let id = match kept {
                Some(id) => {
                    by_name.remove(&h);
                    reused.insert(u64::from(id), ());
                    let before = self.slab[id as usize].take().expect("a live entry");
                    self.reindex(id, &before, &e, part);
                    old.push(before);
                    id
                }
                None => {
                    let id = self.alloc();
                    self.index_entry(id, &e);
                    if !self.removed.is_empty() {
                        self.removed.remove(e.name());
                    }
                    id
                }
            };
            self.slab[id as usize] = Some(e);
            ids.push(id);
            new_names.entry(h).or_insert(id);
        }
        for id in old_ids {
            if reused.contains_key(&u64::from(id)) {
                continue;
            }
            let e = self.slab[id as usize].take().expect("a live entry");
            self.unindex(id, &e, part);
            self.retired.push(id);
            // Gone from the server's list: calls to it answer tool_removed. (Another server
            // holding the name now is a rename, which clears it.)
            let kept_name = new_names.get(&hash(e.name())).is_some_and(|&n| self.entry(n).name() == e.name());
            if !kept_name {
                self.removed.insert(e.name().into(), e.server);
            }
            old.push(e);
        }
        self.segments[slot] = ids;
        old
    }

    /// Renames entry `id` (a prefix added or dropped): it moves to a new id in the same place,
    /// so that the suggestion index drops the old name's postings at its next merge. Returns the
    /// new id and the old name.
    pub(crate) fn rename(
        &mut self,
        id: Id,
        name: String,
        bare: bool,
        enabled: bool,
        listed: bool,
        part: &dyn Fn(&Entry) -> Option<&str>,
    ) -> (Id, Box<str>) {
        let e = self.slab[id as usize].take().expect("a live entry");
        self.unindex(id, &e, part);
        self.retired.push(id);
        let old: Box<str> = e.name().into();
        let e = e.renamed(&name, bare, enabled, listed);
        let new = self.alloc();
        self.index_entry(new, &e);
        self.segments[e.slot as usize][e.pos as usize] = new;
        self.slab[new as usize] = Some(e);
        (new, old)
    }

    fn alloc(&mut self) -> Id {
        match self.free.pop() {
            Some(id) => id,
            None => {
                self.slab.push(None);
                (self.slab.len() - 1) as Id
            }
        }
    }

    /// Settles the suggestion index after a change, and frees the ids whose postings it dropped.
    pub(crate) fn maintain(&mut self) {
        let s = self.suggest.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        // Retired ids are not reused before the index drops their postings, so their slots are empty.
        let slab = &self.slab;
        if s.index.settle(|id| slab.get(id as usize).is_none_or(Option::is_none)) {
            self.free.append(&mut self.retired);
        }
        // Without misses to catch up, the pending list is kept to the entries still waiting.
        if s.pending.len() > 1024 + 2 * self.slab.len() {
            let indexed = &s.indexed;
            s.pending.retain(|&id| {
                slab.get(id as usize).and_then(Option::as_ref).is_some_and(Entry::visible)
                    && !indexed.get(id as usize).copied().unwrap_or(false)
            });
            s.pending.sort_unstable();
            s.pending.dedup();
        }
    }

    /// Calls `found` with every form that may be within `d` edits of `query` (see
    /// [`Index::candidates`]), with its entry's slot, slot by slot, until it says to stop; the
    /// index first taking in what was exposed since the last miss.
    pub(crate) fn candidates<'t>(
        &'t self,
        query: &Query<'_>,
        d: usize,
        part: &dyn Fn(&'t Entry) -> Option<&'t str>,
        found: impl FnMut(u32, Form, &'t str) -> ControlFlow<()>,
    ) {
        let mut s = self.suggest.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let s = &mut *s;
        // The entries still waiting (live, visible, not yet in: a pending id may be stale, or
        // listed twice), marked as in, then their names added.
        let mut pending = std::mem::take(&mut s.pending);
        s.indexed.resize(self.slab.len().max(s.indexed.len()), false);
        let first_over = s.first_over;
        pending.retain(|&id| {
            if id >= first_over {
                s.over.push(id);
                return false;
            }
            self.get(id).is_some_and(Entry::visible) && !std::mem::replace(&mut s.indexed[id as usize], true)
        });
        if !pending.is_empty() {
            s.index.add_all(&|f| {
                for &id in &pending {
                    let e = self.entry(id);
                    for (which, text) in Self::forms(e, part).into_iter().flatten() {
                        f(id << 2 | which, e.slot, text);
                    }
                }
            });
        }
        let mut extra = Vec::new();
        if !s.over.is_empty() {
            s.over.retain(|&id| self.get(id).is_some_and(Entry::visible));
            s.over.sort_unstable();
            s.over.dedup();
            for &id in &s.over {
                let e = self.entry(id);
                for (which, _) in Self::forms(e, part).into_iter().flatten() {
                    extra.push((e.slot, id << 2 | which));
                }
            }
        }
        s.index.candidates(query, d, &extra, |form| self.form(form, part).map(|(_, t)| t), found);
    }

    /// An entry's distinct names (exposed, upstream, tool part), each with which it is.
    fn forms<'e>(e: &'e Entry, part: &dyn Fn(&'e Entry) -> Option<&'e str>) -> [Option<(u32, &'e str)>; 3] {
        let upstream = (e.upstream() != e.name()).then_some((FORM_UPSTREAM, e.upstream()));
        let part = part(e).filter(|p| *p != e.name() && *p != e.upstream()).map(|p| (FORM_PART, p));
        [Some((FORM_NAME, e.name())), upstream, part]
    }

    fn index_entry(&mut self, id: Id, e: &Entry) {
        self.by_fold.insert(fold_hash(e.name()), id);
        if let Some(p) = &e.part {
            self.by_part.insert(fold_hash(p), id);
        }
        if e.visible() {
            self.suggest.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner).pending.push(id);
        }
    }

    /// Entry `id` exposed again as `now` under the same name: only what differs is redone.
    fn reindex(&mut self, id: Id, before: &Entry, now: &Entry, part: &dyn Fn(&Entry) -> Option<&str>) {
        if before.part != now.part {
            if let Some(p) = &before.part {
                self.by_part.remove(fold_hash(p), id);
            }
            if let Some(p) = &now.part {
                self.by_part.insert(fold_hash(p), id);
            }
        }
        let same_forms = Self::forms(before, part) == Self::forms(now, part);
        if before.visible() != now.visible() || !same_forms {
            let s = self.suggest.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
            if s.indexed.get(id as usize).copied().unwrap_or(false) {
                s.indexed[id as usize] = false;
                for (_, text) in Self::forms(before, part).into_iter().flatten() {
                    s.index.remove(text);
                }
            }
            if now.visible() {
                s.pending.push(id);
            }
        }
    }

    fn unindex(&mut self, id: Id, e: &Entry, part: &dyn Fn(&Entry) -> Option<&str>) {
        self.by_fold.remove(fold_hash(e.name()), id);
        if let Some(p) = &e.part {
            self.by_part.remove(fold_hash(p), id);
        }
        let s = self.suggest.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        if s.indexed.get(id as usize).copied().unwrap_or(false) {
            s.indexed[id as usize] = false;
            for (_, text) in Self::forms(e, part).into_iter().flatten() {
                s.index.remove(text);
            }
        }
    }

    /// The text of a form, if its entry is live and visible.
    pub(crate) fn form<'t>(&'t self, form: Form, part: &dyn Fn(&'t Entry) -> Option<&'t str>) -> Option<(Id, &'t str)> {
        let id = form >> 2;
        let e = self.get(id).filter(|e| e.visible())?;
        let text = match form & 3 {
            FORM_NAME => e.name(),
            FORM_UPSTREAM => e.upstream(),
            _ => part(e)?,
        };
        Some((id, text))
    }
}

#[cfg(test)]
mod hash_tests {
    use super::{hash, Prehashed};
    use std::hash::Hasher;

    /// The keys are FNV-1a 64 (the reference vectors of its specification); a constant or a
    /// weaker mix would still answer right, through the confirming comparison, but in time
    /// linear in the table.
    #[test]
    fn keys_are_fnv1a_64() {
        assert_eq!(hash(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(hash("foobar"), 0x8594_4171_f739_67e8);
    }

    /// Ids and hashes as map keys: ids spread by Fibonacci hashing, bytes by rotate-and-xor.
    #[test]
    fn prehashed_spreads_ids_and_mixes_bytes() {
        let of_u64 = |n: u64| {
            let mut h = Prehashed::default();
            h.write_u64(n);
            h.finish()
        };
        assert_eq!(of_u64(1), 0x9e37_79b9_7f4a_7c15);
        assert_eq!(of_u64(2), 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(2));
        let mut h = Prehashed::default();
        h.write(&[0xff, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(h.finish(), 0xff01_0203_0405_0607);
        // The ninth byte meets the first, rotated round: xor, not or (0xff) nor and (0x0f).
        h.write(&[0x0f]);
        assert_eq!(h.finish(), 0x0102_0304_0506_07f0);
    }
}

#[cfg(test)]
mod replace_tests {
    use super::{ControlFlow, Entry, Query, Table};

    fn entry(name: &str) -> Entry {
        Entry::new(name, name, None, 0, 0, [true, true, true, false])
    }

    fn none(_: &Entry) -> Option<&str> {
        None
    }

    fn ids(t: &Table) -> Vec<u32> {
        t.segments[0].clone()
    }

    /// A list given again keeps the ids of the names it lists again (and their place in the
    /// indexes); a new name gets a new id; a name gone is `removed`, and leaves it when listed
    /// again.
    #[test]
    fn names_listed_again_keep_their_ids() {
        let mut t = Table::new(1, 1);
        t.replace(0, vec![entry("a"), entry("b")], &none);
        let first = ids(&t);
        let old = t.replace(0, vec![entry("b"), entry("c"), entry("a")], &none);
        let second = ids(&t);
        assert_eq!((second[0], second[2]), (first[1], first[0]), "b and a keep theirs");
        assert!(!first.contains(&second[1]), "c is new");
        assert_eq!(old.len(), 2);
        assert!(t.removed.is_empty());
        t.replace(0, vec![entry("c")], &none);
        let mut removed: Vec<&str> = t.removed.keys().map(|k| &**k).collect();
        removed.sort_unstable();
        assert_eq!(removed, ["a", "b"]);
        t.replace(0, vec![entry("a"), entry("c")], &none);
        assert_eq!(t.removed.keys().map(|k| &**k).collect::<Vec<_>>(), ["b"]);
    }

    /// Entries past what a posting can name stay out of the index and are still found, in
    /// slot order with the others.
    #[test]
    fn entries_past_the_index_are_handed_over_whole() {
        let mut t = Table::new(3, 3);
        t.suggest.get_mut().unwrap().first_over = 2;
        for slot in 0..3 {
            let mut e = entry(&format!("tool_{slot}"));
            e.slot = slot;
            t.replace(slot as usize, vec![e], &none);
        }
        let mut found = Vec::new();
        t.candidates(&Query::new("tool_"), 1, &none, |slot, _, text| {
            found.push((slot, text.to_string()));
            ControlFlow::Continue(())
        });
        assert_eq!(found, [(0, "tool_0".to_string()), (1, "tool_1".to_string()), (2, "tool_2".to_string())]);
        assert_eq!(t.suggest.get_mut().unwrap().over.len(), 1, "the third entry is past the index");
    }

    /// Ids of entries gone are freed once the suggestion index has dropped them (`maintain`,
    /// which drops them in bulk past 4,096 stale postings), so a server that keeps listing new
    /// names does not grow the table without bound.
    #[test]
    fn ids_of_entries_gone_are_reused() {
        let mut t = Table::new(1, 1);
        let rounds = 10_000;
        for round in 0..rounds {
            t.replace(0, vec![entry(&format!("tool_{round}")), entry("kept")], &none);
            // A miss brings the index up to date, as a routing error does.
            t.candidates(&Query::new("tool_x"), 1, &none, |_, _, _| ControlFlow::Continue(()));
            t.maintain();
        }
        assert!(t.slab.len() < rounds / 2, "{} slots for 2 live entries", t.slab.len());
        let live: Vec<&str> = t.segment(0).map(|(_, e)| e.name()).collect();
        assert_eq!(live, [format!("tool_{}", rounds - 1).as_str(), "kept"]);
    }

    /// Without misses, entries waiting for the suggestion index are kept to those still
    /// waiting: tools turned off and on again and again do not grow the list, and the tools that
    /// wait all along are still found by the next miss.
    #[test]
    fn waiting_entries_stay_bounded_without_misses() {
        let mut t = Table::new(1, 1);
        for round in 0..3000 {
            let on = round % 2 == 0;
            let mut entries: Vec<Entry> = ["a", "b"].map(entry).into();
            entries.extend(["w", "x", "y", "z"].map(|n| Entry::new(n, n, None, 0, 0, [on, true, true, false])));
            t.replace(0, entries, &none);
            t.maintain();
        }
        let pending = t.suggest.get_mut().unwrap().pending.len();
        assert!(pending <= 1024 + 2 * t.slab.len(), "{pending} waiting for {} slots", t.slab.len());
        for name in ["a", "b"] {
            let mut found = Vec::new();
            t.candidates(&Query::new(name), 0, &none, |_, _, text| {
                found.push(text.to_string());
                ControlFlow::Continue(())
            });
            assert_eq!(found, [name]);
        }
    }

    /// A name listed twice (a peer lists both, calls go to the last) and then once is still
    /// listed: not `removed`.
    #[test]
    fn a_duplicate_listed_once_is_not_removed() {
        let mut t = Table::new(1, 1);
        t.replace(0, vec![entry("a"), entry("a")], &none);
        t.replace(0, vec![entry("a")], &none);
        assert!(t.removed.is_empty(), "{:?}", t.removed);
        assert_eq!(t.segment(0).map(|(_, e)| e.name()).collect::<Vec<_>>(), ["a"]);
    }
}
