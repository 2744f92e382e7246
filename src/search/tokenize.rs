//! Words: how a name, a description, a parameter name or a query is cut into the words the index
//! keeps. One function for every field and for queries, so that `get_user_profile`,
//! `getUserProfile`, `GetUserProfile`, `get-user-profile` and `get.user.profile` all give
//! `get`, `user`, `profile`.
//!
//! A word is a run of letters or a run of digits (`base64` gives `base`, `64`; `v2` gives `v`,
//! `2`); everything else separates. Inside a run of letters, a capital after a small letter
//! starts a word (`getUser`), and so does the last capital of a run of capitals followed by a
//! small letter (`HTTPServer` gives `http`, `server`). Words are lowercased, and the accented
//! Latin-1 letters are folded to their ASCII base (`é` → `e`, `ß` → `ss`, `æ` → `ae`); other
//! scripts are kept, lowercased.
//!
//! Bounded work: only the first [`MAX_SCANNED`] bytes of a text are read, and a word keeps its
//! first [`MAX_WORD`] bytes (the rest of a longer run is dropped, not made into another word).

/// Bytes of any one text that are read.
pub(crate) const MAX_SCANNED: usize = 4096;
/// Bytes of a word that are kept.
pub(crate) const MAX_WORD: usize = 32;

/// Words of descriptions that are not indexed: they are in most descriptions and tell nothing
/// (names and parameter names keep them: `get_user_by_id` is four words). Sorted.
const STOP: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "its", "of", "on", "or", "that",
    "the", "this", "to", "with",
];

/// Whether a description word is left out of the index.
pub(crate) fn is_stop(word: &str) -> bool {
    word.len() <= 4 && STOP.binary_search(&word).is_ok()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// A letter with no case, or a small one.
    Lower,
    Upper,
    Digit,
    Other,
}

fn class(c: char) -> Class {
    if c.is_ascii() {
        return match c {
            'a'..='z' => Class::Lower,
            'A'..='Z' => Class::Upper,
            '0'..='9' => Class::Digit,
            _ => Class::Other,
        };
    }
    if c.is_uppercase() {
        Class::Upper
    } else if c.is_alphabetic() {
        Class::Lower
    } else if c.is_numeric() {
        Class::Digit
    } else {
        Class::Other
    }
}

/// The ASCII base of an accented Latin-1 letter, either case.
fn fold(c: char) -> Option<&'static str> {
    Some(match c {
        'À'..='Å' | 'à'..='å' => "a",
        'Æ' | 'æ' => "ae",
        'Ç' | 'ç' => "c",
        'È'..='Ë' | 'è'..='ë' => "e",
        'Ì'..='Ï' | 'ì'..='ï' => "i",
        'Ð' | 'ð' => "d",
        'Ñ' | 'ñ' => "n",
        'Ò'..='Ö' | 'Ø' | 'ò'..='ö' | 'ø' => "o",
        'Ù'..='Ü' | 'ù'..='ü' => "u",
        'Ý' | 'ý' | 'ÿ' => "y",
        'Þ' | 'þ' => "th",
        'ß' => "ss",
        _ => return None,
    })
}

/// Appends `c` lowercased and folded to `word`, unless that would make it longer than
/// [`MAX_WORD`] bytes.
fn push(word: &mut String, c: char) {
    if c.is_ascii() {
        if word.len() < MAX_WORD {
            word.push(c.to_ascii_lowercase());
        }
        return;
    }
    if let Some(base) = fold(c) {
        if word.len() + base.len() <= MAX_WORD {
            word.push_str(base);
        }
        return;
    }
    for l in c.to_lowercase() {
        if word.len() + l.len_utf8() > MAX_WORD {
            return;
        }
        word.push(l);
    }
}

/// Calls `each` with the words of `text` in order (see the module documentation), until it
/// returns `false`.
pub(crate) fn words(text: &str, mut each: impl FnMut(&str) -> bool) {
    let mut end = text.len().min(MAX_SCANNED);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let mut chars = text[..end].chars().peekable();
    let mut word = String::new();
    let mut prev = Class::Other;
    while let Some(c) = chars.next() {
        let now = class(c);
        let next = chars.peek().map_or(Class::Other, |&n| class(n));
        let starts = match (prev, now) {
            (_, Class::Other) => false,
            (Class::Other, _) => true,
            (Class::Digit, Class::Digit) => false,
            (Class::Digit, _) | (_, Class::Digit) => true,
            (Class::Lower, Class::Upper) => true,
            (Class::Upper, Class::Upper) => next == Class::Lower,
            _ => false,
        };
        if (starts || now == Class::Other) && !word.is_empty() {
            if !each(&word) {
                return;
            }
            word.clear();
        }
        if now != Class::Other {
            push(&mut word, c);
        }
        prev = now;
    }
    if !word.is_empty() {
        each(&word);
    }
}

/// The words of `text`, at most `max` of them (a test and example helper).
#[cfg(test)]
pub(crate) fn split(text: &str, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    words(text, |w| {
        out.push(w.to_string());
        out.len() < max
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_case_style_gives_the_same_words() {
        for name in [
            "get_user_profile",
            "getUserProfile",
            "GetUserProfile",
            "get-user-profile",
            "get.user.profile",
            "GET_USER_PROFILE",
        ] {
            assert_eq!(split(name, 99), ["get", "user", "profile"], "{name}");
        }
        assert_eq!(split("HTTPServer2Go", 99), ["http", "server", "2", "go"]);
        assert_eq!(split("base64-encoded, e.g. PNG", 99), ["base", "64", "encoded", "e", "g", "png"]);
        assert_eq!(split("Crème brûlée ÆSIR straße", 99), ["creme", "brulee", "aesir", "strasse"]);
        assert_eq!(split("  __ ::  ", 99), Vec::<String>::new());
        assert_eq!(split("ПолучитьФайл 数据库", 99), ["получить", "файл", "数据库"]);
        assert_eq!(split("a b c d", 2), ["a", "b"]);
    }

    #[test]
    fn bounded() {
        let long = "x".repeat(100);
        assert_eq!(split(&long, 99), ["x".repeat(MAX_WORD)]);
        // A cut in the middle of a character, and nothing past MAX_SCANNED.
        let text = format!("{}é tail", "a ".repeat(MAX_SCANNED / 2 - 1) + "b");
        let got = split(&text, usize::MAX);
        assert_eq!(got.last().map(String::as_str), Some("b"));
        assert!(is_stop("the") && !is_stop("file"));
        assert!(STOP.windows(2).all(|w| w[0] < w[1]) && STOP.iter().all(|w| w.len() <= 4));
    }
}
