//! Dice: the single source of chance in tabla.
//!
//! Every game draws its dice from one [`DiceSource`]. The default is [`CryptoDice`], backed by the
//! operating system's (or the browser's `crypto.getRandomValues`) random generator. Tests and
//! replays use [`SeededDice`], which gives the same sequence for the same seed on every platform,
//! and analysis uses [`FixedDice`] ("set these dice").

use std::collections::VecDeque;
use std::fmt;

use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// One die showing 1 to 6. Invariant: the value is always in `1..=6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Die(u8);

impl Die {
    /// A die showing `value`, or an error if `value` is not 1 to 6.
    pub fn new(value: u8) -> Result<Die, DiceError> {
        if (1..=6).contains(&value) { Ok(Die(value)) } else { Err(DiceError::OutOfRange(value)) }
    }

    /// The pips shown, 1 to 6.
    pub const fn value(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for Die {
    type Error = DiceError;
    fn try_from(value: u8) -> Result<Self, Self::Error> {
        Die::new(value)
    }
}

impl From<Die> for u8 {
    fn from(d: Die) -> u8 {
        d.0
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A roll of two dice, in the order they were rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Roll(pub Die, pub Die);

impl Roll {
    /// A roll from two numbers, each 1 to 6.
    pub fn new(d1: u8, d2: u8) -> Result<Roll, DiceError> {
        Ok(Roll(Die::new(d1)?, Die::new(d2)?))
    }

    /// Both dice show the same number (played four times in the backgammon family).
    pub fn is_double(self) -> bool {
        self.0 == self.1
    }

    /// The larger and the smaller die.
    pub fn high_low(self) -> (Die, Die) {
        if self.0 >= self.1 { (self.0, self.1) } else { (self.1, self.0) }
    }

    /// All 21 distinct rolls, with their weight out of 36: [`ALL_21`] as an iterator.
    pub fn all21() -> impl Iterator<Item = (Roll, u8)> {
        ALL_21.into_iter()
    }

    /// The two numbers, in the order rolled.
    pub fn values(self) -> (u8, u8) {
        (self.0.0, self.1.0)
    }
}

/// The 21 distinct rolls of two dice, each with its weight out of 36 (1 for doubles, 2
/// otherwise: 3-1 and 1-3 are one roll). Larger die first, in the order 1-1, 2-1, 2-2, 3-1, …,
/// 6-6; every sum over rolls in tabla (search, bear-off database) runs in this order, so its
/// floating-point result is the same everywhere.
pub const ALL_21: [(Roll, u8); 21] = {
    let mut r = [(Roll(Die(1), Die(1)), 0u8); 21];
    let mut k = 0;
    let mut a = 1u8;
    while a <= 6 {
        let mut b = 1u8;
        while b <= a {
            r[k] = (Roll(Die(a), Die(b)), if a == b { 1 } else { 2 });
            k += 1;
            b += 1;
        }
        a += 1;
    }
    r
};

/// The probability of a roll of [`ALL_21`] from its weight out of 36 (`weight / 36`, correctly
/// rounded: the same `f32` as the constants `1.0 / 36.0` and `2.0 / 36.0`).
#[inline]
pub fn roll_probability(weight: u8) -> f32 {
    weight as f32 / 36.0
}

/// SplitMix64 (Steele, Lea and Flood 2014; the constants of Vigna's public-domain code): tabla's
/// one small seeded generator, for everything that must be reproducible from a seed on every
/// platform and is not dice (dice are [`SeededDice`], PCG): net initialisation, the seeds of the
/// games of a duel or a training run, the draughts levels' noise, the Zobrist keys. The state
/// is the public `u64`; [`SplitMix64::next_u64`] advances it by the golden-ratio increment and
/// returns [`SplitMix64::mix`] of it. Its outputs are fixed forever: saved seeds, duels and
/// trained nets replay identically (a test pins them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The increment of the state: 2^64 / φ, odd.
    pub const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

    /// The output function alone: a bijective mix of 64 bits (also a good hash of one number).
    #[inline]
    pub const fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The next 64 random bits.
    #[inline]
    pub const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(Self::GAMMA);
        Self::mix(self.0)
    }

    /// Uniform in `0..n` (`n > 0`), by multiply-shift (Lemire's method without rejection).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// Uniform in `[0, 1)` with 24 bits (the top 24 of [`SplitMix64::next_u64`]).
    #[inline]
    pub fn unit_f32(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.0, self.1)
    }
}

impl std::str::FromStr for Roll {
    type Err = DiceError;
    /// Parses `3-1`, `31`, `3 1` or `3,1`.
    fn from_str(s: &str) -> Result<Roll, DiceError> {
        let digits: Vec<u8> = s
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | ',' | '/'))
            .map(|c| c.to_digit(10).map(|d| d as u8).ok_or_else(|| DiceError::Syntax(s.to_string())))
            .collect::<Result<_, _>>()?;
        match digits.as_slice() {
            [a, b] => Roll::new(*a, *b),
            _ => Err(DiceError::Syntax(s.to_string())),
        }
    }
}

/// What can go wrong with dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceError {
    /// A die value outside 1 to 6.
    OutOfRange(u8),
    /// Text that is not a roll such as `3-1`.
    Syntax(String),
    /// A [`FixedDice`] source has no rolls left.
    Exhausted,
    /// The system random generator failed.
    Entropy(String),
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::OutOfRange(v) => write!(f, "a die shows 1 to 6, not {v}"),
            DiceError::Syntax(s) => write!(f, "'{s}' is not a roll of two dice such as 3-1"),
            DiceError::Exhausted => write!(f, "the fixed dice have no rolls left"),
            DiceError::Entropy(e) => write!(f, "the system random generator failed: {e}"),
        }
    }
}

impl std::error::Error for DiceError {}

/// Where dice come from. Each call yields one fair die; a roll is two calls.
pub trait DiceSource {
    /// One die.
    fn die(&mut self) -> Result<Die, DiceError>;

    /// Two dice.
    fn roll(&mut self) -> Result<Roll, DiceError> {
        Ok(Roll(self.die()?, self.die()?))
    }
}

/// Turns uniformly random bytes into a fair die by rejection (252 = 6 * 42).
fn die_from_bytes(mut next_byte: impl FnMut() -> Result<u8, DiceError>) -> Result<Die, DiceError> {
    loop {
        let b = next_byte()?;
        if b < 252 {
            return Ok(Die(b % 6 + 1));
        }
    }
}

/// Cryptographically random dice (getrandom: the OS, or `crypto.getRandomValues` in a browser).
#[derive(Clone, Debug)]
pub struct CryptoDice {
    buf: [u8; 32],
    used: usize,
}

impl CryptoDice {
    pub fn new() -> CryptoDice {
        CryptoDice { buf: [0; 32], used: 32 }
    }

    fn next_byte(&mut self) -> Result<u8, DiceError> {
        if self.used >= self.buf.len() {
            getrandom::fill(&mut self.buf).map_err(|e| DiceError::Entropy(e.to_string()))?;
            self.used = 0;
        }
        self.used += 1;
        Ok(self.buf[self.used - 1])
    }
}

impl Default for CryptoDice {
    fn default() -> CryptoDice {
        CryptoDice::new()
    }
}

impl DiceSource for CryptoDice {
    fn die(&mut self) -> Result<Die, DiceError> {
        die_from_bytes(|| self.next_byte())
    }
}

/// Reproducible dice: the same seed gives the same dice on every platform (PCG 64/32 generator).
#[derive(Clone, Debug)]
pub struct SeededDice {
    rng: rand_pcg::Pcg32,
    seed: u64,
}

impl SeededDice {
    pub fn new(seed: u64) -> SeededDice {
        SeededDice { rng: rand_pcg::Pcg32::seed_from_u64(seed), seed }
    }

    /// The seed this source was created with.
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

impl DiceSource for SeededDice {
    fn die(&mut self) -> Result<Die, DiceError> {
        die_from_bytes(|| Ok((self.rng.next_u32() >> 24) as u8))
    }
}

/// Dice set in advance, for analysis, tests and replays of recorded games.
#[derive(Clone, Debug, Default)]
pub struct FixedDice {
    rolls: VecDeque<Roll>,
    pending: Option<Die>,
}

impl FixedDice {
    pub fn new(rolls: impl IntoIterator<Item = Roll>) -> FixedDice {
        FixedDice { rolls: rolls.into_iter().collect(), pending: None }
    }

    /// Adds a roll at the end of the queue.
    pub fn push(&mut self, roll: Roll) {
        self.rolls.push_back(roll);
    }

    /// Rolls not yet drawn.
    pub fn remaining(&self) -> usize {
        self.rolls.len()
    }
}

impl DiceSource for FixedDice {
    fn die(&mut self) -> Result<Die, DiceError> {
        if let Some(d) = self.pending.take() {
            return Ok(d);
        }
        let r = self.rolls.pop_front().ok_or(DiceError::Exhausted)?;
        self.pending = Some(r.1);
        Ok(r.0)
    }

    fn roll(&mut self) -> Result<Roll, DiceError> {
        self.pending = None;
        self.rolls.pop_front().ok_or(DiceError::Exhausted)
    }
}

/// Any of the three sources, as one owned value (what a game stores).
#[derive(Clone, Debug)]
pub enum Dice {
    Crypto(CryptoDice),
    Seeded(SeededDice),
    Fixed(FixedDice),
}

impl Default for Dice {
    fn default() -> Dice {
        Dice::Crypto(CryptoDice::new())
    }
}

impl Dice {
    pub fn crypto() -> Dice {
        Dice::Crypto(CryptoDice::new())
    }
    pub fn seeded(seed: u64) -> Dice {
        Dice::Seeded(SeededDice::new(seed))
    }
    pub fn fixed(rolls: impl IntoIterator<Item = Roll>) -> Dice {
        Dice::Fixed(FixedDice::new(rolls))
    }
}

impl DiceSource for Dice {
    fn die(&mut self) -> Result<Die, DiceError> {
        match self {
            Dice::Crypto(d) => d.die(),
            Dice::Seeded(d) => d.die(),
            Dice::Fixed(d) => d.die(),
        }
    }
    fn roll(&mut self) -> Result<Roll, DiceError> {
        match self {
            Dice::Crypto(d) => d.roll(),
            Dice::Seeded(d) => d.roll(),
            Dice::Fixed(d) => d.roll(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn die_rejects_out_of_range() {
        assert_eq!(Die::new(0), Err(DiceError::OutOfRange(0)));
        assert_eq!(Die::new(7), Err(DiceError::OutOfRange(7)));
        assert_eq!(Die::new(6).map(Die::value), Ok(6));
    }

    #[test]
    fn seeded_dice_repeat_for_the_same_seed() {
        let a: Vec<Roll> = {
            let mut d = SeededDice::new(42);
            (0..50).map(|_| d.roll().unwrap()).collect()
        };
        let b: Vec<Roll> = {
            let mut d = SeededDice::new(42);
            (0..50).map(|_| d.roll().unwrap()).collect()
        };
        let c: Vec<Roll> = {
            let mut d = SeededDice::new(43);
            (0..50).map(|_| d.roll().unwrap()).collect()
        };
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn seeded_dice_are_fair_enough() {
        let mut d = SeededDice::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[d.die().unwrap().value() as usize - 1] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn crypto_dice_cover_all_faces() {
        let mut d = CryptoDice::new();
        let mut seen = [false; 6];
        for _ in 0..1000 {
            seen[d.die().unwrap().value() as usize - 1] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn fixed_dice_give_the_set_rolls_then_run_out() {
        let mut d = FixedDice::new([Roll::new(3, 1).unwrap(), Roll::new(6, 6).unwrap()]);
        assert_eq!(d.roll().unwrap(), Roll::new(3, 1).unwrap());
        assert_eq!(d.roll().unwrap(), Roll::new(6, 6).unwrap());
        assert_eq!(d.roll(), Err(DiceError::Exhausted));
    }

    #[test]
    fn roll_parses_common_forms() {
        for s in ["3-1", "31", "3 1", "3,1"] {
            assert_eq!(s.parse::<Roll>().unwrap(), Roll::new(3, 1).unwrap());
        }
        assert!("3-7".parse::<Roll>().is_err());
        assert!("x".parse::<Roll>().is_err());
    }

    #[test]
    fn all21_weights_sum_to_36() {
        assert_eq!(Roll::all21().count(), 21);
        assert_eq!(Roll::all21().map(|(_, w)| w as u32).sum::<u32>(), 36);
        assert!((ALL_21.iter().map(|&(_, w)| roll_probability(w)).sum::<f32>() - 1.0).abs() < 1e-6);
    }

    #[test]
    fn all21_is_every_unordered_roll_once_larger_die_first() {
        let mut seen = std::collections::HashSet::new();
        for (r, w) in ALL_21 {
            let (a, b) = r.values();
            assert!(a >= b, "{r}");
            assert_eq!(w, if a == b { 1 } else { 2 });
            assert!(seen.insert((a, b)));
        }
        assert_eq!(ALL_21[0].0.values(), (1, 1));
        assert_eq!(ALL_21[1].0.values(), (2, 1));
        assert_eq!(ALL_21[20].0.values(), (6, 6));
        assert_eq!(roll_probability(1), 1.0 / 36.0);
        assert_eq!(roll_probability(2), 2.0 / 36.0);
    }

    /// Saved seeds, duels and trained nets depend on these exact outputs: they must never change.
    #[test]
    fn splitmix64_outputs_are_pinned() {
        // Vigna's reference splitmix64.c from state 0 (the first outputs).
        let mut r = SplitMix64(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
        assert_eq!(r.0, 3u64.wrapping_mul(SplitMix64::GAMMA));
        let mut r = SplitMix64(42);
        let v: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(v, [0xBDD7_3226_2FEB_6E95, 0x28EF_E333_B266_F103, 0x4752_6757_130F_9F52]);
        assert_eq!(SplitMix64::mix(0), 0);
        assert_eq!(SplitMix64(7).below(6), 2);
        assert_eq!(SplitMix64(7).unit_f32(), 6_540_257.0 / 16_777_216.0);
        // The draughts Zobrist keys are its outputs from "tabla ru" (hashes may be stored).
        use crate::draughts::zobrist::{PIECE, SIDE};
        assert_eq!(PIECE[0][0], 0x9790_2B26_B70D_0491);
        assert_eq!(PIECE[3][31], 0x9836_9257_F913_804D);
        assert_eq!(SIDE, 0x583D_75F3_69A6_26EF);
    }
}
