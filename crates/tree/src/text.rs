//! Text formats: Graphviz DOT, and one line per secret ("paths", as Wordle leaderboards list
//! strategies).

use std::fmt::Write;

use codebreak_core::Game;

use crate::Node;

/// The tree as a Graphviz digraph: one box per guess, edges labelled with replies.
pub fn to_dot(game: &Game, root: &Node) -> String {
    let mut out = String::from("digraph codebreak {\n  node [shape=box, fontname=monospace];\n");
    let mut next_id = 0usize;
    fn walk(game: &Game, node: &Node, out: &mut String, next_id: &mut usize) -> usize {
        let id = *next_id;
        *next_id += 1;
        let _ = writeln!(
            out,
            "  n{id} [label=\"{}\"];",
            game.format_code(&node.guess)
        );
        for (fb, child) in node.branches.iter().rev() {
            let c = walk(game, child, out, next_id);
            let _ = writeln!(
                out,
                "  n{id} -> n{c} [label=\"{}\"];",
                game.format_feedback(*fb)
            );
        }
        id
    }
    walk(game, root, &mut out, &mut next_id);
    out.push_str("}\n");
    out
}

/// One line per secret, in the game's order: `SECRET: GUESS REPLY, GUESS REPLY, …`. Secrets the
/// tree does not find end with `(not found)`.
pub fn to_paths(game: &Game, root: &Node) -> Result<String, codebreak_core::SizeError> {
    let space = game.space()?;
    let mut out = String::new();
    for &s in space.secrets() {
        let secret = space.code(s);
        let _ = write!(out, "{}:", game.format_code(&secret));
        let mut node = Some(root);
        let mut first = true;
        let mut found = false;
        while let Some(n) = node {
            let fb = game.score(&secret, &n.guess);
            let _ = write!(
                out,
                "{}{} {}",
                if first { " " } else { ", " },
                game.format_code(&n.guess),
                game.format_feedback(fb)
            );
            first = false;
            if fb == game.win() {
                found = true;
                break;
            }
            node = n.branch(fb);
        }
        if !found {
            out.push_str(" (not found)");
        }
        out.push('\n');
    }
    Ok(out)
}
