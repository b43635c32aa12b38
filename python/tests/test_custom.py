"""Games made in Python: any hashable codes and replies, a scoring function or a table, and
refusals that name the pair at fault."""

import collections
import itertools

import pytest

import codebreak as cb
from conftest import Pegs


def full_mastermind_score(guess, secret):
    """Mastermind with repeated colours: whites count colours in common beyond the blacks
    (the article's set-based scorer is right only for secrets without repeats)."""
    blacks = sum(a == b for a, b in zip(guess, secret))
    common = sum((collections.Counter(guess) & collections.Counter(secret)).values())
    return Pegs(blacks, common - blacks)


def test_a_python_mastermind_plays_as_the_builtin(mm46):
    codes = list(itertools.product("123456", repeat=4))
    py = cb.Game.custom(codes, codes, full_mastermind_score)
    assert len(py.replies) == 14 and py.win == Pegs(4, 0)
    for strategy in ("minimax", "entropy", "first"):
        mine = cb.analyze(py, strategy=strategy, first_guess=("1", "1", "2", "2"))
        builtin = cb.analyze(mm46, strategy=strategy, first_guess="1122")
        assert mine.histogram == builtin.histogram, strategy
    # The tree holds the Python values; codes of one-character items are labelled as text.
    root = cb.analyze(py, strategy="minimax", first_guess=("1", "1", "2", "2")).tree.root
    assert root.guess == ("1", "1", "2", "2")
    assert all(isinstance(r, Pegs) for r in root.replies)
    assert py.score(("1", "1", "2", "2"), ("1", "2", "3", "4")) == Pegs(1, 1)


def test_a_reply_table_as_lists_and_as_numpy():
    # Guess a number 0..7 by asking "is it at least g?" (ends when known).
    guesses = list(range(1, 8))
    secrets = list(range(8))
    table = [[s >= g for s in secrets] for g in guesses]
    g = cb.Game.custom(guesses, secrets, table, end="known")
    r = cb.analyze(g, strategy="minimax")
    assert r.worst == 3 and r.total == 24  # binary search: 3 questions each
    np = pytest.importorskip("numpy")
    g2 = cb.Game.custom(guesses, secrets, np.array(table), end="known")
    assert cb.analyze(g2, strategy="minimax").histogram == r.histogram
    assert set(g2.replies) == {True, False}


def test_the_scoring_function_is_called_once_per_pair():
    calls = []

    def score(g, s):
        calls.append((g, s))
        return g == s

    g = cb.Game.custom(["a", "b", "c"], ["a", "b", "c"], score)
    assert sorted(calls) == sorted(itertools.product("abc", repeat=2))
    assert cb.analyze(g, strategy="first").total == 6


def test_a_scoring_function_that_raises_names_the_pair():
    def score(g, s):
        if (g, s) == (2, 3):
            raise ZeroDivisionError("boom")
        return g == s

    with pytest.raises(ValueError, match=r"score\(2, 3\) raised ZeroDivisionError: boom") as e:
        cb.Game.custom([1, 2, 3], [1, 2, 3], score)
    assert isinstance(e.value.__cause__, ZeroDivisionError)


def test_an_unhashable_reply_names_the_pair():
    with pytest.raises(ValueError, match=r"score\(1, 1\) returned an unhashable reply"):
        cb.Game.custom([1, 2], [1, 2], lambda g, s: [g, s])


def test_a_winning_reply_for_another_secret_is_refused():
    # "win" for every pair: guess 1 wins against secret 2.
    with pytest.raises(ValueError, match=r"guess \"1\" gets the winning reply \"True\" from secret \"2\""):
        cb.Game.custom([1, 2], [1, 2], lambda g, s: True)


def test_lists_are_checked():
    with pytest.raises(ValueError, match="listed twice"):
        cb.Game.custom([1, 1], [1], lambda g, s: g == s)
    with pytest.raises(ValueError, match="the game has no guesses"):
        cb.Game.custom([], [1], lambda g, s: g == s)
    with pytest.raises(ValueError, match="unknown end"):
        cb.Game.custom([1], [1], lambda g, s: g == s, end="never")
    with pytest.raises(ValueError, match="give the same reply to every guess"):
        cb.Game.custom([1], [1, 2], lambda g, s: 0, end="known")


def test_a_large_table_is_fast_and_interruptible(capsys):
    guesses, secrets = list(range(1000)), list(range(1000))
    g = cb.Game.custom(guesses, secrets, lambda g, s: s >= g, end="known", progress=True)
    assert "scoring pairs 1000000/1000000 (100%)" in capsys.readouterr().err
    assert cb.analyze(g, strategy="minimax").worst == 10
