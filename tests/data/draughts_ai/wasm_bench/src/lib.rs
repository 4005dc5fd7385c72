//! The draughts AI compiled to plain WebAssembly for speed and time-limit checks in Node,
//! without the bindings (see Cargo.toml for the commands). The clock is imported from JavaScript (`env.now`, milliseconds), exactly as the
//! bindings inject `performance.now()`.

#[cfg(target_arch = "wasm32")]
mod wasm {
    use tabla::ai::draughts::{Engine, Limits, SearchRoot};
    use tabla::draughts::Position;

    unsafe extern "C" {
        fn now() -> f64;
    }

    fn clock() -> f64 {
        unsafe { now() }
    }

    static mut INPUT: [u8; 256] = [0; 256];
    static mut RESULT: [f64; 4] = [0.0; 4];

    /// Where JS writes the FEN (NUL-terminated).
    #[unsafe(no_mangle)]
    pub extern "C" fn input_ptr() -> *mut u8 {
        &raw mut INPUT as *mut u8
    }

    /// [nodes, depth, time_ms, best move's from*32+to]
    #[unsafe(no_mangle)]
    pub extern "C" fn result_ptr() -> *const f64 {
        &raw const RESULT as *const f64
    }

    /// Searches the FEN in the input buffer for `time_ms` (if > 0) or `nodes`; returns 0 on
    /// success, 1 if the FEN is bad, 2 if there is no legal move.
    #[unsafe(no_mangle)]
    pub extern "C" fn search(time_ms: f64, nodes: f64) -> u32 {
        let input = unsafe { &*(&raw const INPUT) };
        let len = input.iter().position(|&b| b == 0).unwrap_or(input.len());
        let Ok(text) = std::str::from_utf8(&input[..len]) else {
            return 1;
        };
        let Ok(pos) = Position::from_fen(text) else {
            return 1;
        };
        let mut engine = Engine::new(16);
        let limits = Limits {
            time_ms: (time_ms > 0.0).then_some(time_ms),
            nodes: (nodes > 0.0).then_some(nodes as u64),
            ..Limits::default()
        };
        let Some(r) = engine.search(&SearchRoot::new(pos), &limits, &clock) else {
            return 2;
        };
        unsafe {
            RESULT = [
                r.nodes as f64,
                r.depth as f64,
                r.time_ms,
                (r.best.from().index() * 32 + r.best.to().index()) as f64,
            ];
        }
        0
    }
}
