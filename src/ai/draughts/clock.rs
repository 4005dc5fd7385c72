//! Injected clocks: the search never calls `std::time::Instant` directly, because it panics on
//! `wasm32-unknown-unknown`. Natively use [`StdClock`]; in wasm pass a closure over
//! `performance.now()` / `Date.now()` (anything `Fn() -> f64` in milliseconds is a [`Clock`]).

/// A monotonic clock reading milliseconds from an arbitrary origin.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

impl<F: Fn() -> f64> Clock for F {
    #[inline]
    fn now_ms(&self) -> f64 {
        self()
    }
}

/// A clock that never advances: for searches limited only by depth or nodes.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The native monotonic clock (`std::time::Instant`). Not available on wasm32.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct StdClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl StdClock {
    pub fn new() -> StdClock {
        StdClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for StdClock {
    fn default() -> StdClock {
        StdClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for StdClock {
    #[inline]
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}
