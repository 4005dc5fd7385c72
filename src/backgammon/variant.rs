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
//!
//! # The options contract
//!
//! Every option is declared once, in the `declare_options!` table below: its JS key, its kind
//! (bool, a number with bounds, or one of named values), the variants it applies to and a
//! one-line doc. From that table come the [`Options`] struct, the all-optional
//! [`OptionsInput`] (what JS and saves pass), [`OPTION_SPECS`] (exported to JS as
//! `Backgammon.optionSpecs()`), [`Options::value`] and the checks of [`OptionsInput::resolve`].
//! Each variant's defaults are [`Options::new`]. A missing key takes the variant's default, so
//! a save written before an option existed still loads; an unknown key is refused
//! ([`OptionError::Unknown`]).
//!
//! Variant names: exactly `backgammon`, `table` and `acey-deucey` ([`Variant::NAMES`]), in the
//! JS API, in saves and on the command line alike ([`Variant::from_str`] is the one parser).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::movegen::MoveRules;
use crate::errors::{ErrorCode, Field};

/// A game of the backgammon family.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum Variant {
    #[default]
    Backgammon,
    Table,
    AceyDeucey,
}

impl Variant {
    /// Every variant, in the order of [`Variant::NAMES`].
    pub const ALL: [Variant; 3] = [Variant::Backgammon, Variant::Table, Variant::AceyDeucey];

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = OptionError;

    /// The one variant-name parser (JS options, saves, the CLI): exactly one of
    /// [`Variant::NAMES`].
    fn from_str(s: &str) -> Result<Variant, OptionError> {
        Variant::ALL.into_iter().find(|v| v.name() == s).ok_or_else(|| OptionError::Value {
            key: "variant".to_string(),
            message: format!("unknown variant '{s}' (backgammon, table or acey-deucey)"),
        })
    }
}

impl TryFrom<String> for Variant {
    type Error = OptionError;
    fn try_from(s: String) -> Result<Variant, OptionError> {
        s.parse()
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

/// An option whose value is one of a few names (its serde spelling).
pub trait OptionEnum: Copy + 'static {
    /// Every value's name, in declaration order.
    const NAMES: &'static [&'static str];
    /// The value's index in [`OptionEnum::NAMES`].
    fn index(self) -> usize;
}

impl OptionEnum for Variant {
    const NAMES: &'static [&'static str] = &["backgammon", "table", "acey-deucey"];
    fn index(self) -> usize {
        self as usize
    }
}

impl OptionEnum for StartRule {
    const NAMES: &'static [&'static str] = &["roll", "white"];
    fn index(self) -> usize {
        self as usize
    }
}

impl OptionEnum for Scoring {
    const NAMES: &'static [&'static str] = &["standard", "table", "per-checker"];
    fn index(self) -> usize {
        self as usize
    }
}

impl Variant {
    /// The variant names accepted everywhere.
    pub const NAMES: &'static [&'static str] = <Variant as OptionEnum>::NAMES;
}

/// The kind of an option's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum OptionKind {
    Bool,
    /// A whole number from `min` to `max`.
    Number {
        min: u32,
        max: u32,
    },
    /// One of `values`.
    Enum {
        values: &'static [&'static str],
    },
}

/// An option's value, as JS sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum OptionValue {
    Bool(bool),
    Number(u32),
    Name(&'static str),
}

/// A value that an option can hold.
pub trait ToOptionValue {
    fn to_option_value(self) -> OptionValue;
}

impl ToOptionValue for bool {
    fn to_option_value(self) -> OptionValue {
        OptionValue::Bool(self)
    }
}

impl ToOptionValue for u32 {
    fn to_option_value(self) -> OptionValue {
        OptionValue::Number(self)
    }
}

impl<T: OptionEnum> ToOptionValue for T {
    fn to_option_value(self) -> OptionValue {
        OptionValue::Name(T::NAMES[self.index()])
    }
}

/// Where an option applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applies {
    /// Every variant.
    All,
    /// Acey-deucey only: another variant refuses a value other than its default.
    AceyDeucey,
}

impl Applies {
    /// The variants this covers.
    pub fn variants(self) -> &'static [Variant] {
        match self {
            Applies::All => &Variant::ALL,
            Applies::AceyDeucey => &[Variant::AceyDeucey],
        }
    }
}

/// One option of the contract (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The JS and save key.
    pub key: &'static str,
    pub kind: OptionKind,
    pub applies: Applies,
    /// Stored in [`Options`] (and saves). `false` for `seed` and `turn`, which only choose how a
    /// game starts.
    pub stored: bool,
    /// One line for people (docs, the TypeScript types).
    pub doc: &'static str,
}

impl OptionSpec {
    /// The option's default in `variant` (`None` for `seed` and `turn`: absent by default).
    pub fn default_for(&self, variant: Variant) -> Option<OptionValue> {
        Options::new(variant).value(self.key)
    }
}

/// The longest match tabla plays (the gnubg Match ID holds up to 32767).
pub const MAX_MATCH_LENGTH: u32 = 255;

macro_rules! declare_options {
    ($( $field:ident : $ty:ty = $key:literal, $kind:expr, $applies:expr, $doc:literal; )*) => {
        /// The options of a game. Build with [`Options::new`] for a variant's defaults, then
        /// change fields. Serialized with the JS keys (`matchLength`, `doublesExtraRoll`, ...);
        /// read through [`OptionsInput`], so missing keys take the variant's defaults.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(try_from = "OptionsInput")]
        pub struct Options {
            pub variant: Variant,
            $( #[doc = $doc] #[serde(rename = $key)] pub $field: $ty, )*
        }

        /// `BackgammonOptions` of the JS API: every field optional, defaults by variant.
        /// Unknown fields are refused (a typo should not pass silently). `seed` and `turn` are
        /// not rules: the bindings pass them to [`super::Game::with_seed`] and
        /// [`super::Game::from_position`].
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct OptionsInput {
            /// The variant (default backgammon).
            pub variant: Option<Variant>,
            /// Reproducible dice from this seed; absent: cryptographic dice.
            pub seed: Option<u32>,
            /// With a start position (a Position ID): who is on roll (default White).
            pub turn: Option<Player>,
            $( #[doc = $doc] #[serde(rename = $key)] pub $field: Option<$ty>, )*
        }

        /// Every option, `variant` first, then the rules, then `seed` and `turn`.
        pub const OPTION_SPECS: &[OptionSpec] = &[
            OptionSpec {
                key: "variant",
                kind: OptionKind::Enum { values: Variant::NAMES },
                applies: Applies::All,
                stored: true,
                doc: "The game: backgammon (default), table or acey-deucey.",
            },
            $( OptionSpec { key: $key, kind: $kind, applies: $applies, stored: true, doc: $doc }, )*
            OptionSpec {
                key: "seed",
                kind: OptionKind::Number { min: 0, max: u32::MAX },
                applies: Applies::All,
                stored: false,
                doc: "Reproducible dice from this seed; absent: cryptographic dice.",
            },
            OptionSpec {
                key: "turn",
                kind: OptionKind::Enum { values: &["white", "black"] },
                applies: Applies::All,
                stored: false,
                doc: "With Backgammon.fromPositionId or fromGnubg: who is on roll (default white).",
            },
        ];

        impl Options {
            /// The value of the option `key` (`None` for a key that is not stored in options).
            pub fn value(&self, key: &str) -> Option<OptionValue> {
                match key {
                    "variant" => Some(self.variant.to_option_value()),
                    $( $key => Some(self.$field.to_option_value()), )*
                    _ => None,
                }
            }

            fn apply(&mut self, input: &OptionsInput) {
                $( if let Some(v) = input.$field { self.$field = v; } )*
            }
        }

        impl OptionsInput {
            /// The keys given, in table order.
            pub fn keys_given(&self) -> Vec<&'static str> {
                let mut keys = Vec::new();
                if self.variant.is_some() { keys.push("variant"); }
                $( if self.$field.is_some() { keys.push($key); } )*
                if self.seed.is_some() { keys.push("seed"); }
                if self.turn.is_some() { keys.push("turn"); }
                keys
            }
        }
    };
}

const ENUM_START: OptionKind = OptionKind::Enum { values: StartRule::NAMES };
const ENUM_SCORING: OptionKind = OptionKind::Enum { values: Scoring::NAMES };

declare_options! {
    start: StartRule = "start", ENUM_START, Applies::All,
        "Who starts: 'roll' (each rolls one die; backgammon, acey-deucey) or 'white' (table).";
    scoring: Scoring = "scoring", ENUM_SCORING, Applies::All,
        "How a game is scored: 'standard' (1, 2, 3), 'table' (mars) or 'per-checker'.";
    cube: bool = "cube", OptionKind::Bool, Applies::All,
        "The doubling cube is in play (default on in backgammon only).";
    jacoby: bool = "jacoby", OptionKind::Bool, Applies::All,
        "Jacoby rule, money play only: gammons count single until the cube is turned.";
    match_length: u32 = "matchLength", OptionKind::Number { min: 0, max: MAX_MATCH_LENGTH }, Applies::All,
        "0 = money play (default); N = a match to N points, with the Crawford rule.";
    doubles_extra_roll: bool = "doublesExtraRoll", OptionKind::Bool, Applies::AceyDeucey,
        "Acey-deucey house option: every doubles played in full earns an extra roll.";
    enter_all_before_passing: bool = "enterAllBeforePassing", OptionKind::Bool, Applies::AceyDeucey,
        "Acey-deucey house option: no checker passes the opponent's 12-point until all 15 have entered.";
    exact_bear_off: bool = "exactBearOff", OptionKind::Bool, Applies::All,
        "House option (acey-deucey's, allowed in any variant): bear off only with the exact number.";
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

    /// BG-JACOBY: the Jacoby rule is in force: money play, the rule on, the cube in play
    /// ([`super::scoring::counted_multiplier`] applies it while the cube is unturned).
    pub const fn jacoby_in_force(&self) -> bool {
        self.match_length == 0 && self.jacoby && self.cube
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

/// Why options were refused (code `bad-option`, field `key`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// A key that is not an option.
    Unknown { key: String },
    /// A value that the option does not allow, or options that do not go together.
    Value { key: String, message: String },
}

impl OptionError {
    /// The option concerned.
    pub fn key(&self) -> &str {
        match self {
            OptionError::Unknown { key } | OptionError::Value { key, .. } => key,
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { key } => {
                let keys: Vec<&str> = OPTION_SPECS.iter().map(|s| s.key).collect();
                write!(f, "unknown option '{key}' (the options are {})", keys.join(", "))
            }
            OptionError::Value { message, .. } => f.write_str(message),
        }
    }
}

impl std::error::Error for OptionError {}

/// For the command line, whose errors are text.
impl From<OptionError> for String {
    fn from(e: OptionError) -> String {
        e.to_string()
    }
}

impl ErrorCode for OptionError {
    fn code(&self) -> &'static str {
        "bad-option"
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        vec![("key", self.key().into())]
    }
}

impl OptionsInput {
    /// Refuses a key that is not one of [`OPTION_SPECS`] (before reading values, so that the
    /// error names the key).
    pub fn check_keys<'a>(keys: impl IntoIterator<Item = &'a str>) -> Result<(), OptionError> {
        for key in keys {
            if !OPTION_SPECS.iter().any(|s| s.key == key) {
                return Err(OptionError::Unknown { key: key.to_string() });
            }
        }
        Ok(())
    }

    /// The options: the variant's defaults, overridden by the fields given, checked against
    /// [`OPTION_SPECS`] (number bounds, options of one variant) and the Jacoby rule's money-play
    /// condition.
    pub fn resolve(&self) -> Result<Options, OptionError> {
        let variant = self.variant.unwrap_or_default();
        let defaults = Options::new(variant);
        let mut o = defaults;
        o.apply(self);
        for spec in OPTION_SPECS.iter().filter(|s| s.stored) {
            let (Some(v), Some(d)) = (o.value(spec.key), defaults.value(spec.key)) else { continue };
            if let (OptionKind::Number { min, max }, OptionValue::Number(n)) = (spec.kind, v) {
                if n < min || n > max {
                    let message = format!("{} is from {min} to {max}, not {n}", spec.key);
                    return Err(OptionError::Value { key: spec.key.to_string(), message });
                }
            }
            if v != d && !spec.applies.variants().contains(&variant) {
                let message = format!("{} is an option of {} only", spec.key, spec.applies.variants()[0]);
                return Err(OptionError::Value { key: spec.key.to_string(), message });
            }
        }
        if o.jacoby && o.match_length > 0 {
            let message = "the Jacoby rule is for money play only (matchLength 0)".to_string();
            return Err(OptionError::Value { key: "jacoby".to_string(), message });
        }
        Ok(o)
    }

    /// Parses the JSON form (`{"variant":"table","matchLength":5}`) and resolves it.
    pub fn from_json(json: &str) -> Result<(Options, Option<u32>), OptionError> {
        let input = OptionsInput::parse_json(json)?;
        Ok((input.resolve()?, input.seed))
    }

    /// Reads the JSON form without resolving it: unknown keys refused by name.
    pub fn parse_json(json: &str) -> Result<OptionsInput, OptionError> {
        let bad = |message: String| OptionError::Value { key: String::new(), message };
        let map: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(json).map_err(|e| bad(format!("options are a JSON object: {e}")))?;
        OptionsInput::check_keys(map.keys().map(String::as_str))?;
        serde_json::from_value(serde_json::Value::Object(map)).map_err(|e| bad(format!("bad options: {e}")))
    }
}

impl TryFrom<OptionsInput> for Options {
    type Error = OptionError;

    /// Stored options (a save's): missing keys take the variant's defaults; `seed` and `turn`
    /// are not stored options.
    fn try_from(input: OptionsInput) -> Result<Options, OptionError> {
        if let Some(key) = input.keys_given().into_iter().find(|k| *k == "seed" || *k == "turn") {
            let message = format!("'{key}' is not a stored option");
            return Err(OptionError::Value { key: key.to_string(), message });
        }
        input.resolve()
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
        let e = OptionsInput::from_json(r#"{"matchLenght":3}"#).unwrap_err();
        assert_eq!(e, OptionError::Unknown { key: "matchLenght".into() });
        assert_eq!(OptionsInput::from_json(r#"{"jacoby":true,"matchLength":3}"#).unwrap_err().key(), "jacoby");
        assert_eq!(OptionsInput::from_json(r#"{"matchLength":256}"#).unwrap_err().key(), "matchLength");
        assert_eq!(OptionsInput::from_json(r#"{"doublesExtraRoll":true}"#).unwrap_err().key(), "doublesExtraRoll");
        let (o, _) =
            OptionsInput::from_json(r#"{"variant":"acey-deucey","scoring":"per-checker","exactBearOff":true}"#)
                .unwrap();
        assert_eq!(o.scoring, Scoring::PerChecker);
        assert!(o.move_rules().exact_bear_off);
    }

    /// Options serialize with exactly the stored keys of the table, and every key reads back.
    #[test]
    fn option_specs_match_the_options_struct() {
        for v in Variant::ALL {
            let json = serde_json::to_value(Options::new(v)).unwrap();
            let keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
            let mut stored: Vec<&str> = OPTION_SPECS.iter().filter(|s| s.stored).map(|s| s.key).collect();
            let mut keys = keys.clone();
            keys.sort();
            stored.sort();
            assert_eq!(keys, stored);
            for spec in OPTION_SPECS.iter().filter(|s| s.stored) {
                let value = serde_json::to_value(spec.default_for(v).unwrap()).unwrap();
                assert_eq!(json[spec.key], value, "{}", spec.key);
            }
        }
        let mut seen = std::collections::HashSet::new();
        assert!(OPTION_SPECS.iter().all(|s| seen.insert(s.key) && !s.doc.is_empty()));
    }

    /// Every named value of an enum option is its serde spelling.
    #[test]
    fn option_enum_names_are_the_serde_names() {
        for (i, v) in [StartRule::Roll, StartRule::White].into_iter().enumerate() {
            assert_eq!(serde_json::to_value(v).unwrap(), StartRule::NAMES[i]);
        }
        for (i, v) in [Scoring::Standard, Scoring::Table, Scoring::PerChecker].into_iter().enumerate() {
            assert_eq!(serde_json::to_value(v).unwrap(), Scoring::NAMES[i]);
        }
        for v in Variant::ALL {
            assert_eq!(serde_json::to_value(v).unwrap(), v.name());
            assert_eq!(v.name().parse::<Variant>().unwrap(), v);
        }
    }

    /// A save's options without a newer key load with that key's default.
    #[test]
    fn stored_options_without_a_key_take_the_variant_default() {
        let o: Options = serde_json::from_str(r#"{"variant":"table","cube":true}"#).unwrap();
        assert_eq!(o, Options { cube: true, ..Options::new(Variant::Table) });
        assert!(serde_json::from_str::<Options>(r#"{"variant":"table","bogus":1}"#).is_err());
        assert!(serde_json::from_str::<Options>(r#"{"seed":1}"#).is_err());
    }

    /// One parser for variant names: aliases are refused everywhere.
    #[test]
    fn variant_names_are_the_same_everywhere() {
        assert!("bg".parse::<Variant>().is_err());
        assert!(serde_json::from_str::<Variant>("\"tavla\"").is_err());
        assert_eq!(serde_json::from_str::<Variant>("\"acey-deucey\"").unwrap(), Variant::AceyDeucey);
    }
}
