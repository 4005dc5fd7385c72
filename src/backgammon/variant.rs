//! Variants and their options.
//!
//! | variant | start | scoring | cube | position |
//! |---|---|---|---|---|
//! | backgammon | BG-START-ROLL | BG-SCORE-STANDARD | on | standard |
//! | table | BG-START-WHITE | BG-SCORE-TABLE | off | standard |
//! | acey-deucey | BG-START-ROLL (then the winner rolls afresh) | standard | off | all 15 not yet entered |
//!
//! Acey-deucey house options, all off by default: `doubles_extra_roll`,
//! `enter_all_before_passing`, `exact_bear_off`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::movegen::MoveRules;

/// A game of the backgammon family.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    #[default]
    Backgammon,
    Table,
    AceyDeucey,
}

impl Variant {
    pub fn name(self) -> &'static str {
        match self {
            Variant::Backgammon => "backgammon",
            Variant::Table => "table",
            Variant::AceyDeucey => "acey-deucey",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Variant, String> {
        match s.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "backgammon" | "bg" => Ok(Variant::Backgammon),
            "table" | "tavla" | "tabla" => Ok(Variant::Table),
            "acey-deucey" | "aceydeucey" | "acey" | "ad" => Ok(Variant::AceyDeucey),
            _ => Err(format!("unknown variant '{s}' (backgammon, table or acey-deucey)")),
        }
    }
}

/// One of the two players. White moves from his 24-point towards his 1-point like Black; the
/// JS state shows the board as White sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    White,
    Black,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::White => Player::Black,
            Player::Black => Player::White,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Player::White => "white",
            Player::Black => "black",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who starts the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartRule {
    /// BG-START-ROLL: each rolls one die, ties re-roll; the higher die starts.
    Roll,
    /// BG-START-WHITE: White starts and rolls both dice.
    White,
}

/// How a finished game is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// BG-SCORE-STANDARD: single 1, gammon 2, backgammon 3.
    Standard,
    /// BG-SCORE-TABLE: 1; mars x2 (loser bore off none); x4 (a loser's checker outside his home
    /// board); x8 (a loser's checker on the bar); the highest that applies.
    Table,
    /// Acey-deucey option: the loser pays 1 point per checker not borne off.
    PerChecker,
}

/// The options of a game. Build with [`Options::new`] for a variant's defaults, then change
/// fields. Serialized in camelCase as in the JS API (`matchLength`, `doublesExtraRoll`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Options {
    pub variant: Variant,
    pub start: StartRule,
    pub scoring: Scoring,
    /// The doubling cube is in play.
    pub cube: bool,
    /// Jacoby rule (money play only): gammons and backgammons count single while the cube has not
    /// been turned.
    pub jacoby: bool,
    /// 0: money play; N: a match to N points, with the Crawford rule.
    pub match_length: u32,
    /// Acey-deucey house option: every doubles (played in full) also earns an extra roll.
    pub doubles_extra_roll: bool,
    /// Acey-deucey house option: no checker may pass the opponent's 12-point (land on the mover's
    /// points 1-12) until all 15 have entered.
    pub enter_all_before_passing: bool,
    /// Acey-deucey house option (allowed in any variant): bear off only with the exact number.
    pub exact_bear_off: bool,
}

impl Options {
    /// A variant's default options.
    pub fn new(variant: Variant) -> Options {
        let (start, scoring, cube) = match variant {
            Variant::Backgammon => (StartRule::Roll, Scoring::Standard, true),
            Variant::Table => (StartRule::White, Scoring::Table, false),
            Variant::AceyDeucey => (StartRule::Roll, Scoring::Standard, false),
        };
        Options {
            variant,
            start,
            scoring,
            cube,
            jacoby: false,
            match_length: 0,
            doubles_extra_roll: false,
            enter_all_before_passing: false,
            exact_bear_off: false,
        }
    }

    /// The move-legality options these options imply.
    pub fn move_rules(&self) -> MoveRules {
        MoveRules {
            exact_bear_off: self.exact_bear_off,
            enter_all_before_passing: self.enter_all_before_passing && self.variant == Variant::AceyDeucey,
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options::new(Variant::Backgammon)
    }
}

/// `BackgammonOptions` of the JS API: every field optional, defaults by variant. Unknown fields
/// are refused (a typo should not pass silently). `seed` is not an option of the rules: the
/// bindings pass it to [`super::Game::with_seed`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OptionsInput {
    pub variant: Option<Variant>,
    pub seed: Option<u32>,
    pub start: Option<StartRule>,
    pub scoring: Option<Scoring>,
    pub cube: Option<bool>,
    pub jacoby: Option<bool>,
    pub match_length: Option<u32>,
    pub doubles_extra_roll: Option<bool>,
    pub enter_all_before_passing: Option<bool>,
    pub exact_bear_off: Option<bool>,
}

/// The longest match tabla plays (the gnubg Match ID holds up to 32767).
pub const MAX_MATCH_LENGTH: u32 = 255;

impl OptionsInput {
    /// The options: the variant's defaults, overridden by the fields given.
    pub fn resolve(&self) -> Result<Options, String> {
        let mut o = Options::new(self.variant.unwrap_or_default());
        if let Some(v) = self.start {
            o.start = v;
        }
        if let Some(v) = self.scoring {
            o.scoring = v;
        }
        if let Some(v) = self.cube {
            o.cube = v;
        }
        if let Some(v) = self.jacoby {
            o.jacoby = v;
        }
        if let Some(v) = self.match_length {
            if v > MAX_MATCH_LENGTH {
                return Err(format!("matchLength is at most {MAX_MATCH_LENGTH} (0 for money play), not {v}"));
            }
            o.match_length = v;
        }
        if let Some(v) = self.doubles_extra_roll {
            o.doubles_extra_roll = v;
        }
        if let Some(v) = self.enter_all_before_passing {
            o.enter_all_before_passing = v;
        }
        if let Some(v) = self.exact_bear_off {
            o.exact_bear_off = v;
        }
        if o.jacoby && o.match_length > 0 {
            return Err("the Jacoby rule is for money play only (matchLength 0)".to_string());
        }
        if o.variant != Variant::AceyDeucey && (o.doubles_extra_roll || o.enter_all_before_passing) {
            return Err("doublesExtraRoll and enterAllBeforePassing are acey-deucey options".to_string());
        }
        Ok(o)
    }

    /// Parses the JSON form (`{"variant":"table","matchLength":5}`) and resolves it.
    pub fn from_json(json: &str) -> Result<(Options, Option<u32>), String> {
        let input: OptionsInput = serde_json::from_str(json).map_err(|e| format!("invalid options: {e}"))?;
        Ok((input.resolve()?, input.seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_input_defaults_and_overrides() {
        let (o, seed) = OptionsInput::from_json(r#"{"variant":"table","matchLength":5,"seed":7}"#).unwrap();
        assert_eq!(o.variant, Variant::Table);
        assert_eq!(o.scoring, Scoring::Table);
        assert_eq!(o.match_length, 5);
        assert_eq!(seed, Some(7));
        assert_eq!(OptionsInput::from_json("{}").unwrap().0, Options::new(Variant::Backgammon));
        assert!(OptionsInput::from_json(r#"{"variant":"chess"}"#).is_err());
        assert!(OptionsInput::from_json(r#"{"matchLenght":3}"#).is_err());
        assert!(OptionsInput::from_json(r#"{"jacoby":true,"matchLength":3}"#).is_err());
        let (o, _) =
            OptionsInput::from_json(r#"{"variant":"acey-deucey","scoring":"per-checker","exactBearOff":true}"#)
                .unwrap();
        assert_eq!(o.scoring, Scoring::PerChecker);
        assert!(o.move_rules().exact_bear_off);
    }
}
