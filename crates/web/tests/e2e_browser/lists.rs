//! Wordle and game files in the page: Wordle played by typing and by its keyboard, with its
//! coloured tiles, a hint, hard mode's refusals said plainly; Crack my secret answered by
//! clicking Wordle's tiles; a game file loaded from the chooser, played, and answered with its
//! own replies.

use codebreak_core::{Code, Feedback, Game, GameKind, GameSpec, wordle};
use fantoccini::{Client, Locator};

use crate::page::{click, click_until, count, js, screenshot, text, type_until, wait_js};

/// Chooses `value` in the game chooser and waits for the game whose name includes `name`.
pub async fn choose(c: &Client, value: &str, name: &str) {
    c.find(Locator::Css("#game-kind"))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap();
    wait_js(
        c,
        &format!("return document.getElementById('game-info').textContent.includes({name:?})"),
        name,
    )
    .await;
}

/// Types `word` into the guess field and presses Enter; waits for the board's new row and
/// returns its reply.
async fn type_guess(c: &Client, word: &str) -> String {
    let rows = count(c, "#play-board .row").await;
    type_until(
        c,
        "#play-word",
        &format!("{word}\u{E007}"),
        &format!(
            "return document.querySelectorAll('#play-board .row').length === {}",
            rows + 1
        ),
        "the guess on the board",
    )
    .await;
    text(c, "#play-board .row:last-child .fb-text").await
}

/// The moves on the play board, read back into the game's codes.
async fn board_moves(c: &Client, game: &Game) -> Vec<(Code, Feedback)> {
    let v = js(c, "return [...document.querySelectorAll('#play-board .row')].map((r) => [r.querySelector('.pegs').dataset.code, r.querySelector('.fb-text').textContent])").await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                game.parse_guess(m[0].as_str().unwrap()).unwrap(),
                game.parse_feedback(m[1].as_str().unwrap()).unwrap(),
            )
        })
        .collect()
}

/// Wordle: guesses typed and clicked on the keyboard, tiles and keys coloured by the replies,
/// a word not in the list refused in plain words, a hint used.
pub async fn play_wordle(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    wait_js(c, "return document.body.dataset.ready", "the page").await;
    choose(c, "wordle", "wordle").await;
    wait_js(c, "return !document.getElementById('play-word').classList.contains('hidden') && document.querySelectorAll('#play-keyboard .kb-key').length === 28", "a word field and a keyboard").await;
    assert_eq!(
        js(
            c,
            "return document.getElementById('play-slots').offsetParent"
        )
        .await,
        serde_json::Value::Null,
        "no pegs in Wordle"
    );
    let rules = text(c, "#game-rules").await;
    assert!(
        rules.contains("green") && rules.contains("yellow"),
        "{rules}"
    );
    assert!(text(c, "#play-attempts").await.ends_with("of 6"));
    // The list of legal guesses narrows as one types.
    let field = c.find(Locator::Css("#play-word")).await.unwrap();
    field.send_keys("sal").await.unwrap();
    wait_js(c, "const o = [...document.querySelectorAll('#play-wordlist option')].map((o) => o.value); return o.length > 0 && o.every((w) => w.startsWith('sal')) && o.includes('salet')", "the words that begin so").await;
    field.clear().await.unwrap();

    // A guess typed: five tiles coloured by its reply, and the keyboard says what was found.
    let reply = type_guess(c, "salet").await;
    assert_eq!(reply.len(), 5, "{reply}");
    let colours = js(c, "return [...document.querySelectorAll('#play-board .row:last-child .tile')].map((t) => t.dataset.colour).join('')").await;
    assert_eq!(colours, reply.as_str(), "the tiles are the reply");
    for (k, l) in "salet".chars().enumerate() {
        let key = js(c, &format!("return document.querySelector('#play-keyboard .kb-key[data-key=\"{l}\"]').dataset.colour")).await;
        let r = reply.as_bytes()[k] as char;
        // A letter grey here may be green or yellow elsewhere in the word.
        assert!(key.as_str().is_some(), "key {l} coloured after {reply}");
        if r != 'B' {
            assert_ne!(key, "B", "key {l}");
        }
    }

    // A word of the keyboard: clicked letter by letter, Enter.
    for (k, l) in "courd".char_indices() {
        click_until(
            c,
            &format!("#play-keyboard .kb-key[data-key=\"{l}\"]"),
            &format!(
                "return document.getElementById('play-word').value === {:?}",
                &"courd"[..=k]
            ),
            "the clicked letter",
        )
        .await;
    }
    assert_eq!(
        js(c, "return document.getElementById('play-word').value").await,
        "courd"
    );
    let rows = count(c, "#play-board .row").await;
    click_until(
        c,
        "#play-keyboard .kb-key[data-key=\"Enter\"]",
        &format!(
            "return document.querySelectorAll('#play-board .row').length === {}",
            rows + 1
        ),
        "the clicked guess",
    )
    .await;

    // A word that is not in the list is said under the field as it is typed; Guess stays
    // disabled and Enter plays nothing.
    let rows = count(c, "#play-board .row").await;
    let field = c.find(Locator::Css("#play-word")).await.unwrap();
    field.send_keys("qqqqq\u{E007}").await.unwrap();
    let error = wait_js(c, "const e = document.getElementById('play-guess-why'); return !e.classList.contains('hidden') && e.textContent", "the reason beside the field").await;
    let error = error.as_str().unwrap();
    assert!(
        error.contains("qqqqq") && error.contains("not a word of the list"),
        "{error}"
    );
    assert_eq!(
        js(c, "return document.getElementById('play-submit').disabled").await,
        true
    );
    assert_eq!(count(c, "#play-board .row").await, rows, "nothing played");
    field.clear().await.unwrap();

    // A hint on Wordle: its suggestions are words, and Use puts one in the field.
    if !text(c, "#play-attempts").await.starts_with("Game over") {
        click(c, "#play-hint").await;
        wait_js(
            c,
            "return document.querySelector('#play-hint-panel tr[data-strategy] .pegs.word')",
            "the hint's words",
        )
        .await;
        screenshot(c, "lists-1-wordle-hint").await;
        let suggested = js(c, "return document.querySelector('#play-hint-panel tr[data-strategy] .pegs').dataset.code").await;
        click(c, "#play-hint-panel tr[data-strategy] button.use").await;
        assert_eq!(
            js(c, "return document.getElementById('play-word').value").await,
            suggested
        );
    }
    screenshot(c, "lists-2-wordle").await;
}

/// Hard mode: a guess that drops a letter found is refused, and the page says which rule.
pub async fn wordle_hard_mode(c: &Client) {
    choose(c, "wordle-hard", "hard mode").await;
    // The game in progress stays until New game.
    click_until(c, "#play-new", "return document.querySelectorAll('#play-board .row').length === 0 && !document.getElementById('play-word').classList.contains('hidden')", "a fresh game").await;
    let game = Game::new(&GameSpec {
        kind: GameKind::Wordle,
        hard: true,
        ..GameSpec::default()
    })
    .unwrap();
    let list = game.list().unwrap().clone();
    // Guesses until one finds a letter, then a word that leaves it out.
    let mut breaking = None;
    for word in ["salet", "crony", "humid", "gawky"] {
        let reply = type_guess(c, word).await;
        if reply == "GGGGG" {
            return; // found by luck: nothing to refuse
        }
        let moves = board_moves(c, &game).await;
        breaking = (0..list.guess_count() as u32)
            .map(Code::from_index)
            .find(|w| game.check_hard(&moves, w).is_err());
        if breaking.is_some() {
            break;
        }
    }
    let word = game.format_code(&breaking.expect("a word that breaks hard mode"));
    let field = c.find(Locator::Css("#play-word")).await.unwrap();
    field.send_keys(&format!("{word}\u{E007}")).await.unwrap();
    // Said beside the field, with the rule it breaks, as it is typed; Guess stays disabled.
    let error = wait_js(c, "const e = document.getElementById('play-guess-why'); return !e.classList.contains('hidden') && e.textContent", "the hard-mode reason").await;
    let error = error.as_str().unwrap();
    let rule = game
        .check_hard(&board_moves(c, &game).await, &breaking.unwrap())
        .unwrap_err();
    assert_eq!(error, format!("Hard mode: {rule}."), "said plainly");
    assert!(error.contains("must"), "{error}");
    assert_eq!(
        js(c, "return document.getElementById('play-submit').disabled").await,
        true
    );
    screenshot(c, "lists-3-hard-mode").await;
    // Given up: the result line shares the tiles' colours as squares, not the words.
    click(c, "#play-giveup").await;
    let share = wait_js(c, "const r = document.getElementById('play-result'); return !r.classList.contains('hidden') && document.getElementById('play-share').textContent", "the result line").await;
    let share = share.as_str().unwrap();
    let lines: Vec<&str> = share.lines().skip(1).collect();
    assert!(
        !lines.is_empty()
            && lines
                .iter()
                .all(|l| l.chars().count() == 5 && l.chars().all(|ch| "🟩🟨⬛".contains(ch))),
        "{share}"
    );
    assert!(!share.contains("salet"), "{share}");
}

/// Crack my secret in Wordle: the computer guesses, the replies are given by clicking the
/// tiles to cycle their colours, to the end.
pub async fn crack_a_word(c: &Client) {
    choose(c, "wordle", "wordle").await;
    let secret: [u8; 5] = *b"crane";
    click(c, "#tab-solve").await;
    click_until(
        c,
        "#solve-new",
        "return !!document.querySelector('#solve-board .row.pending .pegs')",
        "the computer's first guess",
    )
    .await;
    for _ in 0..8 {
        let pending = wait_js(c, "const p = document.querySelector('#solve-board .row.pending .pegs'); return p && p.dataset.code", "the computer's guess").await;
        let guess = pending.as_str().unwrap().to_string();
        let reply =
            wordle::format_reply(wordle::score(guess.as_bytes().try_into().unwrap(), &secret));
        // Each tile starts grey; one click makes it yellow, two green.
        assert_eq!(text(c, "#solve-fb-text").await, "BBBBB");
        for (k, r) in reply.chars().enumerate() {
            let clicks = match r {
                'Y' => 1,
                'G' => 2,
                _ => 0,
            };
            let tile = format!("#solve-fb .tile[data-index=\"{k}\"]");
            for n in 1..=clicks {
                let colour = if n == 1 { "Y" } else { "G" };
                click_until(
                    c,
                    &tile,
                    &format!("return document.getElementById('solve-fb-text').textContent[{k}] === {colour:?}"),
                    "the tile's new colour",
                )
                .await;
            }
        }
        assert_eq!(text(c, "#solve-fb-text").await, reply);
        let answered = count(c, "#solve-board .row:not(.pending)").await;
        click_until(
            c,
            "#solve-submit",
            &format!(
                "return document.querySelectorAll('#solve-board .row:not(.pending)').length === {}",
                answered + 1
            ),
            "the next guess",
        )
        .await;
        if text(c, "#solve-status").await.starts_with("Solved") {
            break;
        }
    }
    assert!(
        text(c, "#solve-status").await.starts_with("Solved"),
        "the computer finds crane"
    );
    let last = js(
        c,
        "return document.querySelector('#solve-board .row:last-child .pegs').dataset.code",
    )
    .await;
    assert_eq!(last, "crane");
    assert_eq!(
        count(c, "#solve-board .row:last-child .tile.green").await,
        5
    );
    screenshot(c, "lists-4-crack-a-word").await;
}

/// twoD's reply to `guess` when the secret is `secret` (the shipped game file's rule).
fn twod(guess: &str, secret: &str) -> &'static str {
    let (g, s) = (guess.as_bytes(), secret.as_bytes());
    let le = g[0] <= s[0] && g[1] <= s[1];
    let ge = g[0] >= s[0] && g[1] >= s[1];
    match (le, ge) {
        (true, true) => "hit",
        (true, false) => "low",
        (false, true) => "high",
        _ => "mixed",
    }
}

/// A game file loaded from the chooser: a choice of its own, its rules on the page, guesses
/// typed, and Crack my secret answered with its own replies.
pub async fn load_a_game_file(c: &Client) {
    let path = format!(
        "{}/../../examples/games/twod.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let path = std::fs::canonicalize(path).unwrap();
    c.find(Locator::Css("#game-file"))
        .await
        .unwrap()
        .send_keys(&path.display().to_string())
        .await
        .unwrap();
    wait_js(c, "return document.getElementById('game-kind').value.startsWith('custom:') && document.getElementById('game-info').textContent.includes('twoD')", "the loaded game").await;
    assert_eq!(count(c, "#game-files option").await, 1);
    let rules = text(c, "#game-rules").await;
    assert!(
        rules.contains("5×5 grid") && rules.contains("mixed"),
        "{rules}"
    );
    assert!(
        js(c, "return location.search")
            .await
            .as_str()
            .unwrap()
            .contains("game=custom")
    );

    // Played by typing.
    click(c, "#tab-play").await;
    click_until(c, "#play-new", "return document.querySelectorAll('#play-board .row').length === 0 && !document.getElementById('play-word').classList.contains('hidden') && document.getElementById('play-keyboard').classList.contains('hidden')", "a fresh game: a word field, no keyboard").await;
    let reply = type_guess(c, "22").await;
    assert!(
        ["low", "high", "mixed", "hit"].contains(&reply.as_str()),
        "{reply}"
    );

    // Crack my secret with the game's own replies as buttons.
    let secret = "31";
    click(c, "#tab-solve").await;
    click_until(
        c,
        "#solve-new",
        "return !!document.querySelector('#solve-board .row.pending .pegs')",
        "the computer's first guess",
    )
    .await;
    for _ in 0..10 {
        let pending = wait_js(c, "const p = document.querySelector('#solve-board .row.pending .pegs'); return p && p.dataset.code", "the computer's guess").await;
        assert_eq!(count(c, "#solve-fb button.reply").await, 4);
        let reply = twod(pending.as_str().unwrap(), secret);
        click(
            c,
            &format!("#solve-fb button.reply[data-reply=\"{reply}\"]"),
        )
        .await;
        let answered = count(c, "#solve-board .row:not(.pending)").await;
        click_until(
            c,
            "#solve-submit",
            &format!(
                "return document.querySelectorAll('#solve-board .row:not(.pending)').length === {}",
                answered + 1
            ),
            "the next guess",
        )
        .await;
        if text(c, "#solve-status").await.starts_with("Solved") {
            break;
        }
    }
    assert!(text(c, "#solve-status").await.starts_with("Solved"));
    screenshot(c, "lists-5-game-file").await;
}

/// A link to a game file the server has not loaded says so, and what to do.
pub async fn a_link_to_a_game_file_not_loaded(c: &Client, url: &str) {
    c.goto(&format!("{url}?game=custom&fp=0123456789abcdef#play"))
        .await
        .unwrap();
    wait_js(c, "return document.body.dataset.ready", "the page").await;
    let error = text(c, "#game-error").await;
    assert!(
        error.contains("not loaded") && error.contains("Load a game file"),
        "{error}"
    );
}
