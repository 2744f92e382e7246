//! Characters: ASCII classes, lookalikes of ASCII letters, invisible characters, case conversion.
//!
//! Names in every convention here are ASCII. A non-ASCII character is always an error, and the
//! kind of error says why it is there: a lookalike (`confusable_character`, the Cyrillic `ѕ` in
//! `ѕerena`), an invisible character (`invisible_character`, a zero-width space or a bidi
//! override), or anything else (`non_ascii_character`).

/// Non-ASCII characters that look like an ASCII character, with their Unicode names.
const CONFUSABLES: &[(char, char, &str)] = &[
    ('\u{0405}', 'S', "CYRILLIC CAPITAL LETTER DZE"),
    ('\u{0406}', 'I', "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I"),
    ('\u{0408}', 'J', "CYRILLIC CAPITAL LETTER JE"),
    ('\u{0410}', 'A', "CYRILLIC CAPITAL LETTER A"),
    ('\u{0412}', 'B', "CYRILLIC CAPITAL LETTER VE"),
    ('\u{0415}', 'E', "CYRILLIC CAPITAL LETTER IE"),
    ('\u{041A}', 'K', "CYRILLIC CAPITAL LETTER KA"),
    ('\u{041C}', 'M', "CYRILLIC CAPITAL LETTER EM"),
    ('\u{041D}', 'H', "CYRILLIC CAPITAL LETTER EN"),
    ('\u{041E}', 'O', "CYRILLIC CAPITAL LETTER O"),
    ('\u{0420}', 'P', "CYRILLIC CAPITAL LETTER ER"),
    ('\u{0421}', 'C', "CYRILLIC CAPITAL LETTER ES"),
    ('\u{0422}', 'T', "CYRILLIC CAPITAL LETTER TE"),
    ('\u{0425}', 'X', "CYRILLIC CAPITAL LETTER HA"),
    ('\u{0430}', 'a', "CYRILLIC SMALL LETTER A"),
    ('\u{0435}', 'e', "CYRILLIC SMALL LETTER IE"),
    ('\u{043E}', 'o', "CYRILLIC SMALL LETTER O"),
    ('\u{0440}', 'p', "CYRILLIC SMALL LETTER ER"),
    ('\u{0441}', 'c', "CYRILLIC SMALL LETTER ES"),
    ('\u{0443}', 'y', "CYRILLIC SMALL LETTER U"),
    ('\u{0445}', 'x', "CYRILLIC SMALL LETTER HA"),
    ('\u{0455}', 's', "CYRILLIC SMALL LETTER DZE"),
    ('\u{0456}', 'i', "CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I"),
    ('\u{0458}', 'j', "CYRILLIC SMALL LETTER JE"),
    ('\u{04BB}', 'h', "CYRILLIC SMALL LETTER SHHA"),
    ('\u{0501}', 'd', "CYRILLIC SMALL LETTER KOMI DE"),
    ('\u{0391}', 'A', "GREEK CAPITAL LETTER ALPHA"),
    ('\u{0392}', 'B', "GREEK CAPITAL LETTER BETA"),
    ('\u{0395}', 'E', "GREEK CAPITAL LETTER EPSILON"),
    ('\u{0396}', 'Z', "GREEK CAPITAL LETTER ZETA"),
    ('\u{0397}', 'H', "GREEK CAPITAL LETTER ETA"),
    ('\u{0399}', 'I', "GREEK CAPITAL LETTER IOTA"),
    ('\u{039A}', 'K', "GREEK CAPITAL LETTER KAPPA"),
    ('\u{039C}', 'M', "GREEK CAPITAL LETTER MU"),
    ('\u{039D}', 'N', "GREEK CAPITAL LETTER NU"),
    ('\u{039F}', 'O', "GREEK CAPITAL LETTER OMICRON"),
    ('\u{03A1}', 'P', "GREEK CAPITAL LETTER RHO"),
    ('\u{03A4}', 'T', "GREEK CAPITAL LETTER TAU"),
    ('\u{03A5}', 'Y', "GREEK CAPITAL LETTER UPSILON"),
    ('\u{03A7}', 'X', "GREEK CAPITAL LETTER CHI"),
    ('\u{03B9}', 'i', "GREEK SMALL LETTER IOTA"),
    ('\u{03BD}', 'v', "GREEK SMALL LETTER NU"),
    ('\u{03BF}', 'o', "GREEK SMALL LETTER OMICRON"),
    ('\u{03C1}', 'p', "GREEK SMALL LETTER RHO"),
    ('\u{0131}', 'i', "LATIN SMALL LETTER DOTLESS I"),
    ('\u{2010}', '-', "HYPHEN"),
    ('\u{2011}', '-', "NON-BREAKING HYPHEN"),
    ('\u{2012}', '-', "FIGURE DASH"),
    ('\u{2013}', '-', "EN DASH"),
    ('\u{2014}', '-', "EM DASH"),
    ('\u{2212}', '-', "MINUS SIGN"),
    ('\u{2024}', '.', "ONE DOT LEADER"),
];

/// Characters that render as nothing, or that reorder what is around them.
const INVISIBLES: &[(char, &str)] = &[
    ('\u{00AD}', "SOFT HYPHEN"),
    ('\u{061C}', "ARABIC LETTER MARK"),
    ('\u{180E}', "MONGOLIAN VOWEL SEPARATOR"),
    ('\u{200B}', "ZERO WIDTH SPACE"),
    ('\u{200C}', "ZERO WIDTH NON-JOINER"),
    ('\u{200D}', "ZERO WIDTH JOINER"),
    ('\u{200E}', "LEFT-TO-RIGHT MARK"),
    ('\u{200F}', "RIGHT-TO-LEFT MARK"),
    ('\u{202A}', "LEFT-TO-RIGHT EMBEDDING"),
    ('\u{202B}', "RIGHT-TO-LEFT EMBEDDING"),
    ('\u{202C}', "POP DIRECTIONAL FORMATTING"),
    ('\u{202D}', "LEFT-TO-RIGHT OVERRIDE"),
    ('\u{202E}', "RIGHT-TO-LEFT OVERRIDE"),
    ('\u{2060}', "WORD JOINER"),
    ('\u{2061}', "FUNCTION APPLICATION"),
    ('\u{2062}', "INVISIBLE TIMES"),
    ('\u{2063}', "INVISIBLE SEPARATOR"),
    ('\u{2064}', "INVISIBLE PLUS"),
    ('\u{2066}', "LEFT-TO-RIGHT ISOLATE"),
    ('\u{2067}', "RIGHT-TO-LEFT ISOLATE"),
    ('\u{2068}', "FIRST STRONG ISOLATE"),
    ('\u{2069}', "POP DIRECTIONAL ISOLATE"),
    ('\u{FEFF}', "ZERO WIDTH NO-BREAK SPACE"),
];

/// The control characters' names (their Unicode name aliases: control characters have no
/// name of their own), C0 then DEL then C1.
const CONTROLS: [&str; 65] = [
    "NULL",
    "START OF HEADING",
    "START OF TEXT",
    "END OF TEXT",
    "END OF TRANSMISSION",
    "ENQUIRY",
    "ACKNOWLEDGE",
    "ALERT",
    "BACKSPACE",
    "CHARACTER TABULATION",
    "LINE FEED",
    "LINE TABULATION",
    "FORM FEED",
    "CARRIAGE RETURN",
    "SHIFT OUT",
    "SHIFT IN",
    "DATA LINK ESCAPE",
    "DEVICE CONTROL ONE",
    "DEVICE CONTROL TWO",
    "DEVICE CONTROL THREE",
    "DEVICE CONTROL FOUR",
    "NEGATIVE ACKNOWLEDGE",
    "SYNCHRONOUS IDLE",
    "END OF TRANSMISSION BLOCK",
    "CANCEL",
    "END OF MEDIUM",
    "SUBSTITUTE",
    "ESCAPE",
    "INFORMATION SEPARATOR FOUR",
    "INFORMATION SEPARATOR THREE",
    "INFORMATION SEPARATOR TWO",
    "INFORMATION SEPARATOR ONE",
    "DELETE",
    "PADDING CHARACTER",
    "HIGH OCTET PRESET",
    "BREAK PERMITTED HERE",
    "NO BREAK HERE",
    "INDEX",
    "NEXT LINE",
    "START OF SELECTED AREA",
    "END OF SELECTED AREA",
    "CHARACTER TABULATION SET",
    "CHARACTER TABULATION WITH JUSTIFICATION",
    "LINE TABULATION SET",
    "PARTIAL LINE FORWARD",
    "PARTIAL LINE BACKWARD",
    "REVERSE LINE FEED",
    "SINGLE SHIFT TWO",
    "SINGLE SHIFT THREE",
    "DEVICE CONTROL STRING",
    "PRIVATE USE ONE",
    "PRIVATE USE TWO",
    "SET TRANSMIT STATE",
    "CANCEL CHARACTER",
    "MESSAGE WAITING",
    "START OF GUARDED AREA",
    "END OF GUARDED AREA",
    "START OF STRING",
    "SINGLE GRAPHIC CHARACTER INTRODUCER",
    "SINGLE CHARACTER INTRODUCER",
    "CONTROL SEQUENCE INTRODUCER",
    "STRING TERMINATOR",
    "OPERATING SYSTEM COMMAND",
    "PRIVACY MESSAGE",
    "APPLICATION PROGRAM COMMAND",
];

/// The name of a control character (`NULL`, `LINE FEED`, `DELETE`), if `c` is one.
fn control_name(c: char) -> Option<&'static str> {
    match c as u32 {
        code @ 0..=0x1f => Some(CONTROLS[code as usize]),
        code @ 0x7f..=0x9f => Some(CONTROLS[code as usize - 0x7f + 0x20]),
        _ => None,
    }
}

/// The ASCII character a non-ASCII one imitates, if it is a known lookalike
/// (the table above, and the fullwidth forms U+FF01..U+FF5E).
pub fn lookalike(c: char) -> Option<char> {
    if c.is_ascii() {
        return None;
    }
    let code = c as u32;
    if (0xFF01..=0xFF5E).contains(&code) {
        return char::from_u32(code - 0xFF01 + 0x21);
    }
    CONFUSABLES.iter().find(|(k, _, _)| *k == c).map(|(_, a, _)| *a)
}

/// Whether `c` is invisible: zero-width, a bidirectional control, or a soft hyphen.
pub fn is_invisible(c: char) -> bool {
    !c.is_ascii() && INVISIBLES.iter().any(|(k, _)| *k == c)
}

fn ascii_name(c: char) -> String {
    match c {
        'A'..='Z' => format!("LATIN CAPITAL LETTER {c}"),
        'a'..='z' => format!("LATIN SMALL LETTER {}", c.to_ascii_uppercase()),
        '0'..='9' => {
            const DIGITS: [&str; 10] = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"];
            format!("DIGIT {}", DIGITS[(c as u8 - b'0') as usize])
        }
        '_' => "LOW LINE".into(),
        '-' => "HYPHEN-MINUS".into(),
        '.' => "FULL STOP".into(),
        ':' => "COLON".into(),
        '/' => "SOLIDUS".into(),
        ' ' => "SPACE".into(),
        _ => control_name(c).map(str::to_string).unwrap_or_default(),
    }
}

/// The code point and, where known, the Unicode name of a character:
/// `U+0455 CYRILLIC SMALL LETTER DZE`, `U+00F1`.
pub fn describe(c: char) -> String {
    let code = c as u32;
    let name = if (0xFF01..=0xFF5E).contains(&code) {
        let base = ascii_name(lookalike(c).unwrap_or(' '));
        if base.is_empty() {
            String::new()
        } else {
            format!("FULLWIDTH {base}")
        }
    } else if let Some((_, _, name)) = CONFUSABLES.iter().find(|(k, _, _)| *k == c) {
        (*name).to_string()
    } else if let Some((_, name)) = INVISIBLES.iter().find(|(k, _)| *k == c) {
        (*name).to_string()
    } else if c.is_ascii() {
        ascii_name(c)
    } else if let Some(name) = control_name(c) {
        name.to_string()
    } else {
        String::new()
    };
    if name.is_empty() {
        format!("U+{code:04X}")
    } else {
        format!("U+{code:04X} {name}")
    }
}

/// How a character is quoted in a message: printable ASCII as itself in quotes, everything else
/// by code point (and name).
pub fn quote(c: char) -> String {
    if c.is_ascii_graphic() || c == ' ' {
        format!("\"{c}\"")
    } else {
        describe(c)
    }
}

/// `text` with lookalikes replaced by their ASCII character and invisible characters removed;
/// other characters are kept.
pub fn to_ascii_lookalikes(text: &str) -> String {
    text.chars()
        .filter(|c| !is_invisible(*c))
        .map(|c| if c.is_ascii() { c } else { lookalike(c).unwrap_or(c) })
        .collect()
}

/// camelCase or PascalCase to snake_case; `-`, `.`, space and other separators become `_`,
/// runs of `_` collapse, and `_` at either end is dropped.
pub fn camel_to_snake(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let prev = if i > 0 { chars[i - 1] } else { '_' };
            let next = chars.get(i + 1).copied().unwrap_or('_');
            let boundary = prev.is_ascii_lowercase()
                || prev.is_ascii_digit()
                || (prev.is_ascii_uppercase() && next.is_ascii_lowercase());
            if boundary && !out.ends_with('_') && !out.is_empty() {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    out
}

/// Length in UTF-16 code units, as JavaScript's `String.prototype.length` counts, but counting
/// no further than `limit + 1` so that a huge input costs no more than a short one.
pub fn utf16_len_capped(text: &str, limit: usize) -> usize {
    if text.len() <= limit {
        // Every UTF-16 unit takes at least one UTF-8 byte.
        return text.encode_utf16().count();
    }
    let mut n = 0;
    for c in text.chars() {
        n += c.len_utf16();
        if n > limit {
            return n;
        }
    }
    n
}

#[cfg(test)]
mod example_tests {
    use super::{camel_to_snake, describe, lookalike};

    #[test]
    fn names_lookalikes_and_converts_case() {
        assert_eq!(describe('\u{455}'), "U+0455 CYRILLIC SMALL LETTER DZE");
        assert_eq!(lookalike('\u{455}'), Some('s'));
        assert_eq!(describe('\0'), "U+0000 NULL");
        assert_eq!(describe('\n'), "U+000A LINE FEED");
        assert_eq!(describe('\u{7f}'), "U+007F DELETE");
        assert_eq!(describe('\u{85}'), "U+0085 NEXT LINE");
        assert_eq!(describe('\u{9f}'), "U+009F APPLICATION PROGRAM COMMAND");
        assert_eq!(camel_to_snake("getWorkPackage"), "get_work_package");
        assert_eq!(camel_to_snake("CreateTask"), "create_task");
        assert_eq!(camel_to_snake("getHTTPResponse"), "get_http_response");
        assert_eq!(camel_to_snake("create-task"), "create_task");
    }
}
