//! Graphviz DOT, to draw a tree (`dot -Tsvg`). Written only: it is a drawing, not a format to
//! keep trees in.

use std::fmt::Write;

use codebreak_core::Game;

use crate::Node;

/// The tree as a Graphviz digraph: one box per guess, edges labelled with replies.
pub fn to_string(game: &Game, root: &Node) -> String {
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
