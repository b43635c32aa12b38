//! The page tried as a new user would (issue 25): the cunning codemaker played and reloaded, a
//! refused New game, guesses and replies checked where they are typed, a game file of a
//! built-in game keeping its identity and its colours, an empty file refused, the coins loaded
//! with a loading notice, Wordle on today's NYT lists with a word outside its list, and the
//! openers before the first row.

use std::sync::Arc;

use codebreak_core::{AnyEngine, Game, GameSpec, wordle};
use codebreak_session::{MakerKind, PlaySession, PlaySetup};
use fantoccini::{Client, Locator};

use crate::lists::choose;
use crate::page::{click, count, fits_the_width, js, screenshot, text, wait_js};

async fn ready(c: &Client) {
    wait_js(
        c,
        "return document.body.dataset.ready === 'yes'",
        "the page, restored",
    )
    .await;
}

/// The text of `css` once it is shown and not empty.
async fn shown(c: &Client, css: &str, what: &str) -> String {
    wait_js(
        c,
        &format!("const e = document.querySelector({css:?}); return e && !e.classList.contains('hidden') && e.offsetParent !== null && e.textContent"),
        what,
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

/// The cunning codemaker: chosen, a game started without a seed (which the server refuses
/// for it), its answer the library's adversary's, the game reloaded from its moves; then a
/// refused New game leaves no game on the board.
pub async fn the_cunning_codemaker(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    ready(c).await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-palette .peg').length === 6",
        "an honest game of Mastermind",
    )
    .await;
    let honest = js(
        c,
        "return document.getElementById('panel-play').dataset.session",
    )
    .await;
    c.find(Locator::Css("#play-maker"))
        .await
        .unwrap()
        .select_by_value("adversarial")
        .await
        .unwrap();
    click(c, "#play-new").await;
    wait_js(
        c,
        &format!("const s = document.getElementById('panel-play').dataset.session; return s && s !== {honest}"),
        "a new game",
    )
    .await;
    for s in "2345".chars() {
        click(c, &format!("#play-palette .peg[data-symbol=\"{s}\"]")).await;
    }
    click(c, "#play-submit").await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 1",
        "the answer",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.getElementById('play-error').classList.contains('hidden')"
        )
        .await,
        true,
        "no refusal: {}",
        text(c, "#play-error").await
    );
    // The library's cunning codemaker answers the same.
    let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
    let engine = Arc::new(AnyEngine::new(&game).unwrap());
    let mut session = PlaySession::from_setup(
        engine,
        &PlaySetup {
            maker: MakerKind::Adversarial,
            attempts: None,
            secret_seed: None,
        },
    )
    .unwrap();
    session.guess_text("2345").unwrap();
    let state = serde_json::to_value(session.state()).unwrap();
    let want = state["moves"][0]["feedback"].as_str().unwrap().to_string();
    let left = state["moves"][0]["remaining"].as_u64().unwrap();
    assert_eq!(text(c, "#play-board .row .fb-text").await, want);
    assert!(
        text(c, "#play-board .row .note")
            .await
            .starts_with(&format!("{left} secrets left")),
        "{}",
        text(c, "#play-board .row .note").await
    );
    let link = c.current_url().await.unwrap().to_string();
    assert!(
        link.contains("maker=adversarial")
            && link.contains("moves=2345")
            && !link.contains("seed="),
        "{link}"
    );
    screenshot(c, "tried-1-cunning").await;
    // A reload replays the game from its moves.
    c.refresh().await.unwrap();
    ready(c).await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 1",
        "the cunning game again",
    )
    .await;
    assert_eq!(text(c, "#play-board .row .fb-text").await, want);
    assert_eq!(
        js(c, "return document.getElementById('play-maker').value").await,
        "adversarial"
    );
    assert!(text(c, "#play-attempts").await.starts_with("Attempt 2 of"));

    // A New game the server refuses (no attempts at all) leaves no game looking like it.
    let field = c.find(Locator::Css("#play-attempts-input")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys("0").await.unwrap();
    click(c, "#play-new").await;
    let error = shown(c, "#play-error", "the refusal").await;
    assert!(error.contains("ttempts"), "{error}");
    assert_eq!(text(c, "#play-attempts").await, "No game yet");
    assert_eq!(count(c, "#play-board .row").await, 0);
    assert_eq!(
        js(
            c,
            "return document.getElementById('play-composer').classList.contains('hidden')"
        )
        .await,
        true
    );
    field.clear().await.unwrap();
    c.find(Locator::Css("#play-maker"))
        .await
        .unwrap()
        .select_by_value("random")
        .await
        .unwrap();
}

/// Types `text` into the Assistant's guess field (emptied first).
async fn type_assist(c: &Client, text: &str) {
    let field = c.find(Locator::Css("#assist-guess")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(text).await.unwrap();
}

/// The reason said beside the guess field once it names `part`; Add row is disabled.
async fn guess_refused(c: &Client, part: &str) -> String {
    let why = wait_js(
        c,
        &format!("const e = document.getElementById('assist-guess-why'); return !e.classList.contains('hidden') && e.textContent.includes({part:?}) && e.textContent"),
        part,
    )
    .await
    .as_str()
    .unwrap()
    .to_string();
    assert_eq!(
        js(c, "return document.getElementById('assist-add').disabled").await,
        true,
        "Add row disabled for: {why}"
    );
    assert!(
        !text(c, "#assist-add-why").await.is_empty(),
        "a reason beside Add row"
    );
    why
}

/// The Assistant checks what is typed: Wordle words of the wrong length, with digits, not in
/// the list, breaking hard mode; Mastermind codes with letters or a wrong length, and no reply
/// chosen yet. Nothing is added meanwhile.
pub async fn input_is_checked_where_it_is_typed(c: &Client) {
    click(c, "#tab-assist").await;
    choose(c, "wordle", "wordle").await;
    type_assist(c, "abc").await;
    guess_refused(c, "has 3 letters").await;
    type_assist(c, "salets").await;
    guess_refused(c, "has 6 letters").await;
    type_assist(c, "12345").await;
    guess_refused(c, "not a letter").await;
    type_assist(c, "abcde").await;
    guess_refused(c, "not a word of the list").await;
    assert_eq!(
        js(
            c,
            "return !document.getElementById('assist-outside').classList.contains('hidden')"
        )
        .await,
        true,
        "a word outside the list may be entered anyway"
    );
    // Enter does nothing either.
    c.find(Locator::Css("#assist-guess"))
        .await
        .unwrap()
        .send_keys("\u{E007}")
        .await
        .unwrap();
    assert_eq!(count(c, "#assist-board .row").await, 0);
    fits_the_width(c, "a refused guess").await;
    screenshot(c, "tried-2-assist-refused").await;

    // Hard mode: after salet with a green S, crane breaks the rule, named.
    choose(c, "wordle-hard", "hard mode").await;
    type_assist(c, "salet").await;
    click(c, "#assist-fb .tile[data-index=\"0\"]").await;
    click(c, "#assist-fb .tile[data-index=\"0\"]").await;
    assert_eq!(text(c, "#assist-fb-text").await, "GBBBB");
    click(c, "#assist-add").await;
    wait_js(
        c,
        "return document.querySelectorAll('#assist-board .row').length === 1",
        "the row",
    )
    .await;
    type_assist(c, "crane").await;
    let why = guess_refused(c, "Hard mode").await;
    assert_eq!(why, "Hard mode: letter 1 must be S (green earlier).");
    assert_eq!(count(c, "#assist-board .row").await, 1);

    // Mastermind: a reply not chosen yet is said; letters and a wrong length are refused.
    choose(c, "mastermind", "mastermind 4 pegs 6 colours").await;
    type_assist(c, "0011").await;
    wait_js(
        c,
        "return document.getElementById('assist-add-why').textContent === 'Choose the reply you got.'",
        "the reason Add row waits",
    )
    .await;
    assert_eq!(
        js(c, "return document.getElementById('assist-add').disabled").await,
        true
    );
    click(c, "#assist-fb button.reply[data-reply=\"1B1W\"]").await;
    wait_js(
        c,
        "return !document.getElementById('assist-add').disabled",
        "Add row enabled",
    )
    .await;
    type_assist(c, "abcd").await;
    guess_refused(c, "not one of the symbols").await;
    // The field takes at most 4 symbols; 3 are too few.
    type_assist(c, "012").await;
    guess_refused(c, "has 3 symbols").await;
    assert_eq!(count(c, "#assist-board .row").await, 0);
    type_assist(c, "").await;
}

/// A Wordle word outside the list, entered after a confirmation: a guess that cannot be the
/// secret, counted with Wordle's rule.
pub async fn a_word_outside_the_list(c: &Client) {
    choose(c, "wordle", "wordle").await;
    type_assist(c, "abcde").await;
    guess_refused(c, "not a word of the list").await;
    click(c, "#assist-outside").await;
    c.accept_alert().await.unwrap();
    wait_js(
        c,
        "return !document.getElementById('assist-add').disabled",
        "Add row enabled after the confirmation",
    )
    .await;
    click(c, "#assist-fb .tile[data-index=\"0\"]").await;
    click(c, "#assist-fb .tile[data-index=\"1\"]").await;
    assert_eq!(text(c, "#assist-fb-text").await, "YYBBB");
    click(c, "#assist-add").await;
    let (_, secrets) = wordle::original_lists();
    let n = secrets
        .iter()
        .filter(|s| {
            wordle::format_reply(wordle::score(b"abcde", &wordle::word(s).unwrap())) == "YYBBB"
        })
        .count();
    wait_js(
        c,
        &format!("return document.getElementById('assist-status').textContent.includes('{n} secrets still possible')"),
        "the secrets left after a word outside the list",
    )
    .await;
    assert!(
        text(c, "#assist-board .row")
            .await
            .contains("not in the list")
    );
    let link = c.current_url().await.unwrap().to_string();
    assert!(
        link.contains("assist=%21abcde%3AYYBBB") || link.contains("assist=!abcde:YYBBB"),
        "{link}"
    );
    click(c, "#assist-clear").await;
}

fn example(file: &str) -> String {
    let path = format!("{}/../../examples/games/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::canonicalize(path).unwrap().display().to_string()
}

async fn send_file(c: &Client, path: &str) {
    c.find(Locator::Css("#game-file"))
        .await
        .unwrap()
        .send_keys(path)
        .await
        .unwrap();
}

/// Game files keep their identity: the medium game (Mastermind on YBGROP) gets a fingerprint
/// that the address and a reload keep, shows its paragraph, and paints Y yellow, B blue and so
/// on; an empty file is refused in plain words, its name as given; the coins load, with a
/// loading notice meanwhile.
pub async fn game_files_keep_their_identity(c: &Client) {
    click(c, "#tab-play").await;
    send_file(c, &example("medium.toml")).await;
    wait_js(c, "return document.getElementById('game-kind').value.startsWith('custom:') && document.getElementById('game-info').textContent.includes('Medium game')", "the medium game").await;
    let rules = text(c, "#game-rules").await;
    assert!(
        rules.contains("Yellow, Blue, Green"),
        "the file's paragraph: {rules}"
    );
    // The address names the file by its fingerprint once the game is settled.
    wait_js(
        c,
        "return /[?&]fp=[0-9a-f]{16}(&|$)/.test(location.search)",
        "the fingerprint in the address",
    )
    .await;
    let link = c.current_url().await.unwrap().to_string();
    assert!(!link.contains("undefined"), "{link}");
    let fp = link.split("fp=").nth(1).unwrap()[..16].to_string();
    assert!(fp.chars().all(|c| c.is_ascii_hexdigit()), "{link}");
    wait_js(
        c,
        "return document.querySelectorAll('#play-palette .peg').length === 6",
        "the medium game's colours",
    )
    .await;
    let colours = js(c, "return [...document.querySelectorAll('#play-palette .peg')].map((p) => p.dataset.symbol + '=' + p.dataset.colour + '=' + getComputedStyle(p).backgroundColor)").await;
    let colours: Vec<&str> = colours
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        colours,
        [
            "Y=yellow=rgb(252, 196, 25)",
            "B=blue=rgb(28, 126, 214)",
            "G=green=rgb(47, 158, 68)",
            "R=red=rgb(224, 49, 49)",
            "O=orange=rgb(247, 103, 7)",
            "P=purple=rgb(156, 54, 181)",
        ]
    );
    screenshot(c, "tried-3-medium").await;
    // A guess, then a reload: the same game file, the same game.
    for s in "YBGR".chars() {
        click(c, &format!("#play-palette .peg[data-symbol=\"{s}\"]")).await;
    }
    click(c, "#play-submit").await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 1",
        "the answer",
    )
    .await;
    let before = text(c, "#play-board .row .fb-text").await;
    c.refresh().await.unwrap();
    ready(c).await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 1",
        "the medium game again",
    )
    .await;
    assert_eq!(text(c, "#play-board .row .fb-text").await, before);
    assert_eq!(
        js(c, "return document.getElementById('game-kind').value").await,
        format!("custom:{fp}").as_str()
    );
    assert_eq!(
        js(
            c,
            "return document.getElementById('game-error').classList.contains('hidden')"
        )
        .await,
        true,
        "{}",
        text(c, "#game-error").await
    );

    // An empty file: refused, its name as given.
    let empty =
        std::env::temp_dir().join(format!("codebreak-e2e-{}-empty.toml", std::process::id()));
    std::fs::write(&empty, "# nothing yet\n").unwrap();
    let kind = js(c, "return document.getElementById('game-kind').value").await;
    send_file(c, &empty.display().to_string()).await;
    let error = shown(c, "#game-error", "the refusal of an empty file").await;
    let _ = std::fs::remove_file(&empty);
    assert!(
        error.starts_with("codebreak-e2e-") && error.contains("-empty.toml is empty"),
        "{error}"
    );
    assert_eq!(
        js(c, "return document.getElementById('game-kind').value").await,
        kind
    );

    // The coins: a loading notice while the file's script makes its lists.
    send_file(c, &example("coins.toml")).await;
    let loading = shown(c, "#game-loading", "the loading notice").await;
    assert!(loading.contains("Loading coins.toml"), "{loading}");
    screenshot(c, "tried-4-loading").await;
    wait_js(
        c,
        "return document.getElementById('game-info').textContent.includes('12 coins')",
        "the coins",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.getElementById('game-loading').classList.contains('hidden')"
        )
        .await,
        true
    );
    // A weighing is never the secret: its row does not say it could not be.
    click(c, "#play-new").await;
    wait_js(c, "return !document.getElementById('play-word').classList.contains('hidden') && document.querySelectorAll('#play-board .row').length === 0", "the coins' field").await;
    let field = c.find(Locator::Css("#play-word")).await.unwrap();
    field.send_keys("abcd-efgh\u{E007}").await.unwrap();
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 1",
        "the weighing",
    )
    .await;
    let note = text(c, "#play-board .row .note").await;
    assert!(
        note.contains("left") && !note.contains("could not be"),
        "{note}"
    );
}

/// Wordle on today's NYT lists: in the chooser, the first Wordle; a word only the NYT list has
/// is played.
pub async fn wordle_on_the_nyt_lists(c: &Client) {
    let first = js(c, "return [...document.querySelectorAll('#game-kind option')].find((o) => o.value.startsWith('wordle')).value").await;
    assert_eq!(first, "wordle-nyt", "the NYT lists are Wordle's default");
    choose(c, "wordle-nyt", "Wordle (NYT lists)").await;
    let info = text(c, "#game-info").await;
    assert!(info.contains("14,855 guesses, 3,158 secrets"), "{info}");
    let nyt = std::fs::read_to_string(format!(
        "{}/../../examples/games/wordle/wordlist_nyt20220830_all",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let (orig, _) = wordle::original_lists();
    let word = nyt
        .lines()
        .find(|w| !orig.iter().any(|o| o == w))
        .unwrap()
        .to_string();
    click(c, "#tab-play").await;
    // The medium game in progress stays until New game.
    click(c, "#play-new").await;
    wait_js(c, "return !document.getElementById('play-word').classList.contains('hidden') && document.querySelectorAll('#play-keyboard .kb-key').length === 28", "a Wordle game").await;
    let field = c.find(Locator::Css("#play-word")).await.unwrap();
    field.send_keys(&format!("{word}\u{E007}")).await.unwrap();
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 1",
        "the NYT word played",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#play-board .row .pegs').dataset.code"
        )
        .await,
        word.as_str()
    );
    let link = c.current_url().await.unwrap().to_string();
    assert!(link.contains("game=wordle-nyt"), "{link}");
    screenshot(c, "tried-5-nyt").await;
    // A hint on the NYT lists.
    click(c, "#play-hint").await;
    wait_js(
        c,
        "return document.querySelector('#play-hint-panel tr[data-strategy] .pegs.word')",
        "a hint on the NYT lists",
    )
    .await;
    // An error from the server (the game ended there behind the page's back) goes away once
    // Enter is pressed on an empty field: nothing is played, and the old refusal no longer
    // applies.
    let id = crate::page::session(c, "play").await;
    c.execute_async(
        "const [id, done] = arguments; fetch('/api/play/' + id, {method: 'DELETE'}).then(() => done(true));",
        vec![serde_json::json!(id)],
    )
    .await
    .unwrap();
    let field = c.find(Locator::Css("#play-word")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys("crane\u{E007}").await.unwrap();
    let error = shown(
        c,
        "#play-error",
        "the refusal of a game ended on the server",
    )
    .await;
    assert!(error.contains("ended on the server"), "{error}");
    field.clear().await.unwrap();
    field.send_keys("\u{E007}").await.unwrap();
    wait_js(
        c,
        "return document.getElementById('play-error').classList.contains('hidden')",
        "the old error gone",
    )
    .await;
}

/// `n` with thousands separators, as the page writes counts.
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Before the first row the Assistant shows the opener, for Wordle with the exact figures of
/// the table the server ships (Selby's tree replayed by codebreak's verifier), for Mastermind
/// the strategies' best first guess; Play shows it before the first guess; Use puts it in.
pub async fn openers_before_the_first_row(c: &Client) {
    let table: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{}/data/openers.json", env!("CARGO_MANIFEST_DIR")))
            .unwrap(),
    )
    .unwrap();
    let nyt = table["openers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["game"] == "Wordle (NYT lists)")
        .unwrap()
        .clone();
    let opener = nyt["opener"].as_str().unwrap();
    click(c, "#tab-assist").await;
    choose(c, "wordle-nyt", "Wordle (NYT lists)").await;
    let said = wait_js(
        c,
        &format!("const b = document.getElementById('assist-opener'); return !b.classList.contains('hidden') && b.dataset.guess === {opener:?} && b.textContent"),
        "the Wordle opener",
    )
    .await;
    let said = said.as_str().unwrap();
    let figures = format!(
        "{} guesses over {} secrets",
        thousands(nyt["total"].as_u64().unwrap()),
        thousands(nyt["secrets"].as_u64().unwrap())
    );
    assert!(said.contains(&figures) && said.contains("exact"), "{said}");
    fits_the_width(c, "the opener").await;
    screenshot(c, "tried-6-opener").await;
    click(c, "#assist-opener button.use").await;
    assert_eq!(
        js(c, "return document.getElementById('assist-guess').value").await,
        opener
    );
    type_assist(c, "").await;
    // Play shows it before the first guess, not after.
    click(c, "#tab-play").await;
    click(c, "#play-new").await;
    wait_js(
        c,
        &format!("const b = document.getElementById('play-opener'); return !b.classList.contains('hidden') && b.dataset.guess === {opener:?}"),
        "the opener in Play",
    )
    .await;
    // Mastermind 4 × 6: the exact optimum's opener, with its figures from the table.
    let mm = table["openers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["game"] == "mastermind 4 pegs 6 colours")
        .unwrap()
        .clone();
    choose(c, "mastermind", "mastermind 4 pegs 6 colours").await;
    click(c, "#play-new").await;
    let said = wait_js(
        c,
        &format!("const b = document.getElementById('play-opener'); return !b.classList.contains('hidden') && b.dataset.guess === {:?} && b.textContent", mm["opener"].as_str().unwrap()),
        "the Mastermind opener",
    )
    .await;
    let figures = format!(
        "{} guesses over {} secrets",
        thousands(mm["total"].as_u64().unwrap()),
        thousands(mm["secrets"].as_u64().unwrap())
    );
    assert!(said.as_str().unwrap().contains(&figures), "{said}");
    // A game with no entry: the strategies' best first guess, with what it leaves.
    crate::page::set_number(c, "#game-pegs", 3).await;
    wait_js(c, "return document.getElementById('game-info').textContent.includes('mastermind 3 pegs 6 colours')", "MM(3,6)").await;
    click(c, "#play-new").await;
    let said = wait_js(
        c,
        "const b = document.getElementById('play-opener'); return !b.classList.contains('hidden') && b.dataset.guess && b.dataset.guess.length === 3 && b.textContent",
        "the MM(3,6) opener",
    )
    .await;
    assert!(said.as_str().unwrap().contains("first guess"), "{said}");
    click(c, "#play-opener button.use").await;
    for k in 0..3 {
        assert_eq!(
            js(c, &format!("return document.querySelector('#play-slots .peg[data-slot=\"{k}\"]').dataset.symbol")).await,
            js(c, &format!("return document.getElementById('play-opener').dataset.guess[{k}]")).await,
        );
    }
    click(c, "#play-submit").await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 1 && document.getElementById('play-opener').classList.contains('hidden')",
        "no opener after the first guess",
    )
    .await;
}

/// The rough edges: Crack my secret takes a typed answer (1A2B), its answer pegs are touch
/// targets on a phone, its review names the computer's guesses; the Assistant treats equally
/// likely mistakes as ties, draws Wordle fixes as tiles, says "this reply" of one row, and
/// undoes Start over; 36^16 is written exactly; the chart's scale keeps 1 below 10.
pub async fn the_rough_edges(c: &Client) {
    // A typed answer in Bulls and Cows.
    choose(c, "bulls", "bulls").await;
    click(c, "#tab-solve").await;
    click(c, "#solve-new").await;
    wait_js(
        c,
        "return document.querySelector('#solve-board .row.pending')",
        "the computer's guess",
    )
    .await;
    let typed = c.find(Locator::Css("#solve-fb-typed")).await.unwrap();
    typed.send_keys("5a").await.unwrap();
    let why = shown(c, "#solve-fb-why", "a typed answer refused").await;
    assert!(why.contains("1A2B"), "{why}");
    assert_eq!(
        js(c, "return document.getElementById('solve-submit').disabled").await,
        true
    );
    typed.clear().await.unwrap();
    typed.send_keys("1a2b").await.unwrap();
    wait_js(c, "return document.getElementById('solve-fb-text').textContent === '1A2B' && document.getElementById('solve-fb-why').classList.contains('hidden')", "the typed answer read").await;
    assert_eq!(count(c, "#solve-fb .key.bull").await, 1);
    assert_eq!(count(c, "#solve-fb .key.cow").await, 2);
    typed.send_keys("\u{E007}").await.unwrap();
    wait_js(c, "const r = document.querySelector('#solve-board .row:not(.pending) .fb-text'); return r && r.textContent === '1A2B'", "the typed answer given").await;

    // A whole solve of Mastermind 2 × 3 with typed answers: the review names the computer.
    choose(c, "mastermind", "mastermind").await;
    crate::page::set_number(c, "#game-pegs", 2).await;
    crate::page::set_number(c, "#game-colors", 3).await;
    wait_js(c, "return document.getElementById('game-info').textContent.includes('mastermind 2 pegs 3 colours')", "MM(2,3)").await;
    let game = Game::new(&GameSpec::mastermind(2, 3)).unwrap();
    let secret = game.parse_guess("21").unwrap();
    click(c, "#solve-new").await;
    for _ in 0..6 {
        // A guess of this game: two pegs (the previous game's row may still be on the board
        // for a moment after New game).
        let guess = wait_js(c, "const p = document.querySelector('#solve-board .row.pending .pegs'); return p && p.dataset.code && p.dataset.code.length === 2 && p.dataset.code", "a guess of MM(2,3)").await;
        let reply = game.format_feedback(
            game.score(&secret, &game.parse_guess(guess.as_str().unwrap()).unwrap()),
        );
        let typed = c.find(Locator::Css("#solve-fb-typed")).await.unwrap();
        typed.clear().await.unwrap();
        let answered = count(c, "#solve-board .row:not(.pending)").await;
        typed.send_keys(&format!("{reply}\u{E007}")).await.unwrap();
        wait_js(
            c,
            &format!(
                "return document.querySelectorAll('#solve-board .row:not(.pending)').length === {}",
                answered + 1
            ),
            "the answer",
        )
        .await;
        if text(c, "#solve-status").await.starts_with("Solved") {
            break;
        }
    }
    wait_js(
        c,
        "return document.getElementById('solve-review').dataset.moves",
        "the review",
    )
    .await;
    let head = js(c, "return [...document.querySelectorAll('#solve-review th')].map((t) => t.textContent).join('|')").await;
    assert!(
        head.as_str().unwrap().contains("The computer's guess")
            && !head.as_str().unwrap().contains("Your guess"),
        "{head}"
    );

    // Answer pegs on a phone: touch targets of 32 pixels at least.
    c.set_window_size(400, 900).await.unwrap();
    crate::page::set_number(c, "#game-pegs", 4).await;
    crate::page::set_number(c, "#game-colors", 6).await;
    wait_js(c, "return document.getElementById('game-info').textContent.includes('mastermind 4 pegs 6 colours')", "MM(4,6)").await;
    click(c, "#solve-new").await;
    wait_js(
        c,
        "return document.querySelectorAll('#solve-fb .key').length === 4",
        "the answer pegs",
    )
    .await;
    let sizes = js(c, "return [...document.querySelectorAll('#solve-fb .key')].map((k) => { const r = k.getBoundingClientRect(); return Math.min(r.width, r.height); })").await;
    for s in sizes.as_array().unwrap() {
        assert!(s.as_f64().unwrap() >= 32.0, "answer pegs of {sizes}");
    }
    fits_the_width(c, "typed answers on a phone").await;
    screenshot(c, "tried-7-phone-answer").await;
    c.set_window_size(1200, 1100).await.unwrap();

    // 36^16 written exactly.
    crate::page::set_number(c, "#game-pegs", 16).await;
    crate::page::set_number(c, "#game-colors", 36).await;
    let codes = thousands_u128(36u128.pow(16));
    wait_js(
        c,
        &format!(
            "return document.getElementById('game-info').textContent.includes('{codes} codes')"
        ),
        &format!("{codes} codes"),
    )
    .await;

    // The Assistant: equal mistakes said as ties; one row said as one; Start over undone.
    crate::page::set_number(c, "#game-pegs", 4).await;
    crate::page::set_number(c, "#game-colors", 6).await;
    wait_js(c, "return document.getElementById('game-info').textContent.includes('mastermind 4 pegs 6 colours')", "MM(4,6)").await;
    click(c, "#tab-assist").await;
    for (guess, reply) in [("0000", "1B0W"), ("0000", "2B0W")] {
        type_assist(c, guess).await;
        click(
            c,
            &format!("#assist-fb button.reply[data-reply=\"{reply}\"]"),
        )
        .await;
        let rows = count(c, "#assist-board .row").await;
        click(c, "#assist-add").await;
        wait_js(
            c,
            &format!(
                "return document.querySelectorAll('#assist-board .row').length === {}",
                rows + 1
            ),
            "the row",
        )
        .await;
    }
    let said = shown(c, "#assist-warning .likeliest", "the likeliest mistakes").await;
    assert!(
        said.starts_with("As likely as each other: reply 1 or reply 2"),
        "a tie, said as one: {said}"
    );
    click(c, "#assist-clear").await;
    wait_js(
        c,
        "return document.querySelectorAll('#assist-board .row').length === 0",
        "the rows wiped",
    )
    .await;
    click(c, "#assist-undo").await;
    wait_js(
        c,
        "return document.querySelectorAll('#assist-board .row').length === 2",
        "the rows back",
    )
    .await;
    click(c, "#assist-clear").await;

    // Wordle: one row no secret gives, said of one row, its fixes drawn as tiles.
    choose(c, "wordle", "wordle").await;
    type_assist(c, "salet").await;
    for k in 0..5 {
        click(c, &format!("#assist-fb .tile[data-index=\"{k}\"]")).await;
        click(c, &format!("#assist-fb .tile[data-index=\"{k}\"]")).await;
    }
    assert_eq!(text(c, "#assist-fb-text").await, "GGGGG");
    click(c, "#assist-add").await;
    let warning = shown(c, "#assist-warning", "the contradiction").await;
    assert!(
        warning.starts_with("No secret gives this reply."),
        "{warning}"
    );
    assert!(count(c, "#assist-warning .fix").await > 0, "fixes offered");
    assert_eq!(
        count(c, "#assist-warning .fix").await * 2,
        count(c, "#assist-warning .fix .tiles").await,
        "each fix drawn as tiles, from and to"
    );
    screenshot(c, "tried-8-wordle-fix").await;
    click(c, "#assist-clear").await;

    // A Wordle tree: its replies drawn as the tiles of the guess they answer, not as BBYBB.
    click(c, "#tab-analyze").await;
    js(c, "for (const cb of document.querySelectorAll('#analyze-strategies input[type=checkbox]')) { cb.checked = cb.value === 'first'; cb.dispatchEvent(new Event('change', {bubbles: true})); } return true").await;
    click(c, "#analyze-run").await;
    wait_js(c, "return document.querySelector('#tree-root li.root') && document.querySelectorAll('#tree-root li.root > ul > li').length > 0", "the Wordle tree").await;
    let replies = js(c, "return [...document.querySelectorAll('#tree-root li.root > ul > li')].map((li) => [li.dataset.reply, li.querySelector('.node .reply').classList.contains('tiles'), [...li.querySelectorAll('.node .reply .tile')].map((t) => t.dataset.colour || 'B').join('')])").await;
    for r in replies.as_array().unwrap() {
        assert_eq!(r[1], true, "tiles: {r}");
        assert_eq!(r[0], r[2], "the tiles are the reply: {r}");
    }
    screenshot(c, "tried-9-wordle-tree").await;

    // The chart's scale: 10 secrets stand taller than 1, among thousands.
    let heights = c
        .execute_async(
            "const done = arguments[0]; import('/js/chart.js').then((m) => { \
             m.drawChart([{strategy: 'minimax', average: 3, worst: 3, histogram: {1: 1, 2: 10, 3: 5000}}]); \
             done([...document.querySelectorAll('#analysis-chart rect.bar')].map((r) => Number(r.getAttribute('height')))); });",
            vec![],
        )
        .await
        .unwrap();
    let h: Vec<f64> = heights
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert!(h.len() == 3 && h[0] < h[1] && h[1] < h[2], "{h:?}");
}

fn thousands_u128(n: u128) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The new states, at 1280 and 400 pixels (in the light, or in the dark: `scheme` names the
/// screenshots): the Assistant's opener and a guess refused beside its field, Play's opener,
/// a typed answer refused in Crack my secret. Nothing is wider than the window, and the
/// reasons are readable (their colour far from the page's).
pub async fn the_new_states_fit(c: &Client, scheme: &str) {
    c.set_window_size(1280, 900).await.unwrap();
    choose(c, "wordle-nyt", "Wordle (NYT lists)").await;
    click(c, "#tab-assist").await;
    click(c, "#assist-clear").await;
    wait_js(
        c,
        "return !document.getElementById('assist-opener').classList.contains('hidden')",
        "the opener",
    )
    .await;
    type_assist(c, "abcde").await;
    guess_refused(c, "not a word of the list").await;
    click(c, "#tab-play").await;
    click(c, "#play-new").await;
    wait_js(
        c,
        "return !document.getElementById('play-opener').classList.contains('hidden')",
        "Play's opener",
    )
    .await;
    click(c, "#tab-solve").await;
    click(c, "#solve-new").await;
    wait_js(
        c,
        "return document.querySelector('#solve-board .row.pending')",
        "the computer's guess",
    )
    .await;
    let typed = c.find(Locator::Css("#solve-fb-typed")).await.unwrap();
    typed.clear().await.unwrap();
    typed.send_keys("GGX").await.unwrap();
    shown(c, "#solve-fb-why", "the typed answer refused").await;
    for (width, height) in [(1280, 900), (400, 900)] {
        c.set_window_size(width, height).await.unwrap();
        for tab in ["play", "solve", "assist"] {
            click(c, &format!("#tab-{tab}")).await;
            fits_the_width(
                c,
                &format!("the new states of {tab} at {width} px ({scheme})"),
            )
            .await;
            screenshot(c, &format!("{scheme}-{width}-{tab}-new")).await;
        }
    }
    // The reason beside the Assistant's guess stands out from the page.
    let contrast = js(
        c,
        "const rgb = (s) => s.match(/[0-9.]+/g).slice(0, 3).map(Number); \
         const lum = (s) => { const [r, g, b] = rgb(s); return 0.2126 * r + 0.7152 * g + 0.0722 * b; }; \
         const card = getComputedStyle(document.querySelector('#panel-assist .card')).backgroundColor; \
         return Math.abs(lum(getComputedStyle(document.getElementById('assist-guess-why')).color) - lum(card));",
    )
    .await;
    assert!(
        contrast.as_f64().unwrap() > 60.0,
        "the reason's colour against the card: {contrast}"
    );
    c.set_window_size(1200, 1100).await.unwrap();
}
