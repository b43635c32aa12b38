//! Games of one's own in the web UI: game files loaded when the server starts
//! (`codebreak serve --game-file`) or sent by the page (`POST /api/game-file`), kept by
//! fingerprint so that every later request names them as `{"game": "custom", "fingerprint": …}`.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

use axum::extract::State;
use axum::response::Response;
use codebreak_core::{End, Game, GameKind, GameSpec, wordle};
use serde::Deserialize;
use serde_json::json;

use super::{ApiError, AppState, ok};
use crate::body::ApiJson;

/// Most custom games the server keeps; the oldest loaded is forgotten first (the games built
/// into the server are never forgotten).
pub const MAX_GAMES: usize = 32;

/// Most Wordle games extended by words outside their lists (`POST /api/game-extend`) kept at
/// once; the oldest is forgotten first.
pub const MAX_EXTENDED: usize = 4;

/// Longest game file the page may send, in bytes.
pub const MAX_TEXT: usize = 1 << 20;

/// A game file kept: its game, the spec that names it in requests, and what the page shows
/// of the file.
#[derive(Clone)]
pub struct Kept {
    /// The game (a list game, or a built-in kind such as Mastermind on the file's alphabet).
    pub game: Game,
    /// `{"game": "custom", "fingerprint": ...}`: how requests name it.
    pub spec: GameSpec,
    /// The file's name for the game.
    pub name: String,
    /// The file's paragraph on the game, if any.
    pub description: Option<String>,
    /// Offered in the page's chooser (`GET /api/game-files`); not a Wordle game extended by
    /// the Assistant's words.
    pub listed: bool,
}

impl Kept {
    /// Keeps a loaded game under its fingerprint: a list game's own, else one of the game's
    /// spec, name and description (a file that only sets a built-in game, such as the French
    /// article's medium game, has no lists to fingerprint).
    pub fn new(game: Game, name: String, description: Option<String>) -> Kept {
        let mut spec = game.spec();
        if spec.fingerprint.is_none() {
            let text = format!(
                "{}\n{name}\n{}",
                serde_json::to_string(&spec).unwrap_or_default(),
                description.as_deref().unwrap_or("")
            );
            spec = GameSpec {
                kind: GameKind::Custom,
                name: Some(name.clone()),
                fingerprint: Some(format!("{:016x}", fnv(text.as_bytes()))),
                ..GameSpec::default()
            };
        }
        Kept {
            game,
            spec,
            name,
            description,
            listed: true,
        }
    }

    fn fingerprint(&self) -> &str {
        self.spec.fingerprint.as_deref().unwrap_or("")
    }

    /// What the page is told of the game: `{game, name, description}`.
    pub fn view(&self) -> serde_json::Value {
        json!({"game": self.spec, "name": self.name, "description": self.description})
    }
}

/// FNV-1a, 64 bits (as [`codebreak_core::ListGame::fingerprint`]).
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Today's New York Times Wordle lists (alex1770/wordle, MIT: `examples/games/wordle/`),
/// shipped with the server beside the original lists that the core crate builds in.
const NYT_GUESSES: &str =
    include_str!("../../../../examples/games/wordle/wordlist_nyt20220830_all");
const NYT_SECRETS: &str =
    include_str!("../../../../examples/games/wordle/wordlist_nyt20230701_hidden");

/// The games built into the server that are not built into the library, each named in
/// requests by a fixed key in place of a fingerprint (`{"game": "custom", "fingerprint":
/// "wordle-nyt"}`) and built on first use (a Wordle table takes a moment and 47 MB).
pub const BUNDLED: [&str; 2] = ["wordle-nyt", "wordle-nyt-hard"];

fn build_bundled(key: &str) -> Result<Kept, ApiError> {
    let hard = key == "wordle-nyt-hard";
    let words = |text: &str| -> Result<Vec<[u8; wordle::LETTERS]>, ApiError> {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|w| {
                wordle::word(w)
                    .ok_or_else(|| ApiError::Internal(format!("the NYT lists: {w:?} is no word")))
            })
            .collect()
    };
    let name = if hard {
        "Wordle, hard mode (NYT lists)"
    } else {
        "Wordle (NYT lists)"
    };
    let description = "The lists of today's New York Times game: 14855 words it accepts as guesses, 3158 it may choose as the secret (alex1770/wordle, August 2022 and July 2023).";
    let list = wordle::list_game(
        name.into(),
        description.into(),
        &words(NYT_GUESSES)?,
        &words(NYT_SECRETS)?,
        End::Guess,
        hard,
    )
    .map_err(|e| ApiError::Internal(e.to_string()))?;
    let game = Game::from_list(Arc::new(list)).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(Kept::new(game, name.into(), Some(description.into())))
}

/// The custom games, by fingerprint, with the order they came in, and the games built into
/// the server (built on first use).
#[derive(Default)]
pub struct CustomGames {
    games: RwLock<(HashMap<String, Kept>, Vec<String>)>,
    bundled: [OnceLock<Kept>; 2],
}

impl CustomGames {
    /// Keeps a game; returns what the page is told of it.
    pub fn add(&self, kept: Kept) -> serde_json::Value {
        let view = kept.view();
        let fp = kept.fingerprint().to_string();
        let mut g = self.games.write().unwrap_or_else(|p| p.into_inner());
        let (map, order) = &mut *g;
        if map.insert(fp.clone(), kept).is_none() {
            order.push(fp);
            if order.len() > MAX_GAMES {
                let old = order.remove(0);
                map.remove(&old);
            }
            // Wordle games extended by the Assistant's words hold a table each (47 MB on the
            // NYT lists): only the latest few are kept.
            let extended: Vec<String> = order
                .iter()
                .filter(|f| map.get(*f).is_some_and(|k| !k.listed))
                .cloned()
                .collect();
            for old in extended
                .iter()
                .take(extended.len().saturating_sub(MAX_EXTENDED))
            {
                order.retain(|f| f != old);
                map.remove(old);
            }
        }
        view
    }

    /// A built-in game of the server, by its key or (once built) its fingerprint.
    fn bundled(&self, fp: &str) -> Option<Result<Kept, ApiError>> {
        if let Some(k) = BUNDLED.iter().position(|b| *b == fp) {
            let cell = &self.bundled[k];
            if let Some(kept) = cell.get() {
                return Some(Ok(kept.clone()));
            }
            return Some(build_bundled(fp).map(|kept| cell.get_or_init(|| kept).clone()));
        }
        self.bundled
            .iter()
            .filter_map(OnceLock::get)
            .find(|k| k.fingerprint() == fp)
            .map(|k| Ok(k.clone()))
    }

    /// Whether making the game a spec names may build a table: the built-in Wordle (built
    /// once per process), or a game built into the server not built yet.
    pub fn may_build(&self, spec: &GameSpec) -> bool {
        match spec.kind {
            GameKind::Wordle => true,
            GameKind::Custom => spec
                .fingerprint
                .as_deref()
                .and_then(|fp| BUNDLED.iter().position(|b| *b == fp))
                .is_some_and(|k| self.bundled[k].get().is_none()),
            _ => false,
        }
    }

    /// The game file a custom spec names, if it is kept.
    pub fn kept(&self, spec: &GameSpec) -> Option<Kept> {
        let fp = spec.fingerprint.as_deref()?;
        if let Some(b) = self.bundled(fp) {
            return b.ok();
        }
        let g = self.games.read().unwrap_or_else(|p| p.into_inner());
        g.0.get(fp).cloned()
    }

    /// The game a spec names: a kept custom game, or a built-in one.
    pub fn game(&self, spec: &GameSpec) -> Result<Game, ApiError> {
        if spec.kind != GameKind::Custom {
            return Game::new(spec).map_err(|e| ApiError::Invalid(format!("game: {e}")));
        }
        let Some(fp) = &spec.fingerprint else {
            return Err(ApiError::Invalid(
                "game: a custom game is named by its fingerprint: load its game file first".into(),
            ));
        };
        if let Some(b) = self.bundled(fp) {
            return b.map(|k| k.game);
        }
        let g = self.games.read().unwrap_or_else(|p| p.into_inner());
        g.0.get(fp).map(|k| k.game.clone()).ok_or_else(|| {
            ApiError::Invalid(format!(
                "game: no game file with fingerprint {fp} is loaded: load it again"
            ))
        })
    }

    /// The kept games, oldest first: what the page is told of each.
    pub fn list(&self) -> Vec<serde_json::Value> {
        let g = self.games.read().unwrap_or_else(|p| p.into_inner());
        g.1.iter()
            .filter_map(|fp| g.0.get(fp))
            .filter(|k| k.listed)
            .map(Kept::view)
            .collect()
    }
}

/// `POST /api/game-file` body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadRequest {
    /// The game file's text (TOML), self-contained.
    pub text: String,
    /// The file's name, for messages.
    #[serde(default)]
    pub name: Option<String>,
}

/// Whether a game file sets nothing at all (only blank lines and comments): such a file would
/// otherwise be read as the default game, Mastermind with 4 pegs and 6 colours.
fn sets_nothing(text: &str) -> bool {
    text.lines().all(|l| {
        let l = l.trim();
        l.is_empty() || l.starts_with('#')
    })
}

/// `POST /api/game-file`: loads a self-contained game file (lists inline or made by its
/// script; a file naming other files is refused, since the server does not read the sender's
/// disk). Every game file gets a fingerprint, also one that only sets a built-in game (the
/// medium game's Mastermind on the alphabet YBGROP), so that later requests and the page's
/// address name it; an empty file is refused.
pub async fn load(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<LoadRequest>,
) -> Result<Response, ApiError> {
    if req.text.len() > MAX_TEXT {
        return Err(ApiError::Invalid(format!(
            "the game file has {} bytes: expected at most {MAX_TEXT}",
            req.text.len()
        )));
    }
    let name = req.name.unwrap_or_else(|| "game file".into());
    if sets_nothing(&req.text) {
        return Err(ApiError::Invalid(format!(
            "{name} is empty: a game file sets at least its rules (rules = \"mastermind\", \"wordle\", \"script\", ...) and what they need; see examples/games/README.md"
        )));
    }
    let custom = state.clone();
    let loaded = state
        .compute(move || -> Result<serde_json::Value, ApiError> {
            let def = codebreak_gamefile::load_self_contained(&req.text, &name)
                .map_err(|e| ApiError::Invalid(e.to_string()))?;
            let game = def.game().map_err(|e| ApiError::Invalid(e.to_string()))?;
            let kept = Kept::new(game, def.name(), def.description().map(str::to_string));
            Ok(custom.custom().add(kept))
        })
        .await??;
    Ok(ok(loaded))
}

/// `GET /api/game-files`: the games loaded so far.
pub async fn list(State(state): State<AppState>) -> Response {
    ok(json!({ "games": state.custom().list() }))
}

/// Most words of one's own a Wordle game may be extended by.
pub const MAX_EXTRA: usize = 12;

/// `POST /api/game-extend` body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtendRequest {
    /// A Wordle game (the built-in one, the NYT lists, or a Wordle game file).
    game: GameSpec,
    /// Five-letter words the player's own game accepted that the list lacks.
    guesses: Vec<String>,
}

/// `POST /api/game-extend`: a Wordle game whose guesses also include words outside its list
/// (the player's site accepted them); its secrets are the same, so such a word is a guess
/// that cannot be the secret. The extended game is kept like a loaded game file (a fingerprint
/// names it), so that the Assistant's hints and best moves can use rows with those words.
pub async fn extend(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ExtendRequest>,
) -> Result<Response, ApiError> {
    let base = state.game_of(&req.game).await?;
    let list = match base.list() {
        Some(l) if super::hint::is_wordle(&base) => l.clone(),
        _ => {
            return Err(ApiError::Invalid(format!(
                "game: only a Wordle game takes words outside its list, not {base}"
            )));
        }
    };
    if req.guesses.is_empty() || req.guesses.len() > MAX_EXTRA {
        return Err(ApiError::Invalid(format!(
            "guesses: expected 1 to {MAX_EXTRA} words, not {}",
            req.guesses.len()
        )));
    }
    let n = list.guess_count();
    let known: std::collections::HashSet<&str> = list.codes().iter().take(n).collect();
    let mut extra: Vec<String> = Vec::new();
    for (i, w) in req.guesses.iter().enumerate() {
        let w = w.trim().to_ascii_lowercase();
        if wordle::word(&w).is_none() {
            return Err(ApiError::Invalid(format!(
                "guesses[{i}]: \"{w}\" is not a word of five letters a to z"
            )));
        }
        if !known.contains(w.as_str()) && !extra.contains(&w) {
            extra.push(w);
        }
    }
    drop(known);
    extra.sort();
    if extra.is_empty() {
        return Ok(ok(
            json!({"game": req.game, "name": base.to_string(), "description": null}),
        ));
    }
    let custom = state.clone();
    let view = state
        .compute(move || -> Result<serde_json::Value, ApiError> {
            let words = |ws: &mut dyn Iterator<Item = &str>| -> Vec<[u8; wordle::LETTERS]> {
                ws.filter_map(wordle::word).collect()
            };
            let guesses = words(
                &mut list
                    .codes()
                    .iter()
                    .take(n)
                    .chain(extra.iter().map(String::as_str)),
            );
            let secrets = words(&mut list.secrets().iter().map(|&s| &list.codes()[s as usize]));
            let name = format!("{} + {}", list.name(), extra.join(", "));
            let description = format!(
                "{} With {} outside the list as guesses (they cannot be the secret).",
                list.description(),
                extra.join(", ")
            );
            let game = wordle::list_game(
                name.clone(),
                description.clone(),
                &guesses,
                &secrets,
                list.end(),
                list.hard(),
            )
            .map_err(|e| ApiError::Invalid(e.to_string()))?;
            let game =
                Game::from_list(Arc::new(game)).map_err(|e| ApiError::Invalid(e.to_string()))?;
            let kept = Kept {
                listed: false,
                ..Kept::new(game, name, Some(description))
            };
            Ok(custom.custom().add(kept))
        })
        .await??;
    Ok(ok(view))
}
