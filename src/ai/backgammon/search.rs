//! Search: the value of a play at 0, 1 or 2 plies, and the ranking of the plays of a roll.
//!
//! - 0-ply: the position after the play, opponent on roll, evaluated by the net (inverted).
//! - n-ply: for each of the 21 rolls of the next player (weighted 1/36 or 2/36), his best play
//!   by 0-ply, valued at (n-1)-ply. At the root the plays are filtered by 0-ply equity first (the
//!   best few within a margin), then by 1-ply before 2-ply, so the time stays bounded.
//!
//! Acey-deucey turns are made of segments (docs/rules.md AD-ACEY-DEUCEY): after a 1-2 the mover
//! chooses doubles and plays them, then rolls again. A [`Candidate`] says what follows its play
//! ([`Next`], as the rules engine decides it: [`next_after`]; the search never re-decides a
//! rule), and values take it into account (the mover's own extra roll is valued with him on
//! roll; a 1-2 is worth its best choice of doubles).

use super::eval::{Evaluator, Probabilities, Scoring, Value, finished_value};
use super::net::Net;
use crate::backgammon::turn::{self, TurnPart, next_after};
use crate::backgammon::{MoveRules, Options, Play, Position};
use crate::dice::{ALL_21, roll_probability};

/// What follows a play: the rules engine's own answer ([`next_after`]).
pub use crate::backgammon::Next;
/// The game being played: the rules engine's own variant.
pub use crate::backgammon::Variant;

/// The rules of a game, as far as the AI is concerned: the engine's [`Options`], read through
/// the engine (moves: [`Options::move_rules`]; what follows a play: [`next_after`]; what a
/// finished game is worth: [`crate::backgammon::scoring::score`]). Built only from options, so
/// the AI cannot hold a rule of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameRules {
    options: Options,
    /// `options.move_rules()`, kept at hand for the move generator.
    moves: MoveRules,
    /// [`turn::always_passes`] of the options: the fast path of the search applies.
    simple: bool,
}

impl GameRules {
    /// The AI's view of a game's options.
    pub fn from_options(o: &Options) -> GameRules {
        GameRules { options: *o, moves: o.move_rules(), simple: turn::always_passes(o) }
    }

    /// The default rules of a variant: [`GameRules::from_options`] of [`Options::new`].
    pub fn new(variant: Variant) -> GameRules {
        GameRules::from_options(&Options::new(variant))
    }

    /// The options these rules come from.
    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn variant(&self) -> Variant {
        self.options.variant
    }

    pub fn scoring(&self) -> Scoring {
        self.options.scoring
    }

    /// The move-legality rules ([`Options::move_rules`]).
    #[inline]
    pub fn moves(&self) -> MoveRules {
        self.moves
    }

    /// The starting position ([`turn::start_position`]).
    pub fn start(&self) -> Position {
        turn::start_position(self.options.variant)
    }

    /// The first roll of a game may be doubles ([`turn::first_roll_may_be_doubles`]).
    pub fn first_roll_may_be_doubles(&self) -> bool {
        turn::first_roll_may_be_doubles(&self.options)
    }
}

/// Which part of a turn is being played, as the AI's callers name it (the engine's
/// [`TurnPart`] distinguishes the acey-deucey 1-2 by its dice: [`Segment::part`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Segment {
    /// A rolled pair of dice (in acey-deucey a 1-2 is followed by chosen doubles).
    #[default]
    Roll,
    /// Acey-deucey: the doubles chosen after a 1-2 (followed by another roll if all four moves
    /// could be played).
    ChosenDoubles,
}

impl Segment {
    /// The engine's part of the turn for dice `d1`-`d2` played as this segment.
    #[inline]
    pub fn part(self, rules: &GameRules, d1: u8, d2: u8) -> TurnPart {
        match self {
            Segment::Roll => TurnPart::of_roll(&rules.options, d1, d2),
            Segment::ChosenDoubles => TurnPart::ChosenDoubles,
        }
    }

    /// The segment of the engine's part of a turn.
    pub fn of_part(part: TurnPart) -> Segment {
        match part {
            TurnPart::Roll | TurnPart::AceyDeucey12 => Segment::Roll,
            TurnPart::ChosenDoubles => Segment::ChosenDoubles,
        }
    }
}

/// A legal play and what follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub play: Play,
    pub next: Next,
}

/// The legal plays of `d1`-`d2` in `pos` (mover on roll) with what follows each, as the engine
/// decides it ([`next_after`]).
pub fn candidates(pos: &Position, d1: u8, d2: u8, segment: Segment, rules: &GameRules) -> Vec<Candidate> {
    let plays = pos.legal_plays(d1, d2, rules.moves);
    let part = segment.part(rules, d1, d2);
    plays
        .into_iter()
        .map(|play| {
            let next = next_after(&rules.options, part, [d1, d2], play.steps().len(), &play.result);
            Candidate { play, next }
        })
        .collect()
}

/// A play with its value.
#[derive(Clone, Copy, Debug)]
pub struct Ranked {
    pub candidate: Candidate,
    pub value: Value,
    /// The depth it was valued at (0, 1 or 2).
    pub ply: u8,
}

/// Root filtering: how many plays survive to the next depth, and within what equity of the best.
#[derive(Clone, Copy, Debug)]
pub struct Filter {
    pub keep: usize,
    pub margin: f32,
}

pub const FILTER_1PLY: Filter = Filter { keep: 8, margin: 0.16 };
/// Up to 5 plays within 0.10 of the best at 1-ply go on to 2-ply (3 within 0.06 until the
/// thirty-ninth session): with [`WORK_2PLY`] and [`WORK_LIMIT`] raised to match, the expert's
/// plays gained +0.22 and +0.34 ± 0.05 millipoints a decision (two seeds) by GNU Backgammon
/// 2-ply's judgement (`scripts/gnubg/errors.py`, docs/bg-ai.md); a wider filter within the old
/// budget changed almost no play, since the plan fitted no more plays.
pub const FILTER_2PLY: Filter = Filter { keep: 5, margin: 0.10 };

/// The most leaf evaluations the 2-ply stage of [`Searcher::rank`] may plan for. A 2-ply value
/// costs the opponent's plays over his 21 rolls plus, for each of his replies, our plays over
/// our 21 rolls; the stage keeps only as many of the filtered plays as fit (estimated from move
/// counts before it starts, so the choice does not depend on the machine's speed), and is
/// skipped when fewer than two fit: the 1-ply ranking stands. With [`WORK_LIMIT`] it sets the
/// expert's time: 100,000 and 120,000 give a median of 85 ms and a worst of 270 ms a move in
/// wasm (SIMD) on this machine over the benchmark positions (`node scripts/bench-ai.mjs 200`),
/// against 64 and 193 ms with 60,000 and 80,000 side by side; the budget is 300 ms.
pub const WORK_2PLY: u64 = 100_000;

/// The most leaves the 1-ply and 2-ply stages of [`Searcher::rank`] may take together, whatever
/// the estimates say (acey-deucey turns, with their chosen doubles and extra rolls, can cost far
/// more than they look). A play whose deeper value is cut off by it keeps its shallower value,
/// and the stage ends there; counted in leaves, so the result never depends on the machine.
pub const WORK_LIMIT: u64 = 120_000;

/// [`WORK_LIMIT`] for acey-deucey and the extra-roll house rule, whose leaves cost more (plays
/// with their steps, segments): 50,000 keeps the expert under about 0.2 s a move in wasm here.
pub const WORK_LIMIT_SEGMENTS: u64 = 50_000;

/// The leaf limit of the deeper stages under `rules`: [`WORK_LIMIT`], or
/// [`WORK_LIMIT_SEGMENTS`] when turns have segments.
pub fn work_limit(rules: &GameRules) -> u64 {
    if rules.simple { WORK_LIMIT } else { WORK_LIMIT_SEGMENTS }
}

/// Acey-deucey: after a 1-2, how many plays have their choice of doubles searched.
pub const DOUBLES_KEEP: usize = 3;

/// An evaluator plus the rules: values plays at any depth.
pub struct Searcher<'a> {
    pub ev: Evaluator<'a>,
    pub rules: GameRules,
    /// Positions valued at 0-ply so far (net, bear-off table or finished game).
    pub leaves: u64,
    /// Past this many leaves a deeper valuation is abandoned ([`work_limit`]).
    limit: u64,
}

fn add(acc: &mut Value, v: &Value, w: f32) {
    acc.probabilities = acc.probabilities.mix(1.0, &v.probabilities, w);
    acc.equity += w * v.equity;
}

impl<'a> Searcher<'a> {
    pub fn new(net: &'a Net, rules: GameRules) -> Searcher<'a> {
        Searcher { ev: Evaluator::new(net, rules.scoring()), rules, leaves: 0, limit: u64::MAX }
    }

    /// The value, for the player who moved, of `r` (the position after his play, his view),
    /// `next` following it (the engine's [`next_after`]; a finished game is worth the engine's
    /// points, [`finished_value`]).
    pub fn after(&mut self, r: &Position, next: Next, depth: u8) -> Value {
        match next {
            Next::GameOver => finished_value(r, self.rules.scoring()),
            Next::Opponent => self.on_roll(&r.flip(), depth).invert(),
            Next::SameSide => self.on_roll(r, depth),
            Next::ChooseDoubles => self.best_doubles(r, depth).1,
        }
    }

    /// [`Searcher::after`] when the rules are [`GameRules`] `simple` (every play passes the turn
    /// unless it ends the game): positions only, no steps needed.
    #[inline]
    fn after_simple(&mut self, r: &Position, depth: u8) -> Value {
        let next = if r.off(false) == 15 { Next::GameOver } else { Next::Opponent };
        self.after(r, next, depth)
    }

    /// The value of `p` for its side on roll, at `depth` plies.
    pub fn on_roll(&mut self, p: &Position, depth: u8) -> Value {
        if self.leaves > self.limit {
            return Value::default();
        }
        if depth == 0 || p.game_over() {
            self.leaves += 1;
            return self.ev.value(p);
        }
        let mut acc = Value::default();
        let mut buf = Vec::with_capacity(32);
        for &(roll, weight) in &ALL_21 {
            let ((a, b), w) = (roll.values(), roll_probability(weight));
            let v = if self.rules.simple {
                // Fast path: positions only, the opponent always moves next.
                p.plays_into(a, b, self.rules.moves, &mut buf);
                let mut best = buf[0];
                let mut best_v = Value { equity: f32::NEG_INFINITY, ..Value::default() };
                for r in &buf {
                    let v = self.after_simple(r, 0);
                    if v.equity > best_v.equity {
                        best_v = v;
                        best = *r;
                    }
                }
                if depth > 1 { self.after_simple(&best, depth - 1) } else { best_v }
            } else {
                let (c, v0) = self.best_by_0ply(p, a, b, Segment::Roll);
                if depth > 1 { self.after(&c.play.result, c.next, depth - 1) } else { v0 }
            };
            add(&mut acc, &v, w);
        }
        // The 21 weighted sums can round a hair outside [0, 1] (a certain win averaging to
        // 1.0000002); the probabilities are kept consistent as the net's outputs are.
        acc.probabilities = Probabilities::from_outputs(&acc.probabilities.to_array());
        acc
    }

    /// The best candidate by 0-ply and its 0-ply value.
    fn best_by_0ply(&mut self, p: &Position, a: u8, b: u8, segment: Segment) -> (Candidate, Value) {
        let cands = candidates(p, a, b, segment, &self.rules);
        let values = self.values_0ply(&cands);
        let mut best = 0;
        for (i, v) in values.iter().enumerate() {
            if v.equity > values[best].equity {
                best = i;
            }
        }
        (cands[best], values[best])
    }

    /// The 0-ply values of candidates. After an acey-deucey 1-2 the mover chooses doubles: that
    /// choice is searched only for the [`DOUBLES_KEEP`] plays that look best with the mover
    /// still on roll (the others keep that estimate, minus a margin that ranks them last).
    pub fn values_0ply(&mut self, cands: &[Candidate]) -> Vec<Value> {
        let mut values: Vec<Value> = cands
            .iter()
            .map(|c| {
                let next = if c.next == Next::ChooseDoubles { Next::SameSide } else { c.next };
                self.after(&c.play.result, next, 0)
            })
            .collect();
        if cands.iter().any(|c| c.next == Next::ChooseDoubles) {
            let mut order: Vec<usize> = (0..cands.len()).filter(|&i| cands[i].next == Next::ChooseDoubles).collect();
            crate::small_sort::sort_by(&mut order, |&i, &j| values[j].equity.total_cmp(&values[i].equity));
            for (k, &i) in order.iter().enumerate() {
                if k < DOUBLES_KEEP {
                    values[i] = self.best_doubles(&cands[i].play.result, 0).1;
                } else {
                    values[i].equity -= 10.0;
                }
            }
        }
        values
    }

    /// Acey-deucey: the best doubles to choose in `r` (mover to play them) and the value.
    pub fn best_doubles(&mut self, r: &Position, depth: u8) -> (u8, Value) {
        let mut best = (1u8, Value { equity: f32::NEG_INFINITY, ..Value::default() });
        for n in 1..=6u8 {
            let (c, v0) = self.best_by_0ply(r, n, n, Segment::ChosenDoubles);
            let v = if depth > 0 { self.after(&c.play.result, c.next, depth) } else { v0 };
            if v.equity > best.1.equity {
                best = (n, v);
            }
        }
        best
    }

    /// All plays of `d1`-`d2`, ranked best first: every play at 0-ply, the best few (see
    /// [`FILTER_1PLY`], [`FILTER_2PLY`]) re-valued at 1 and then 2 plies up to `ply`.
    pub fn rank(&mut self, pos: &Position, d1: u8, d2: u8, segment: Segment, ply: u8) -> Vec<Ranked> {
        let cands = candidates(pos, d1, d2, segment, &self.rules);
        let values = self.values_0ply(&cands);
        let mut ranked: Vec<Ranked> =
            cands.into_iter().zip(values).map(|(candidate, value)| Ranked { value, candidate, ply: 0 }).collect();
        sort(&mut ranked);
        // The 1-ply cost of each play valued at 1-ply (its result and the leaves it took).
        let mut cost: Vec<(Position, u64)> = Vec::new();
        self.limit = self.leaves.saturating_add(work_limit(&self.rules));
        'stages: for (depth, filter) in [(1u8, FILTER_1PLY), (2u8, FILTER_2PLY)] {
            if ply < depth || ranked.len() < 2 {
                break;
            }
            let top = ranked[0].value.equity;
            let mut n = ranked
                .iter()
                .take(filter.keep)
                .take_while(|r| r.ply == depth - 1 && r.value.equity >= top - filter.margin)
                .count();
            if depth == 2 {
                n = self.fit_2ply(pos, &ranked[..n], &cost);
            }
            if n < 2 && depth > 1 {
                break;
            }
            for r in ranked.iter_mut().take(n.max(1)) {
                let before = self.leaves;
                let value = self.after(&r.candidate.play.result, r.candidate.next, depth);
                if self.leaves > self.limit {
                    sort(&mut ranked);
                    break 'stages;
                }
                r.value = value;
                r.ply = depth;
                cost.push((r.candidate.play.result, self.leaves - before));
            }
            sort(&mut ranked);
        }
        self.limit = u64::MAX;
        ranked
    }

    /// How many of `plays` (the best first) fit in [`WORK_2PLY`] at 2-ply. A play's 2-ply cost is
    /// estimated as its 1-ply cost (the opponent's plays over his rolls, from `cost`) plus 21
    /// times the mover's plays over his 21 rolls in the root position `pos` (the replies to each
    /// of the opponent's rolls are valued at 1-ply). In acey-deucey a turn's cost hides in its
    /// segments (chosen doubles, extra rolls), which move counts miss: there the mover's side is
    /// taken to cost at least what the opponent's did.
    fn fit_2ply(&self, pos: &Position, plays: &[Ranked], cost: &[(Position, u64)]) -> usize {
        let mut buf = Vec::with_capacity(32);
        let ours: u64 = ALL_21
            .iter()
            .map(|&(roll, _)| {
                let (a, b) = roll.values();
                pos.plays_into(a, b, self.rules.moves, &mut buf);
                buf.len() as u64
            })
            .sum();
        let mut total = 0u64;
        let mut n = 0;
        for r in plays {
            let c1 = cost.iter().find(|(p, _)| *p == r.candidate.play.result).map_or(ours, |&(_, c)| c);
            let reply = if self.rules.simple { ours } else { ours.max(c1) };
            total += c1 + 21 * reply;
            if total > WORK_2PLY {
                break;
            }
            n += 1;
        }
        n
    }
}

/// Deeper values first, then by equity (stable: generation order breaks ties).
fn sort(v: &mut [Ranked]) {
    crate::small_sort::sort_by(v, |a, b| b.ply.cmp(&a.ply).then(b.value.equity.total_cmp(&a.value.equity)));
}
