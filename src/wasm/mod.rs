//! The `wasm-bindgen` layer: thin JS classes over the engines (the contract is `docs/js-api.md`).
//!
//! Every fallible call returns `Result<_, JsValue>` whose error is a JS `Error` with a stable
//! `code` (decided by the engine: [`crate::errors::ErrorCode`]; all codes: [`error_codes`]), the
//! engine's fields (`from`, `to`, `phase`, `key`, ...) and a message that says what was wrong.
//! The object is left unchanged (each method either fails before it touches the engine, or calls
//! one engine method that leaves its state untouched on error). Nothing here may panic: a panic
//! in wasm poisons the whole module for the page.

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

use crate::errors::{ErrorCode, Field};

mod backgammon;
mod draughts;

pub use backgammon::Backgammon;
pub use draughts::RussianDraughts;

/// Talc instead of Rust's default dlmalloc: smaller in the module and faster (talc's WebAssembly
/// benchmarks; measured here with scripts/wasm-size.mjs and scripts/bench-js.mjs).
#[cfg(all(target_arch = "wasm32", target_os = "unknown", not(target_feature = "atomics")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Installs the panic hook once, when the module is instantiated.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The version of the tabla package.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Every `code` an error thrown by the package can carry (`e.code`), in a stable order.
#[wasm_bindgen(js_name = errorCodes, unchecked_return_type = "ErrorCode[]")]
pub fn error_codes() -> Result<JsValue, JsValue> {
    to_js(&crate::errors::error_codes().collect::<Vec<_>>())
}

/// A result of the bindings: the error is a coded JS `Error` ([`coded`]).
pub(crate) type JsResult<T> = Result<T, JsValue>;

/// A JS `Error` with `message`, `code` and fields. Setting a property on a fresh `Error` cannot
/// fail, so the `Reflect::set` results are not errors to report.
pub(crate) fn coded_with(code: &'static str, message: &str, fields: Vec<(&'static str, Field)>) -> JsValue {
    debug_assert!(crate::errors::is_error_code(code), "{code}");
    let e = js_sys::Error::new(message);
    let _ = js_sys::Reflect::set(&e, &"code".into(), &code.into());
    for (k, v) in fields {
        let v = match v {
            Field::Number(n) => JsValue::from_f64(n),
            Field::Text(s) => JsValue::from_str(&s),
        };
        let _ = js_sys::Reflect::set(&e, &k.into(), &v);
    }
    e.into()
}

/// A JS `Error` with `message` and `code`.
pub(crate) fn coded(code: &'static str, message: &str) -> JsValue {
    coded_with(code, message, Vec::new())
}

/// A bad argument (code `bad-argument`).
pub(crate) fn bad_arg(message: &str) -> JsValue {
    coded("bad-argument", message)
}

/// An error of the engines as a coded JS `Error` with the engine's message and fields.
pub(crate) fn js_err(e: impl ErrorCode) -> JsValue {
    coded_with(e.code(), &e.to_string(), e.fields())
}

/// A Rust value as a plain JS value: objects for structs and maps, `null` for `None`, numbers
/// for integers. serde-wasm-bindgen builds it directly; through JSON text (serde_json, then
/// `JSON.parse`) it was no faster in scripts/bench-js.mjs and the module was 16 KB bigger
/// gzipped (serde_json's parser and number formatting; issue 4).
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsResult<JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| coded("internal", &format!("internal error while converting a result: {e}")))
}

/// The own keys of a plain JS object.
pub(crate) fn object_keys(value: &JsValue) -> Vec<String> {
    js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter().filter_map(|k| k.as_string()).collect()
}

/// An options object from JS as a Rust struct; `undefined` and `null` give the type's defaults.
/// `check_keys` refuses unknown keys by name first (the engine's option table decides); then
/// the values are read. `code` is the code of a value of the wrong type.
pub(crate) fn options_from_js<T: DeserializeOwned + Default>(
    value: JsValue,
    what: &str,
    check_keys: impl FnOnce(&[String]) -> JsResult<()>,
) -> JsResult<T> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    if js_sys::Array::is_array(&value) {
        return Err(bad_arg(&format!("{what}: expected an options object, not an array")));
    }
    if !value.is_object() {
        return Err(bad_arg(&format!("{what}: expected an options object")));
    }
    check_plain(&value, what, 0)?;
    check_keys(&object_keys(&value))?;
    T::deserialize(AllKeys(value.into())).map_err(|e| coded("bad-option", &format!("{what}: {}", serde_message(e))))
}

/// serde-wasm-bindgen reads a struct by asking the object for each field it knows, so it never
/// sees a key the struct lacks. Read as a map instead, every key of the object reaches the struct's
/// visitor, which refuses the unknown ones.
struct AllKeys(serde_wasm_bindgen::Deserializer);

impl<'de> serde::Deserializer<'de> for AllKeys {
    type Error = serde_wasm_bindgen::Error;

    fn deserialize_any<V: serde::de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_any(visitor)
    }

    fn deserialize_struct<V: serde::de::Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.deserialize_map(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option
        unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}

/// A JS argument as a Rust value; `undefined` is an error. `what` names it in the error message;
/// `code` is the error's code.
pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue, what: &str, code: &'static str) -> JsResult<T> {
    check_plain(&value, what, 0)?;
    serde_wasm_bindgen::from_value(value).map_err(|e| coded(code, &format!("{what}: {}", serde_message(e))))
}

/// The text of a serde-wasm-bindgen error (a JS `Error`: its `Display` would add `Error: `).
fn serde_message(e: serde_wasm_bindgen::Error) -> String {
    let js: JsValue = e.into();
    match js.dyn_into::<js_sys::Error>() {
        Ok(e) => String::from(e.message()),
        Err(v) => v.as_string().unwrap_or_default(),
    }
}

/// JSON text as a JS value (`JSON.parse`), with the parser's message when it is not JSON.
pub(crate) fn parse_json(text: &str, what: &str, code: &'static str) -> JsResult<JsValue> {
    js_sys::JSON::parse(text).map_err(|e| {
        let reason = e.dyn_into::<js_sys::Error>().map(|e| String::from(e.message())).unwrap_or_default();
        coded(code, &format!("{what}: not valid JSON ({reason})"))
    })
}

/// Values that are not plain JSON data are refused here, as `JSON.stringify` would lose them:
/// NaN and infinities and `Map`s and `Set`s. The API takes only plain objects, arrays, strings,
/// numbers and booleans. Nesting deeper than any argument of the API is left to the deserializer.
fn check_plain(value: &JsValue, what: &str, depth: u32) -> JsResult<()> {
    if let Some(x) = value.as_f64() {
        if !x.is_finite() {
            let name = if x.is_nan() {
                "NaN"
            } else if x > 0.0 {
                "Infinity"
            } else {
                "-Infinity"
            };
            return Err(bad_arg(&format!("{what}: {name} is not a finite number")));
        }
    } else if value.is_instance_of::<js_sys::Map>() || value.is_instance_of::<js_sys::Set>() {
        return Err(bad_arg(&format!("{what}: pass a plain object or array, not a Map or Set")));
    } else if depth < 4 && value.is_object() {
        for v in js_sys::Object::values(value.unchecked_ref()).iter() {
            check_plain(&v, what, depth + 1)?;
        }
    }
    Ok(())
}

/// A seed from JS: a whole number from 0 to 2^32 - 1 (seeds never cross as BigInt).
pub(crate) fn seed_from_js(seed: f64) -> JsResult<u64> {
    if seed.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&seed) {
        Ok(seed as u64)
    } else {
        Err(coded_with(
            "bad-option",
            &format!("seed must be a whole number from 0 to 4294967295, not {seed}"),
            vec![("key", "seed".into())],
        ))
    }
}

/// A small whole number from JS, checked: JS numbers passed straight into `u8` parameters would
/// wrap (259 becomes 3) or turn NaN into 0 without a word.
pub(crate) fn whole(value: f64, what: &str, min: u32, max: u32) -> JsResult<u32> {
    if value.fract() == 0.0 && value >= min as f64 && value <= max as f64 {
        Ok(value as u32)
    } else {
        Err(bad_arg(&format!("{what} must be a whole number from {min} to {max}, not {value}")))
    }
}
