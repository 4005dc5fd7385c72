//! The `wasm-bindgen` layer: thin JS classes over the engines.
