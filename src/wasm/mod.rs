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

#[cfg(feature = "ai")]
mod analysis;
// The web app's per-game rules modules (scripts/build.sh, RUSTFLAGS `--cfg tabla_family=...`):
// one game family's bindings only. Without the cfg (the package's modules), both.
#[cfg(not(tabla_family = "draughts"))]
mod backgammon;
#[cfg(not(tabla_family = "backgammon"))]
mod draughts;
#[cfg(all(feature = "duel", not(tabla_family = "backgammon")))]
mod duel;
#[cfg(feature = "link")]
mod link;
mod packed;

#[cfg(not(tabla_family = "draughts"))]
pub use backgammon::Backgammon;
#[cfg(not(tabla_family = "backgammon"))]
pub use draughts::RussianDraughts;
#[cfg(feature = "link")]
pub use link::LinkSession;

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
    let value = plain(&value, what, "bad-argument")?;
    if js_sys::Array::is_array(&value) {
        return Err(bad_arg(&format!("{what}: expected an options object, not an array")));
    }
    if !value.is_object() {
        return Err(bad_arg(&format!("{what}: expected an options object")));
    }
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
/// `code` is the error's code. The argument is first copied as plain data ([`plain`]), so the
/// deserializer never runs JS code nor recurses deeper than [`MAX_NESTING`].
pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue, what: &str, code: &'static str) -> JsResult<T> {
    from_plain(plain(&value, what, code)?, what, code)
}

/// A JS value that [`plain`] copied (or `JSON.parse` made) as a Rust value.
pub(crate) fn from_plain<T: DeserializeOwned>(value: JsValue, what: &str, code: &'static str) -> JsResult<T> {
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
/// Text nested deeper than [`MAX_NESTING`] is refused before it is parsed. What `JSON.parse`
/// returns is plain data (no getters, Proxies or cycles), so it needs no copy ([`plain`]).
pub(crate) fn parse_json(text: &str, what: &str, code: &'static str) -> JsResult<JsValue> {
    if json_nesting(text) > MAX_NESTING {
        return Err(coded(code, &format!("{what}: nested deeper than {MAX_NESTING} levels")));
    }
    js_sys::JSON::parse(text).map_err(|e| {
        let reason = e.dyn_into::<js_sys::Error>().map(|e| String::from(e.message())).unwrap_or_default();
        coded(code, &format!("{what}: not valid JSON ({reason})"))
    })
}

/// The deepest nesting of arrays and objects in JSON text (brackets inside strings are not
/// counted), found in one pass without recursion.
pub(crate) fn json_nesting(text: &str) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for b in text.bytes() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// The deepest nesting of arrays and objects an argument may have. The deepest argument of the
/// API, a save, nests 4 levels (save, record, action, steps, step).
pub(crate) const MAX_NESTING: usize = 32;

/// The most values (objects, arrays and their members, counted together) one argument may hold:
/// a 200-game session's save holds about 300,000.
const MAX_VALUES: usize = 1 << 23;

/// JS functions that may throw, imported so that a throw comes back as an `Err` (a JS exception
/// that crossed Rust frames would leave the object borrowed and the stack pointer lost).
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array_checked(value: &JsValue) -> Result<bool, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn keys_checked(value: &JsValue) -> Result<js_sys::Array, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = getPrototypeOf)]
    fn prototype_checked(value: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = get)]
    fn get_checked(target: &JsValue, key: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_namespace = Object, js_name = create)]
    fn object_with_prototype(prototype: &JsValue) -> js_sys::Object;
}

/// A JS argument copied as plain data: objects (own enumerable string keys) and arrays of
/// strings, finite numbers, booleans and `null`, nested at most [`MAX_NESTING`] deep. Every read
/// that can run JS code (a getter, a Proxy trap) goes through an import that catches what it
/// throws; BigInts, Symbols, functions, NaN and infinities, Maps, Sets and other class
/// instances, and cycles are refused. The copy is then read by serde without any of those risks.
/// `code` is the code of the error.
pub(crate) fn plain(value: &JsValue, what: &str, code: &'static str) -> JsResult<JsValue> {
    // The prototypes of a fresh object and array: plain JS, nothing to throw.
    let protos = [JsValue::from(js_sys::Object::new()), JsValue::from(js_sys::Array::new())]
        .map(|v| prototype_checked(&v).unwrap_or(JsValue::NULL));
    let mut copier = Copier { protos, ancestors: Vec::new(), values: 0 };
    copier.copy(value).map_err(|reason| coded(code, &format!("{what}: {reason}")))
}

/// The state of one [`plain`] copy.
struct Copier {
    /// `Object.prototype` and `Array.prototype`.
    protos: [JsValue; 2],
    /// The objects being copied, outermost first (a cycle returns to one of them).
    ancestors: Vec<JsValue>,
    /// The values copied so far.
    values: usize,
}

/// The reason for a refused argument when reading it threw.
fn threw(e: JsValue) -> String {
    format!("reading it threw an exception ({})", exception_text(&e))
}

impl Copier {
    fn copy(&mut self, v: &JsValue) -> Result<JsValue, String> {
        self.values += 1;
        if self.values > MAX_VALUES {
            return Err(format!("more than {MAX_VALUES} values"));
        }
        if let Some(x) = v.as_f64() {
            if !x.is_finite() {
                let name = if x.is_nan() {
                    "NaN"
                } else if x > 0.0 {
                    "Infinity"
                } else {
                    "-Infinity"
                };
                return Err(format!("{name} is not a finite number"));
            }
            return Ok(v.clone());
        }
        if v.is_string() || v.is_null() || v.is_undefined() || v.as_bool().is_some() {
            return Ok(v.clone());
        }
        if v.is_bigint() {
            return Err("a BigInt is not accepted: pass a number".into());
        }
        if v.is_symbol() {
            return Err("a Symbol is not accepted".into());
        }
        if v.is_function() {
            return Err("a function is not accepted".into());
        }
        if !v.is_object() {
            return Err("a value that is not JSON data".into());
        }
        if self.ancestors.iter().any(|a| a == v) {
            return Err("the value refers to itself (a cycle)".into());
        }
        if self.ancestors.len() >= MAX_NESTING {
            return Err(format!("nested deeper than {MAX_NESTING} levels"));
        }
        let is_array = is_array_checked(v).map_err(threw)?;
        let proto = prototype_checked(v).map_err(threw)?;
        let expected = if is_array { &self.protos[1] } else { &self.protos[0] };
        // A plain object may also have no prototype (`Object.create(null)`).
        let plain_kind = proto == *expected || (proto.is_null() && !is_array);
        if !plain_kind {
            return Err("pass a plain object or array, not a Map or Set (or another class instance)".into());
        }
        self.ancestors.push(v.clone());
        let out = self.copy_members(v, is_array);
        self.ancestors.pop();
        out
    }

    fn copy_members(&mut self, v: &JsValue, is_array: bool) -> Result<JsValue, String> {
        let room = MAX_VALUES - self.values;
        if is_array {
            let len = get_checked(v, &"length".into()).map_err(threw)?.as_f64().unwrap_or(0.0);
            if len > room as f64 {
                return Err(format!("more than {MAX_VALUES} values"));
            }
            let out = js_sys::Array::new();
            for i in 0..len as u32 {
                let item = get_checked(v, &JsValue::from_f64(i as f64)).map_err(threw)?;
                out.push(&self.copy(&item)?);
            }
            return Ok(out.into());
        }
        let keys = keys_checked(v).map_err(threw)?;
        if keys.length() as usize > room {
            return Err(format!("more than {MAX_VALUES} values"));
        }
        let out = object_with_prototype(&JsValue::NULL);
        for key in keys.iter() {
            let item = get_checked(v, &key).map_err(threw)?;
            let item = self.copy(&item)?;
            // A property of a fresh object without prototype: nothing to throw.
            let _ = js_sys::Reflect::set(&out, &key, &item);
        }
        Ok(out.into())
    }
}

/// Steps as `legalPlays()` gives them, read straight from JS: an array of at most eight plain
/// objects whose `from`, `to` and `die` are whole numbers from 0 to 255 and `hit` a boolean (any
/// other own key ignored, as the general reader ignores it). `None` for anything else, which then
/// goes through [`from_js`] and gets its exact error; every read goes through a catching import,
/// so a getter or Proxy that throws also gives `None`. The general reader copies each object
/// ([`plain`]) and reads the copy: about three times the boundary crossings of this, on the call
/// a game loop makes most.
#[cfg(not(tabla_family = "draughts"))]
pub(crate) fn plain_steps(value: &JsValue) -> Option<Vec<crate::backgammon::Step>> {
    if !is_array_checked(value).ok()? {
        return None;
    }
    let object_proto = prototype_checked(&js_sys::Object::new()).ok()?;
    let array_proto = prototype_checked(&js_sys::Array::new()).ok()?;
    if prototype_checked(value).ok()? != array_proto {
        return None;
    }
    let len = get_checked(value, &"length".into()).ok()?.as_f64()?;
    if !(0.0..=8.0).contains(&len) {
        return None;
    }
    let byte = |v: &JsValue, key: &str| -> Option<u8> {
        let x = get_checked(v, &key.into()).ok()?.as_f64()?;
        (x.fract() == 0.0 && (0.0..=255.0).contains(&x)).then_some(x as u8)
    };
    let mut steps = Vec::with_capacity(len as usize);
    for i in 0..len as u32 {
        let v = get_checked(value, &JsValue::from_f64(i as f64)).ok()?;
        if !v.is_object() || is_array_checked(&v).ok()? || prototype_checked(&v).ok()? != object_proto {
            return None;
        }
        let hit = get_checked(&v, &"hit".into()).ok()?.as_bool()?;
        steps.push(crate::backgammon::Step {
            from: byte(&v, "from")?,
            to: byte(&v, "to")?,
            die: byte(&v, "die")?,
            hit,
        });
    }
    Some(steps)
}

/// What a caught JS exception says: an `Error`'s `message`, or a thrown string. It is as
/// untrusted as the argument: read through the catching import, never with `toString`.
fn exception_text(e: &JsValue) -> String {
    if let Some(s) = e.as_string() {
        return s;
    }
    if e.is_object() {
        // A getter or Proxy trap that throws is caught like the first exception.
        if let Some(s) = get_checked(e, &"message".into()).ok().and_then(|v| v.as_string()) {
            return s;
        }
    }
    "a value that is not an Error".into()
}

/// The JS type of a value, for messages (`typeof`; `null` and arrays named as such).
fn type_name(v: &JsValue) -> String {
    if v.is_null() {
        return "null".into();
    }
    if is_array_checked(v).unwrap_or(false) {
        return "an array".into();
    }
    v.js_typeof().as_string().unwrap_or_default()
}

/// A number argument: a JS number, never a string or anything else converted to one.
pub(crate) fn number(value: &JsValue, what: &str) -> JsResult<f64> {
    value.as_f64().ok_or_else(|| bad_arg(&format!("{what} must be a number, not {}", describe(value))))
}

/// A text argument: a JS string, never anything converted to one.
pub(crate) fn text(value: &JsValue, what: &str) -> JsResult<String> {
    value.as_string().ok_or_else(|| bad_arg(&format!("{what} must be a string, not {}", describe(value))))
}

/// A value for an error message, without running any of its JS code.
fn describe(v: &JsValue) -> String {
    match v.as_string() {
        Some(s) if s.chars().count() <= 20 => format!("the string '{s}'"),
        Some(_) => "a string".into(),
        None => type_name(v),
    }
}

/// A seed from JS: a whole number from 0 to 2^32 - 1 (seeds never cross as BigInt).
#[cfg(any(not(tabla_family = "draughts"), feature = "ai"))]
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
pub(crate) fn whole(value: &JsValue, what: &str, min: u32, max: u32) -> JsResult<u32> {
    let value = number(value, what)?;
    if value.fract() == 0.0 && value >= min as f64 && value <= max as f64 {
        Ok(value as u32)
    } else {
        Err(bad_arg(&format!("{what} must be a whole number from {min} to {max}, not {value}")))
    }
}
