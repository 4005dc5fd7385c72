//! The link's bytes: a compact binary of the game, written as base64url (RFC 4648 §5, no
//! padding) so that it fits a URL fragment.
//!
//! ```text
//! version        1 byte (VERSION)
//! game id        8 bytes (chosen by the inviter at random)
//! kind           1 byte: 0 backgammon, 1 table, 2 acey-deucey, 3 Russian draughts
//! options        backgammon: one varint per stored option of the engine's table, in table
//!                order (bool 0/1, number, enum index); draughts: one byte of option bits
//! messages       varint count; per message: varint count of actions, then the actions
//! heads          32 bytes: the inviter's latest chain element (when he has sent a message),
//!                32 bytes: the friend's (when he has)
//! ```
//!
//! An action is one byte of kind and its operands:
//!
//! | byte | action | operands |
//! |---|---|---|
//! | 0 | roll (the opening roll too) | one byte: `0` dice not yet known (a roll waiting for the next link), else `6 * (d1 - 1) + (d2 - 1) + 1` |
//! | 1 | play | one byte: number of steps; per step one byte `6 * from + (die - 1)` (from 0-25) |
//! | 2 | choose doubles (acey-deucey) | the die |
//! | 3, 4, 5 | double, take, pass | — |
//! | 6 | resign | the kind's index in [`RESIGN_KINDS`] |
//! | 7, 8 | accept, decline a resignation | — |
//! | 9 | next game | — |
//! | 10 | draughts move | one byte: number of squares on its path; per square its index 0-31 |
//!
//! Every field is checked on reading; trailing bytes are refused.

use super::{Act, LinkError, Message, Setup};
use crate::backgammon::{OPTION_SPECS, OptionKind, OptionValue, Options, OutcomeKind, Variant};
use crate::draughts::GameOptions;

/// The version byte of links written by this tabla.
pub const VERSION: u8 = 1;

/// The resignation kinds in the order of their wire index.
pub const RESIGN_KINDS: [OutcomeKind; 7] = [
    OutcomeKind::Single,
    OutcomeKind::Gammon,
    OutcomeKind::Backgammon,
    OutcomeKind::Mars,
    OutcomeKind::MarsX4,
    OutcomeKind::MarsX8,
    OutcomeKind::PerChecker,
];

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Bytes as base64url without padding.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// base64url text (no padding; white space is not allowed) as bytes.
pub fn from_base64url(text: &str) -> Result<Vec<u8>, LinkError> {
    let bad = || LinkError::Format("the link is not base64url text".into());
    if text.len() % 4 == 1 {
        return Err(bad());
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.as_bytes().chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            let v = B64.iter().position(|&b| b == c).ok_or_else(bad)? as u32;
            n |= v << (18 - 6 * i);
        }
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
        // the unused low bits of the last character must be zero (one text per byte string)
        let used = (chunk.len() - 1) * 8;
        if n & ((1u32 << (24 - used)) - 1) != 0 {
            return Err(bad());
        }
    }
    Ok(out)
}

/// Writes the link's bytes.
pub(crate) struct Writer(pub Vec<u8>);

impl Writer {
    fn varint(&mut self, mut v: u32) {
        while v >= 0x80 {
            self.0.push(v as u8 | 0x80);
            v >>= 7;
        }
        self.0.push(v as u8);
    }
}

/// Reads the link's bytes; every read checks that the bytes are there.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, LinkError> {
        let b = *self.bytes.get(self.at).ok_or_else(|| LinkError::Format("the link is cut short".into()))?;
        self.at += 1;
        Ok(b)
    }
    fn take<const N: usize>(&mut self) -> Result<[u8; N], LinkError> {
        let mut out = [0u8; N];
        for b in &mut out {
            *b = self.byte()?;
        }
        Ok(out)
    }
    fn varint(&mut self) -> Result<u32, LinkError> {
        let mut v = 0u64;
        for shift in (0..35).step_by(7) {
            let b = self.byte()?;
            v |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                return u32::try_from(v).map_err(|_| LinkError::Format("a number in the link is too large".into()));
            }
        }
        Err(LinkError::Format("a number in the link is too long".into()))
    }
}

/// The encoded link: its fields, in order.
pub(crate) struct Fields {
    pub id: [u8; 8],
    pub setup: Setup,
    pub messages: Vec<Message>,
    pub heads: [Option<[u8; 32]>; 2],
}

fn kind_byte(setup: &Setup) -> u8 {
    match setup {
        Setup::Backgammon(o) => o.variant as u8,
        Setup::Draughts(_) => 3,
    }
}

/// The stored options of the engine's table (except the variant, which the kind byte holds).
fn stored_specs() -> impl Iterator<Item = &'static crate::backgammon::OptionSpec> {
    OPTION_SPECS.iter().filter(|s| s.stored && s.key != "variant")
}

fn write_options(w: &mut Writer, o: &Options) {
    for spec in stored_specs() {
        let v = match (spec.kind, o.value(spec.key)) {
            (OptionKind::Bool, Some(OptionValue::Bool(b))) => b as u32,
            (OptionKind::Number { .. }, Some(OptionValue::Number(n))) => n,
            (OptionKind::Enum { values }, Some(OptionValue::Name(name))) => {
                values.iter().position(|v| *v == name).unwrap_or(0) as u32
            }
            _ => 0,
        };
        w.varint(v);
    }
}

/// The options from their varints, through the engine's own option reader
/// ([`crate::backgammon::OptionsInput`], then its `resolve` checks).
fn read_options(r: &mut Reader, variant: Variant) -> Result<Options, LinkError> {
    let mut values: Vec<(&'static str, Val)> = vec![("variant", Val::S(variant.name()))];
    for spec in stored_specs() {
        let v = r.varint()?;
        let value = match spec.kind {
            OptionKind::Bool if v <= 1 => Val::B(v == 1),
            OptionKind::Number { min, max } if (min..=max).contains(&v) => Val::N(v),
            OptionKind::Enum { values } if (v as usize) < values.len() => Val::S(values[v as usize]),
            _ => return Err(LinkError::Format(format!("the link's option {} is out of range", spec.key))),
        };
        values.push((spec.key, value));
    }
    let bad = |e: String| LinkError::Format(format!("the link's options: {e}"));
    let map = serde::de::value::MapDeserializer::<_, serde::de::value::Error>::new(values.into_iter());
    let input: crate::backgammon::OptionsInput =
        serde::Deserialize::deserialize(map).map_err(|e: serde::de::value::Error| bad(e.to_string()))?;
    input.resolve().map_err(|e| bad(e.to_string()))
}

/// One option value for serde (a bool, a number or a name).
#[derive(Clone, Copy)]
enum Val {
    B(bool),
    N(u32),
    S(&'static str),
}

impl<'de> serde::de::IntoDeserializer<'de, serde::de::value::Error> for Val {
    type Deserializer = Val;
    fn into_deserializer(self) -> Val {
        self
    }
}

impl<'de> serde::Deserializer<'de> for Val {
    type Error = serde::de::value::Error;

    fn deserialize_any<V: serde::de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self {
            Val::B(b) => visitor.visit_bool(b),
            Val::N(n) => visitor.visit_u32(n),
            Val::S(s) => visitor.visit_borrowed_str(s),
        }
    }

    fn deserialize_option<V: serde::de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_some(self)
    }

    fn deserialize_enum<V: serde::de::Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        match self {
            Val::S(s) => serde::de::value::BorrowedStrDeserializer::<Self::Error>::new(s)
                .deserialize_enum(name, variants, visitor),
            other => other.deserialize_any(visitor),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

fn write_act(w: &mut Writer, act: &Act) {
    match act {
        Act::Roll(dice) => {
            w.0.push(0);
            w.0.push(dice.map_or(0, |[a, b]| 6 * (a - 1) + (b - 1) + 1));
        }
        Act::Play(steps) => {
            w.0.push(1);
            w.0.push(steps.len() as u8);
            for &(from, die) in steps {
                w.0.push(6 * from + (die - 1));
            }
        }
        Act::ChooseDoubles(d) => w.0.extend([2, *d]),
        Act::Double => w.0.push(3),
        Act::Take => w.0.push(4),
        Act::Pass => w.0.push(5),
        Act::Resign(kind) => w.0.extend([6, RESIGN_KINDS.iter().position(|k| k == kind).unwrap_or(0) as u8]),
        Act::AcceptResignation => w.0.push(7),
        Act::DeclineResignation => w.0.push(8),
        Act::NextGame => w.0.push(9),
        Act::Move(path) => {
            w.0.push(10);
            w.0.push(path.len() as u8);
            w.0.extend(path);
        }
    }
}

fn read_act(r: &mut Reader, draughts: bool) -> Result<Act, LinkError> {
    let bad = |what: &str| LinkError::Format(format!("the link holds {what}"));
    let kind = r.byte()?;
    if draughts != (kind == 10) {
        return Err(bad("an action of another game"));
    }
    Ok(match kind {
        0 => match r.byte()? {
            0 => Act::Roll(None),
            b @ 1..=36 => Act::Roll(Some([(b - 1) / 6 + 1, (b - 1) % 6 + 1])),
            _ => return Err(bad("a roll that is not two dice")),
        },
        1 => {
            let n = r.byte()?;
            if n > 4 {
                return Err(bad("a play of more than four steps"));
            }
            let mut steps = Vec::with_capacity(n as usize);
            for _ in 0..n {
                let b = r.byte()?;
                if b >= 26 * 6 {
                    return Err(bad("a step off the board"));
                }
                steps.push((b / 6, b % 6 + 1));
            }
            Act::Play(steps)
        }
        2 => Act::ChooseDoubles(r.byte()?),
        3 => Act::Double,
        4 => Act::Take,
        5 => Act::Pass,
        6 => Act::Resign(*RESIGN_KINDS.get(r.byte()? as usize).ok_or_else(|| bad("an unknown resignation"))?),
        7 => Act::AcceptResignation,
        8 => Act::DeclineResignation,
        9 => Act::NextGame,
        10 => {
            let n = r.byte()?;
            if !(2..=16).contains(&n) {
                return Err(bad("a draughts move of a wrong length"));
            }
            let mut path = Vec::with_capacity(n as usize);
            for _ in 0..n {
                let s = r.byte()?;
                if s >= 32 {
                    return Err(bad("a square off the board"));
                }
                path.push(s);
            }
            Act::Move(path)
        }
        _ => return Err(bad("an unknown action")),
    })
}

/// The link's bytes.
pub(crate) fn encode(f: &Fields) -> Vec<u8> {
    let mut w = Writer(Vec::with_capacity(64 + 8 * f.messages.len()));
    w.0.push(VERSION);
    w.0.extend(f.id);
    w.0.push(kind_byte(&f.setup));
    match &f.setup {
        Setup::Backgammon(o) => write_options(&mut w, o),
        Setup::Draughts(o) => w.0.push(o.touch_move as u8 | (o.draw_rules as u8) << 1),
    }
    w.varint(f.messages.len() as u32);
    for m in &f.messages {
        w.varint(m.acts.len() as u32);
        for a in &m.acts {
            write_act(&mut w, a);
        }
    }
    for h in f.heads.iter().flatten() {
        w.0.extend(h);
    }
    w.0
}

/// The most messages a link may hold (a bound for reading; far beyond any game).
const MAX_MESSAGES: u32 = 1 << 16;

/// Reads the link's bytes (the format only: the protocol checks come after).
pub(crate) fn decode(bytes: &[u8]) -> Result<Fields, LinkError> {
    let mut r = Reader { bytes, at: 0 };
    let version = r.byte()?;
    if version != VERSION {
        return Err(LinkError::Version(version));
    }
    let id = r.take::<8>()?;
    let setup = match r.byte()? {
        k @ 0..=2 => {
            let variant = Variant::ALL[k as usize];
            Setup::Backgammon(read_options(&mut r, variant)?)
        }
        3 => {
            let b = r.byte()?;
            if b > 3 {
                return Err(LinkError::Format("the link's draughts options are out of range".into()));
            }
            Setup::Draughts(GameOptions { touch_move: b & 1 != 0, draw_rules: b & 2 != 0 })
        }
        _ => return Err(LinkError::Format("the link names no game tabla knows".into())),
    };
    let draughts = matches!(setup, Setup::Draughts(_));
    let n = r.varint()?;
    if n > MAX_MESSAGES {
        return Err(LinkError::Format("the link holds too many messages".into()));
    }
    let mut messages = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let count = r.varint()?;
        if count as usize > bytes.len() {
            return Err(LinkError::Format("the link is cut short".into()));
        }
        let mut acts = Vec::with_capacity(count as usize);
        for _ in 0..count {
            acts.push(read_act(&mut r, draughts)?);
        }
        messages.push(Message { acts });
    }
    let mut heads = [None, None];
    for (side, head) in heads.iter_mut().enumerate() {
        if n as usize > side {
            *head = Some(r.take::<32>()?);
        }
    }
    if r.at != bytes.len() {
        return Err(LinkError::Format("the link has bytes after its end".into()));
    }
    Ok(Fields { id, setup, messages, heads })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips_every_length() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = base64url(&bytes);
            assert!(!text.contains('=') && !text.contains('+') && !text.contains('/'));
            assert_eq!(from_base64url(&text).unwrap(), bytes);
        }
        assert!(from_base64url("ab$d").is_err());
        assert!(from_base64url("A").is_err());
        // a second text for the same bytes (non-zero unused bits) is refused
        assert!(from_base64url("AB").is_err());
        assert_eq!(from_base64url("AA").unwrap(), vec![0]);
    }
}
