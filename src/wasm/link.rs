//! `LinkSession`: the JS class over [`crate::link::Session`], a player's side of a game by link
//! (docs/link-protocol.md). Every check is the engine's; this only carries texts and games.

use wasm_bindgen::prelude::*;

use super::{Backgammon, JsResult, RussianDraughts, bad_arg, coded, js_err, parse_json, plain, text, to_js};
use crate::link::{LinkGame, Opened, Session, SessionSave, Setup, Side, fresh_secret};

#[cfg_attr(not(test), allow(dead_code))]
const TS_TEXT: &str = r#"
/** The game of a `LinkSession.invite`: one of the four, with its options. */
export interface LinkInvite {
  game: Variant | 'russian-draughts';
  options?: BackgammonOptions | DraughtsOptions;
}
/** What a player of a game by link is to do (`LinkSession.turnBackgammon`). */
export type LinkTurn = 'mine' | 'send' | 'roll-or-double' | 'waiting' | 'over';
/** A game by link as one player sees it. */
export interface LinkState {
  /** The game's id (hex), the same on both devices. */
  id: string;
  game: Variant | 'russian-draughts';
  me: 'inviter' | 'friend';
  /** The inviter plays White, the friend Black. */
  player: Player;
  /** Messages in the link so far. */
  messages: number;
  /** The next message is this player's to send (after his turn, or to pass on the dice). */
  myTurn: boolean;
}
"#;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = TS_TEXT;

/// A player's side of a game by link: his secret, every verified message, the game.
///
/// ```js
/// const mine = LinkSession.invite({ game: 'backgammon' });
/// const invitation = mine.send(mine.backgammon());   // to the friend: location + '#g=' + invitation
/// const theirs = LinkSession.join(invitation);       // on the friend's device
/// ```
#[wasm_bindgen]
pub struct LinkSession {
    session: Session,
}

fn game_name(setup: &Setup) -> &'static str {
    match setup {
        Setup::Backgammon(o) => o.variant.name(),
        Setup::Draughts(_) => "russian-draughts",
    }
}

#[wasm_bindgen]
impl LinkSession {
    /// A new game by link, this player the inviter (White), with a fresh secret from the
    /// system's random generator.
    pub fn invite(#[wasm_bindgen(unchecked_param_type = "LinkInvite")] invite: JsValue) -> JsResult<LinkSession> {
        let copy = plain(&invite, "bad invite", "bad-argument")?;
        if !copy.is_object() || js_sys::Array::is_array(&copy) {
            return Err(bad_arg("an invite is an object { game, options }"));
        }
        if let Some(k) = super::object_keys(&copy).into_iter().find(|k| k != "game" && k != "options") {
            return Err(bad_arg(&format!("unknown key '{k}' (an invite has game and options)")));
        }
        let game = js_sys::Reflect::get(&copy, &"game".into()).unwrap_or(JsValue::UNDEFINED);
        let options = js_sys::Reflect::get(&copy, &"options".into()).unwrap_or(JsValue::UNDEFINED);
        let game = text(&game, "invite.game")?;
        let setup = if game == "russian-draughts" {
            Setup::Draughts(super::draughts::parse_options(options)?)
        } else {
            let variant = game.parse::<crate::backgammon::Variant>().map_err(js_err)?;
            let options = if options.is_object() {
                js_sys::Object::assign(&js_sys::Object::new(), options.unchecked_ref()).into()
            } else {
                js_sys::Object::new().into()
            };
            let _ = js_sys::Reflect::set(&options, &"variant".into(), &variant.name().into());
            let o = super::backgammon::parse_options(options)?;
            Setup::Backgammon(o.options)
        };
        let (root, id) = fresh_secret().map_err(js_err)?;
        Ok(LinkSession { session: Session::invite(setup, root, id) })
    }

    /// The friend's side of an invitation link (its text, fragment or whole URL), with a fresh
    /// secret. Throws a coded error for anything but a valid invitation.
    pub fn join(#[wasm_bindgen(unchecked_param_type = "string")] link: JsValue) -> JsResult<LinkSession> {
        let link = text(&link, "a link")?;
        let (root, _) = fresh_secret().map_err(js_err)?;
        Ok(LinkSession { session: Session::join(&link, root).map_err(js_err)? })
    }

    /// The game a link holds (its text, fragment or whole URL), read and verified on its own:
    /// every message replayed through the engine and every die checked against the reveals, as
    /// `join` does, but with no session and no secret: for showing a game by link (a replay on
    /// a page). A `Backgammon` for the backgammon family (its dice end with the link: it does
    /// not roll on), a `RussianDraughts` for draughts. Throws the coded errors of `join`.
    #[wasm_bindgen(unchecked_return_type = "Backgammon | RussianDraughts")]
    pub fn read(#[wasm_bindgen(unchecked_param_type = "string")] link: JsValue) -> JsResult<JsValue> {
        let link = text(&link, "a link")?;
        let replayed = crate::link::Link::parse(&link).and_then(|l| l.replay()).map_err(js_err)?;
        Ok(match replayed.game {
            LinkGame::Backgammon(g) => Backgammon::from_game(g).into(),
            LinkGame::Draughts(g) => RussianDraughts::from_game(g).into(),
        })
    }

    /// The game id (hex) of a link, to find its session among the saved ones; the link is
    /// only read here, verified by `open` or `join`.
    #[wasm_bindgen(js_name = linkId)]
    pub fn link_id(#[wasm_bindgen(unchecked_param_type = "string")] link: JsValue) -> JsResult<String> {
        crate::link::link_id(&text(&link, "a link")?).map_err(js_err)
    }

    /// A session back from `toJSON()` (or its JSON text), verified again.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(#[wasm_bindgen(unchecked_param_type = "string | object")] save: JsValue) -> JsResult<LinkSession> {
        let what = "not a tabla link session";
        let save = match save.as_string() {
            Some(t) => parse_json(&t, what, "bad-save")?,
            None if save.is_object() => plain(&save, what, "bad-argument")?,
            None => return Err(coded("bad-save", "a session is the object toJSON() returned, or its JSON text")),
        };
        let save: SessionSave = super::from_plain(save, what, "bad-save")?;
        if save.format != "tabla-link" {
            return Err(coded("bad-save", what));
        }
        Ok(LinkSession { session: Session::from_save(&save).map_err(js_err)? })
    }

    /// What the device keeps: `{ format: 'tabla-link', me, secret, link }`. The secret is this
    /// player's: it must not leave the device.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "object")]
    pub fn to_json(&self) -> JsResult<JsValue> {
        to_js(&self.session.to_save())
    }

    /// Opens the friend's link: verified against this game; `'updated'` with his new message,
    /// `'unchanged'` for the game as it is. A refused link throws (codes `link-*`, `bad-link`)
    /// and changes nothing.
    #[wasm_bindgen(unchecked_return_type = "'updated' | 'unchanged'")]
    pub fn open(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] link: JsValue) -> JsResult<String> {
        let link = text(&link, "a link")?;
        Ok(match self.session.open(&link).map_err(js_err)? {
            Opened::Updated => "updated",
            Opened::Unchanged => "unchanged",
        }
        .to_string())
    }

    /// The link of every message so far.
    pub fn link(&self) -> String {
        self.session.link()
    }

    /// The game now, as this player sees it (a backgammon-family game). On his turn its dice are
    /// his next message's; where a roll must wait for the friend's link it has none, and
    /// sending is the roll.
    pub fn backgammon(&self) -> JsResult<Backgammon> {
        match self.session.game().map_err(js_err)? {
            LinkGame::Backgammon(g) => Ok(Backgammon::from_game(g)),
            LinkGame::Draughts(_) => Err(bad_arg("this game by link is draughts: use draughts()")),
        }
    }

    /// The game now (Russian draughts).
    pub fn draughts(&self) -> JsResult<RussianDraughts> {
        match self.session.game().map_err(js_err)? {
            LinkGame::Draughts(g) => Ok(RussianDraughts::from_game(g)),
            LinkGame::Backgammon(_) => Err(bad_arg("this game by link is backgammon: use backgammon()")),
        }
    }

    /// This player's turn, played on the game `backgammon()` gave, as a new message: returns
    /// the new link. Throws (and changes nothing) before his turn is complete.
    #[wasm_bindgen(js_name = sendBackgammon)]
    pub fn send_backgammon(&mut self, game: &Backgammon) -> JsResult<String> {
        self.session.send(&LinkGame::Backgammon(game.game().clone())).map_err(js_err)
    }

    /// This player's move, played on the game `draughts()` gave, as a new message.
    #[wasm_bindgen(js_name = sendDraughts)]
    pub fn send_draughts(&mut self, game: &RussianDraughts) -> JsResult<String> {
        self.session.send(&LinkGame::Draughts(game.game().clone())).map_err(js_err)
    }

    /// What this player is to do, `game` being the game `backgammon()` gave, played on:
    /// `'mine'` (act, then send), `'send'` (send the link: the friend acts next),
    /// `'roll-or-double'` (double, or send the link to roll), `'waiting'`, `'over'`.
    #[wasm_bindgen(js_name = turnBackgammon, unchecked_return_type = "LinkTurn")]
    pub fn turn_backgammon(&self, game: &Backgammon) -> JsResult<JsValue> {
        to_js(&self.session.turn_with(&LinkGame::Backgammon(game.game().clone())))
    }

    /// The same for a draughts game.
    #[wasm_bindgen(js_name = turnDraughts, unchecked_return_type = "LinkTurn")]
    pub fn turn_draughts(&self, game: &RussianDraughts) -> JsResult<JsValue> {
        to_js(&self.session.turn_with(&LinkGame::Draughts(game.game().clone())))
    }

    /// Whose turn it is, and which game.
    #[wasm_bindgen(unchecked_return_type = "LinkState")]
    pub fn state(&self) -> JsResult<JsValue> {
        #[derive(serde::Serialize)]
        #[serde(rename_all = "camelCase")]
        struct State {
            id: String,
            game: &'static str,
            me: Side,
            player: crate::backgammon::Player,
            messages: usize,
            my_turn: bool,
        }
        let s = &self.session;
        to_js(&State {
            id: s.id(),
            game: game_name(&s.setup()),
            me: s.me(),
            player: s.me().player(),
            messages: s.messages(),
            my_turn: s.my_turn(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::TS_TEXT;
    use crate::link::Turn;

    /// The TypeScript `LinkTurn` is exactly the engine's [`Turn`] names.
    #[test]
    fn typescript_link_turn_is_the_engine_turn() {
        let line = TS_TEXT.lines().find(|l| l.starts_with("export type LinkTurn")).unwrap();
        let declared: Vec<&str> = line.split('\'').skip(1).step_by(2).collect();
        let engine: Vec<String> = [Turn::Mine, Turn::Send, Turn::RollOrDouble, Turn::Waiting, Turn::Over]
            .iter()
            .map(|t| serde_json::to_string(t).unwrap().trim_matches('"').to_string())
            .collect();
        assert_eq!(declared, engine);
    }
}
