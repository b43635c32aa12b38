//! When the replies contradict each other: which answers were most likely mistyped.
//!
//! People who let a program break their secret often mistype one reply several moves before
//! the program reports "no solution left". For every secret we count the replies it
//! disagrees with; the smallest count is the fewest answers that must have been wrong. Each
//! secret achieving it names a set of answers to change and the values they would have had.
//! Suspects are grouped by that set and ranked by how many secrets they would leave.

use codebreak_core::{AnyEngine, Code, Feedback, dispatch_engine};

/// A way to make all replies consistent by changing some of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suspect {
    /// Indices (0-based, oldest first) of the answers to change.
    pub moves: Vec<usize>,
    /// The values those answers could have had, each with the number of secrets it leaves,
    /// most secrets first.
    pub corrections: Vec<(Vec<Feedback>, usize)>,
    /// Secrets left in all.
    pub secrets: usize,
}

/// The result of [`diagnose`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnosis {
    /// The fewest answers that must change (0 when the replies are consistent).
    pub changes: usize,
    /// The sets of answers whose change would make the rest consistent, most secrets first.
    pub suspects: Vec<Suspect>,
}

/// Finds the fewest answers whose change makes all the others consistent.
pub fn diagnose(engine: &AnyEngine, history: &[(Code, Feedback)]) -> Diagnosis {
    let space = engine.space();
    let guesses: Vec<u32> = history
        .iter()
        .map(|(g, _)| {
            space
                .index_of(g)
                .expect("history guesses are guesses of the game")
        })
        .collect();
    // Per secret: which answers disagree, and what they would have been.
    let mut best = usize::MAX;
    let mut hits: Vec<(Vec<usize>, Vec<Feedback>)> = Vec::new();
    dispatch_engine!(engine, e => {
        for &s in space.secrets() {
            let mut wrong = Vec::new();
            let mut values = Vec::new();
            for (i, (&g, &(_, f))) in guesses.iter().zip(history).enumerate() {
                let actual = e.score(s, g);
                if actual != f {
                    wrong.push(i);
                    values.push(actual);
                    if wrong.len() > best {
                        break;
                    }
                }
            }
            if wrong.len() < best {
                best = wrong.len();
                hits.clear();
            }
            if wrong.len() == best {
                hits.push((wrong, values));
            }
        }
    });
    let mut suspects: Vec<Suspect> = Vec::new();
    for (moves, values) in hits {
        let s = match suspects.iter_mut().position(|s| s.moves == moves) {
            Some(i) => &mut suspects[i],
            None => {
                suspects.push(Suspect {
                    moves,
                    corrections: Vec::new(),
                    secrets: 0,
                });
                suspects.last_mut().expect("just pushed")
            }
        };
        s.secrets += 1;
        match s.corrections.iter_mut().find(|(v, _)| *v == values) {
            Some((_, n)) => *n += 1,
            None => s.corrections.push((values, 1)),
        }
    }
    for s in &mut suspects {
        s.corrections
            .sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    }
    // Most secrets first; among equals, the most recent answers first (fresh typos are likelier
    // to be noticed, but older ones are the ones people forget), then by position.
    suspects.sort_by(|a, b| b.secrets.cmp(&a.secrets).then(b.moves.cmp(&a.moves)));
    Diagnosis {
        changes: if best == usize::MAX { 0 } else { best },
        suspects,
    }
}

impl Diagnosis {
    /// A one-paragraph explanation, e.g. "answer 3 (1122: 1B0W) is the likeliest mistake: it
    /// could have been 2B0W (5 secrets) or 1B1W (2 secrets)".
    pub fn explain(&self, game: &codebreak_core::Game, history: &[(Code, Feedback)]) -> String {
        if self.changes == 0 {
            return "the replies are consistent".into();
        }
        let describe = |s: &Suspect| -> String {
            let answers: Vec<String> = s
                .moves
                .iter()
                .map(|&i| {
                    format!(
                        "answer {} ({} {})",
                        i + 1,
                        game.format_code(&history[i].0),
                        game.format_feedback(history[i].1)
                    )
                })
                .collect();
            // Every value when there are few; past ten, how many more.
            let shown = 10;
            let values: Vec<String> = s
                .corrections
                .iter()
                .take(shown)
                .map(|(v, n)| {
                    let v: Vec<String> = v.iter().map(|f| game.format_feedback(*f)).collect();
                    format!(
                        "{} ({} secret{})",
                        v.join(" and "),
                        n,
                        if *n == 1 { "" } else { "s" }
                    )
                })
                .collect();
            let more = if s.corrections.len() > shown {
                format!(" (and {} more)", s.corrections.len() - shown)
            } else {
                String::new()
            };
            format!(
                "{} could have been {}{more}",
                answers.join(" and "),
                values.join(", or ")
            )
        };
        let n = self.changes;
        let how_many = if n == 1 {
            "one answer".to_string()
        } else {
            format!("{n} answers")
        };
        let mut out = format!(
            "changing {how_many} would make the rest consistent: {}",
            describe(&self.suspects[0])
        );
        if self.suspects.len() > 1 {
            let others: Vec<String> = self.suspects[1..].iter().take(3).map(describe).collect();
            out.push_str(&format!("; otherwise {}", others.join("; or ")));
            if self.suspects.len() > 4 {
                out.push_str(&format!(" (and {} more)", self.suspects.len() - 4));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::{Game, GameSpec};

    #[test]
    fn finds_the_single_typo() {
        let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let secret = game.parse_secret("1234").unwrap();
        let guesses = ["0011", "2233", "1245", "4321", "1235"];
        let mut history: Vec<(Code, Feedback)> = guesses
            .iter()
            .map(|g| {
                let g = game.parse_guess(g).unwrap();
                (g, game.score(&secret, &g))
            })
            .collect();
        assert_eq!(diagnose(&engine, &history).changes, 0);
        // Mistype answer 2 (index 1).
        let truth = history[1].1;
        history[1].1 = game.parse_feedback("0B0W").unwrap();
        let d = diagnose(&engine, &history);
        assert_eq!(d.changes, 1);
        let s = d
            .suspects
            .iter()
            .find(|s| s.moves == vec![1])
            .expect("answer 2 is a suspect");
        assert!(s.corrections.iter().any(|(v, _)| v == &vec![truth]));
        let text = d.explain(&game, &history);
        assert!(text.contains("answer 2"), "{text}");
    }

    fn moves(game: &Game, text: &str) -> Vec<(Code, Feedback)> {
        crate::parse_history(game, text).unwrap()
    }

    #[test]
    fn explains_few_values_whole_and_many_with_a_count() {
        let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        // Answer 2 could have had six values: all of them are named.
        let h = moves(&game, "0011:0B0W,0123:4B0W");
        let d = diagnose(&engine, &h);
        assert_eq!(d.suspects[0].moves, vec![1]);
        assert_eq!(d.suspects[0].corrections.len(), 6);
        let text = d.explain(&game, &h);
        assert!(!text.contains("more"), "{text}");
        for (v, _) in &d.suspects[0].corrections {
            assert!(text.contains(&game.format_feedback(v[0])), "{text}");
        }
        // 0011 0B0W leaves only 2, 3, 4 and 5, so 2345 cannot be 0B0W: answer 2 could have
        // had more than ten values; ten are named, then how many more.
        let h = moves(&game, "0011:0B0W,2345:0B0W");
        let d = diagnose(&engine, &h);
        let n = d.suspects[0].corrections.len();
        assert!(n > 10, "{n}");
        let text = d.explain(&game, &h);
        assert!(text.contains(&format!("(and {} more)", n - 10)), "{text}");
    }
}
