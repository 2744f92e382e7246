//! A decision a host hands back (a `ListenDecision` to acknowledge, a forward decision's
//! `reads`, the headers a transport received), as the core's type: the Python value crosses as
//! the core's `Json` ([`super::convert::json`]) and is read by the type's own `Deserialize`, the
//! one definition of its shape. A value of the wrong shape is the core's `invalid_argument`,
//! naming what it is.

use super::convert::{error, json};
use mcp_naming::{Error, Json};
use pyo3::prelude::*;
use serde::de::value::{Error as DeError, MapDeserializer, SeqDeserializer, StrDeserializer};
use serde::de::{self, DeserializeOwned, IntoDeserializer, Visitor};

/// `value` (called `what` in errors) as the contract's `T`.
pub(crate) fn decode<T: DeserializeOwned>(value: &Bound<'_, PyAny>, what: &str) -> PyResult<T> {
    let j = json(value, what)?;
    T::deserialize(Value(&j))
        .map_err(|e| error(value.py(), "", &Error::invalid_argument(format!("{what} is not what the core gave: {e}"))))
}

/// A `Json` value as a serde deserializer.
#[derive(Clone, Copy)]
struct Value<'j>(&'j Json);

impl<'de, 'j> IntoDeserializer<'de, DeError> for Value<'j> {
    type Deserializer = Value<'j>;

    fn into_deserializer(self) -> Value<'j> {
        self
    }
}

impl<'de> de::Deserializer<'de> for Value<'_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.0 {
            Json::Null => visitor.visit_unit(),
            Json::Bool(b) => visitor.visit_bool(*b),
            // Whole numbers as integers, so that counts and indexes read as such.
            Json::Number(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= u64::MAX as f64 => visitor.visit_u64(*n as u64),
            Json::Number(n) if n.fract() == 0.0 && *n >= i64::MIN as f64 => visitor.visit_i64(*n as i64),
            Json::Number(n) => visitor.visit_f64(*n),
            Json::String(s) => visitor.visit_str(s),
            Json::Array(items) => visitor.visit_seq(SeqDeserializer::new(items.iter().map(Value))),
            Json::Object(members) => visitor.visit_map(MapDeserializer::new(
                members.iter().map(|(k, v)| (StrDeserializer::<DeError>::new(k.as_str()), Value(v))),
            )),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.0 {
            Json::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        match self.0 {
            Json::String(s) => visitor.visit_enum(StrDeserializer::<DeError>::new(s)),
            other => Err(de::Error::custom(format_args!(
                "{name} must be one of {}, got {}",
                variants.join(", "),
                other.described()
            ))),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}
