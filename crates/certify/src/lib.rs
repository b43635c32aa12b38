//! # codebreak-certify
//!
//! Certificates of optimality: the lower-bound half of the proof that a strategy is optimal.
//! A decision tree proves an upper bound (`codebreak verify` replays every secret through
//! it); a certificate proves that no strategy does better, and [`check`] checks it.
//!
//! **Main design decision: the checker shares no code with the search and trusts nothing in
//! the file but what it recomputes.** It depends on the game's rules only: every reply is
//! computed with the reference scorer ([`codebreak_core::reference::score`], Wordle's rule
//! for Wordle, the table of a game file, which is its definition), tabulated once, and every
//! counting bound is recomputed here from the number of secrets, the number of replies a
//! guess can get and the depth left. A certificate is a list of *claims*, each about a
//! position (its set of secrets) and a depth limit:
//!
//! > any strategy that finds every secret of `secrets` within `depth` more guesses spends at
//! > least `bound` guesses on them in all (no `bound`: no such strategy exists).
//!
//! A claim holds when its own counting bound reaches `bound`, or else when every legal guess
//! of the position does. The checker goes through every legal guess, splits the secrets by
//! its replies and adds, for each class the guess leaves (the winning reply aside), the
//! class's counting bound within `depth - 1`; a guess whose sum reaches the bound needs
//! nothing in the file. Every other guess must be listed with one of three justifications
//! ([`Why`]):
//!
//! * `classes`: claims about some of its classes, by reference (a position reached in several
//!   ways is proved once); such a class counts the larger of its claim and its counting bound;
//!   and beside them (version 2), `counted`: classes that need at least a given bound by
//!   counting alone, one guess deeper, without a claim of their own: every guess's counting
//!   bound on the class (its secrets plus its classes' counting bounds, the winning one
//!   aside, within one guess less) reaches it, which the checker recomputes (going through
//!   the class's own secrets only when no guess outside it can fall short: such a guess
//!   finds none of them at once and sends them down at most as many classes as a guess has
//!   replies, a bound the checker computes). Most classes that need more than their
//!   counting bound are small sets of this kind, which a claim each made the bulk of a
//!   certificate;
//! * `same`: an earlier guess splits the position into the same classes (checked by splitting
//!   both), so it costs the same;
//! * `sym`: a renaming of colours and reordering of positions maps the position onto itself
//!   and this guess onto an earlier one (peg games only; checked by applying it to every
//!   secret, and to the guess's replies). The rules of the peg games are invariant under such
//!   renamings, so the two guesses cost the same;
//! * `sym` with `by`: a product of automorphisms of the game ([`Automorphism`]: a
//!   permutation of the secrets and one of the guesses that keeps how every guess splits the
//!   secrets, found from a game file's table) maps the position onto itself and this guess
//!   onto an earlier one (not in hard mode, whose rule is not invariant under them). The
//!   automorphisms are listed once in the file; the checker first checks each against the
//!   game's whole reply table (with its own code: no search for automorphisms is trusted),
//!   then, for each such proof, applies the word to the guess and to every secret of the
//!   position. An automorphism maps every strategy onto one that costs the same on the
//!   image of each set of secrets, so the two guesses cost the same.
//!
//! A referenced claim must be about exactly the class's secrets, with a depth limit of at
//! least `depth - 1` (more depth can only lower the least total), and either about fewer
//! secrets or exactly `depth - 1`: every chain of references then ends, and no claim
//! supports itself.
//!
//! The root claims (in the header) are about every secret of the game. [`Report`] says what
//! they prove, and [`Report::meets`] compares that with a tree's figures.
//!
//! ## File format, version 3
//!
//! A gzip stream of UTF-8 lines, each a JSON object:
//!
//! 1. the [`Header`]: `{"format": "codebreak-certificate", "version": 3, "game": GAMESPEC,
//!    "pool": "all"|"consistent", "objective": ..., "roots": [CLAIM, ...]}`;
//! 2. optionally, the automorphisms proofs refer to, one per line, numbered from 0 in file
//!    order: `{"automorphism": K, "secrets": [CODE, ...], "guesses": [CODE, ...]}`, the image
//!    of each secret (in increasing order) and of each guess (by index);
//! 3. one [`Claim`] per line, numbered from 0 in file order: `{"depth": D, "bound": B,
//!    "secrets": [CODE, ...], "guesses": [{"guess": G, "classes": [[REPLY, CLAIM], ...],
//!    "counted": [[REPLY, BOUND], ...]} |
//!    {"guess": G, "same": G2} | {"guess": G, "sym": G2, "positions": [...], "colors": [...]}
//!    | {"guess": G, "sym": G2, "by": [K, ...]}, ...]}`; codes are indices into the game's
//!    code space, replies their index in the game's reply space, guesses listed in
//!    increasing order; `by` lists automorphisms by number, applied first to last;
//! 4. the trailer `{"end": N}`, N the number of claims (so a cut file is refused).
//!
//! The automorphism lines and `by` were added within version 1: a file without them reads as
//! before (a reader older than them refuses a file that has them, naming the line). Version 2
//! added `counted` (either of `classes` and `counted` may be left out when empty). Version 3
//! lets a claim give its `moves` in any game, not only in hard mode. This crate writes
//! version 3 and reads every version (a version 1 file has no `counted`, one of version 1 or
//! 2 no moves outside hard mode), and a reader of an earlier version refuses a later one,
//! naming its version.
//!
//! Optional fields: the header's `"history": [[GUESS, REPLY], ...]` (the root claims are
//! about the secrets that get those replies, from the next guess on: the checker recomputes
//! them) and `"first_guess": G` (the root claims are about the strategies that play `G`
//! next: only `G` is gone through, and no claim may refer to a root claim); a claim's
//! `"moves": [[GUESS, REPLY], ...]`: the moves that lead to its position from the start of
//! the game. In Wordle's hard mode a claim must give them: the checker learns from them the
//! guesses hard mode's rule allows ([`codebreak_core::Game::hard_mode`]), and a class's
//! claim must have the rule of its parent's moves followed by the guess and the class's
//! reply (the same rule, so the same guesses are allowed for every strategy that follows).
//! In a peg game (version 3) they shorten the check of `sym`: when the secrets that get
//! every move's reply are exactly the claim's (which the checker recomputes, once per claim),
//! a renaming that maps each move onto a move of the list, reply kept, maps the position
//! onto itself, and its secrets are not renamed one by one.

#![deny(missing_docs)]

mod check;

use std::io::{BufRead, BufReader, Read, Write};
use std::sync::Arc;

use codebreak_core::{GameSpec, Pool};
use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use check::{Report, check};

/// The first two bytes of every gzip stream.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The name in every certificate's header.
pub const FORMAT: &str = "codebreak-certificate";
/// The version of the format this crate writes (it reads this one and every earlier one).
pub const VERSION: u32 = 3;

/// The first line of a certificate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// The game (as `codebreak info --json` describes it).
    pub game: GameSpec,
    /// The guesses allowed: every guess, or only those that could be the secret.
    pub pool: Pool,
    /// What the search minimised (`expected` or `worst`), for the reader: the checker reads
    /// the root claims, not this.
    pub objective: String,
    /// Claims about every secret of the position, by number.
    pub roots: Vec<u32>,
    /// The position the root claims are about: the moves played before it, as (guess,
    /// reply) indices; empty for the whole game. Its secrets are those that get each move's
    /// reply, which the checker recomputes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<(u32, u8)>,
    /// When given, the root claims are about the strategies whose next guess is this one
    /// (a code index) only, and no claim may refer to them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_guess: Option<u32>,
}

/// One claim: see the crate documentation.
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    /// Most guesses left.
    pub depth: u32,
    /// The least total of guesses over the secrets; `None`: no strategy finds them all
    /// within `depth`.
    pub bound: Option<u64>,
    /// The position's secrets, as increasing code indices.
    pub secrets: Vec<u32>,
    /// The guesses whose counting bound falls short, each with its justification, in
    /// increasing order.
    pub guesses: Vec<GuessProof>,
    /// The moves that lead to the position, as (guess, reply) indices: in Wordle's hard mode
    /// (where they are required), from which the checker learns which guesses the rule
    /// allows; in a peg game, which shorten the check of renamings (format version 3).
    pub moves: Option<Vec<(u32, u8)>>,
}

/// Why one guess cannot do better than a claim's bound.
#[derive(Clone, Debug, PartialEq)]
pub struct GuessProof {
    /// The guess (a code index).
    pub guess: u32,
    /// Its justification.
    pub why: Why,
}

/// The justification of a guess (see the crate documentation).
#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    /// The class of each reply listed is the claim's position, or its image under the
    /// renaming; the classes counted need their bound by counting alone (format version 2).
    Classes(Vec<ClassRef>, Vec<Counted>),
    /// An earlier guess that splits the position into the same classes.
    Same(u32),
    /// An earlier guess this one is mapped onto, and the renaming that does it.
    Sym(u32, Renaming),
    /// An earlier guess this one is mapped onto by an automorphism of the game: the word
    /// (the numbers of the automorphisms applied, first to last) in the list of automorphisms
    /// (the certificate's: the same list for every proof, written once after the header).
    Permuted(u32, Vec<u32>, Automorphisms),
}

/// The automorphisms a certificate's [`Why::Permuted`] proofs refer to by number.
pub type Automorphisms = Arc<Vec<Automorphism>>;

/// An automorphism of a game's reply table: a permutation of its secrets and one of its
/// guesses such that each guess's image splits the secrets' images as the guess splits the
/// secrets (its replies renamed, the winning reply kept), and a code that is both a guess and
/// a secret has the same image as both. Such a pair maps every strategy onto one that costs
/// the same on the image of every set of secrets.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Automorphism {
    /// The image (a code index) of each secret of the game, the secrets in increasing order.
    pub secrets: Vec<u32>,
    /// The image (a code index) of each guess, by guess index.
    pub guesses: Vec<u32>,
}

/// A claim about one class of a guess.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassRef {
    /// The reply (its index in the game's reply space).
    pub reply: u8,
    /// The claim's number.
    pub claim: u32,
    /// When the claim is about a renaming of the class: the renaming that maps the claim's
    /// secrets onto the class (peg games only).
    pub renaming: Option<Renaming>,
}

/// A class that needs at least `bound` guesses by counting alone, without a claim: every
/// guess's counting bound on the class, one guess deeper, reaches `bound` (format version 2;
/// see the crate documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The reply (its index in the game's reply space).
    pub reply: u8,
    /// The least total of guesses the class needs.
    pub bound: u64,
}

/// A [`ClassRef`] as written: `[REPLY, CLAIM]` or `[REPLY, CLAIM, POSITIONS, COLORS]`.
#[derive(Serialize)]
#[serde(untagged)]
enum RefLine {
    Plain(u8, u32),
    Renamed(u8, u32, Vec<u8>, Vec<u8>),
}

/// Read element by element: serde's untagged enums buffer every value before trying each
/// variant, which took most of the time of parsing a claim's line.
impl<'de> Deserialize<'de> for RefLine {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Seq;
        impl<'de> serde::de::Visitor<'de> for Seq {
            type Value = RefLine;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("[REPLY, CLAIM] or [REPLY, CLAIM, POSITIONS, COLORS]")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<RefLine, A::Error> {
                use serde::de::Error;
                let short = |k| A::Error::invalid_length(k, &self);
                let reply = a.next_element()?.ok_or_else(|| short(0))?;
                let claim = a.next_element()?.ok_or_else(|| short(1))?;
                let Some(positions) = a.next_element()? else {
                    return Ok(RefLine::Plain(reply, claim));
                };
                let colors = a.next_element()?.ok_or_else(|| short(3))?;
                if a.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    return Err(A::Error::invalid_length(5, &self));
                }
                Ok(RefLine::Renamed(reply, claim, positions, colors))
            }
        }
        d.deserialize_seq(Seq)
    }
}

/// A [`GuessProof`] as written: the renaming travels beside `sym`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GuessLine {
    guess: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    classes: Option<Vec<RefLine>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    counted: Option<Vec<(u8, u64)>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    same: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sym: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    positions: Option<Vec<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    colors: Option<Vec<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    by: Option<Vec<u32>>,
}

/// An automorphism's line: `{"automorphism": K, "secrets": [...], "guesses": [...]}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AutomorphismLine {
    automorphism: u32,
    secrets: Vec<u32>,
    guesses: Vec<u32>,
}

/// The trailer line.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Trailer {
    end: u64,
}

/// A renaming of a peg game: position `i` of the image is position `positions[i]` of the
/// code, with its colour `c` renamed `colors[c]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Renaming {
    /// A permutation of the positions.
    pub positions: Vec<u8>,
    /// A permutation of the colours.
    pub colors: Vec<u8>,
}

/// A whole certificate in memory.
#[derive(Clone, Debug, PartialEq)]
pub struct Certificate {
    /// The header.
    pub header: Header,
    /// The claims, numbered by their place.
    pub claims: Vec<Claim>,
}

/// Why a certificate could not be read, or was refused.
#[derive(Debug, Error)]
pub enum CertError {
    /// Reading or writing failed (a truncated gzip stream is reported here too).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The file is not gzip-compressed, as every certificate is.
    #[error(
        "not a certificate: {0}; expected a gzip-compressed file (first bytes 1f 8b) as `optimal --certificate` writes"
    )]
    NotGzip(String),
    /// A line that is not what the format says.
    #[error("line {line}: {why}")]
    Syntax {
        /// The line, counted from 1.
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// The file ends before its trailer.
    #[error("the certificate is cut short after {claims} claims: no trailer line")]
    Truncated {
        /// Claims read.
        claims: usize,
    },
    /// The certificate is for another game, or a game the checker does not handle.
    #[error("{0}")]
    Game(String),
    /// A claim does not hold: the first one met from the root, with its position.
    #[error("claim {claim} ({position}; {secrets} secrets, depth {depth}, {bound}) fails: {why}")]
    Claim {
        /// Its number.
        claim: u32,
        /// The moves that lead to it from the root (`root` for the root).
        position: String,
        /// Its number of secrets.
        secrets: usize,
        /// Its depth limit.
        depth: u32,
        /// Its bound, as words (`at least 40 guesses`, `infeasible`).
        bound: String,
        /// What fails.
        why: String,
    },
    /// The certificate holds, but does not prove that the tree given is optimal.
    #[error("not proved optimal: {0}")]
    NotOptimal(String),
}

impl Certificate {
    /// The lists of automorphisms the proofs refer to, each once (by pointer, then by
    /// content), with the number of the first of each in the file's list, which is their
    /// concatenation (one list in a certificate the prover wrote; several when claims were
    /// gathered from several certificates).
    fn automorphism_lists(&self) -> Vec<(Automorphisms, u32)> {
        let mut lists: Vec<(Automorphisms, u32)> = Vec::new();
        let mut next = 0u32;
        for p in self.claims.iter().flat_map(|c| &c.guesses) {
            if let Why::Permuted(_, _, list) = &p.why
                && !lists
                    .iter()
                    .any(|(l, _)| Arc::ptr_eq(l, list) || **l == **list)
            {
                lists.push((list.clone(), next));
                next += list.len() as u32;
            }
        }
        lists
    }

    /// Writes the certificate, gzip-compressed.
    pub fn write(&self, out: impl Write) -> Result<(), CertError> {
        // Deflate level 1 (flate2's miniz backend): on MM(4,7)'s 75 MB of text, 16.1 MB in
        // 0.4 s, where level 3 took 0.9 s for 11.6 MB and the default level 6 2.65 s for
        // 10.4 MB. Deflating was 5% of the whole `optimal --certificate` run (MM(4,7), one
        // thread) at level 3, whose target is to cost at most half the search more.
        let mut z = GzEncoder::new(out, Compression::fast());
        let header = serde_json::to_string(&self.header).map_err(std::io::Error::other)?;
        writeln!(z, "{header}")?;
        let lists = self.automorphism_lists();
        for (list, first) in &lists {
            for (k, a) in list.iter().enumerate() {
                let line = serde_json::to_string(&AutomorphismLine {
                    automorphism: first + k as u32,
                    secrets: a.secrets.clone(),
                    guesses: a.guesses.clone(),
                })
                .map_err(std::io::Error::other)?;
                writeln!(z, "{line}")?;
            }
        }
        // The claims are turned into text on another thread while this one compresses it.
        std::thread::scope(|scope| -> Result<(), CertError> {
            let (send, text) = std::sync::mpsc::sync_channel::<Vec<u8>>(4);
            let lists = &lists;
            let writer = scope.spawn(move || -> Result<(), serde_json::Error> {
                let mut buf = Vec::with_capacity(2 * TEXT_CHUNK);
                for c in &self.claims {
                    serde_json::to_writer(&mut buf, &claim_line(c, lists))?;
                    buf.push(b'\n');
                    if buf.len() >= TEXT_CHUNK {
                        let full = std::mem::replace(&mut buf, Vec::with_capacity(2 * TEXT_CHUNK));
                        if send.send(full).is_err() {
                            // The compressing side failed, and says why.
                            return Ok(());
                        }
                    }
                }
                let _ = send.send(buf);
                Ok(())
            });
            for chunk in text {
                z.write_all(&chunk)?;
            }
            match writer.join() {
                Ok(done) => done.map_err(std::io::Error::other)?,
                Err(panic) => std::panic::resume_unwind(panic),
            }
            Ok(())
        })?;
        writeln!(z, "{}", serde_json::json!({ "end": self.claims.len() }))?;
        z.finish()?.flush()?;
        Ok(())
    }

    /// Reads a certificate written by [`write`](Self::write): the header, every automorphism,
    /// every claim and the trailer, each line checked against the format (the claims and the
    /// automorphisms themselves are checked by [`check`]). This thread decompresses the file
    /// and cuts it into lines while another parses them, the claims of each batch of lines on
    /// every thread; the first line that fails, in file order, is the one reported.
    pub fn read(input: impl Read) -> Result<Certificate, CertError> {
        let mut input = BufReader::new(input);
        let start = input.fill_buf()?;
        if !start.starts_with(&GZIP_MAGIC) {
            let first: Vec<String> = start.iter().take(2).map(|b| format!("{b:02x}")).collect();
            return Err(CertError::NotGzip(if first.is_empty() {
                "the file is empty".into()
            } else {
                format!("it starts with bytes {}", first.join(" "))
            }));
        }
        let mut lines = BufReader::new(GzDecoder::new(input)).lines();
        std::thread::scope(|scope| {
            let (send, batches) = std::sync::mpsc::sync_channel::<Vec<String>>(4);
            let parser = scope.spawn(move || {
                let mut p = Parser::default();
                for batch in batches {
                    p.batch(batch)?;
                }
                Ok::<Parser, CertError>(p)
            });
            // Decompresses until the end, a read that fails or the parser stops (a line that
            // fails, which the parser reports: it comes before whatever is not yet read).
            let mut failed = None;
            'read: loop {
                let mut batch = Vec::with_capacity(READ_BATCH);
                while batch.len() < READ_BATCH {
                    match lines.next() {
                        Some(Ok(text)) => batch.push(text),
                        Some(Err(e)) => {
                            failed = Some(e);
                            let _ = send.send(batch);
                            break 'read;
                        }
                        None => {
                            let _ = send.send(batch);
                            break 'read;
                        }
                    }
                }
                if send.send(batch).is_err() {
                    break;
                }
            }
            drop(send);
            let parsed = match parser.join() {
                Ok(p) => p?,
                Err(panic) => std::panic::resume_unwind(panic),
            };
            if let Some(e) = failed {
                return Err(e.into());
            }
            parsed.finish()
        })
    }
}

/// Lines of a certificate handed at once from the thread that decompresses it to the one
/// that parses it.
const READ_BATCH: usize = 4096;

/// The state of [`Certificate::read`]'s parser, line after line.
#[derive(Default)]
struct Parser {
    /// Lines read so far.
    lines: usize,
    header: Option<Header>,
    claims: Vec<Claim>,
    automorphisms: Vec<Automorphism>,
    /// Whether the trailer was read.
    ended: bool,
}

impl Parser {
    /// Parses the next lines: their claims on every thread, then every line in order.
    fn batch(&mut self, batch: Vec<String>) -> Result<(), CertError> {
        use rayon::prelude::*;
        let first = self.lines + 1;
        // A line that is not the header, an automorphism or the trailer is a claim (or
        // fails as one).
        let header = self.header.is_none();
        let mut parsed: Vec<Option<Result<Claim, String>>> = batch
            .par_iter()
            .enumerate()
            .map(|(i, text)| {
                let other =
                    (header && i == 0) || matches!(first_key(text), Some("end" | "automorphism"));
                (!other).then(|| claim(text))
            })
            .collect();
        for (i, text) in batch.iter().enumerate() {
            let number = first + i;
            self.lines = number;
            if self.ended {
                return Err(syntax(number, "text after the trailer".into()));
            }
            if self.header.is_none() {
                let h: Header = serde_json::from_str(text)
                    .map_err(|e| syntax(number, format!("not a certificate header: {e}")))?;
                if h.format != FORMAT {
                    return Err(syntax(
                        number,
                        format!("format {:?}: expected {FORMAT:?}", h.format),
                    ));
                }
                if !(1..=VERSION).contains(&h.version) {
                    return Err(syntax(
                        number,
                        format!(
                            "version {}: this checker reads versions 1 to {VERSION}",
                            h.version
                        ),
                    ));
                }
                self.header = Some(h);
                continue;
            }
            if let Some(c) = parsed[i].take() {
                self.claims.push(c.map_err(|why| syntax(number, why))?);
                continue;
            }
            // Each line is parsed once, as what its first key says it is.
            match first_key(text) {
                Some("end") => {
                    let t: Trailer =
                        serde_json::from_str(text).map_err(|e| syntax(number, e.to_string()))?;
                    if t.end != self.claims.len() as u64 {
                        return Err(syntax(
                            number,
                            format!(
                                "the trailer counts {} claims, the file has {}",
                                t.end,
                                self.claims.len()
                            ),
                        ));
                    }
                    self.ended = true;
                }
                _ => {
                    let a: AutomorphismLine =
                        serde_json::from_str(text).map_err(|e| syntax(number, e.to_string()))?;
                    if !self.claims.is_empty() {
                        return Err(syntax(
                            number,
                            "an automorphism after the claims: they come first".into(),
                        ));
                    }
                    if a.automorphism as usize != self.automorphisms.len() {
                        return Err(syntax(
                            number,
                            format!(
                                "automorphism {}: expected number {}",
                                a.automorphism,
                                self.automorphisms.len()
                            ),
                        ));
                    }
                    self.automorphisms.push(Automorphism {
                        secrets: a.secrets,
                        guesses: a.guesses,
                    });
                }
            }
        }
        Ok(())
    }

    /// The certificate read, once every line is.
    fn finish(self) -> Result<Certificate, CertError> {
        let Some(header) = self.header else {
            return Err(CertError::Truncated { claims: 0 });
        };
        if !self.ended {
            return Err(CertError::Truncated {
                claims: self.claims.len(),
            });
        }
        let mut claims = self.claims;
        // Every proof by automorphisms shares the list, filled in now that it is complete.
        let list = Arc::new(self.automorphisms);
        for p in claims.iter_mut().flat_map(|c| &mut c.guesses) {
            if let Why::Permuted(_, _, l) = &mut p.why {
                *l = list.clone();
            }
        }
        Ok(Certificate { header, claims })
    }
}

/// A syntax error on line `line`. The parser's messages quote the text they met, line breaks
/// included: escaped, so that every message stays on one line.
fn syntax(line: usize, why: String) -> CertError {
    CertError::Syntax {
        line,
        why: why.replace('\n', "\\n").replace('\r', "\\r"),
    }
}

/// A claim's line, parsed; what is wrong with it otherwise.
fn claim(text: &str) -> Result<Claim, String> {
    let raw: RawClaim = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut guesses = Vec::with_capacity(raw.guesses.len());
    for g in raw.guesses {
        let classes = match (g.classes, g.counted) {
            (None, None) => None,
            (c, k) => Some((c.unwrap_or_default(), k.unwrap_or_default())),
        };
        let why = match (classes, g.same, g.sym) {
            (Some((c, counted)), None, None) => Why::Classes(
                {
                    let mut list: Vec<ClassRef> = c
                        .into_iter()
                        .map(|r| match r {
                            RefLine::Plain(reply, claim) => ClassRef {
                                reply,
                                claim,
                                renaming: None,
                            },
                            RefLine::Renamed(reply, claim, positions, colors) => ClassRef {
                                reply,
                                claim,
                                renaming: Some(Renaming { positions, colors }),
                            },
                        })
                        .collect();
                    list.shrink_to_fit();
                    list
                },
                counted
                    .into_iter()
                    .map(|(reply, bound)| Counted { reply, bound })
                    .collect(),
            ),
            (None, Some(o), None) => Why::Same(o),
            (None, None, Some(o)) => match (g.positions, g.colors, g.by) {
                (Some(positions), Some(colors), None) => {
                    Why::Sym(o, Renaming { positions, colors })
                }
                (None, None, Some(word)) => Why::Permuted(o, word, Automorphisms::default()),
                _ => {
                    return Err(format!(
                        "guess {}: sym with either positions and colors or by, not both",
                        g.guess
                    ));
                }
            },
            _ => {
                return Err(format!(
                    "guess {}: expected exactly one of classes (and counted), same, sym",
                    g.guess
                ));
            }
        };
        guesses.push(GuessProof {
            guess: g.guess,
            why,
        });
    }
    // Parsed from text, a list grows by doubling: kept at its length.
    let mut secrets = raw.secrets;
    secrets.shrink_to_fit();
    Ok(Claim {
        depth: raw.depth,
        bound: raw.bound,
        secrets,
        guesses,
        moves: raw.moves,
    })
}

/// The first key of a line that is a JSON object, when it is a plain string (without
/// escapes), as every line written is.
fn first_key(text: &str) -> Option<&str> {
    let rest = text.trim_start().strip_prefix('{')?.trim_start();
    let rest = rest.strip_prefix('"')?;
    let end = rest.find(['"', '\\'])?;
    (rest.as_bytes()[end] == b'"').then(|| &rest[..end])
}

/// Bytes of claims' text handed at once from the thread that writes it to the one that
/// compresses it.
const TEXT_CHUNK: usize = 1 << 20;

/// A claim as written, borrowing the claim (see [`RawClaim`], which reads it).
#[derive(Serialize)]
struct ClaimLine<'a> {
    depth: u32,
    bound: Option<u64>,
    secrets: &'a [u32],
    #[serde(skip_serializing_if = "GuessLines::is_empty")]
    guesses: GuessLines<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: &'a Option<Vec<(u32, u8)>>,
}

/// A claim's proofs as written, each turned into its [`GuessLine`] as it is written (not all
/// of them first: a claim about MM(4,6) has up to 1296).
struct GuessLines<'a>(&'a [GuessProof], &'a [(Automorphisms, u32)]);

impl GuessLines<'_> {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for GuessLines<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|p| guess_line(p, self.1)))
    }
}

/// Claim `c` as written, its proofs by automorphisms numbered in the file's list (`lists`:
/// see [`Certificate::automorphism_lists`]).
fn claim_line<'a>(c: &'a Claim, lists: &'a [(Automorphisms, u32)]) -> ClaimLine<'a> {
    ClaimLine {
        depth: c.depth,
        bound: c.bound,
        secrets: &c.secrets,
        guesses: GuessLines(&c.guesses, lists),
        moves: &c.moves,
    }
}

/// Proof `p` as written.
fn guess_line(p: &GuessProof, lists: &[(Automorphisms, u32)]) -> GuessLine {
    let mut g = GuessLine {
        guess: p.guess,
        classes: None,
        counted: None,
        same: None,
        sym: None,
        positions: None,
        colors: None,
        by: None,
    };
    match &p.why {
        Why::Classes(v, counted) => {
            if !counted.is_empty() {
                g.counted = Some(counted.iter().map(|c| (c.reply, c.bound)).collect());
            }
            g.classes = (!v.is_empty() || counted.is_empty()).then(|| {
                v.iter()
                    .map(|c| match &c.renaming {
                        None => RefLine::Plain(c.reply, c.claim),
                        Some(r) => RefLine::Renamed(
                            c.reply,
                            c.claim,
                            r.positions.clone(),
                            r.colors.clone(),
                        ),
                    })
                    .collect()
            })
        }
        Why::Same(o) => g.same = Some(*o),
        Why::Sym(o, r) => {
            g.sym = Some(*o);
            g.positions = Some(r.positions.clone());
            g.colors = Some(r.colors.clone());
        }
        Why::Permuted(o, word, list) => {
            let first = lists
                .iter()
                .find(|(l, _)| Arc::ptr_eq(l, list) || **l == **list)
                .map_or(0, |(_, f)| *f);
            g.sym = Some(*o);
            g.by = Some(word.iter().map(|k| k + first).collect());
        }
    }
    g
}

/// A claim as read, before its guesses are sorted into [`Why`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClaim {
    depth: u32,
    #[serde(default)]
    bound: Option<u64>,
    secrets: Vec<u32>,
    #[serde(default)]
    guesses: Vec<GuessLine>,
    #[serde(default)]
    moves: Option<Vec<(u32, u8)>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A field name with an escaped line break (found by fuzzing): the parser quotes it, and
    /// the message stays on one line.
    #[test]
    fn a_syntax_error_is_one_line_whatever_the_text_quotes() {
        let text = "{\"format\":\"codebreak-certificate\",\"version\":1,\"po\\nol\":1}\n";
        let mut z = GzEncoder::new(Vec::new(), Compression::fast());
        z.write_all(text.as_bytes()).unwrap();
        let bytes = z.finish().unwrap();
        let e = Certificate::read(&bytes[..]).unwrap_err().to_string();
        assert!(e.starts_with("line 1: not a certificate header"), "{e}");
        assert!(e.contains("po\\nol") && !e.contains('\n'), "{e:?}");
    }

    /// Versions 1 to 3 are read, a later one refused naming it; a guess's `counted` classes
    /// (version 2) read back as written, beside its claims or alone.
    #[test]
    fn versions_one_to_three_are_read_and_counted_classes_round_trip() {
        let read = |version: u32, guesses: &str| {
            let text = format!(
                "{{\"format\":\"codebreak-certificate\",\"version\":{version},\"game\":{{\"game\":\"mastermind\",\"pegs\":2,\"colors\":2}},\"pool\":\"all\",\"objective\":\"expected\",\"roots\":[0]}}\n{{\"depth\":5,\"bound\":7,\"secrets\":[0,1,2,3],\"guesses\":[{guesses}]}}\n{{\"end\":1}}\n"
            );
            let mut z = GzEncoder::new(Vec::new(), Compression::fast());
            z.write_all(text.as_bytes()).unwrap();
            Certificate::read(&z.finish().unwrap()[..])
        };
        let both = r#"{"guess":0,"classes":[[1,0]],"counted":[[2,3]]}"#;
        for version in [1, 2, 3] {
            read(version, both).unwrap();
        }
        let e = read(4, both).unwrap_err().to_string();
        assert!(
            e.contains("version 4: this checker reads versions 1 to 3"),
            "{e}"
        );
        let cert = read(2, r#"{"guess":0,"counted":[[2,3],[1,3]]},{"guess":1,"classes":[[1,0]],"counted":[[2,3]]}"#).unwrap();
        let counted = |reply, bound| Counted { reply, bound };
        assert_eq!(
            cert.claims[0].guesses[0].why,
            Why::Classes(Vec::new(), vec![counted(2, 3), counted(1, 3)])
        );
        let mut bytes = Vec::new();
        cert.write(&mut bytes).unwrap();
        assert_eq!(Certificate::read(&bytes[..]).unwrap(), cert);
        // Neither given: as before, one of the justifications is expected.
        let e = read(2, r#"{"guess":0}"#).unwrap_err().to_string();
        assert!(
            e.contains("expected exactly one of classes (and counted)"),
            "{e}"
        );
    }
}
