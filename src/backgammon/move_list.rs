//! The move list of a game as a player reads it, and the position after any entry of the record.
//!
//! [`Game::move_list`] turns the record ([`Game::record`]) into lines: a play with its roll, a
//! double with the value it offers, a take, a pass, a resignation. [`Game::at_record`] replays the
//! record up to an entry, for browsing the list. Front ends ask these instead of reading the
//! record's actions themselves, so that the cube's values and the dice of a play are worked out
//! once, here.

use serde::Serialize;

use super::game::{Action, Cube, Game};
use super::movegen::Step;
use super::save::SaveError;
use super::scoring::OutcomeKind;
use super::turn::dice_to_play;
use super::variant::Player;

/// What a line of the move list records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntryKind {
    Play,
    Double,
    Take,
    Pass,
    Resign,
}

/// A line of the move list ([`Game::move_list`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveListEntry {
    /// The record entries up to and including this line's: [`Game::at_record`] of it is the
    /// position after the line.
    pub index: usize,
    pub player: Player,
    pub kind: EntryKind,
    /// A play's roll, the larger die first (gnubg writes a roll "31"): the opening roll, the
    /// player's roll, or for acey-deucey's chosen doubles the number chosen twice. `None` for
    /// other lines, and for a play with no roll before it in the record.
    pub dice: Option<[u8; 2]>,
    /// BG-MOVE: a play's dice as they are played, the larger first and a double four times
    /// ([`dice_to_play`]); empty where `dice` is `None`.
    pub play_dice: Vec<u8>,
    /// A play in gnubg's notation (`""`: the roll could not be played); `""` for other lines.
    pub notation: String,
    /// A play's steps; empty for other lines.
    pub steps: Vec<Step>,
    /// BG-CUBE: a double's value, the cube it offers (twice the cube before it); `None` for
    /// other lines.
    pub cube: Option<u32>,
    /// BG-RESIGN: what a resignation concedes; `None` for other lines.
    pub resign: Option<OutcomeKind>,
}

impl MoveListEntry {
    fn new(index: usize, player: Player, kind: EntryKind) -> MoveListEntry {
        MoveListEntry {
            index,
            player,
            kind,
            dice: None,
            play_dice: Vec::new(),
            notation: String::new(),
            steps: Vec::new(),
            cube: None,
            resign: None,
        }
    }
}

fn larger_first(a: u8, b: u8) -> [u8; 2] {
    [a.max(b), a.min(b)]
}

impl Game {
    /// The move list of the whole record, in order: every play (with its roll) and every double,
    /// take, pass and resignation. Opening rolls that tie, rolls, answers to resignations and the
    /// start of the next game of a match are not lines of their own. The cube a double offers
    /// is twice the cube of its game before it: the start's cube for the first game (a game from
    /// a position or a Match ID may start with a turned cube), 1 after each next game.
    pub fn move_list(&self) -> Vec<MoveListEntry> {
        let mut rows = Vec::new();
        let mut dice: Option<[u8; 2]> = None;
        let mut cube =
            Cube { value: self.match_start.map_or(1, |m| m.cube_value), owner: None, offered_by: None, enabled: true };
        for (i, action) in self.record().iter().enumerate() {
            let index = i + 1;
            match action {
                Action::OpeningRoll { white, black, .. } => {
                    dice = (white != black).then(|| larger_first(*white, *black));
                }
                Action::Roll { dice: [a, b], .. } => dice = Some(larger_first(*a, *b)),
                Action::ChooseDoubles { die, .. } => dice = Some([*die, *die]),
                Action::Play { player, notation, steps } => {
                    let mut row = MoveListEntry::new(index, *player, EntryKind::Play);
                    row.dice = dice.take();
                    row.play_dice = row.dice.map_or_else(Vec::new, |[a, b]| dice_to_play(a, b));
                    row.notation = notation.clone();
                    row.steps = steps.clone();
                    rows.push(row);
                }
                Action::Double { player } => {
                    let mut row = MoveListEntry::new(index, *player, EntryKind::Double);
                    row.cube = Some(cube.doubled());
                    rows.push(row);
                }
                Action::Take { player } => {
                    cube.value = cube.doubled();
                    rows.push(MoveListEntry::new(index, *player, EntryKind::Take));
                }
                Action::Pass { player } => rows.push(MoveListEntry::new(index, *player, EntryKind::Pass)),
                Action::Resign { player, kind } => {
                    let mut row = MoveListEntry::new(index, *player, EntryKind::Resign);
                    row.resign = Some(*kind);
                    rows.push(row);
                }
                Action::AcceptResignation { .. } | Action::DeclineResignation { .. } => {}
                Action::NextGame => {
                    dice = None;
                    cube.value = 1;
                }
            }
        }
        rows
    }

    /// A new game at the position after the first `entries` entries of this game's record
    /// (its start for 0), replayed from the same start, options and match state, with dice
    /// only from the record (a roll on it must be given with `set_dice`). `entries` beyond the
    /// record are refused ([`SaveError::Inconsistent`]).
    pub fn at_record(&self, entries: usize) -> Result<Game, SaveError> {
        if entries > self.record().len() {
            return Err(SaveError::Inconsistent { field: "record entry" });
        }
        let save = self.to_save();
        let mut game = Game::start_of_save(&save)?;
        for (index, action) in save.record[..entries].iter().enumerate() {
            game.apply_action(action).map_err(|error| SaveError::Replay { index, error })?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::{Options, Phase};

    fn played(seed: u64, turns: usize) -> Game {
        let mut g = Game::with_seed(Options::default(), seed);
        for _ in 0..turns {
            if g.phase() == Phase::GameOver {
                break;
            }
            if matches!(g.phase(), Phase::Opening | Phase::Roll) {
                g.roll().unwrap();
            }
            if g.phase() == Phase::Move {
                let plays = g.legal_plays();
                let steps = plays.first().map(|p| p.steps.clone()).unwrap_or_default();
                g.play_steps(&steps).unwrap();
            }
        }
        g
    }

    /// Every line's index replays to the position after it: the line of a play is the play the
    /// game made there, with the roll it was made with.
    #[test]
    fn each_line_of_the_move_list_is_the_record_entry_it_names() {
        let g = played(7, 30);
        let rows = g.move_list();
        assert!(rows.len() >= 20, "{}", rows.len());
        for row in &rows {
            let before = g.at_record(row.index - 1).unwrap();
            let after = g.at_record(row.index).unwrap();
            assert_eq!(row.kind, EntryKind::Play);
            assert_eq!(before.turn(), row.player);
            let dice = row.dice.expect("every play here follows a roll");
            assert!(dice[0] >= dice[1], "larger die first: {dice:?}");
            let mut rolled = before.dice();
            rolled.sort_unstable_by(|a, b| b.cmp(a));
            assert_eq!(&rolled[..2], &dice[..], "the roll the play was made with");
            assert_eq!(row.play_dice, rolled, "BG-MOVE: the dice as the game played them");
            assert_eq!(after.last_play().map(|l| l.notation.clone()), Some(row.notation.clone()));
        }
        let last = g.at_record(g.record().len()).unwrap();
        assert_eq!(last.position_id(), g.position_id());
        assert_eq!(g.at_record(0).unwrap().phase(), Phase::Opening);
        assert!(g.at_record(g.record().len() + 1).is_err());
    }

    /// BG-MOVE: a double is played four times: the state's `play_dice` during the play and
    /// the move list's line of it list the number four times (`dice` twice); other rolls once
    /// each, and nothing before a roll.
    #[test]
    fn a_double_is_played_four_times_in_the_state_and_the_move_list() {
        use crate::dice::{Dice, Roll};
        let rolls = [Roll::new(3, 1).unwrap(), Roll::new(5, 5).unwrap()];
        let mut g = Game::with_dice(Options::default(), Dice::fixed(rolls));
        g.roll().unwrap();
        assert_eq!(g.state().play_dice, g.state().dice, "an opening 3-1 is played once each");
        roll_and_play(&mut g);
        assert_eq!(g.state().play_dice, Vec::<u8>::new(), "no dice before the roll");
        g.roll().unwrap();
        let st = g.state();
        assert_eq!((st.dice, st.play_dice), (vec![5, 5], vec![5, 5, 5, 5]));
        roll_and_play(&mut g);
        let rows = g.move_list();
        assert_eq!(rows[0].play_dice, vec![3, 1]);
        assert_eq!((rows[1].dice, rows[1].play_dice.clone()), (Some([5, 5]), vec![5, 5, 5, 5]));
    }

    /// Rolls (again after a tied opening roll) and makes the first legal play.
    fn roll_and_play(g: &mut Game) {
        while g.phase() != Phase::Move {
            g.roll().unwrap();
        }
        let steps = g.legal_plays().first().map(|p| p.steps.clone()).unwrap_or_default();
        g.play_steps(&steps).unwrap();
    }

    /// BG-CUBE: a double's line shows the value it offers; after a take the next double offers
    /// twice that, and a new game of the match starts again from 1.
    #[test]
    fn a_double_shows_the_cube_it_offers() {
        let mut g = Game::with_seed(Options { match_length: 7, ..Options::default() }, 3);
        roll_and_play(&mut g);
        g.double().unwrap();
        g.take().unwrap();
        roll_and_play(&mut g);
        g.double().unwrap();
        g.pass().unwrap();
        g.next_game().unwrap();
        roll_and_play(&mut g);
        g.double().unwrap();
        let cubes: Vec<(EntryKind, Option<u32>)> =
            g.move_list().iter().filter(|r| r.kind != EntryKind::Play).map(|r| (r.kind, r.cube)).collect();
        assert_eq!(
            cubes,
            [
                (EntryKind::Double, Some(2)),
                (EntryKind::Take, None),
                (EntryKind::Double, Some(4)),
                (EntryKind::Pass, None),
                (EntryKind::Double, Some(2)),
            ]
        );
        assert_eq!(g.state().cube.offered_value, Some(2));
    }
}
