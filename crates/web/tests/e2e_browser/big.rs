//! Games too large to list in the page: the Assistant on a black-peg puzzle of 16 digits
//! (Project Euler 185's size) pasted as rows in the address, answered exactly, and on
//! Mastermind 16 × 6, where the count of secrets left is an estimate and says so; Play on
//! Mastermind 16 × 6 through the same endpoints as any game, and Crack my secret there.

use fantoccini::Client;

use crate::page::{click, click_until, count, js, screenshot, text, wait_js};

/// Black pegs of `guess` against `secret`: digits right in place.
fn black(secret: &str, guess: &str) -> usize {
    secret
        .bytes()
        .zip(guess.bytes())
        .filter(|(a, b)| a == b)
        .count()
}

/// `n` guesses of 16 digits from a small fixed generator, each with its reply to `secret`.
fn clues(secret: &str, n: usize) -> Vec<(String, usize)> {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    (0..n)
        .map(|_| {
            let guess: String = (0..16)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    char::from(b'0' + (x % 10) as u8)
                })
                .collect();
            let b = black(secret, &guess);
            (guess, b)
        })
        .collect()
}

/// Waits until the Assistant's status includes `want`, and returns it.
async fn status(c: &Client, want: &str) -> String {
    wait_js(
        c,
        &format!("const t = document.getElementById('assist-status').textContent; return t.includes({want:?}) && t"),
        want,
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

/// A 16-digit black-peg puzzle pasted as rows: one secret fits, the page names it, the
/// suggestion says its figures come from a sample, and no exact search is promised.
pub async fn a_black_peg_puzzle(c: &Client, url: &str) {
    let secret = "4640261571849533";
    let rows = clues(secret, 40);
    let assist: Vec<String> = rows.iter().map(|(g, b)| format!("{g}:{b}")).collect();
    c.goto(&format!(
        "{url}?game=blackpeg&pegs=16&colors=10&assist={}#assist",
        assist.join(",")
    ))
    .await
    .unwrap();
    wait_js(c, "return document.body.dataset.ready", "the page").await;
    wait_js(
        c,
        "return document.getElementById('game-info').textContent.includes('too large to list')",
        "the game said to be too large to list",
    )
    .await;
    assert_eq!(count(c, "#assist-board .row").await, 40);
    status(c, "1 secret still possible").await;
    wait_js(
        c,
        "return document.querySelectorAll('#assist-hint .candidates .pegs').length === 1",
        "the one secret listed",
    )
    .await;
    let found = js(
        c,
        "return document.querySelector('#assist-hint .candidates .pegs').dataset.code",
    )
    .await;
    assert_eq!(found, secret);
    let why = text(c, "#assist-hint tr[data-strategy] td.why").await;
    assert!(why.contains("estimated") && why.contains("sample"), "{why}");
    let best = wait_js(
        c,
        "const b = document.getElementById('assist-best'); return !b.classList.contains('hidden') && b.textContent",
        "why no exact best move",
    )
    .await;
    assert!(
        best.as_str().unwrap().contains("too large to list"),
        "{best}"
    );
    screenshot(c, "big-1-black-peg-puzzle").await;
}

/// Mastermind 16 × 6 after one clue: the count of secrets left is an estimate, shown as one
/// with its interval and method.
pub async fn an_estimate_on_mastermind_16(c: &Client, url: &str) {
    c.goto(&format!(
        "{url}?game=mastermind&pegs=16&colors=6&assist=0011223344550123:3B7W#assist"
    ))
    .await
    .unwrap();
    wait_js(c, "return document.body.dataset.ready", "the page").await;
    let s = status(c, "still possible").await;
    assert!(
        s.starts_with("about ") && s.contains("estimate, 95% interval"),
        "{s}"
    );
    let note = wait_js(
        c,
        "const e = document.querySelector('#assist-hint .estimate'); return e && e.textContent",
        "how the estimate was made",
    )
    .await;
    assert!(note.as_str().unwrap().starts_with("Estimated: "), "{note}");
    wait_js(
        c,
        "return document.querySelectorAll('#assist-hint tr[data-strategy]').length === 1",
        "the entropy player's guess",
    )
    .await;
    screenshot(c, "big-2-estimate").await;
}

/// Play on Mastermind 16 × 6: a game starts on the same endpoints, a guess clicked peg by peg
/// is answered, its row says nothing of a count it does not have, and giving up shows the
/// 16-peg secret, and the game's review.
pub async fn play_mastermind_16(c: &Client, url: &str) {
    c.goto(&format!("{url}?game=mastermind&pegs=16&colors=6#play"))
        .await
        .unwrap();
    wait_js(c, "return document.body.dataset.ready", "the page").await;
    let session = crate::page::session(c, "play").await;
    assert!(!session.is_empty());
    wait_js(
        c,
        "return document.querySelectorAll('#play-slots .peg').length === 16 && document.querySelectorAll('#play-palette .peg').length === 6",
        "16 holes and 6 colours",
    )
    .await;
    for _ in 0..16 {
        click(c, "#play-palette .peg[data-symbol=\"0\"]").await;
    }
    click_until(
        c,
        "#play-submit",
        "return document.querySelectorAll('#play-board .row').length === 1",
        "the answer to the guess",
    )
    .await;
    let row = text(c, "#play-board .row").await;
    assert!(row.contains("B0W"), "{row}");
    assert!(
        !row.contains("null") && !row.contains("undefined") && !row.contains("NaN"),
        "{row}"
    );
    assert!(text(c, "#play-attempts").await.contains("Attempt 2 of"));
    screenshot(c, "big-3-play").await;
    click(c, "#play-giveup").await;
    let secret = wait_js(
        c,
        "const r = document.getElementById('play-result'); const p = document.querySelector('#play-secret .pegs'); return !r.classList.contains('hidden') && p && p.dataset.code",
        "the secret shown",
    )
    .await;
    let secret = secret.as_str().unwrap_or_default().to_string();
    assert_eq!(secret.len(), 16, "{secret}");
    assert!(
        secret.chars().all(|ch| ('0'..='5').contains(&ch)),
        "{secret}"
    );
    // The finished game is reviewed on the same endpoint: its count says it is an estimate
    // or a count, never a figure it does not have.
    wait_js(
        c,
        "return document.querySelectorAll('#play-review tr[data-move]').length === 1",
        "the review of the game",
    )
    .await;
    let review = text(c, "#play-review tr[data-move=\"1\"]").await;
    assert!(review.contains(" of 2,821,109,907,456"), "{review}");
    assert!(
        !review.contains("null") && !review.contains("undefined") && !review.contains("NaN"),
        "{review}"
    );
    assert!(text(c, "#play-review").await.contains("Skill"));
    screenshot(c, "big-3-play-review").await;
}

/// Mastermind's reply to `guess` when the secret is `secret`: `{black}B{white}W`.
fn mastermind(secret: &str, guess: &str) -> String {
    let black = black(secret, guess);
    let common: usize = (b'0'..=b'5')
        .map(|c| {
            let n = |s: &str| s.bytes().filter(|&b| b == c).count();
            n(secret).min(n(guess))
        })
        .sum();
    format!("{black}B{}W", common - black)
}

/// Crack my secret on Mastermind 16 × 6: the computer's guesses come from the same endpoints,
/// the replies are typed, and the board grows with no count it does not have.
pub async fn crack_mastermind_16(c: &Client, url: &str) {
    let secret = "0123450123450123";
    c.goto(&format!(
        "{url}?game=mastermind&pegs=16&colors=6&strategy=entropy#solve"
    ))
    .await
    .unwrap();
    wait_js(c, "return document.body.dataset.ready", "the page").await;
    click_until(
        c,
        "#solve-new",
        "return !!document.querySelector('#solve-board .row.pending .pegs')",
        "the computer's first guess",
    )
    .await;
    for round in 0..2 {
        let pending = wait_js(
            c,
            "const p = document.querySelector('#solve-board .row.pending .pegs'); return p && p.dataset.code",
            "the computer's guess",
        )
        .await;
        let guess = pending.as_str().unwrap().to_string();
        assert_eq!(guess.len(), 16, "{guess}");
        let reply = mastermind(secret, &guess);
        crate::page::type_until(
            c,
            "#solve-fb-typed",
            &reply,
            &format!("return document.getElementById('solve-fb-text').textContent === {reply:?}"),
            "the typed reply",
        )
        .await;
        click_until(
            c,
            "#solve-submit",
            &format!(
                "return document.querySelectorAll('#solve-board .row:not(.pending)').length === {}",
                round + 1
            ),
            "the answer on the board",
        )
        .await;
    }
    let remaining = text(c, "#solve-remaining").await;
    assert!(
        !remaining.contains("null") && !remaining.contains("NaN"),
        "{remaining}"
    );
    screenshot(c, "big-4-crack").await;
}

/// Analyse on Mastermind 16 × 6: only the strategies that play a game too large to list are
/// offered, the run plays a few random secrets, and the average comes with its interval and
/// no decision tree.
pub async fn analyse_mastermind_16(c: &Client, url: &str) {
    c.goto(&format!("{url}?game=mastermind&pegs=16&colors=6#analyze"))
        .await
        .unwrap();
    wait_js(c, "return document.body.dataset.ready", "the page").await;
    wait_js(
        c,
        "return !document.getElementById('analyze-secrets-label').classList.contains('hidden') && !document.getElementById('analyze-run').disabled",
        "the random-secrets control",
    )
    .await;
    let offered = js(
        c,
        "return [...document.querySelectorAll('#analyze-strategies input:not(:disabled)')].map((c) => c.value)",
    )
    .await;
    assert_eq!(
        offered,
        serde_json::json!(["expected-size", "entropy", "most-parts"]),
        "{offered}"
    );
    crate::page::set_number(c, "#analyze-secrets", 2).await;
    click_until(
        c,
        "#analyze-run",
        "return document.querySelectorAll('#analysis-table tr[data-strategy]').length === 1",
        "the sampled analysis",
    )
    .await;
    let average = text(c, "#analysis-table td.average").await;
    assert!(average.contains('±'), "{average}");
    assert!(
        js(
            c,
            "return document.getElementById('analysis-tree-section').classList.contains('hidden')"
        )
        .await
            == serde_json::json!(true)
    );
    let note = text(c, "#analysis-sampled").await;
    assert!(note.contains("2 random secrets"), "{note}");
    screenshot(c, "big-5-analyse").await;
}
