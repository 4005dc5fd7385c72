//! The `wasm-bindgen` layer: thin JS classes over the engines (the contract is `docs/js-api.md`).
//!
//! Every fallible call returns `Result<_, JsError>`: bad input becomes a JS `Error` with a message
//! that says what was wrong, and the object is left unchanged (each method either fails before it
//! touches the engine, or calls one engine method that leaves its state untouched on error).
//! Nothing here may panic: a panic in wasm poisons the whole module for the page.

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

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

/// A Rust value as a plain JS value: objects for structs and maps, `null` for `None`, numbers
/// for integers.
/// The value crosses as JSON text and `JSON.parse` builds it: one call into JS instead of one
/// per field, which makes the big results (legal plays, states) several times faster.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    let text = serde_json::to_string(value)
        .map_err(|e| JsError::new(&format!("internal error while converting a result: {e}")))?;
    js_sys::JSON::parse(&text).map_err(|_| JsError::new("internal error: a result was not valid JSON"))
}

/// An optional JS argument as a Rust value; `undefined` and `null` give the type's default. `what` names
/// the argument in the error message. The value crosses as JSON text (`JSON.stringify`) and
/// serde_json reads it, so the type's serde attributes apply in full (`deny_unknown_fields` catches a
/// misspelt option) and one deserializer serves every argument type, which keeps the module small.
pub(crate) fn from_js_or_default<T: DeserializeOwned + Default>(value: JsValue, what: &str) -> Result<T, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    from_js(value, what)
}

/// A JS argument as a Rust value (see [`from_js_or_default`]); `undefined` is an error.
pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    check_plain(&value, what, 0)?;
    let text = js_sys::JSON::stringify(&value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or_else(|| JsError::new(&format!("{what}: not a plain JSON value")))?;
    serde_json::from_str(&text).map_err(|e| JsError::new(&format!("{what}: {}", without_position(&e))))
}

/// What `JSON.stringify` would silently change is refused here: NaN and infinities (written as
/// `null`, which would read as "not given") and `Map`s and `Set`s (written as `{}`). Nesting
/// deeper than any argument of the API is left to the deserializer.
fn check_plain(value: &JsValue, what: &str, depth: u32) -> Result<(), JsError> {
    if let Some(x) = value.as_f64() {
        if !x.is_finite() {
            let name = if x.is_nan() { "NaN" } else if x > 0.0 { "Infinity" } else { "-Infinity" };
            return Err(JsError::new(&format!("{what}: {name} is not a finite number")));
        }
    } else if value.is_instance_of::<js_sys::Map>() || value.is_instance_of::<js_sys::Set>() {
        return Err(JsError::new(&format!("{what}: pass a plain object or array, not a Map or Set")));
    } else if depth < 4 && value.is_object() {
        for v in js_sys::Object::values(value.unchecked_ref()).iter() {
            check_plain(&v, what, depth + 1)?;
        }
    }
    Ok(())
}

/// serde_json's message without the " at line 1 column 9" that points into text the caller never
/// wrote.
fn without_position(e: &serde_json::Error) -> String {
    let message = e.to_string();
    match message.rfind(" at line ") {
        Some(i) if e.line() > 0 => message[..i].to_string(),
        _ => message,
    }
}

/// An error of the engines as a JS `Error` with the engine's message.
pub(crate) fn js_err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A seed from JS: a whole number from 0 to 2^32 - 1 (seeds never cross as BigInt).
pub(crate) fn seed_from_js(seed: f64) -> Result<u64, JsError> {
    if seed.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&seed) {
        Ok(seed as u64)
    } else {
        Err(JsError::new(&format!("seed must be a whole number from 0 to 4294967295, not {seed}")))
    }
}

/// A small whole number from JS, checked: JS numbers passed straight into `u8` parameters would
/// wrap (259 becomes 3) or turn NaN into 0 without a word.
pub(crate) fn whole(value: f64, what: &str, min: u32, max: u32) -> Result<u32, JsError> {
    if value.fract() == 0.0 && value >= min as f64 && value <= max as f64 {
        Ok(value as u32)
    } else {
        Err(JsError::new(&format!("{what} must be a whole number from {min} to {max}, not {value}")))
    }
}
