"""codebreak: deductive code-breaking games on a Rust engine.

The French article's game language in Python: a game is guesses, secrets, a scoring
function and end replies (``Game.custom``), or a built-in game (``Game.mastermind``,
``Game.bulls``, ``Game.wordle``, ``Game.twod``, ``Game.from_file``). Over any game:

- ``analyze(game, strategy=...)``: a strategy against every secret (total, worst, histogram,
  average, and the decision ``tree``);
- ``optimal(game, objective="expected"|"worst")``: the exact optimum by branch and bound;
  ``openers(game, bound=...)``: every opener's value (exact below the bound);
- ``hint(game, history=...)``: what remains and what to play; ``Solver``: play a game;
  ``review(game, history, secret)``: a finished game move by move, with skill and luck;
- ``verify(game, tree)``: replay a tree with the rules alone.
- ``verify_certificate(path)``: check a certificate of optimality (``optimal --certificate``).

Mastermind, black-peg and Bulls and Cows games too large to list (more than 2^25 codes or
more than 16 pegs, up to 32 pegs and 64 colours) are ``Game``s too, reasoned about from the
clues: ``hint(Game.blackpeg(pegs=16, colors=10), clues)`` (Project Euler 185) returns the
same ``Hint``, whose ``remaining`` is an estimate dict where the count cannot be exact;
``game.analyze(secrets=N)`` plays N random secrets (``method`` "sampled", with the average's
``interval``) and ``game.random_secret(seed)`` draws one. ``HugeGame`` is a deprecated alias
(its constructors emit a ``DeprecationWarning``).

Long computations release the GIL, use every core and stop on Ctrl-C. Errors carry the
``codebreak`` command line's messages: ``ValueError`` for bad input, ``Contradiction`` (a
``ValueError`` with ``.contradiction`` and ``.diagnosis``) for replies no secret gives.
"""

from ._codebreak import (
    Contradiction,
    Game,
    Hint,
    HugeGame,
    Infeasible,
    Node,
    Report,
    Solver,
    Tree,
    __version__,
    analyze,
    hint,
    openers,
    optimal,
    read_tree,
    review,
    strategies,
    verify,
    verify_certificate,
)

__all__ = [
    "Contradiction",
    "Game",
    "Hint",
    "HugeGame",
    "Infeasible",
    "Node",
    "Report",
    "Solver",
    "Tree",
    "__version__",
    "analyze",
    "hint",
    "openers",
    "optimal",
    "read_tree",
    "review",
    "strategies",
    "verify",
    "verify_certificate",
]
