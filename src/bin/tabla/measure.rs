//! Time measurement for the benchmarks: the CPU time this thread actually received, beside the
//! wall clock, since the machine may be shared (the wall clock then includes time spent waiting
//! for a core).

use std::time::Instant;

/// CPU time of the current thread in seconds, where the OS tells it (Linux:
/// /proc/thread-self/schedstat); `None` elsewhere.
pub fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// A stopwatch of wall time and, where known, this thread's CPU time.
pub struct Clock {
    wall: Instant,
    cpu: Option<f64>,
}

impl Clock {
    pub fn start() -> Clock {
        Clock { wall: Instant::now(), cpu: cpu_seconds() }
    }

    /// Wall seconds since the start.
    pub fn wall(&self) -> f64 {
        self.wall.elapsed().as_secs_f64()
    }

    /// (CPU seconds since the start if known, wall seconds since the start).
    pub fn read(&self) -> (Option<f64>, f64) {
        let w = self.wall();
        let c = match (self.cpu, cpu_seconds()) {
            (Some(a), Some(b)) if b >= a => Some(b - a),
            _ => None,
        };
        (c, w)
    }
}
