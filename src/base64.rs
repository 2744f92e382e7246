//! Base64 (RFC 4648): the standard alphabet with padding, as SEP-2243 header values carry it,
//! and the URL-safe alphabet without padding, as the gateway's sealed `requestState` does. Both
//! decoders are strict: one alphabet, the padding the length calls for, nothing else.

const STANDARD: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Which Base64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Alphabet {
    /// `+` and `/`, padded with `=` to a multiple of 4.
    Standard,
    /// `-` and `_`, unpadded.
    Url,
}

impl Alphabet {
    fn table(self) -> &'static [u8; 64] {
        match self {
            Alphabet::Standard => STANDARD,
            Alphabet::Url => URL,
        }
    }
}

/// `bytes` in Base64.
pub(crate) fn encode(bytes: &[u8], alphabet: Alphabet) -> String {
    let table = alphabet.table();
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(table[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else if alphabet == Alphabet::Standard {
                out.push('=');
            }
        }
    }
    out
}

/// Why a Base64 text does not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Invalid {
    /// The length (or the padding) is not one an encoder gives.
    Length,
    /// A character outside the alphabet.
    Character,
    /// The last character holds bits an encoder leaves zero (a text no encoder gives).
    Trailing,
}

/// The bytes `text` encodes.
pub(crate) fn decode(text: &str, alphabet: Alphabet) -> Result<Vec<u8>, Invalid> {
    let body = match alphabet {
        Alphabet::Standard => {
            let body = text.trim_end_matches('=');
            if text.len() % 4 != 0 || text.len() - body.len() > 2 {
                return Err(Invalid::Length);
            }
            body
        }
        Alphabet::Url if text.len() % 4 == 1 => return Err(Invalid::Length),
        Alphabet::Url => text,
    };
    let table = alphabet.table();
    let mut bytes = Vec::with_capacity(body.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in body.bytes() {
        let Some(v) = table.iter().position(|&a| a == c) else { return Err(Invalid::Character) };
        acc = acc << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    // Leftover bits an encoder leaves zero.
    if acc != 0 {
        return Err(Invalid::Trailing);
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 4648 section 10, both alphabets.
    #[test]
    fn rfc_4648_vectors() {
        for (plain, std, url) in [
            ("", "", ""),
            ("f", "Zg==", "Zg"),
            ("fo", "Zm8=", "Zm8"),
            ("foo", "Zm9v", "Zm9v"),
            ("foob", "Zm9vYg==", "Zm9vYg"),
            ("fooba", "Zm9vYmE=", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy", "Zm9vYmFy"),
        ] {
            assert_eq!(encode(plain.as_bytes(), Alphabet::Standard), std);
            assert_eq!(encode(plain.as_bytes(), Alphabet::Url), url);
            assert_eq!(decode(std, Alphabet::Standard).unwrap(), plain.as_bytes());
            assert_eq!(decode(url, Alphabet::Url).unwrap(), plain.as_bytes());
        }
        assert_eq!(encode(&[0xfb, 0xff], Alphabet::Standard), "+/8=");
        assert_eq!(encode(&[0xfb, 0xff], Alphabet::Url), "-_8");
        assert_eq!(decode("SGVsbG8", Alphabet::Standard), Err(Invalid::Length));
        assert_eq!(decode("SGVs!!!bG8=", Alphabet::Standard), Err(Invalid::Length));
        assert_eq!(decode("SGV!bG8=", Alphabet::Standard), Err(Invalid::Character));
        assert_eq!(decode("-_8", Alphabet::Standard), Err(Invalid::Length));
        assert_eq!(decode("+/8", Alphabet::Url), Err(Invalid::Character));
        assert_eq!(decode("Zh", Alphabet::Url), Err(Invalid::Trailing));
        assert_eq!(decode("Zh==", Alphabet::Standard), Err(Invalid::Trailing));
        assert_eq!(decode("Z", Alphabet::Url), Err(Invalid::Length));
    }
}
