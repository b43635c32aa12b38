"""Games too large to list: HugeGame reasons on the clues, as `codebreak hint` does."""

import pytest

import codebreak as cb

# Project Euler 185's small example (from the problem statement): one answer, 39542.
EULER_EXAMPLE = [
    ("90342", 2),
    ("70794", 0),
    ("39458", 2),
    ("34109", 1),
    ("51545", 2),
    ("12531", 1),
]


def test_game_too_large_points_to_huge_game():
    with pytest.raises(ValueError, match="HugeGame.mastermind"):
        cb.Game.mastermind(16, 6)


def test_the_euler_example_has_one_secret():
    game = cb.HugeGame.blackpeg(5, 10)
    h = game.hint(EULER_EXAMPLE)
    assert h["remaining"]["exact"] is True
    assert h["remaining"]["count"] == 1
    assert h["secrets"] == ["39542"]
    assert h["guess"]["guess"] == "39542"
    for guess, reply in EULER_EXAMPLE:
        assert game.score(guess, "39542") == str(reply)
    # The same history as text.
    text = "\n".join(f"{g} {r}" for g, r in EULER_EXAMPLE)
    assert game.hint(text)["secrets"] == ["39542"]


def test_a_16_peg_hint_estimates_and_says_so():
    game = cb.HugeGame.mastermind(16, 6)
    assert game.log10_secrets == pytest.approx(16 * 0.7781512503836436)
    secret = game.random_secret(seed=3)
    moves = []
    for guess in ["0011223344550123", "5432105432105432"]:
        moves.append((guess, game.score(guess, secret)))
    h = game.hint(moves, show=3, seed=1)
    r = h["remaining"]
    assert r["exact"] is False and r["low"] <= r["value"] <= r["high"]
    assert "method" in r
    assert len(h["secrets"]) == 3
    guess = h["guess"]["guess"]
    assert len(guess) == 16 and set(guess) <= set("012345")
    assert game.moves(moves) == moves


def test_contradictions_name_the_clues():
    game = cb.HugeGame.blackpeg(16, 10)
    moves = [("0" * 16, 5), ("2" * 16, 0), ("1" * 16, 12)]
    with pytest.raises(cb.Contradiction) as e:
        game.hint(moves)
    assert str(e.value).startswith("no secret fits these 3 clues; clues 1 and 3")
    assert e.value.diagnosis["conflict"] == [1, 3]
    assert e.value.diagnosis["quality"] == "smallest"


def test_analyze_plays_random_secrets():
    game = cb.HugeGame.mastermind(16, 6)
    a = game.analyze(secrets=3, seed=1)
    assert a["secrets"] == 3 and a["unfinished"] == 0
    assert sum(a["histogram"]) == 3
    assert a["ci95"][0] <= a["average"] <= a["ci95"][1]
    assert len(a["guesses"]) == 3 and max(a["guesses"]) == a["worst"]


def test_bad_input_is_a_value_error():
    game = cb.HugeGame.bulls(10, 36)
    with pytest.raises(ValueError, match="repeats a symbol"):
        game.score("0123456789", "0123456780")
    with pytest.raises(ValueError, match="fit-sample"):
        game.hint(fit_sample=0)
    with pytest.raises(ValueError, match="find_time"):
        game.hint(find_time=0)
    with pytest.raises(ValueError, match="line 1"):
        game.hint("012:1A0B")
    with pytest.raises(ValueError, match="minimax"):
        game.hint(strategy="minimax")
    with pytest.raises(ValueError):
        cb.HugeGame.mastermind(40, 6)
