"""Hints, contradictions and the solver."""

import pytest

import codebreak as cb
from conftest import Pegs


def test_hint_after_a_move(mm46):
    h = cb.hint(mm46, history=[("1122", "1B0W")], strategy="minimax")
    assert h.remaining == 256
    assert h.guess == h.suggestions[0]["guess"]
    assert h.suggestions[0]["largest_class"] == 44
    assert len(h.candidates) == 10
    # History as text, as the command line takes it, gives the same hint.
    assert cb.hint(mm46, history="1122:1B0W", strategy="minimax").guess == h.guess
    every = cb.hint(mm46, history=[("1122", "1B0W")], strategy="all")
    assert {s["strategy"] for s in every.suggestions} >= {"minimax", "entropy", "first"}


def test_contradictions_raise_with_a_diagnosis(mm46):
    with pytest.raises(cb.Contradiction) as e:
        cb.hint(mm46, history=[("1122", "4B0W"), ("1122", "0B0W")])
    assert str(e.value).startswith("no secret gives every one of these replies")
    d = e.value.diagnosis
    assert d["changes"] == 1
    assert d["suspects"][0]["answers"] == [1]
    assert isinstance(e.value, ValueError)


def test_the_solver_plays_every_secret_to_the_end(mm46):
    for secret in mm46.secrets[::97]:
        s = cb.Solver(mm46, strategy="minimax")
        while (guess := s.guess()) is not None:
            s.tell(mm46.score(guess, secret))
        assert s.solved and s.secret == secret
        assert len(s.history) <= 5


def test_the_solver_refuses_a_contradiction_and_changes_nothing(mm46):
    s = cb.Solver(mm46, strategy="entropy")
    s.guess()
    s.tell("0B0W")
    before = (s.remaining, s.history)
    with pytest.raises(cb.Contradiction) as e:
        s.guess()
        s.tell("4B0W")
    assert e.value.diagnosis["changes"] >= 1
    assert (s.remaining, s.history) == before
    s.undo()
    assert s.history == []


def test_the_solver_speaks_a_custom_games_values(medium):
    secret = ("Red", "Blue", "Green", "Purple")
    s = cb.Solver(medium, strategy="entropy")
    while (guess := s.guess()) is not None:
        s.tell(medium.score(guess, secret))
    assert s.secret == secret
    assert all(isinstance(r, Pegs) for _, r in s.history)
    h = cb.hint(medium, history=s.history[:1])
    assert all(isinstance(c, tuple) for c in h.candidates)


def test_wordle_on_lists_of_ones_own():
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"]
    g = cb.Game.wordle(guesses=words + ["salet"], secrets=words)
    assert len(g.secrets) == 8 and g.score("salet", "cigar") == "BYBBB"
    h = cb.hint(g, history=[("salet", "BYBBB")], strategy="entropy")
    assert "cigar" in h.candidates
    r = cb.analyze(g, strategy="entropy")
    assert r.secrets == 8 and cb.verify(g, r.tree).total == r.total
    hard = cb.Game.wordle(guesses=words + ["salet"], secrets=words, hard=True)
    with pytest.raises(ValueError) as e:
        cb.hint(hard, history=[("salet", "BYBBB"), ("humph", "BBBBB")])
    assert str(e.value) == "guess humph is not allowed in hard mode: it must contain A (marked earlier)"
