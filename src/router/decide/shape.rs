//! What a message's values must be, and the one wording of each way they are not: every
//! host's `params must be an object, got an array` is built here.

use crate::diagnostic::Error;
use crate::dialect::{wrong_type, Got, JsonType};
use crate::router::probe::{first, Found, Scalar};

/// `invalid_argument`: `what` must be `want`, got what it is (in the host's words).
pub(crate) fn wrong(what: &str, want: JsonType, got: &Scalar) -> Error {
    wrong_type(what, want, Got::Json(got.json_type()))
}

/// `invalid_argument`: `what` is missing.
pub(crate) fn missing(what: &str) -> Error {
    Error::invalid_argument(format!("{what} is missing"))
}

/// The object a probe's first (empty) pattern found is one, or the error naming `what`.
pub(crate) fn object(found: &[Found], what: &str) -> Result<(), Error> {
    match first(found, 0) {
        Some(Scalar::Object) => Ok(()),
        Some(other) => Err(wrong(what, JsonType::Object, other)),
        None => Err(missing(what)),
    }
}

/// The string pattern `pattern` found, named `what`.
pub(crate) fn string<'f>(found: &'f [Found], pattern: u8, what: &str) -> Result<&'f str, Error> {
    match first(found, pattern) {
        Some(Scalar::String(s)) => Ok(s),
        Some(other) => Err(wrong(what, JsonType::String, other)),
        None => Err(missing(what)),
    }
}
