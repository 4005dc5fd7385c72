//! Playing levels: search depth and deliberate mistakes.
//!
//! Weaker levels add Gaussian noise to the equity of every play before choosing (as GNU
//! Backgammon does), so they mostly pick plays a human would also consider: a close second is
//! often chosen, a blunder that costs much equity rarely. The noise is drawn from a generator
//! seeded by the caller's seed and the position, so a level plays the same way in the same
//! position with the same seed, natively and in wasm.

use rand_core::{Rng, SeedableRng};

use super::search::{Candidate, Searcher, Segment};
use crate::backgammon::Position;

/// A playing level, from weakest to strongest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// 0-ply, noise 0.12: frequent mistakes of a newcomer.
    Beginner,
    /// 0-ply, noise 0.06.
    Casual,
    /// 0-ply, noise 0.025.
    Intermediate,
    /// 0-ply, no noise.
    Advanced,
    /// 1-ply, no noise (plays filtered by 0-ply).
    Strong,
    /// 2-ply, no noise (plays filtered by 0-ply then 1-ply, the 2-ply work bounded so that it
    /// answers in a browser: [`super::search::WORK_2PLY`]). The strongest level.
    Expert,
}

impl Level {
    pub const ALL: [Level; 6] =
        [Level::Beginner, Level::Casual, Level::Intermediate, Level::Advanced, Level::Strong, Level::Expert];

    /// The search depth in plies.
    pub fn ply(self) -> u8 {
        match self {
            Level::Beginner | Level::Casual | Level::Intermediate | Level::Advanced => 0,
            Level::Strong => 1,
            Level::Expert => 2,
        }
    }

    /// The depth of the evaluation behind this level's cube decisions (doubling, taking): its
    /// search depth, at least 1 (the cube decision is made once a turn, so it can afford it).
    pub fn cube_ply(self) -> u8 {
        self.ply().max(1)
    }

    /// The standard deviation of the noise added to equities.
    pub fn noise(self) -> f32 {
        match self {
            Level::Beginner => 0.12,
            Level::Casual => 0.06,
            Level::Intermediate => 0.025,
            _ => 0.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Intermediate => "intermediate",
            Level::Advanced => "advanced",
            Level::Strong => "strong",
            Level::Expert => "expert",
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .iter()
            .copied()
            .find(|l| l.name() == s)
            .or(match s {
                "0ply" | "0-ply" => Some(Level::Advanced),
                "1ply" | "1-ply" => Some(Level::Strong),
                "2ply" | "2-ply" => Some(Level::Expert),
                _ => None,
            })
            .ok_or_else(|| format!("unknown level '{s}' (beginner, casual, intermediate, advanced, strong, expert)"))
    }
}

/// Deterministic noise for `pos` and `dice` from `seed`: `n` standard normal deviates
/// (Irwin-Hall sums of four uniforms, rescaled: plain IEEE arithmetic only).
pub fn noise(seed: u64, pos: &Position, dice: (u8, u8), n: usize) -> Vec<f32> {
    let mut h: u64 = seed ^ 0x9E37_79B9_7F4A_7C15;
    for &b in pos.board().iter() {
        h = (h ^ b as u8 as u64).wrapping_mul(0x100_0000_01B3);
    }
    h = (h ^ pos.off(false) as u64 ^ ((pos.off(true) as u64) << 8) ^ ((pos.unentered(false) as u64) << 16))
        .wrapping_mul(0x100_0000_01B3);
    h = (h ^ ((pos.unentered(true) as u64) << 24) ^ ((dice.0 as u64) << 32) ^ ((dice.1 as u64) << 40))
        .wrapping_mul(0x100_0000_01B3);
    let mut rng = rand_pcg::Pcg32::seed_from_u64(h);
    (0..n)
        .map(|_| {
            let s: f32 = (0..4).map(|_| (rng.next_u32() >> 8) as f32 / (1u32 << 24) as f32).sum();
            (s - 2.0) * 1.732_050_8
        })
        .collect()
}

/// The level's choice among the ranked plays (noise on the equities for the weaker levels).
pub fn choose_with(
    s: &mut Searcher,
    pos: &Position,
    d1: u8,
    d2: u8,
    segment: Segment,
    level: Level,
    seed: u64,
) -> Candidate {
    let ranked = s.rank(pos, d1, d2, segment, level.ply());
    let sigma = level.noise();
    if sigma == 0.0 || ranked.len() < 2 {
        return ranked[0].candidate;
    }
    let z = noise(seed, pos, (d1, d2), ranked.len());
    let mut best = 0;
    let mut best_e = f32::NEG_INFINITY;
    for (i, r) in ranked.iter().enumerate() {
        let e = r.value.equity + sigma * z[i];
        if e > best_e {
            best_e = e;
            best = i;
        }
    }
    ranked[best].candidate
}
