//! What JavaScript does to values, where a declaration must print them as JavaScript would: a
//! number as `Number.prototype.toString` writes it (ECMA-262 §6.1.6.1.20), a string or any JSON
//! value as `JSON.stringify` does, an object's keys in the order `Object.entries` gives them
//! (array indexes first, ascending), whitespace as `String.prototype.trim` and `\s` read it.

use crate::json::Json;

/// `String(x)` for a finite number: the shortest digits that read back as `x` (Rust's and
/// ECMAScript's both), laid out as §6.1.6.1.20 says.
pub(crate) fn number(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        // JSON numbers are finite; -0 prints as 0.
        return if x.is_nan() {
            "NaN".into()
        } else if x.is_infinite() {
            "Infinity".into()
        } else {
            "0".into()
        };
    }
    if x < 0.0 {
        return format!("-{}", number(-x));
    }
    // `1.2345e-7`: the digits and the exponent of the first one.
    let sci = format!("{x:e}");
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((&sci, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let k = digits.len() as i64;
    let n = exponent.parse::<i64>().unwrap_or(0) + 1;
    if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let e = n - 1;
        let sign = if e < 0 { '-' } else { '+' };
        if k == 1 {
            format!("{digits}e{sign}{}", e.abs())
        } else {
            format!("{}.{}e{sign}{}", &digits[..1], &digits[1..], e.abs())
        }
    }
}

/// `JSON.stringify(s)` for a string.
pub(crate) fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether `key` is an array index (a canonical numeric string of an integer below 2^32 − 1),
/// which `Object.entries` lists first, in ascending order.
fn array_index(key: &str) -> Option<u32> {
    let n: u32 = key.parse().ok()?;
    (n != u32::MAX && n.to_string() == key).then_some(n)
}

/// The members of an object in `Object.entries` order: array indexes ascending, then the other
/// keys in insertion order; a key given twice is where it first was, with its last value (as
/// `JSON.parse` keeps it).
pub(crate) fn entries(members: &[(String, Json)]) -> Vec<(&str, &Json)> {
    let mut unique: Vec<(&str, &Json)> = Vec::with_capacity(members.len());
    for (k, v) in members {
        match unique.iter_mut().find(|(u, _)| *u == k) {
            Some(slot) => slot.1 = v,
            None => unique.push((k, v)),
        }
    }
    let mut indexes: Vec<(u32, (&str, &Json))> =
        unique.iter().filter_map(|e| array_index(e.0).map(|n| (n, *e))).collect();
    indexes.sort_by_key(|(n, _)| *n);
    let mut out: Vec<(&str, &Json)> = indexes.into_iter().map(|(_, e)| e).collect();
    out.extend(unique.into_iter().filter(|e| array_index(e.0).is_none()));
    out
}

/// `JSON.stringify(value)`.
pub(crate) fn stringify(value: &Json) -> String {
    let mut out = String::new();
    write(value, &mut out);
    out
}

fn write(value: &Json, out: &mut String) {
    match value {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Number(n) => out.push_str(&number(*n)),
        Json::String(s) => out.push_str(&string(s)),
        Json::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, out);
            }
            out.push(']');
        }
        Json::Object(members) => {
            out.push('{');
            for (i, (k, v)) in entries(members).into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&string(k));
                out.push(':');
                write(v, out);
            }
            out.push('}');
        }
    }
}

/// Whether `c` is JavaScript whitespace or a line terminator (§12.2, §12.3): what `\s` matches
/// and `trim` removes.
pub(crate) fn is_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' | '\u{feff}'
    )
}

/// `s.trim()`.
pub(crate) fn trim(s: &str) -> &str {
    s.trim_matches(is_space)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_javascript_prints_them() {
        let cases = [
            (0.0, "0"),
            (-0.0, "0"),
            (1.0, "1"),
            (-1.5, "-1.5"),
            (0.1, "0.1"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (123456789012345680000.0, "123456789012345680000"),
            (1e-6, "0.000001"),
            (1e-7, "1e-7"),
            (1.5e-7, "1.5e-7"),
            (2.5e300, "2.5e+300"),
            (9007199254740993.0, "9007199254740992"),
            (0.30000000000000004, "0.30000000000000004"),
            (5e-324, "5e-324"),
        ];
        for (x, want) in cases {
            assert_eq!(number(x), want, "{x:e}");
        }
    }

    #[test]
    fn object_entries_put_array_indexes_first() {
        let v: Json = serde_json::from_str(r#"{"b":1,"10":2,"a":3,"2":4,"01":5,"4294967295":6,"b":7}"#).unwrap();
        let keys: Vec<&str> = entries(v.as_object().unwrap()).into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["2", "10", "b", "a", "01", "4294967295"]);
        assert_eq!(stringify(&v), r#"{"2":4,"10":2,"b":7,"a":3,"01":5,"4294967295":6}"#);
        assert_eq!(string("a\"\\\n\u{1}\u{2028}"), "\"a\\\"\\\\\\n\\u0001\u{2028}\"");
        assert_eq!(trim("\u{feff} x\u{85}"), "x\u{85}");
    }
}
