//! Model providers: what a tool name must match for each, and a deterministic fit.
//!
//! | provider | rule |
//! | --- | --- |
//! | `openai`, `anthropic`, `bedrock`, `mistral` | `^[a-zA-Z0-9_-]{1,64}$` |
//! | `gemini` | a letter or `_` first, then letters, digits, `_ . : -`; at most 64 |
//!
//! [`fit`] leaves a passing name alone. Otherwise forbidden characters become `_` and, when the
//! result is too long or already taken, it is cut and given `_` plus 8 hex characters of a
//! stable hash (FNV-1a, 32 bits) of the original name, so the same input always gives the same
//! output and distinct long names stay distinct. Every fitted name passes its provider.
//!
//! ```
//! use mcp_naming::{fit, Provider};
//!
//! assert_eq!(fit("get_user", Provider::OpenAi, &[]), "get_user");
//! assert_eq!(fit("myproject:create_task", Provider::OpenAi, &[]), "myproject_create_task");
//! assert_eq!(fit("myproject:create_task", Provider::Gemini, &[]), "myproject:create_task");
//! let long = "a".repeat(100);
//! let fitted = fit(&long, Provider::Anthropic, &[]);
//! assert_eq!(fitted.len(), 64);
//! assert!(Provider::Anthropic.accepts(&fitted));
//! ```

use crate::diagnostic::Error;
use core::fmt;
use core::str::FromStr;

/// A model provider whose tool-name rule is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Provider {
    /// OpenAI Chat Completions and Responses.
    OpenAi,
    /// Anthropic Messages API.
    Anthropic,
    /// Google Gemini.
    Gemini,
    /// AWS Bedrock Converse.
    Bedrock,
    /// Mistral.
    Mistral,
}

impl Provider {
    /// Every provider.
    pub const ALL: &'static [Provider] =
        &[Provider::OpenAi, Provider::Anthropic, Provider::Gemini, Provider::Bedrock, Provider::Mistral];

    /// The longest name every provider accepts.
    pub const MAX_LEN: usize = 64;

    /// The public id: `"openai"`, `"anthropic"`, `"gemini"`, `"bedrock"`, `"mistral"`.
    pub const fn id(self) -> &'static str {
        match self {
            Provider::OpenAi => "openai",
            Provider::Anthropic => "anthropic",
            Provider::Gemini => "gemini",
            Provider::Bedrock => "bedrock",
            Provider::Mistral => "mistral",
        }
    }

    pub(crate) fn allows(self, b: u8, first: bool) -> bool {
        match self {
            Provider::Gemini if first => b.is_ascii_alphabetic() || b == b'_',
            Provider::Gemini => b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':' | b'-'),
            _ => b.is_ascii_alphanumeric() || b == b'_' || b == b'-',
        }
    }

    /// Whether the provider accepts `name` as a tool name.
    pub fn accepts(self, name: &str) -> bool {
        let b = name.as_bytes();
        !b.is_empty() && b.len() <= Provider::MAX_LEN && b.iter().enumerate().all(|(i, &c)| self.allows(c, i == 0))
    }
}

impl fmt::Display for Provider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Provider {
    type Err = Error;

    /// # Errors
    /// `invalid_argument` for a string that is not a provider id.
    fn from_str(text: &str) -> Result<Provider, Error> {
        Provider::ALL.iter().copied().find(|p| p.id() == text).ok_or_else(|| {
            Error::invalid_argument(format!(
                "unknown provider {}: use one of openai, anthropic, gemini, bedrock, mistral",
                crate::text::quoted(&crate::text::clip(text, 40))
            ))
        })
    }
}

/// Which providers accept `name`, in the order of [`Provider::ALL`].
pub fn check_providers(name: &str) -> Vec<(Provider, bool)> {
    Provider::ALL.iter().map(|&p| (p, p.accepts(name))).collect()
}

/// FNV-1a (32 bits) of `name`; with a salt (only needed when the first candidate is taken),
/// of `name`, a NUL and the salt in decimal.
pub(crate) fn stable_hash(name: &str, salt: u32) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u32::from(b);
            h = h.wrapping_mul(0x0100_0193);
        }
    };
    eat(name.as_bytes());
    if salt > 0 {
        eat(b"\0");
        eat(salt.to_string().as_bytes());
    }
    h
}

/// Fits `name` to `provider`, avoiding the names in `taken` (see the module documentation).
pub fn fit(name: &str, provider: Provider, taken: &[&str]) -> String {
    fit_with(name, provider, |n| taken.contains(&n))
}

/// [`fit`] with any test of "already taken".
pub fn fit_with(name: &str, provider: Provider, taken: impl Fn(&str) -> bool) -> String {
    fit_within(name, provider, Provider::MAX_LEN, taken)
}

/// [`fit_with`] to at most `max_len` characters (at least 10 are always allowed), for names to
/// which a client adds a prefix of its own, such as `mcp__<gateway>__`.
pub fn fit_within(name: &str, provider: Provider, max_len: usize, taken: impl Fn(&str) -> bool) -> String {
    let max_len = max_len.clamp(10, Provider::MAX_LEN);
    let fits = |n: &str| provider.accepts(n) && n.len() <= max_len && !taken(n);
    if fits(name) {
        return name.to_string();
    }
    let mut sanitized = String::with_capacity(name.len().min(4 * Provider::MAX_LEN) + 1);
    for c in name.chars() {
        let c = if c.is_ascii() { c } else { crate::chars::lookalike(c).unwrap_or('_') };
        let ok = provider.allows(c as u8, false) && c.is_ascii();
        sanitized.push(if ok { c } else { '_' });
        if sanitized.len() > max_len {
            break;
        }
    }
    if sanitized.is_empty() || !provider.allows(sanitized.as_bytes()[0], true) {
        sanitized.insert(0, '_');
    }
    if fits(&sanitized) {
        return sanitized;
    }
    sanitized.truncate((max_len - 9).min(sanitized.len()));
    let mut salt = 0u32;
    loop {
        let candidate = format!("{sanitized}_{:08x}", stable_hash(name, salt));
        if !taken(&candidate) || salt == u32::MAX {
            return candidate;
        }
        salt += 1;
    }
}

/// Fits every name, each avoiding the fitted names before it, so the results are distinct
/// (given distinct inputs) and each passes the provider.
///
/// ```
/// use mcp_naming::{fit_all, Provider};
/// let fitted = fit_all(&["a.b", "a:b", "a_b"], Provider::OpenAi);
/// assert_eq!(fitted[0], "a_b");
/// assert_ne!(fitted[1], fitted[0]);
/// assert!(fitted.iter().all(|n| Provider::OpenAi.accepts(n)));
/// ```
pub fn fit_all<S: AsRef<str>>(names: &[S], provider: Provider) -> Vec<String> {
    let mut seen = std::collections::HashSet::with_capacity(names.len());
    let mut out = Vec::with_capacity(names.len());
    for name in names {
        let fitted = fit_with(name.as_ref(), provider, |n| seen.contains(n));
        seen.insert(fitted.clone());
        out.push(fitted);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_reference_vectors() {
        // The published FNV-1a 32-bit test vectors.
        assert_eq!(stable_hash("", 0), 0x811c_9dc5);
        assert_eq!(stable_hash("a", 0), 0xe40c_292c);
        assert_eq!(stable_hash("foobar", 0), 0xbf9c_f968);
    }
}
