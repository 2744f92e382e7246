//! What a merged list may say about its caching (SEP-2549, MCP 2026-07-28): list results carry
//! `ttlMs` (how long a client may keep the list) and `cacheScope` (`public`: any user's client
//! may share it; `private`: one user's). A gateway's merged list must not claim more than any of
//! its upstreams allowed: the smallest `ttlMs`, `private` when any upstream list is private, and
//! neither member when an upstream list gave none (absence claims nothing).

use crate::json::Json;
use serde::{Deserialize, Serialize};

/// Who may share a cached list (`cacheScope`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum CacheScope {
    /// Any user's client.
    Public,
    /// Only the user whose request it answered.
    Private,
}

impl CacheScope {
    /// `public`, `private`.
    pub const fn as_str(self) -> &'static str {
        match self {
            CacheScope::Public => "public",
            CacheScope::Private => "private",
        }
    }
}

/// A list's caching members, as one upstream gave them or as merged for the client.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ListCache {
    /// `ttlMs`: milliseconds the list may be kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ttl_ms: Option<f64>,
    /// `cacheScope`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_scope: Option<CacheScope>,
}

impl ListCache {
    /// The members `result` (a list result from an upstream) carries. A value outside the
    /// specification (a negative or non-numeric `ttlMs`, an unknown scope) counts as absent:
    /// an upstream's mistake never lets the merged list claim more.
    ///
    /// ```
    /// use mcp_naming::router::{CacheScope, ListCache};
    /// let result = serde_json::from_str(r#"{ "tools": [], "ttlMs": 60000, "cacheScope": "private" }"#).unwrap();
    /// let c = ListCache::from_result(&result);
    /// assert_eq!((c.ttl_ms, c.cache_scope), (Some(60000.0), Some(CacheScope::Private)));
    /// ```
    pub fn from_result(result: &Json) -> ListCache {
        let ttl_ms = result.get("ttlMs").and_then(Json::as_f64).filter(|t| t.is_finite() && *t >= 0.0);
        let cache_scope = match result.get("cacheScope").and_then(Json::as_str) {
            Some("public") => Some(CacheScope::Public),
            Some("private") => Some(CacheScope::Private),
            _ => None,
        };
        ListCache { ttl_ms, cache_scope }
    }

    /// What a 2026-07-28 result must say of itself, where this says nothing: `ttlMs: 0` (keep
    /// it no time) and `cacheScope: "private"` (share it with no one), which claim nothing.
    ///
    /// ```
    /// use mcp_naming::router::{CacheScope, ListCache};
    /// let c = ListCache::default().or_claim_nothing();
    /// assert_eq!((c.ttl_ms, c.cache_scope), (Some(0.0), Some(CacheScope::Private)));
    /// ```
    pub fn or_claim_nothing(self) -> ListCache {
        ListCache { ttl_ms: self.ttl_ms.or(Some(0.0)), cache_scope: self.cache_scope.or(Some(CacheScope::Private)) }
    }

    /// Its members as a result carries them (`ttlMs`, `cacheScope`), the absent ones left out.
    pub(crate) fn members(&self) -> Vec<(&'static str, Json)> {
        let mut out = Vec::new();
        if let Some(ttl) = self.ttl_ms {
            out.push(("ttlMs", Json::Number(ttl)));
        }
        if let Some(scope) = self.cache_scope {
            out.push(("cacheScope", Json::String(scope.as_str().to_string())));
        }
        out
    }

    /// What the merge of `lists` (every upstream list the merged list holds) may say.
    ///
    /// ```
    /// use mcp_naming::router::{CacheScope, ListCache};
    /// let mut a = ListCache::default();
    /// a.ttl_ms = Some(60_000.0);
    /// a.cache_scope = Some(CacheScope::Public);
    /// let mut b = a;
    /// b.ttl_ms = Some(5_000.0);
    /// b.cache_scope = Some(CacheScope::Private);
    /// let merged = ListCache::merge([a, b]);
    /// assert_eq!((merged.ttl_ms, merged.cache_scope), (Some(5_000.0), Some(CacheScope::Private)));
    /// // An upstream that gave none: the merged list claims no lifetime.
    /// assert_eq!(ListCache::merge([a, ListCache::default()]).ttl_ms, None);
    /// ```
    pub fn merge(lists: impl IntoIterator<Item = ListCache>) -> ListCache {
        let mut ttl = Some(f64::INFINITY);
        let mut scope = Some(CacheScope::Public);
        let mut any = false;
        let mut private = false;
        for l in lists {
            any = true;
            ttl = match (ttl, l.ttl_ms) {
                (Some(a), Some(b)) => Some(a.min(b)),
                _ => None,
            };
            private |= l.cache_scope == Some(CacheScope::Private);
            if l.cache_scope.is_none() {
                scope = None;
            }
        }
        if !any {
            return ListCache::default();
        }
        ListCache { ttl_ms: ttl, cache_scope: if private { Some(CacheScope::Private) } else { scope } }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(ttl: Option<f64>, scope: Option<CacheScope>) -> ListCache {
        ListCache { ttl_ms: ttl, cache_scope: scope }
    }

    #[test]
    fn the_merge_claims_no_more_than_any_upstream() {
        use CacheScope::{Private, Public};
        for (lists, want) in [
            (vec![], c(None, None)),
            (vec![c(Some(10.0), Some(Public))], c(Some(10.0), Some(Public))),
            (vec![c(Some(10.0), Some(Public)), c(Some(3.0), Some(Public))], c(Some(3.0), Some(Public))),
            (vec![c(Some(10.0), Some(Public)), c(None, Some(Public))], c(None, Some(Public))),
            (vec![c(Some(10.0), Some(Public)), c(Some(20.0), None)], c(Some(10.0), None)),
            (vec![c(Some(10.0), Some(Private)), c(Some(20.0), None)], c(Some(10.0), Some(Private))),
            (vec![c(None, None), c(Some(0.0), Some(Private))], c(None, Some(Private))),
        ] {
            assert_eq!(ListCache::merge(lists.clone()), want, "{lists:?}");
        }
    }

    #[test]
    fn values_outside_the_specification_count_as_absent() {
        for text in [
            r#"{"ttlMs": -1, "cacheScope": "shared"}"#,
            r#"{"ttlMs": "60", "cacheScope": 1}"#,
            r#"{"cacheScope": "PUBLIC"}"#,
            r#"[]"#,
        ] {
            let v: Json = serde_json::from_str(text).unwrap();
            assert_eq!(ListCache::from_result(&v), ListCache::default(), "{text}");
        }
    }
}
