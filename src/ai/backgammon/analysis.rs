//! Game analysis: every decision of a recorded game of the backgammon family, judged by the
//! computer opponent's own search, one turn at a time (so a UI can show progress).
//!
//! A **turn** ([`TurnAnalysis`]) is one play of the record ([`Action::Play`]) with what led to
//! it: the cube decision before the roll (when the player could double, [`Game::can_double`]),
//! the opponent's take or pass, and the roll. A double that is passed ends the game and is a
//! turn with no roll or play. The record is walked by the engine's own replay
//! ([`Game::replay_each`]): every decision is seen in the engine's state when it was made.
//!
//! - **Checker play**: the played play's cubeless equity against the best play's, both valued
//!   at the same depth ([`AnalysisOptions::ply`], by default [`HINT_PLY`], the depth of the play
//!   view's Hint). The equity lost is marked with GNU Backgammon's default thresholds
//!   (`arSkillLevel` in gnubg.c: very bad 0.16, bad 0.08, doubtful 0.04): [`Mark::of`].
//! - **Cube**: the doubler's double/no double and the opponent's take/pass against the
//!   engine's cube advice ([`super::cube::advice`] at the same depth). In money play the error is
//!   in points per unit of the cube (the cube's value divided out); in match play it is in
//!   match winning chances, marked with the same thresholds (a coarse reading: gnubg
//!   normalises match errors to money equivalents, which this analysis does not).
//! - **Luck** of a roll ([`luck_of_roll`]): the equity of the roll's best play minus the average
//!   of that over all 21 rolls (weighted 1/36 or 2/36; an opening roll over the rolls that can
//!   open), both at 0-ply; marked with gnubg's default thresholds (`arLuckLevel` in gnubg.c:
//!   very lucky 0.6, lucky 0.3, unlucky -0.3, very unlucky -0.6): [`LuckMark::of`]. Weighted over
//!   the 21 rolls the luck of a position sums to zero.
//! - **Error rate** ([`summarize`]): per player, the equity lost over his unforced decisions
//!   (checker plays with more than one legal play, and cube decisions that were doubles, takes
//!   or passes or where the engine would have doubled), in thousandths per decision (mEMG per
//!   decision, as gnubg's "error rate" without its normalisation).
//! - **Winning chances**: White's cubeless chance of winning the game after each turn, from the
//!   value of the play made, for a chart.

use serde::{Deserialize, Serialize};

use super::api::{cube_state, play_context};
use super::cube::{CubeAdvice, advice_at};
use super::search::{GameRules, Searcher, Segment};
use super::{MAX_PLY, evaluate, net};
use crate::backgammon::{Action, Game, Player, Position, SaveError, Step, format_play};
use crate::dice::{ALL_21, roll_probability};

/// The default depth of the analysis: the depth of the play view's Hint (1-ply), which also
/// keeps a 60-turn game well under 15 s in a browser.
pub const HINT_PLY: u8 = 1;

/// gnubg's default threshold for a doubtful decision (equity lost).
pub const DOUBTFUL: f32 = 0.04;
/// gnubg's default threshold for a bad decision.
pub const BAD: f32 = 0.08;
/// gnubg's default threshold for a very bad decision.
pub const VERY_BAD: f32 = 0.16;
/// gnubg's default threshold for a lucky roll (and, negated, an unlucky one).
pub const LUCKY: f32 = 0.3;
/// gnubg's default threshold for a very lucky roll (and, negated, a very unlucky one).
pub const VERY_LUCKY: f32 = 0.6;

/// How many of the best plays a turn lists as alternatives.
pub const ALTERNATIVES: usize = 3;

/// How bad a decision was, by the equity it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    Doubtful,
    Bad,
    VeryBad,
}

impl Mark {
    /// The mark of a decision that lost `loss`: none below [`DOUBTFUL`].
    pub fn of(loss: f32) -> Option<Mark> {
        if loss >= VERY_BAD {
            Some(Mark::VeryBad)
        } else if loss >= BAD {
            Some(Mark::Bad)
        } else if loss >= DOUBTFUL {
            Some(Mark::Doubtful)
        } else {
            None
        }
    }
}

/// How lucky a roll was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LuckMark {
    VeryUnlucky,
    Unlucky,
    Lucky,
    VeryLucky,
}

impl LuckMark {
    /// The mark of a roll of luck `luck`: none strictly between the unlucky and lucky thresholds.
    pub fn of(luck: f32) -> Option<LuckMark> {
        if luck >= VERY_LUCKY {
            Some(LuckMark::VeryLucky)
        } else if luck >= LUCKY {
            Some(LuckMark::Lucky)
        } else if luck <= -VERY_LUCKY {
            Some(LuckMark::VeryUnlucky)
        } else if luck <= -LUCKY {
            Some(LuckMark::Unlucky)
        } else {
            None
        }
    }
}

/// How deep the analysis looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisOptions {
    /// Depth of the checker-play and cube evaluations (0 to [`MAX_PLY`]).
    pub ply: u8,
}

impl Default for AnalysisOptions {
    fn default() -> AnalysisOptions {
        AnalysisOptions { ply: HINT_PLY }
    }
}

/// One of the best plays of a turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Alternative {
    pub notation: String,
    /// Cubeless equity for the mover after it.
    pub equity: f32,
    /// The mover's chance of winning the game after it.
    pub win: f32,
}

/// The checker play of a turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayAnalysis {
    pub played: String,
    pub best: String,
    pub played_equity: f32,
    pub best_equity: f32,
    /// `best_equity - played_equity`, never negative (0 when the best play was made).
    pub equity_lost: f32,
    pub mark: Option<Mark>,
    /// Only one legal play (or none): not a decision.
    pub forced: bool,
    /// The best plays, best first (at most [`ALTERNATIVES`]).
    pub alternatives: Vec<Alternative>,
    /// The depth the plays were compared at.
    pub ply: u8,
}

/// The answer to a double.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Response {
    Take,
    Pass,
}

/// The cube decision before a turn's roll.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CubeAnalysis {
    /// The player on turn doubled.
    pub doubled: bool,
    /// The opponent's answer, if he doubled.
    pub response: Option<Response>,
    /// The engine's advice (values in the cube's own units, see [`CubeAdvice`]).
    pub advice: CubeAdvice,
    /// What the doubler lost by his decision (normalised, see the module doc).
    pub double_error: f32,
    pub double_mark: Option<Mark>,
    /// What the opponent lost by his answer.
    pub response_error: Option<f32>,
    pub response_mark: Option<Mark>,
}

/// The luck of a roll.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Luck {
    /// Equity of the roll's best play minus the average over all rolls (mover's view).
    pub value: f32,
    pub mark: Option<LuckMark>,
}

/// What a turn adds to a player's figures ([`summarize`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tally {
    /// The player (the doubler's opponent is tallied separately for his answer).
    pub player: Option<Player>,
    /// Unforced decisions of `player` in the turn (checker play, cube).
    pub decisions: u32,
    /// Equity `player` lost in them.
    pub equity_lost: f32,
    /// Marks of `player`'s decisions: doubtful, bad, very bad.
    pub marks: [u32; 3],
    /// Luck of `player`'s roll.
    pub luck: f32,
    /// The opponent's answer to a double, if any: (equity lost, mark).
    pub response: Option<(f32, Option<Mark>)>,
}

/// One turn of the game, analysed.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnAnalysis {
    /// Index of the turn (0-based) among [`turn_count`] turns.
    pub index: usize,
    /// Which game of a match (0-based).
    pub game: u32,
    pub player: Player,
    /// The roll, if the turn had one (not a passed double, not acey-deucey's chosen doubles).
    pub dice: Option<[u8; 2]>,
    pub cube: Option<CubeAnalysis>,
    pub luck: Option<Luck>,
    pub play: Option<PlayAnalysis>,
    /// White's chance of winning this game after the turn (cubeless; 1 or 0 once it is over).
    pub white_win: f32,
    pub tally: Tally,
}

/// Why a game cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// The record could not be replayed.
    Replay(SaveError),
    /// There is no turn with this index.
    NoTurn { index: usize, turns: usize },
    /// A recorded play is not among the engine's legal plays (a record the engine itself
    /// would not have written).
    UnknownPlay { index: usize },
}

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalysisError::Replay(e) => write!(f, "the game cannot be replayed: {e}"),
            AnalysisError::NoTurn { index, turns } => {
                write!(f, "there is no turn {index}: the game has {turns} turns to analyse")
            }
            AnalysisError::UnknownPlay { index } => write!(f, "the play of turn {index} is not a legal play"),
        }
    }
}

/// A turn as the record gives it: the games just before each of its decisions.
struct TurnRecord {
    game_no: u32,
    player: Player,
    /// Before the cube decision (phase `Roll`), whether he doubled, and the answer.
    cube: Option<(Game, bool, Option<Response>)>,
    dice: Option<[u8; 2]>,
    /// Before the play (phase `Move`), and the steps played.
    play: Option<(Game, Vec<Step>)>,
}

fn turns_of(game: &Game) -> Result<Vec<TurnRecord>, AnalysisError> {
    let mut turns = Vec::new();
    let mut game_no = 0u32;
    let mut cube: Option<(Game, bool, Option<Response>)> = None;
    let mut dice: Option<[u8; 2]> = None;
    game.replay_each(|g, a| match a {
        Action::Double { .. } => cube = Some((g.clone(), true, None)),
        Action::Take { .. } | Action::Pass { .. } => {
            let r = if matches!(a, Action::Take { .. }) { Response::Take } else { Response::Pass };
            if let Some(c) = cube.as_mut() {
                c.2 = Some(r);
            }
            if r == Response::Pass {
                if let Some(c) = cube.take() {
                    turns.push(TurnRecord { game_no, player: c.0.turn(), cube: Some(c), dice: None, play: None });
                }
            }
        }
        Action::Roll { dice: d, .. } => {
            if cube.is_none() && g.can_double() {
                cube = Some((g.clone(), false, None));
            }
            dice = Some(*d);
        }
        Action::OpeningRoll { white, black, .. } => {
            if white != black {
                dice = Some([*white, *black]);
            }
        }
        Action::Play { player, steps, .. } => {
            turns.push(TurnRecord {
                game_no,
                player: *player,
                cube: cube.take(),
                dice: dice.take(),
                play: Some((g.clone(), steps.clone())),
            });
        }
        Action::NextGame => {
            game_no += 1;
            cube = None;
            dice = None;
        }
        Action::ChooseDoubles { .. }
        | Action::Resign { .. }
        | Action::AcceptResignation { .. }
        | Action::DeclineResignation { .. } => {}
    })
    .map_err(AnalysisError::Replay)?;
    // A double answered at the end of the record (taken, the roll still to come) is a turn too.
    if let Some(c) = cube.filter(|c| c.2.is_some()) {
        turns.push(TurnRecord { game_no, player: c.0.turn(), cube: Some(c), dice: None, play: None });
    }
    Ok(turns)
}

/// How many turns [`analyze_turn`] can analyse in `game` (its record's plays and passed doubles).
pub fn turn_count(game: &Game) -> Result<usize, AnalysisError> {
    Ok(turns_of(game)?.len())
}

/// The luck of rolling `d1`-`d2` in `pos` (mover on roll, before the roll): the 0-ply equity of
/// the roll's best play minus the average of that over the rolls that can come (all 21, or for
/// an `opening` roll without doubles the 15 non-doubles).
pub fn luck_of_roll(pos: &Position, d1: u8, d2: u8, rules: &GameRules, opening: bool) -> f32 {
    luck_given(pos, d1, d2, rules, opening, None)
}

/// [`luck_of_roll`], with the 1-ply value of `pos` on roll when the caller has it (the same
/// number the average over all 21 rolls is).
fn luck_given(pos: &Position, d1: u8, d2: u8, rules: &GameRules, opening: bool, one_ply: Option<f32>) -> f32 {
    let mut s = Searcher::new(net(rules.variant()), *rules);
    let no_doubles = opening && !rules.first_roll_may_be_doubles();
    let best = |a: u8, b: u8, s: &mut Searcher| s.rank(pos, a, b, Segment::Roll, 0)[0].value.equity;
    let average = if no_doubles {
        let (mut sum, mut weight) = (0.0f32, 0.0f32);
        for &(roll, w) in &ALL_21 {
            let (a, b) = roll.values();
            if a != b {
                let p = roll_probability(w);
                sum += p * best(a, b, &mut s);
                weight += p;
            }
        }
        sum / weight
    } else if let Some(v) = one_ply {
        v
    } else {
        // The 1-ply value on roll is exactly this average: each roll's best play by 0-ply.
        s.on_roll(pos, 1).equity
    };
    best(d1, d2, &mut s) - average
}

/// Analyses turn `index` (0-based, below [`turn_count`]) of `game`.
pub fn analyze_turn(game: &Game, index: usize, options: &AnalysisOptions) -> Result<TurnAnalysis, AnalysisError> {
    let turns = turns_of(game)?;
    let n = turns.len();
    let t = turns.into_iter().nth(index).ok_or(AnalysisError::NoTurn { index, turns: n })?;
    let ply = options.ply.min(MAX_PLY);
    let rules = GameRules::from_options(game.options());
    let mut tally = Tally { player: Some(t.player), ..Tally::default() };
    let add = |tally: &mut Tally, loss: f32, mark: Option<Mark>| {
        tally.decisions += 1;
        tally.equity_lost += loss;
        if let Some(m) = mark {
            tally.marks[m as usize] += 1;
        }
    };

    // The evaluation behind the cube advice, kept: at 1-ply it is also the average the luck needs.
    let mut on_roll: Option<(Position, f32)> = None;
    let cube = t.cube.as_ref().and_then(|(before, doubled, response)| {
        if !before.cube().enabled {
            return None;
        }
        let e = evaluate(&before.position(), &rules, ply);
        if e.ply == 1 {
            on_roll = Some((before.position(), e.equity));
        }
        let advice = advice_at(&before.position(), &e.probabilities, rules.scoring(), &cube_state(before));
        // Money values are in points at the cube's value; match values are match chances.
        let unit = if before.options().match_length == 0 { before.cube().value.max(1) as f32 } else { 1.0 };
        let (nd, dt, dp) = (advice.no_double / unit, advice.double_take / unit, advice.double_pass / unit);
        let after_double = dt.min(dp);
        let double_error = (nd.max(after_double) - if *doubled { after_double } else { nd }).max(0.0);
        let response_error = response.map(|r| {
            let chosen = if r == Response::Take { -dt } else { -dp };
            ((-dt).max(-dp) - chosen).max(0.0)
        });
        Some(CubeAnalysis {
            doubled: *doubled,
            response: *response,
            advice,
            double_error,
            double_mark: Mark::of(double_error),
            response_error,
            response_mark: response_error.and_then(Mark::of),
        })
    });
    if let Some(c) = &cube {
        if c.doubled || c.advice.double || c.double_error > 0.0 {
            add(&mut tally, c.double_error, c.double_mark);
        }
        if let Some(e) = c.response_error {
            tally.response = Some((e, c.response_mark));
        }
    }

    // A passed double: the doubler wins this game.
    let passed = matches!(&t.cube, Some((_, true, Some(Response::Pass))));
    let mut white_win = match (passed, t.player) {
        (true, Player::White) => 1.0,
        (true, Player::Black) => 0.0,
        (false, _) => 0.5,
    };

    let mut luck = None;
    let mut play = None;
    if let Some((before, steps)) = &t.play {
        let (d1, d2, segment) = play_context(before).ok_or(AnalysisError::UnknownPlay { index })?;
        let pos = before.turn_start_position();
        if let (Some(_), Segment::Roll) = (t.dice, segment) {
            let opening =
                before.record().iter().rev().find(|a| matches!(a, Action::OpeningRoll { .. } | Action::Roll { .. }));
            let opening = matches!(opening, Some(Action::OpeningRoll { .. }));
            let one_ply = on_roll.filter(|(p, _)| *p == pos).map(|(_, v)| v);
            let v = luck_given(&pos, d1, d2, &rules, opening, one_ply);
            luck = Some(Luck { value: v, mark: LuckMark::of(v) });
            tally.luck = v;
        }
        let mut after = before.clone();
        after.play_steps(steps).map_err(|_| AnalysisError::UnknownPlay { index })?;
        let result = after.position_for(t.player);
        let mut s = Searcher::new(net(rules.variant()), rules);
        let ranked = s.rank(&pos, d1, d2, segment, ply);
        let at = ranked
            .iter()
            .position(|r| r.candidate.play.result == result)
            .ok_or(AnalysisError::UnknownPlay { index })?;
        let best = &ranked[0];
        let played_value = if at == 0 {
            best.value
        } else if ranked[at].ply < best.ply {
            s.after(&ranked[at].candidate.play.result, ranked[at].candidate.next, best.ply)
        } else {
            ranked[at].value
        };
        let equity_lost = if at == 0 { 0.0 } else { (best.value.equity - played_value.equity).max(0.0) };
        let forced = ranked.len() <= 1;
        let mark = if forced { None } else { Mark::of(equity_lost) };
        if !forced {
            add(&mut tally, equity_lost, mark);
        }
        let notation = |r: &super::search::Ranked| format_play(&pos, r.candidate.play.steps());
        white_win = if t.player == Player::White {
            played_value.probabilities.win
        } else {
            1.0 - played_value.probabilities.win
        };
        play = Some(PlayAnalysis {
            played: format_play(&pos, steps),
            best: notation(best),
            played_equity: played_value.equity,
            best_equity: best.value.equity,
            equity_lost,
            mark,
            forced,
            alternatives: ranked
                .iter()
                .take(ALTERNATIVES)
                .map(|r| Alternative { notation: notation(r), equity: r.value.equity, win: r.value.probabilities.win })
                .collect(),
            ply: best.ply,
        });
    }

    Ok(TurnAnalysis { index, game: t.game_no, player: t.player, dice: t.dice, cube, luck, play, white_win, tally })
}

/// A player's figures over an analysed game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerSummary {
    /// Unforced decisions (checker plays with a choice, cube decisions that count).
    pub decisions: u32,
    /// Equity lost over them.
    pub equity_lost: f32,
    /// Thousandths of equity lost per decision (mEMG per decision); 0 without decisions.
    pub error_rate: f32,
    /// Decisions marked doubtful, bad, very bad.
    pub doubtful: u32,
    pub bad: u32,
    pub very_bad: u32,
    /// The sum of the luck of his rolls.
    pub luck: f32,
}

/// Both players' figures, `[white, black]`, from the tallies of the analysed turns.
pub fn summarize(tallies: &[Tally]) -> [PlayerSummary; 2] {
    let mut out = [PlayerSummary::default(); 2];
    let mut count = |who: Player, loss: f32, marks: [u32; 3], decisions: u32, luck: f32| {
        let p = &mut out[who.index()];
        p.decisions += decisions;
        p.equity_lost += loss;
        p.doubtful += marks[0];
        p.bad += marks[1];
        p.very_bad += marks[2];
        p.luck += luck;
    };
    for t in tallies {
        let Some(who) = t.player else { continue };
        count(who, t.equity_lost, t.marks, t.decisions, t.luck);
        if let Some((loss, mark)) = t.response {
            let mut marks = [0; 3];
            if let Some(m) = mark {
                marks[m as usize] += 1;
            }
            count(who.other(), loss, marks, 1, 0.0);
        }
    }
    for p in &mut out {
        p.error_rate = if p.decisions == 0 { 0.0 } else { 1000.0 * p.equity_lost / p.decisions as f32 };
    }
    out
}
