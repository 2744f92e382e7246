//! The mcp-naming projection of one name (a tool's or a server's) to an identifier of a language,
//! and to the key its file is named after.
//!
//! The projection depends on the name alone, never on the other names of the catalog: that is
//! what makes it stable when tools are added (an identifier that depended on its neighbours would
//! change when a neighbour arrives) and the same whatever order the tools come in. Being unique
//! then asks that two names never project alike, so a name keeps a digest-free identifier only in
//! its *canonical spelling*: lowercase words joined by single `_` (`get_user`, the spelling of
//! most MCP tools and of the specification's examples), at most 64 bytes.
//!
//! | name | TypeScript / JavaScript | Python | key (file) |
//! | --- | --- | --- | --- |
//! | canonical (`get_user`) | camelCase (`getUser`) | itself (`get_user`) | itself |
//! | a reserved word (`delete`, `class`) | `delete_` | `class_` | itself |
//! | any other spelling (`get-user`, `getUser`, `GET_USER`, `2fa`, `获取`) | `getUser_1a2b3c4d5e6f` | `get_user__1a2b3c4d5e6f` | `get_user__1a2b3c4d5e6f` |
//!
//! The digest is the first 12 hex digits (48 bits) of SHA-256 of the name itself, so another
//! spelling of the same words (`get-user` beside `get_user`) never takes the identifier of the
//! canonical one, whichever arrives first. Why every form is distinct:
//! - TypeScript: a canonical identifier has no `_` (words joined in camelCase, each after the first
//!   starting with a letter, so the split is unique); an escaped one ends with its only `_`; a
//!   hashed one ends with `_` and 12 hex digits.
//! - Python and keys: a canonical identifier is the name itself (no `__`, no `_` at either end);
//!   an escaped one ends with `_` and has no `__`; a hashed one holds `__` before its digest.
//!
//! Two hashed identifiers meet only when their readable parts are equal *and* 48 bits of SHA-256
//! agree (about one chance in 2.8 × 10^14 for a pair); the catalog's last pass
//! ([`super::views::mcp_naming`]) lengthens the digests of such a pair so they never meet.

use super::reserved::is_reserved;
use super::Language;

/// The longest canonical name kept without a digest, in bytes.
pub(crate) const MAX_PLAIN: usize = 64;
/// The longest readable part before a digest, in bytes.
const MAX_READABLE: usize = 48;
/// Hex digits of the digest (48 bits).
pub(crate) const DIGEST_HEX: usize = 12;

/// What a name stands for: a server (a namespace) or a tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    Namespace,
    Tool,
}

impl Scope {
    /// The word a name without letters or digits is read as.
    fn fallback(self) -> &'static str {
        match self {
            Scope::Namespace => "server",
            Scope::Tool => "tool",
        }
    }
}

/// Why a name carries a digest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// Characters outside ASCII letters, digits and `_`.
    Characters,
    /// Longer than [`MAX_PLAIN`].
    Length,
    /// Another spelling than the canonical one (uppercase, `-`, `.`, camelCase, `__`, a word
    /// starting with a digit in TypeScript).
    Spelling,
}

/// How a name became its identifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum How {
    /// The identifier is the name.
    AsIs,
    /// The canonical name in the language's case (`get_user` → `getUser`).
    Converted,
    /// A reserved word, escaped with `_`.
    Escaped,
    /// Readable words and a digest of the name.
    Hashed(Why),
}

/// A name's identifier and key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Projection {
    pub identifier: String,
    /// Lowercase ASCII letters, digits and `_`: the file name (before Windows' device names are
    /// escaped, see [`super::paths`]).
    pub key: String,
    pub how: How,
}

/// The words of a name: its runs of ASCII letters and digits, split where camelCase changes case
/// (`getHTTPServer2` → `get`, `http`, `server2`), lowercased.
pub(crate) fn words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    for run in name.split(|c: char| !c.is_ascii_alphanumeric()).filter(|r| !r.is_empty()) {
        let b = run.as_bytes();
        let mut start = 0;
        for i in 1..b.len() {
            let (prev, cur) = (b[i - 1], b[i]);
            let next_lower = b.get(i + 1).is_some_and(u8::is_ascii_lowercase);
            let boundary = cur.is_ascii_uppercase()
                && (prev.is_ascii_lowercase() || prev.is_ascii_digit() || (prev.is_ascii_uppercase() && next_lower));
            if boundary {
                out.push(run[start..i].to_ascii_lowercase());
                start = i;
            }
        }
        out.push(run[start..].to_ascii_lowercase());
    }
    out
}

/// Whether `name` is in the canonical spelling for `language`: `[a-z][a-z0-9]*` words joined by
/// single `_`, at most [`MAX_PLAIN`] bytes; in TypeScript and JavaScript every word starts with a
/// letter (camelCase could not split `get_2fa` from `get2fa`).
pub(crate) fn is_canonical(name: &str, language: Language) -> bool {
    if name.is_empty() || name.len() > MAX_PLAIN {
        return false;
    }
    name.split('_').enumerate().all(|(i, word)| {
        let mut b = word.bytes();
        let first_ok = match b.next() {
            Some(c) if c.is_ascii_lowercase() => true,
            Some(c) if c.is_ascii_digit() => i > 0 && language == Language::Python,
            _ => false,
        };
        first_ok && b.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    })
}

fn camel(words: &[String]) -> String {
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        if i == 0 {
            out.push_str(w);
        } else {
            let mut chars = w.chars();
            if let Some(first) = chars.next() {
                out.push(first.to_ascii_uppercase());
                out.push_str(chars.as_str());
            }
        }
    }
    out
}

/// `text` cut to at most `max` bytes (ASCII), without a trailing `_`.
fn cut(text: &str, max: usize) -> &str {
    text[..text.len().min(max)].trim_end_matches('_')
}

/// The readable part of a hashed form: the words in the language's case, cut, never empty, never
/// starting with a digit.
fn readable(words: &[String], snake: bool, scope: Scope) -> String {
    let joined = if snake { words.join("_") } else { camel(words) };
    let mut text = cut(&joined, MAX_READABLE).to_string();
    if text.is_empty() {
        text = scope.fallback().to_string();
    }
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        text.insert(0, '_');
    }
    text
}

/// The first `len` hex digits of SHA-256 of `name`.
pub(crate) fn digest(name: &str, len: usize) -> String {
    let mut hex = crate::sha256::hex(name.as_bytes());
    hex.truncate(len.clamp(DIGEST_HEX, 64));
    hex
}

/// Why a name is not canonical.
fn why(name: &str) -> Why {
    if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        Why::Characters
    } else if name.len() > MAX_PLAIN {
        Why::Length
    } else {
        Why::Spelling
    }
}

/// The hashed forms of `name` with a digest of `hex_len` digits: (identifier, key).
pub(crate) fn hashed(name: &str, language: Language, scope: Scope, hex_len: usize) -> (String, String) {
    let words = words(name);
    let digest = digest(name, hex_len);
    let key = format!("{}__{digest}", readable(&words, true, scope));
    let identifier = match language {
        Language::Python => key.clone(),
        Language::TypeScript | Language::JavaScript => format!("{}_{digest}", readable(&words, false, scope)),
    };
    (identifier, key)
}

/// The projection of `name` in `language` (see the module documentation).
pub(crate) fn project(name: &str, language: Language, scope: Scope) -> Projection {
    if !is_canonical(name, language) {
        let (identifier, key) = hashed(name, language, scope, DIGEST_HEX);
        return Projection { identifier, key, how: How::Hashed(why(name)) };
    }
    let plain = match language {
        Language::Python => name.to_string(),
        Language::TypeScript | Language::JavaScript => camel(&words(name)),
    };
    if is_reserved(&plain, language) {
        return Projection { identifier: format!("{plain}_"), key: name.to_string(), how: How::Escaped };
    }
    let how = if plain == name { How::AsIs } else { How::Converted };
    Projection { identifier: plain, key: name.to_string(), how }
}

/// The type name an identifier's input and output types are named after, in PascalCase, one to
/// one with identifiers: TypeScript uppercases the first letter (`getUser` → `GetUser`); Python
/// uppercases each word and keeps the `_` of a word that does not start with a letter
/// (`get_user` → `GetUser`, `get_2fa` → `Get_2fa`, `get_user__1a2b…` → `GetUser_1a2b…`), which
/// lowercasing every uppercase letter after a `_` undoes.
pub(crate) fn type_name(identifier: &str, language: Language) -> String {
    let capitalize = |s: &str, out: &mut String| {
        let mut chars = s.chars();
        if let Some(c) = chars.next() {
            out.push(c.to_ascii_uppercase());
            out.push_str(chars.as_str());
        }
    };
    let mut out = String::with_capacity(identifier.len());
    match language {
        Language::TypeScript | Language::JavaScript => capitalize(identifier, &mut out),
        Language::Python => {
            for (i, segment) in identifier.split('_').enumerate() {
                if i > 0 && !segment.starts_with(|c: char| c.is_ascii_lowercase()) {
                    out.push('_');
                }
                capitalize(segment, &mut out);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TS: Language = Language::TypeScript;
    const PY: Language = Language::Python;

    #[test]
    fn words_split_runs_and_camel_case() {
        assert_eq!(words("getHTTPServer2"), ["get", "http", "server2"]);
        assert_eq!(words("get-user.by id"), ["get", "user", "by", "id"]);
        assert_eq!(words("__a__B"), ["a", "b"]);
        assert_eq!(words("获取"), Vec::<String>::new());
        assert_eq!(words("v2Api"), ["v2", "api"]);
    }

    #[test]
    fn canonical_names_keep_their_words() {
        let p = project("get_user", TS, Scope::Tool);
        assert_eq!((p.identifier.as_str(), p.key.as_str(), p.how), ("getUser", "get_user", How::Converted));
        let p = project("get_user", PY, Scope::Tool);
        assert_eq!((p.identifier.as_str(), p.how), ("get_user", How::AsIs));
        assert_eq!(project("search", TS, Scope::Tool).how, How::AsIs);
        assert_eq!(project("delete", TS, Scope::Tool).identifier, "delete_");
        assert_eq!(project("class", PY, Scope::Tool).identifier, "class_");
        assert_eq!(project("get_2fa", PY, Scope::Tool).identifier, "get_2fa");
        assert!(matches!(project("get_2fa", TS, Scope::Tool).how, How::Hashed(Why::Spelling)));
    }

    #[test]
    fn other_spellings_carry_a_digest_of_their_own_name() {
        let a = project("get-user", TS, Scope::Tool);
        let b = project("getUser", TS, Scope::Tool);
        assert!(a.identifier.starts_with("getUser_") && b.identifier.starts_with("getUser_"));
        assert_ne!(a.identifier, b.identifier);
        assert_eq!(a.identifier.len(), "getUser_".len() + DIGEST_HEX);
        assert!(a.key.starts_with("get_user__"));
        let p = project("2fa", PY, Scope::Tool);
        assert!(p.identifier.starts_with("_2fa__"), "{}", p.identifier);
        let p = project("获取", TS, Scope::Namespace);
        assert!(p.identifier.starts_with("server_"));
        assert_eq!(p.how, How::Hashed(Why::Characters));
        assert_eq!(project(&"a".repeat(65), PY, Scope::Tool).how, How::Hashed(Why::Length));
    }

    #[test]
    fn type_names_are_one_to_one_with_identifiers() {
        assert_eq!(type_name("getUser", TS), "GetUser");
        assert_eq!(type_name("_2fa_abc", TS), "_2fa_abc");
        assert_eq!(type_name("get_user", PY), "GetUser");
        assert_eq!(type_name("get_2fa", PY), "Get_2fa");
        assert_eq!(type_name("get2fa", PY), "Get2fa");
        assert_eq!(type_name("class_", PY), "Class_");
        assert_eq!(type_name("get_user__a1b2", PY), "GetUser_A1b2");
        assert_eq!(type_name("_2fa__0ab", PY), "_2fa__0ab");
    }
}
