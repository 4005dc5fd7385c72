//! The bindings, run as wasm in headless Chromium
//! (`cargo test --target wasm32-unknown-unknown --test wasm_browser`).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn crypto_dice_work_in_the_browser() {
    use tabla::DiceSource;
    let mut dice = tabla::Dice::crypto();
    let mut seen = [false; 6];
    for _ in 0..500 {
        seen[dice.die().expect("crypto.getRandomValues works").value() as usize - 1] = true;
    }
    assert!(seen.iter().all(|&s| s));
}

#[wasm_bindgen_test]
fn version_is_the_crate_version() {
    assert_eq!(tabla::wasm::version(), env!("CARGO_PKG_VERSION"));
}
