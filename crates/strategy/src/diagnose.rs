//! When the replies contradict each other: which answers were most likely mistyped.
//!
//! People who let a program break their secret often mistype one reply several moves before
//! the program reports "no solution left". For every secret we count the replies it
//! disagrees with; the smallest count is the fewest answers that must have been wrong. Each
//! secret achieving it names a set of answers to change (a [`Suspect`]) and the values they
//! would have had (a [`Correction`]).
//!
//! **Ranked by how likely a typo is.** A correction is as far from what was typed as
//! [`FeedbackKind::distance`](codebreak_core::FeedbackKind::distance) says, summed over the
//! answers it changes: `|Δblack| + |Δwhite|` for peg replies, so `0B4W` typed for `0B3W` is
//! 1 away, and for twoD the number of coordinate comparisons misread. A suspect's corrections
//! are listed nearest first, then by the secrets they leave (most first); suspects are listed by
//! their nearest correction, then by the secrets they leave in all, then the most recent
//! answers first.
//!
//! **Impossible on its own.** A reply that no secret of the game gives to its guess (`0B4W` to
//! `1112`: three 1s cannot all avoid the first three places) is a mistake whatever the other
//! answers say; such answers are named first ([`Diagnosis::impossible`]).
//!
//! A [`Diagnosis`] serialises (serde) with the replies in the game's notation and answers
//! numbered from 1, so front ends can emit it as it is.

use std::collections::BTreeMap;

use codebreak_core::{AnyEngine, Code, Feedback, Game, dispatch_engine};
use serde::{Serialize, Serializer};

/// A value the answers could have had instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Correction {
    /// The replies, one per answer of the suspect.
    #[serde(skip)]
    pub values: Vec<Feedback>,
    /// The same replies in the game's notation.
    pub replies: Vec<String>,
    /// Secrets consistent with every answer once these are changed.
    pub secrets: usize,
    /// How far the replies are from what was typed, summed over the answers
    /// ([`codebreak_core::FeedbackKind::distance`]).
    pub distance: u32,
}

/// A way to make all replies consistent by changing some of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Suspect {
    /// Indices (0-based, oldest first) of the answers to change; serialised as `answers`,
    /// numbered from 1.
    #[serde(rename = "answers", serialize_with = "one_based")]
    pub moves: Vec<usize>,
    /// The replies as typed, in the game's notation.
    pub typed: Vec<String>,
    /// Secrets left in all, over every correction.
    pub secrets: usize,
    /// The distance of the nearest correction.
    pub distance: u32,
    /// The values those answers could have had, nearest first (see the module doc).
    pub corrections: Vec<Correction>,
}

/// An answer that no secret of the game gives to its guess.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Impossible {
    /// Index of the answer (0-based); serialised as `answer`, numbered from 1.
    #[serde(rename = "answer", serialize_with = "one_based_one")]
    pub index: usize,
    /// The guess, in the game's notation.
    pub guess: String,
    /// The reply as typed.
    pub reply: String,
}

/// The result of [`diagnose`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnosis {
    /// The fewest answers that must change (0 when the replies are consistent).
    pub changes: usize,
    /// Answers impossible for their guess whatever the secret, oldest first.
    pub impossible: Vec<Impossible>,
    /// The sets of answers whose change would make the rest consistent, likeliest first.
    pub suspects: Vec<Suspect>,
}

fn one_based<S: Serializer>(moves: &[usize], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(|i| i + 1))
}

fn one_based_one<S: Serializer>(index: &usize, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(*index as u64 + 1)
}

/// Finds the fewest answers whose change makes all the others consistent, and ranks the ways
/// to change them by how likely each is a typo (see the module doc).
/// Fails when a guess of `history` is not a guess of the engine's game.
pub fn diagnose(
    engine: &AnyEngine,
    history: &[(Code, Feedback)],
) -> Result<Diagnosis, crate::error::NotAGuess> {
    let game = engine.game();
    let space = engine.space();
    let guesses: Vec<u32> = crate::history::indices(engine, history)?
        .into_iter()
        .map(|(g, _)| g)
        .collect();
    // Per secret: which answers disagree, and what they would have been. Secrets needing the
    // fewest changes are grouped by the answers they change, then by the values.
    let mut best = usize::MAX;
    let mut groups: BTreeMap<Vec<usize>, BTreeMap<Vec<Feedback>, usize>> = BTreeMap::new();
    let mut possible = vec![false; history.len()];
    dispatch_engine!(engine, e => {
        let mut wrong = Vec::new();
        let mut values = Vec::new();
        for &s in space.secrets() {
            wrong.clear();
            values.clear();
            for (i, (&g, &(_, f))) in guesses.iter().zip(history).enumerate() {
                let actual = e.score(s, g);
                if actual == f {
                    possible[i] = true;
                } else {
                    wrong.push(i);
                    values.push(actual);
                }
            }
            if wrong.len() < best {
                best = wrong.len();
                groups.clear();
            }
            if wrong.len() == best {
                *groups
                    .entry(wrong.clone())
                    .or_default()
                    .entry(values.clone())
                    .or_default() += 1;
            }
        }
    });
    let kind = game.feedback();
    let mut suspects: Vec<Suspect> = groups
        .into_iter()
        .map(|(moves, values)| {
            let distance_of = |v: &[Feedback]| -> u32 {
                moves
                    .iter()
                    .zip(v)
                    .map(|(&i, &f)| kind.distance(history[i].1, f))
                    .sum()
            };
            let mut corrections: Vec<Correction> = values
                .into_iter()
                .map(|(values, secrets)| Correction {
                    replies: values.iter().map(|&f| game.format_feedback(f)).collect(),
                    distance: distance_of(&values),
                    values,
                    secrets,
                })
                .collect();
            corrections.sort_by(|a, b| {
                (a.distance, std::cmp::Reverse(a.secrets), &a.values).cmp(&(
                    b.distance,
                    std::cmp::Reverse(b.secrets),
                    &b.values,
                ))
            });
            Suspect {
                typed: moves
                    .iter()
                    .map(|&i| game.format_feedback(history[i].1))
                    .collect(),
                secrets: corrections.iter().map(|c| c.secrets).sum(),
                distance: corrections.first().map_or(0, |c| c.distance),
                moves,
                corrections,
            }
        })
        .collect();
    // Nearest first; among equals, most secrets, then the most recent answers (fresh typos
    // are likelier to be noticed, but older ones are the ones people forget).
    suspects.sort_by(|a, b| {
        a.distance
            .cmp(&b.distance)
            .then(b.secrets.cmp(&a.secrets))
            .then(b.moves.cmp(&a.moves))
    });
    let impossible = possible
        .iter()
        .enumerate()
        .filter(|&(_, &p)| !p)
        .map(|(index, _)| Impossible {
            index,
            guess: game.format_code(&history[index].0),
            reply: game.format_feedback(history[index].1),
        })
        .collect();
    Ok(Diagnosis {
        changes: if best == usize::MAX { 0 } else { best },
        impossible,
        suspects,
    })
}

impl Diagnosis {
    /// A one-paragraph explanation, e.g. "changing one answer would make the rest consistent:
    /// answer 3 (1122 1B0W) could have been 1B1W (2 secrets), or 2B0W (5 secrets)", led by
    /// the answers impossible on their own: "answer 2 (1112 0B4W) is impossible for that
    /// guess: no secret gives that reply to 1112".
    pub fn explain(&self, game: &Game, history: &[(Code, Feedback)]) -> String {
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
                .map(|c| {
                    format!(
                        "{} ({} secret{})",
                        c.replies.join(" and "),
                        c.secrets,
                        if c.secrets == 1 { "" } else { "s" }
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
        let mut out = String::new();
        for i in &self.impossible {
            out.push_str(&format!(
                "answer {} ({} {}) is impossible for that guess: no secret gives that reply to {}; ",
                i.index + 1,
                i.guess,
                i.reply,
                i.guess
            ));
        }
        let n = self.changes;
        let how_many = if n == 1 {
            "one answer".to_string()
        } else {
            format!("{n} answers")
        };
        out.push_str(&format!(
            "changing {how_many} would make the rest consistent: {}",
            describe(&self.suspects[0])
        ));
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
        assert_eq!(diagnose(&engine, &history).unwrap().changes, 0);
        // Mistype answer 2 (index 1).
        let truth = history[1].1;
        history[1].1 = game.parse_feedback("0B0W").unwrap();
        let d = diagnose(&engine, &history).unwrap();
        assert_eq!(d.changes, 1);
        let s = d
            .suspects
            .iter()
            .find(|s| s.moves == vec![1])
            .expect("answer 2 is a suspect");
        assert!(s.corrections.iter().any(|c| c.values == vec![truth]));
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
        let d = diagnose(&engine, &h).unwrap();
        assert_eq!(d.suspects[0].moves, vec![1]);
        assert_eq!(d.suspects[0].corrections.len(), 6);
        let text = d.explain(&game, &h);
        assert!(!text.contains("more"), "{text}");
        for c in &d.suspects[0].corrections {
            assert!(text.contains(&game.format_feedback(c.values[0])), "{text}");
        }
        // 0011 0B0W leaves only 2, 3, 4 and 5, so 2345 cannot be 0B0W: answer 2 could have
        // had more than ten values; ten are named, then how many more.
        let h = moves(&game, "0011:0B0W,2345:0B0W");
        let d = diagnose(&engine, &h).unwrap();
        let n = d.suspects[0].corrections.len();
        assert!(n > 10, "{n}");
        let text = d.explain(&game, &h);
        assert!(text.contains(&format!("(and {} more)", n - 10)), "{text}");
    }

    #[test]
    fn the_nearest_correction_comes_first() {
        let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        // Secret 1234; the last answer, truly 0B3W, typed as 0B4W.
        let secret = game.parse_secret("1234").unwrap();
        let mut h: Vec<(Code, Feedback)> = ["0011", "1205", "2310"]
            .iter()
            .map(|g| {
                let g = game.parse_guess(g).unwrap();
                (g, game.score(&secret, &g))
            })
            .collect();
        assert_eq!(game.format_feedback(h[2].1), "0B3W");
        h[2].1 = game.parse_feedback("0B4W").unwrap();
        let d = diagnose(&engine, &h).unwrap();
        assert_eq!(d.changes, 1);
        assert!(d.impossible.is_empty());
        let first = &d.suspects[0];
        assert_eq!((first.moves.clone(), first.distance), (vec![2], 1));
        assert_eq!(first.corrections[0].replies, ["0B3W"]);
        assert_eq!(first.typed, ["0B4W"]);
        // Corrections nearest first, then most secrets; suspects by their nearest, then
        // by secrets.
        for s in &d.suspects {
            assert_eq!(s.distance, s.corrections[0].distance);
            assert!(s.corrections.windows(2).all(|w| {
                (w[0].distance, std::cmp::Reverse(w[0].secrets))
                    <= (w[1].distance, std::cmp::Reverse(w[1].secrets))
            }));
            for c in &s.corrections {
                let typed = s.moves.iter().map(|&i| h[i].1);
                let sum: u32 = typed
                    .zip(&c.values)
                    .map(|(t, &v)| game.feedback().distance(t, v))
                    .sum();
                assert_eq!(c.distance, sum);
            }
        }
        assert!(d.suspects.windows(2).all(|w| {
            (w[0].distance, std::cmp::Reverse(w[0].secrets))
                <= (w[1].distance, std::cmp::Reverse(w[1].secrets))
        }));
        let text = d.explain(&game, &h);
        assert!(
            text.contains("answer 3 (2310 0B4W) could have been 0B3W"),
            "{text}"
        );
    }

    #[test]
    fn a_reply_impossible_for_its_guess_is_named_first() {
        let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        // Three 1s cannot all avoid the first three places: 1112 never gets 0B4W.
        let h = moves(&game, "0011:1B1W,1112:0B4W");
        let d = diagnose(&engine, &h).unwrap();
        assert_eq!(d.impossible.len(), 1);
        assert_eq!(d.impossible[0].index, 1);
        assert!(d.suspects.iter().all(|s| s.moves.contains(&1)));
        let text = d.explain(&game, &h);
        assert!(
            text.starts_with(
                "answer 2 (1112 0B4W) is impossible for that guess: no secret gives that reply to 1112; changing one answer"
            ),
            "{text}"
        );
        // A possible (if contradicted) answer is not called impossible.
        let d = diagnose(&engine, &moves(&game, "0011:0B0W,0123:4B0W")).unwrap();
        assert!(d.impossible.is_empty());
    }

    #[test]
    fn twod_corrections_follow_the_comparison_order() {
        let game = Game::new(&GameSpec {
            kind: codebreak_core::GameKind::TwoD,
            ..GameSpec::default()
        })
        .unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        // 13 high puts the secret at most 1 across, 23 low at least 2: one is wrong. With
        // 23 low (secret 24, 33, 34, …), 13 gets low: both comparisons misread.
        let h = moves(&game, "13:high,23:low");
        let d = diagnose(&engine, &h).unwrap();
        assert_eq!(d.changes, 1);
        let s = d.suspects.iter().find(|s| s.moves == vec![0]).unwrap();
        assert_eq!(s.corrections[0].replies, ["low"]);
        assert_eq!(s.corrections[0].distance, 2);
        // 13 mixed and 24 high leave 20, 21, 22 and 04, to which 22 gets high, high, hit and
        // mixed: typed low, it was likelier mixed or hit (one comparison) than high (two),
        // though high leaves more secrets.
        let h = moves(&game, "13:mixed,24:high,22:low");
        let d = diagnose(&engine, &h).unwrap();
        assert_eq!(d.changes, 1);
        let s = d.suspects.iter().find(|s| s.moves == vec![2]).unwrap();
        let order: Vec<(&str, u32, usize)> = s
            .corrections
            .iter()
            .map(|c| (c.replies[0].as_str(), c.distance, c.secrets))
            .collect();
        assert_eq!(order, [("mixed", 1, 1), ("hit", 1, 1), ("high", 2, 2)]);
        for s in &d.suspects {
            for c in &s.corrections {
                let i = s.moves[0];
                assert_eq!(c.distance, game.feedback().distance(h[i].1, c.values[0]));
            }
            assert!(
                s.corrections
                    .windows(2)
                    .all(|w| w[0].distance <= w[1].distance)
            );
        }
    }

    #[test]
    fn serialises_with_the_games_notation() {
        let game = Game::new(&GameSpec::bulls(4, 10)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let h = moves(&game, "0123:4A0B,0124:4A0B");
        let d = diagnose(&engine, &h).unwrap();
        let v = serde_json::to_value(&d).unwrap();
        assert_eq!(v["changes"], 1);
        let s = &v["suspects"][0];
        assert!(s["answers"][0].as_u64().unwrap() >= 1);
        let typed = s["typed"][0].as_str().unwrap();
        assert_eq!(typed, "4A0B");
        let first = &s["corrections"][0];
        assert!(first["replies"][0].as_str().unwrap().ends_with('B'));
        assert_eq!(first["distance"], 1);
        assert!(v["impossible"].as_array().unwrap().is_empty());
    }
}
