//! One live `codebreak solve --json` and one live `codebreak play --json` process each, driven
//! turn by turn through their standard input and output, as another program would: read a
//! line, answer it, read the next.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use codebreak_core::{Code, Game, GameSpec};
use serde_json::Value;

/// A running `codebreak` speaking JSON lines.
struct Live {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Live {
    fn start(args: &[&str]) -> Live {
        let mut child = Command::new(env!("CARGO_BIN_EXE_codebreak"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary runs");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        // A reader thread, so that a silent process fails the test instead of hanging it.
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Live {
            child,
            stdin,
            lines,
        }
    }

    /// The next line, which must be one JSON object.
    fn read(&mut self) -> Value {
        let line = self
            .lines
            .recv_timeout(Duration::from_secs(60))
            .expect("a line within a minute");
        let v: Value =
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON: {line:?}: {e}"));
        assert!(v.is_object(), "not an object: {line}");
        v
    }

    fn write(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write a line");
        stdin.flush().expect("flush");
    }

    /// Closes standard input and waits: the exit code, and that nothing more was written.
    fn finish(mut self) -> Option<i32> {
        drop(self.stdin.take());
        let status = self.child.wait().expect("the process ends");
        assert!(
            self.lines.try_iter().next().is_none(),
            "nothing after the last object"
        );
        status.code()
    }
}

fn game(spec: &GameSpec) -> Game {
    Game::new(spec).expect("a valid game")
}

/// Drives `solve --json` for `secret`, answering each guess as the secret would.
fn drive_solve(spec: &GameSpec, args: &[&str], secret: &str) -> usize {
    let game = game(spec);
    let secret_code = game.parse_secret(secret).unwrap();
    let mut live = Live::start(args);
    let mut turns = 0;
    loop {
        let v = live.read();
        if v["solved"] == true {
            assert_eq!(v["secret"], secret);
            assert!(v["guess"].is_null());
            assert_eq!(v["moves"].as_array().unwrap().len(), turns);
            assert_eq!(live.finish(), Some(0));
            return turns;
        }
        let guess = v["guess"]
            .as_str()
            .unwrap_or_else(|| panic!("a guess: {v}"));
        assert!(v["remaining"].as_u64().unwrap() >= 1, "{v}");
        if turns == 1 {
            // Mid-game: ask for help and the count, take the last answer back, and check that
            // the same guess comes again with its count before any reply.
            live.write("help");
            assert!(live.read()["help"].is_string());
            live.write("remaining");
            let remaining = live.read()["remaining"].clone();
            assert_eq!(remaining, v["remaining"]);
            live.write("undo");
            let again = live.read();
            assert!(again["guess"].is_string(), "{again}");
            turns -= 1;
            let first = game.parse_guess(again["guess"].as_str().unwrap()).unwrap();
            live.write(&game.format_feedback(game.score(&secret_code, &first)));
            turns += 1;
            let next = live.read();
            assert_eq!(next, v, "after undo and the same answer, the same guess");
        }
        let code = game.parse_guess(guess).unwrap();
        let reply = game.format_feedback(game.score(&secret_code, &code));
        live.write(&reply);
        turns += 1;
        assert!(turns <= 12, "not solved in 12 guesses");
    }
}

#[test]
fn a_live_solve_json_process_driven_turn_by_turn() {
    let turns = drive_solve(
        &GameSpec::mastermind(4, 6),
        &["solve", "--json", "--strategy", "minimax"],
        "3141",
    );
    assert!(turns <= 5, "Knuth's minimax needs at most 5: {turns}");
    let turns = drive_solve(
        &GameSpec::bulls(4, 10),
        &[
            "solve",
            "--game",
            "bulls",
            "--json",
            "--strategy",
            "entropy",
        ],
        "9876",
    );
    assert!(turns <= 8, "{turns}");
}

/// Every code of MM(4,6), lowest first.
fn all_codes(game: &Game) -> Vec<Code> {
    (0..1296u32)
        .map(|mut n| {
            let mut s = String::new();
            for _ in 0..4 {
                s.insert(0, char::from(b'0' + (n % 6) as u8));
                n /= 6;
            }
            game.parse_secret(&s).unwrap()
        })
        .collect()
}

#[test]
fn a_live_play_json_process_driven_turn_by_turn() {
    // The driver plays the first code that fits every reply so far, and checks the count of
    // possible secrets that `play` reports against its own.
    let game = game(&GameSpec::mastermind(4, 6));
    let secret = "2431";
    let mut live = Live::start(&["play", "--secret", secret, "--json", "--attempts", "10"]);
    let mut possible = all_codes(&game);
    let mut played = 0u64;
    loop {
        live.write("remaining");
        assert_eq!(live.read()["remaining"], possible.len() as u64);
        let guess = possible[0];
        let text = game.format_code(&guess);
        live.write(&text);
        played += 1;
        let v = live.read();
        let last = v["moves"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["guess"], text.as_str());
        assert_eq!(v["attempts_left"], 10 - played);
        let fb = game
            .parse_feedback(last["feedback"].as_str().unwrap())
            .unwrap();
        assert_eq!(v["remaining"], last["remaining"]);
        if fb == game.win() {
            // The winning guess's state is the end of the game.
            assert_eq!(v["won"], true);
            assert_eq!(v["secret"], secret);
            assert_eq!(v["used"], played);
            assert_eq!(live.finish(), Some(0));
            return;
        }
        possible.retain(|s| game.score(s, &guess) == fb);
        assert!(!possible.is_empty(), "play's replies contradict each other");
        assert!(played < 10, "not won in 10 guesses");
    }
}
