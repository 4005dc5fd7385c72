//! The bindings, run as wasm in Node (`cargo test --target wasm32-unknown-unknown --test wasm_node`).
#![cfg(target_arch = "wasm32")]

#[path = "wasm/common.rs"]
mod common;

use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn version_is_the_crate_version() {
    assert_eq!(tabla::wasm::version(), env!("CARGO_PKG_VERSION"));
}

#[wasm_bindgen_test]
fn crypto_dice_work_in_node() {
    common::crypto_dice_cover_all_faces();
}

#[wasm_bindgen_test]
fn backgammon_games_end_in_node() {
    common::backgammon_games_end_in_wasm();
}

#[wasm_bindgen_test]
fn bad_input_is_an_error_in_node() {
    common::bad_input_is_an_error_not_a_panic();
}

#[wasm_bindgen_test]
fn draughts_perft_in_node() {
    common::draughts_perft_in_wasm();
}

#[wasm_bindgen_test]
fn deep_and_coerced_arguments_are_refused_in_node() {
    common::deep_and_coerced_arguments_are_refused_and_the_module_lives();
}

#[wasm_bindgen_test]
fn embed_readers_in_node() {
    common::embed_readers_read_links_and_comments();
}
