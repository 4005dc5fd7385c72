//! Whole games between two players (agents), mirrored duels, and the simple players used as
//! yardsticks: pubeval (backgammon, table) and a hand-written heuristic (acey-deucey).

use super::levels::Level;
pub use super::levels::choose_with;
use super::net::Net;
use super::pubeval;
use super::search::{Candidate, GameRules, Next, Searcher, Segment, candidates};
use crate::backgammon::Position;
use crate::backgammon::scoring::score;
use crate::dice::{DiceSource, SeededDice, SplitMix64};

/// A player: picks a play among the legal ones, and the doubles after an acey-deucey 1-2.
pub trait Agent {
    fn choose(&mut self, pos: &Position, d1: u8, d2: u8, segment: Segment, rules: &GameRules) -> Candidate;
    fn choose_doubles(&mut self, pos: &Position, rules: &GameRules) -> u8;
    fn name(&self) -> String;
}

/// The net at a level.
pub struct NetAgent<'a> {
    pub net: &'a Net,
    pub level: Level,
    pub seed: u64,
}

impl Agent for NetAgent<'_> {
    fn choose(&mut self, pos: &Position, d1: u8, d2: u8, segment: Segment, rules: &GameRules) -> Candidate {
        let mut s = Searcher::new(self.net, *rules);
        choose_with(&mut s, pos, d1, d2, segment, self.level, self.seed)
    }
    fn choose_doubles(&mut self, pos: &Position, rules: &GameRules) -> u8 {
        let mut s = Searcher::new(self.net, *rules);
        s.best_doubles(pos, 0).0
    }
    fn name(&self) -> String {
        self.level.name().to_string()
    }
}

/// pubeval (backgammon and table only: it knows nothing of checkers not yet entered).
pub struct PubevalAgent;

impl Agent for PubevalAgent {
    fn choose(&mut self, pos: &Position, d1: u8, d2: u8, segment: Segment, rules: &GameRules) -> Candidate {
        let race = pos.is_race();
        let cands = candidates(pos, d1, d2, segment, rules);
        let mut best = 0;
        let mut best_s = f32::NEG_INFINITY;
        for (i, c) in cands.iter().enumerate() {
            let s = pubeval::score(&c.play.result, race);
            if s > best_s {
                best_s = s;
                best = i;
            }
        }
        cands[best]
    }
    fn choose_doubles(&mut self, pos: &Position, rules: &GameRules) -> u8 {
        HeuristicAgent.choose_doubles(pos, rules)
    }
    fn name(&self) -> String {
        "pubeval".into()
    }
}

/// A simple hand-written player for any variant: race lead, hits, made points (home points
/// most), blots within reach of the opponent penalised by what a hit would cost; an extra roll
/// is a bonus, and after an acey-deucey 1-2 the doubles whose best play scores highest.
pub struct HeuristicAgent;

/// The heuristic score of `r` (position after a play, mover's view).
pub fn heuristic_score(r: &Position) -> f32 {
    if r.off(false) == 15 {
        return 10_000.0;
    }
    let b = r.board();
    let pips = r.pips();
    let mut s = pips[1] as f32 - pips[0] as f32;
    s += 6.0 * r.bar(true) as f32;
    let opp_behind_any = r.bar(true) + r.unentered(true) > 0;
    for i in 1..=24 {
        let c = b[i];
        if c >= 2 {
            s += if i <= 6 {
                4.0
            } else if i <= 9 {
                2.0
            } else {
                1.0
            };
        } else if c == 1 {
            let lo = i.saturating_sub(12).max(1);
            let threatened = (opp_behind_any && i >= 13) || (lo..i).any(|j| b[j] < 0) || (opp_behind_any && i <= 12);
            if threatened {
                s -= 2.0 + 0.5 * (25 - i) as f32;
            }
        }
    }
    s
}

impl HeuristicAgent {
    fn value(&self, c: &Candidate, rules: &GameRules) -> f32 {
        let r = &c.play.result;
        match c.next {
            Next::Opponent | Next::GameOver => heuristic_score(r),
            Next::SameSide => heuristic_score(r) + 8.0,
            Next::ChooseDoubles => (1..=6u8)
                .map(|n| {
                    candidates(r, n, n, Segment::ChosenDoubles, rules)
                        .iter()
                        .map(|c| self.value(c, rules))
                        .fold(f32::NEG_INFINITY, f32::max)
                })
                .fold(f32::NEG_INFINITY, f32::max),
        }
    }
}

impl Agent for HeuristicAgent {
    fn choose(&mut self, pos: &Position, d1: u8, d2: u8, segment: Segment, rules: &GameRules) -> Candidate {
        let cands = candidates(pos, d1, d2, segment, rules);
        let mut best = 0;
        let mut best_s = f32::NEG_INFINITY;
        for (i, c) in cands.iter().enumerate() {
            let s = self.value(c, rules);
            if s > best_s {
                best_s = s;
                best = i;
            }
        }
        cands[best]
    }
    fn choose_doubles(&mut self, pos: &Position, rules: &GameRules) -> u8 {
        let mut best = (1u8, f32::NEG_INFINITY);
        for n in 1..=6u8 {
            let v = candidates(pos, n, n, Segment::ChosenDoubles, rules)
                .iter()
                .map(|c| self.value(c, rules))
                .fold(f32::NEG_INFINITY, f32::max);
            if v > best.1 {
                best = (n, v);
            }
        }
        best.0
    }
    fn name(&self) -> String {
        "heuristic".into()
    }
}

/// The two players of a game (possibly the same agent for both sides).
pub trait Players {
    fn agent(&mut self, side: usize) -> &mut dyn Agent;
}

/// Two different agents: side 0 and side 1.
pub struct Duo<'x>(pub &'x mut dyn Agent, pub &'x mut dyn Agent);

impl Players for Duo<'_> {
    fn agent(&mut self, side: usize) -> &mut dyn Agent {
        if side == 0 { &mut *self.0 } else { &mut *self.1 }
    }
}

/// One agent playing both sides.
pub struct Solo<'x>(pub &'x mut dyn Agent);

impl Players for Solo<'_> {
    fn agent(&mut self, _side: usize) -> &mut dyn Agent {
        &mut *self.0
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameResult {
    /// The side (0 or 1) that won.
    pub winner: usize,
    /// Points won (cubeless, the variant's scoring).
    pub points: f32,
    /// The final position, seen from the winner (who bore off his last checker).
    pub last: Position,
}

/// Turns after which a game is abandoned (never reached in practice).
const MAX_TURNS: u32 = 5000;

/// Plays one cubeless game. `first` moves first; his first roll is re-rolled while it is doubles
/// when the rules' opening roll cannot give doubles ([`GameRules::first_roll_may_be_doubles`]).
/// What follows each play is the engine's answer (the candidates' [`Next`]) and a finished game
/// is worth the engine's points ([`score`]).
/// `observe(pos, side)` is called whenever a side is on roll (before rolling); returning false
/// stops the game (the result is then `None`).
pub fn play_game(
    players: &mut dyn Players,
    rules: &GameRules,
    dice: &mut dyn DiceSource,
    first: usize,
    observe: &mut dyn FnMut(&Position, usize) -> bool,
) -> Option<GameResult> {
    let mut pos = rules.start();
    let mut side = first;
    let mut opening = !rules.first_roll_may_be_doubles();
    for _ in 0..MAX_TURNS {
        if !observe(&pos, side) {
            return None;
        }
        let mut roll = dice.roll().expect("dice");
        while opening && roll.is_double() {
            roll = dice.roll().expect("dice");
        }
        opening = false;
        let (d1, d2) = (roll.0.value(), roll.1.value());
        let mut c = players.agent(side).choose(&pos, d1, d2, Segment::Roll, rules);
        loop {
            let r = c.play.result;
            match c.next {
                Next::GameOver => {
                    let (_, points) = score(&r, rules.scoring());
                    return Some(GameResult { winner: side, points: points as f32, last: r });
                }
                Next::Opponent => {
                    pos = r.flip();
                    side ^= 1;
                    break;
                }
                Next::SameSide => {
                    pos = r;
                    break;
                }
                Next::ChooseDoubles => {
                    let n = players.agent(side).choose_doubles(&r, rules).clamp(1, 6);
                    c = players.agent(side).choose(&r, n, n, Segment::ChosenDoubles, rules);
                }
            }
        }
    }
    None
}

/// A seed for the `i`-th game (or pair of games) of a series.
pub fn game_seed(seed: u64, i: u64) -> u64 {
    SplitMix64::mix(seed ^ i.wrapping_mul(SplitMix64::GAMMA))
}

/// Running totals of a duel (from player A's side).
#[derive(Clone, Copy, Debug, Default)]
pub struct DuelStats {
    pub games: u64,
    pub pairs: u64,
    /// A's points.
    pub points: f64,
    sum_pair: f64,
    sum_pair_sq: f64,
    pub wins: u64,
    pub gammons: u64,
    pub backgammons: u64,
    pub losses_gammon: u64,
}

impl DuelStats {
    /// Points per game for A.
    pub fn ppg(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.points / self.games as f64 }
    }

    /// The sum of A's points per mirrored pair, and the sum of their squares (for merging the
    /// parts of one duel run separately).
    pub fn pair_sums(&self) -> (f64, f64) {
        (self.sum_pair, self.sum_pair_sq)
    }

    /// The points side of a duel from its pair sums (a part's `pair_sums`): what merging the
    /// parts of one duel run separately needs for [`DuelStats::ppg`] and [`DuelStats::se`].
    pub fn from_pair_sums(pairs: u64, sum: f64, sum_sq: f64) -> DuelStats {
        DuelStats { games: 2 * pairs, pairs, points: sum, sum_pair: sum, sum_pair_sq: sum_sq, ..DuelStats::default() }
    }

    /// Standard error of [`DuelStats::ppg`], from the spread of the mirrored pairs.
    pub fn se(&self) -> f64 {
        if self.pairs < 2 {
            return f64::NAN;
        }
        let n = self.pairs as f64;
        let mean = self.sum_pair / n;
        let var = (self.sum_pair_sq / n - mean * mean) * n / (n - 1.0);
        var.max(0.0).sqrt() / n.sqrt() / 2.0
    }

    fn record(&mut self, r: &Option<GameResult>, a_side: usize) -> f64 {
        self.games += 1;
        let Some(r) = r else { return 0.0 };
        let pts = if r.winner == a_side { r.points as f64 } else { -(r.points as f64) };
        if r.winner == a_side {
            self.wins += 1;
            if r.points >= 2.0 {
                self.gammons += 1;
            }
            if r.points >= 3.0 {
                self.backgammons += 1;
            }
        } else if r.points >= 2.0 {
            self.losses_gammon += 1;
        }
        self.points += pts;
        pts
    }

    /// The totals of two duels over disjoint pairs (the same as one duel over both).
    pub fn merge(&self, o: &DuelStats) -> DuelStats {
        DuelStats {
            games: self.games + o.games,
            pairs: self.pairs + o.pairs,
            points: self.points + o.points,
            sum_pair: self.sum_pair + o.sum_pair,
            sum_pair_sq: self.sum_pair_sq + o.sum_pair_sq,
            wins: self.wins + o.wins,
            gammons: self.gammons + o.gammons,
            backgammons: self.backgammons + o.backgammons,
            losses_gammon: self.losses_gammon + o.losses_gammon,
        }
    }
}

/// Plays `pairs` pairs of cubeless games with mirrored dice: each pair uses one dice sequence
/// twice, A moving first in one game and B in the other. `progress` is called after each pair.
pub fn duel(
    a: &mut dyn Agent,
    b: &mut dyn Agent,
    rules: &GameRules,
    pairs: u64,
    seed: u64,
    progress: &mut dyn FnMut(&DuelStats),
) -> DuelStats {
    duel_pairs(a, b, rules, &mut (0..pairs), seed, progress)
}

/// [`duel`] over the given pair numbers only: pair `i` always gets the same dice, so a duel can
/// be split over threads and [`DuelStats::merge`]d without changing any game.
pub fn duel_pairs(
    a: &mut dyn Agent,
    b: &mut dyn Agent,
    rules: &GameRules,
    pairs: &mut dyn Iterator<Item = u64>,
    seed: u64,
    progress: &mut dyn FnMut(&DuelStats),
) -> DuelStats {
    let mut st = DuelStats::default();
    let mut players = Duo(a, b);
    for i in pairs {
        let s = game_seed(seed, i);
        let mut pair = 0.0;
        for first in [0usize, 1] {
            let mut dice = SeededDice::new(s);
            let r = play_game(&mut players, rules, &mut dice, first, &mut |_, _| true);
            pair += st.record(&r, 0);
        }
        st.pairs += 1;
        st.sum_pair += pair;
        st.sum_pair_sq += pair * pair;
        progress(&st);
    }
    st
}
