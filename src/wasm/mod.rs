//! The `wasm-bindgen` layer: thin JS classes over the engines (the contract is `docs/js-api.md`).
//!
//! Every fallible call returns `Result<_, JsError>`: bad input becomes a JS `Error` with a message
//! that says what was wrong, and the object is left unchanged. Nothing here may panic: a panic in
//! wasm poisons the whole module for the page.

use wasm_bindgen::prelude::*;

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
