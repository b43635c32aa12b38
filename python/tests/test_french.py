"""The French article (seed 002) written with the package: its medium game and twoD, scored by
Python functions, against the figures it publishes and against the built-in games."""

import pytest

import codebreak as cb
from conftest import GAMES


def test_medium_game_entropy_distribution(medium):
    assert (len(medium.guesses), len(medium.secrets)) == (1296, 360)
    r = cb.analyze(medium, strategy="entropy")
    # "7 cases take 2 steps; 55 take 3; 229 take 4; and 69 take the maximum of 5."
    assert r.histogram == {1: 0, 2: 7, 3: 55, 4: 229, 5: 69}
    assert r.worst == 5
    # The opening the article found: two of one colour, then two others.
    first = r.tree.root.guess
    assert isinstance(first, tuple) and len(set(first)) == 3
    # The same figures from the game file of the same game.
    builtin = cb.analyze(cb.Game.from_file(GAMES / "medium.toml"), strategy="entropy")
    assert builtin.histogram == r.histogram


def test_medium_game_least_worst_case_is_five(medium):
    # The branch-and-bound proof: no strategy finds every secret within 4 guesses...
    with pytest.raises(cb.Infeasible, match="within 4 guesses"):
        cb.optimal(medium, max_depth=4)
    # ...and greedy entropy needs 5: it is optimal for the worst case.
    assert cb.analyze(medium, strategy="entropy").worst == 5
    # The built-in game agrees through the full least-worst-case search.
    r = cb.optimal(cb.Game.from_file(GAMES / "medium.toml"), objective="worst")
    assert r.worst == 5


def test_twod_greedy_five_optimal_four(twod):
    greedy = cb.analyze(twod, strategy="entropy")
    assert greedy.worst == 5
    best = cb.optimal(twod, objective="worst")
    assert best.worst == 4
    assert cb.verify(twod, best.tree).worst == 4
    # Replies come back as the article's namedtuples.
    win = twod.win
    assert (win.less, win.greater, win.equal) == (True, True, True)
    # The game file and the built-in twoD give the same figures.
    for other in (cb.Game.from_file(GAMES / "twod.toml"), cb.Game.twod()):
        assert cb.analyze(other, strategy="entropy").worst == 5
        assert cb.optimal(other, objective="worst").worst == 4
