//! A page of a merged list: which of the host's items, the meta-tools while discovery is on,
//! the next cursor, and what the list may say about its caching.

use super::{ListDecision, ListKind, ListRequest};
use crate::diagnostic::{Code, Error, Span};
use crate::json::Json;
use crate::router::cache::ListCache;
use crate::router::discovery::MetaTool;
use crate::router::Router;
use crate::text::quoted;

pub use crate::arguments::DEFAULT_PAGE_SIZE;

/// A page: items `start..end` of `total`, and the cursor of the next page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Paged {
    pub start: usize,
    pub end: usize,
    pub next_cursor: Option<String>,
}

/// The page a `cursor` and `page_size` ask for, of a list of `total` items at `generation`.
pub(crate) fn paged(
    total: usize,
    generation: u32,
    cursor: Option<&str>,
    page_size: Option<usize>,
) -> Result<Paged, Error> {
    let start = match cursor {
        None => 0,
        Some(c) => {
            let parsed = c
                .split_once('.')
                .and_then(|(g, o)| Some((u32::from_str_radix(g, 16).ok()?, usize::from_str_radix(o, 16).ok()?)));
            match parsed {
                Some((g, o)) if g == generation && o <= total => o,
                Some(_) => {
                    return Err(Error::new(
                        Code::InvalidCursor,
                        Span::whole(c),
                        format!("cursor {} is stale: the list changed since; list again from the start", quoted(c)),
                    ))
                }
                None => {
                    return Err(Error::new(
                        Code::InvalidCursor,
                        Span::whole(c),
                        format!("cursor {} is not one this gateway gave out", quoted(c)),
                    ))
                }
            }
        }
    };
    let size = page_size.unwrap_or(DEFAULT_PAGE_SIZE);
    if size == 0 {
        return Err(Error::invalid_argument("pageSize must be at least 1"));
    }
    let end = start.saturating_add(size).min(total);
    let next_cursor = (end < total).then(|| format!("{generation:x}.{end:x}"));
    Ok(Paged { start, end, next_cursor })
}

/// A page size as a request gives it: a whole number of at least 1, or nothing.
pub(crate) fn page_size(value: Option<&Json>) -> Result<Option<usize>, Error> {
    match value {
        None | Some(Json::Null) => Ok(None),
        Some(Json::Number(n)) if n.is_finite() && n.fract() == 0.0 && *n >= 1.0 => {
            Ok(Some(n.min(u32::MAX as f64) as usize))
        }
        Some(Json::Number(n)) if n.is_finite() && n.fract() == 0.0 => {
            Err(Error::invalid_argument("pageSize must be at least 1"))
        }
        Some(Json::Number(n)) => Err(Error::invalid_argument(format!(
            "pageSize must be a whole number, got {}",
            crate::read::number_text(*n)
        ))),
        Some(other) => Err(Error::invalid_argument(format!("pageSize must be a number, got {}", other.described()))),
    }
}

impl Router {
    /// Which items a page of a merged list holds ([`super`]).
    ///
    /// # Errors
    /// `invalid_cursor` for a cursor this gateway did not give out, or one from before the list
    /// changed; `invalid_argument` for a page size that is not a whole number of at least 1.
    pub fn decide_list(&self, request: &ListRequest) -> Result<ListDecision, Error> {
        let size = page_size(request.page_size.as_ref())?;
        let cursor = request.cursor.as_deref();
        let cache = self.list_cache(request.list);
        let modern =
            request.protocol_version.as_deref().map(crate::router::Era::of) == Some(crate::router::Era::Modern);
        let cache = if modern { cache.or_claim_nothing() } else { cache };
        let always = match request.list {
            ListKind::Tools => self.discovery_listing(),
            _ => None,
        };
        let Some(always) = always else {
            let p = paged(request.total as usize, request.generation, cursor, size)?;
            return Ok(ListDecision::Page {
                start: p.start as u32,
                end: p.end as u32,
                next_cursor: p.next_cursor,
                cache,
            });
        };
        let metas = MetaTool::ALL.len();
        let p = paged(metas + always.len(), request.generation, cursor, size)?;
        let meta = (p.start..p.end.min(metas)).map(|i| i as u8).collect();
        let names =
            always[p.start.max(metas) - metas..p.end.max(metas) - metas].iter().map(|n| n.to_string()).collect();
        Ok(ListDecision::Discovery { meta, names, next_cursor: p.next_cursor, cache })
    }

    /// What the merged `list` may say about its caching: the merge of what each upstream's last
    /// list said ([`ListCache::merge`]).
    pub fn list_cache(&self, list: ListKind) -> ListCache {
        let given = self.caches[list as usize].iter().flatten().copied();
        ListCache::merge(given)
    }
}
