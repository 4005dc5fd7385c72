//! The ranges of the command line's arguments, checked by the argument parser (clap value
//! parsers), so that a bad value is a one-line error and exit code 2 before any work starts.
//!
//! Invariants the subcommands rely on: every time is finite, positive and at most its cap; every
//! count, size and depth is within its range; so no argument can make a run endless (a search
//! always has a time or work cap) or make an allocation abort.

use clap::builder::{RangedU64ValueParser, TypedValueParser};

/// The longest single search or measurement the tool starts, in milliseconds (10 minutes): a
/// time limit above it is refused, and a search given only a depth or a node budget stops there.
pub const MAX_TIME_MS: f64 = 600_000.0;

/// The longest measurement of a benchmark (`--seconds`), in seconds (10 minutes).
pub const MAX_SECONDS: f64 = 600.0;

/// The largest draughts transposition table (`--tt-mb`), in MB.
pub const MAX_TT_MB: u64 = 4096;

/// The most threads a command starts.
pub const MAX_THREADS: u64 = 256;

/// The largest node budget of one draughts search (at ~5 M nodes/s about half an hour; the
/// search's time cap [`MAX_TIME_MS`] stops it first).
pub const MAX_NODES: u64 = 10_000_000_000;

/// The deepest draughts perft: depth 15 counts about 6·10¹⁰ leaves, some ten minutes of one core
/// natively (depth 13 takes 23 s of CPU here); each depth costs about five times the one before.
pub const MAX_PERFT_DEPTH: u64 = 15;

/// The most opening plies of a draughts duel: all distinct positions that many plies from the
/// start are generated (ply 9 takes 0.4 s; each ply multiplies the work by about three).
pub const MAX_OPENING_PLIES: u64 = 10;

/// The most games (or self-play games, or moves timed) a command plays.
pub const MAX_GAMES: u64 = 100_000_000;

/// The most gradient steps or epochs of a fit.
pub const MAX_ITERATIONS: u64 = 10_000_000;

/// The most hidden units of a trained net.
pub const MAX_HIDDEN: u64 = 4096;

/// An integer argument in `min..=max` (as any unsigned type), refused otherwise with the range.
pub fn count<T>(min: u64, max: u64) -> impl TypedValueParser<Value = T>
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
    <T as TryFrom<u64>>::Error: Send + Sync + 'static + std::error::Error + ToString + Clone,
{
    RangedU64ValueParser::<T>::new().range(min..=max)
}

/// A finite number in `(0, max]`.
fn positive(s: &str, max: f64, unit: &str) -> Result<f64, String> {
    let v: f64 = s.trim().parse().map_err(|_| format!("'{s}' is not a number"))?;
    if !(v.is_finite() && v > 0.0 && v <= max) {
        return Err(format!("must be more than 0 and at most {max} {unit}, not {s}"));
    }
    Ok(v)
}

/// A time limit in milliseconds: finite, more than 0, at most [`MAX_TIME_MS`].
pub fn time_ms(s: &str) -> Result<f64, String> {
    positive(s, MAX_TIME_MS, "ms")
}

/// A benchmark's duration in seconds: finite, more than 0, at most [`MAX_SECONDS`].
pub fn seconds(s: &str) -> Result<f64, String> {
    positive(s, MAX_SECONDS, "s")
}

/// A finite number in `[min, max]` (learning rates, decays, λ, regularisation).
pub fn real(min: f64, max: f64) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync + 'static {
    move |s: &str| {
        let v: f64 = s.trim().parse().map_err(|_| format!("'{s}' is not a number"))?;
        if !(v.is_finite() && (min..=max).contains(&v)) {
            return Err(format!("must be from {min} to {max}, not {s}"));
        }
        Ok(v)
    }
}

/// [`real`] as an `f32`.
pub fn real32(min: f64, max: f64) -> impl Fn(&str) -> Result<f32, String> + Clone + Send + Sync + 'static {
    let parse = real(min, max);
    move |s: &str| parse(s).map(|v| v as f32)
}

/// A backgammon-family variant name (the engine's parser).
pub fn variant(s: &str) -> Result<tabla::backgammon::Variant, String> {
    s.parse().map_err(|e: tabla::backgammon::OptionError| e.to_string())
}

/// A backgammon position class (the AI's parser; `class::classify`).
pub fn position_class(s: &str) -> Result<tabla::ai::backgammon::class::PositionClass, String> {
    s.parse()
}

/// A backgammon-family computer level (the AI's parser).
pub fn bg_level(s: &str) -> Result<tabla::ai::backgammon::Level, String> {
    s.parse()
}

/// A Russian draughts computer level (the AI's parser).
pub fn ru_level(s: &str) -> Result<tabla::ai::draughts::Level, String> {
    s.parse().map_err(|e: tabla::ai::draughts::ParseLevelError| e.to_string())
}

/// A backgammon-family player of a duel: a level, `pubeval` or `heuristic`.
pub fn bg_player(s: &str) -> Result<String, String> {
    match s {
        "pubeval" | "heuristic" => Ok(s.to_string()),
        _ => bg_level(s).map(|_| s.to_string()),
    }
}

/// A roll of two dice such as `3-1` (the engine's parser: each die 1 to 6).
pub fn roll(s: &str) -> Result<tabla::dice::Roll, String> {
    s.parse().map_err(|e: tabla::dice::DiceError| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_finite_positive_and_capped() {
        for bad in ["inf", "-inf", "NaN", "nan", "0", "-1", "1e300", "600000.5", "x", ""] {
            assert!(time_ms(bad).is_err(), "{bad}");
        }
        assert_eq!(time_ms("0.5"), Ok(0.5));
        assert_eq!(time_ms("600000"), Ok(MAX_TIME_MS));
        assert!(seconds("NaN").is_err() && seconds("601").is_err() && seconds("0.01").is_ok());
    }

    #[test]
    fn reals_stay_in_their_range() {
        let lambda = real(0.0, 1.0);
        assert!(lambda("1.5").is_err() && lambda("NaN").is_err() && lambda("-0.1").is_err());
        assert_eq!(lambda("0.7"), Ok(0.7));
    }

    #[test]
    fn players_and_levels_are_the_engines_names() {
        assert!(bg_player("pubeval").is_ok() && bg_player("expert").is_ok() && bg_player("gnubg").is_err());
        assert!(ru_level("master").is_ok() && ru_level("grandmaster").is_err());
        assert!(roll("0-3").is_err() && roll("6-6").is_ok());
    }
}
