"""Games too large to list: reasoned on the clues, as `codebreak hint` does (through Game, and
the deprecated HugeGame)."""

import pytest

import codebreak as cb

# The old HugeGame tests stay, for the deprecated alias; its warning is checked once, below.
pytestmark = pytest.mark.filterwarnings("ignore:codebreak.HugeGame is deprecated:DeprecationWarning")

# Project Euler 185's small example (from the problem statement): one answer, 39542.
EULER_EXAMPLE = [
    ("90342", 2),
    ("70794", 0),
    ("39458", 2),
    ("34109", 1),
    ("51545", 2),
    ("12531", 1),
]


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



def test_a_contradiction_has_one_shape_for_both_kinds():
    big = cb.Game.blackpeg(pegs=16, colors=10)
    with pytest.raises(cb.Contradiction) as e:
        cb.hint(big, [("0" * 16, 5), ("2" * 16, 0), ("1" * 16, 12)])
    c = e.value.contradiction
    assert c["conflict"] == [1, 3] and c["diagnosis"] is None
    small = cb.Game.mastermind(4, 6)
    with pytest.raises(cb.Contradiction) as e:
        cb.hint(small, "0011:0B0W,0123:4B0W")
    s = e.value.contradiction
    assert s.keys() == c.keys()
    assert s["conflict"] == [1, 2] and s["quality"] == "smallest"
    assert s["diagnosis"] == e.value.diagnosis and s["diagnosis"]["changes"] == 1


def test_analyze_plays_random_secrets():
    game = cb.Game.mastermind(pegs=16, colors=6)
    r = game.analyze(secrets=3, seed=1, fit_sample=20)
    assert r.method == "sampled" and r.tree is None
    assert r.secrets + r.unfinished == 3 and r.seed == 1
    assert sum(r.histogram.values()) == r.secrets
    assert r.interval["low"] <= r.average <= r.interval["high"]
    d = r.to_dict()
    assert d["method"] == "sampled" and d["interval"] == r.interval
    # The same seed plays the same secrets, through the function too.
    assert cb.analyze(game, secrets=3, seed=1, fit_sample=20).histogram == r.histogram
    # A listed game: every secret, a tree, no interval.
    small = cb.Game.mastermind(pegs=3, colors=3)
    e = small.analyze()
    assert e.method == "exhaustive" and e.interval is None and e.tree is not None
    assert e.secrets == 27 and e.to_dict()["method"] == "exhaustive"
    with pytest.raises(ValueError, match="expected sample N"):
        game.analyze()
    with pytest.raises(ValueError, match="fits in memory"):
        small.analyze(secrets=3)
    # Random secrets of either kind, fixed by a seed.
    for g in (game, small):
        secret = g.random_secret(seed=3)
        assert g.random_secret(seed=3) == secret
        assert g.score(secret, secret) == f"{len(secret)}B0W"


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


def black(secret, guess):
    return sum(a == b for a, b in zip(secret, guess))


def puzzle(secret, n):
    """n guesses of len(secret) digits from a small fixed generator, with their replies."""
    x = 0x2545F4914F6CDD1D
    mask = (1 << 64) - 1
    moves = []
    for _ in range(n):
        guess = ""
        for _ in range(len(secret)):
            x ^= (x << 13) & mask
            x ^= x >> 7
            x ^= (x << 17) & mask
            guess += str(x % 10)
        moves.append((guess, black(secret, guess)))
    return moves


def test_one_game_for_every_size():
    big = cb.Game.mastermind(pegs=16, colors=6)
    small = cb.Game.mastermind(4, 6)
    assert small.exact and not big.exact
    assert big.name == "mastermind 16 of 6"
    assert big.spec["pegs"] == 16
    assert big.score("0000000000000001", "0123450123450123") == "3B1W"
    # The same call, the same Hint object: an estimate is a dict that says so.
    h = cb.hint(big, [("0011223344550123", "3B7W")], show=2, fit_sample=20)
    r = h.remaining
    assert isinstance(r, dict) and r["low"] <= r["estimate"] <= r["high"], r
    assert r["method"]
    assert len(h.candidates) == 2
    assert h.suggestions[0]["strategy"] == "entropy"
    assert h.suggestions[0]["fit_sample"]["secrets"] == 20
    assert isinstance(cb.hint(small, "0011:1B1W").remaining, int)
    # What needs every code listed says so in one line.
    with pytest.raises(ValueError, match="too large to list"):
        big.secrets
    # The Solver too: the entropy player on samples of 20 fitting secrets.
    s = cb.Solver(big, fit_sample=20)
    secret = "0123450123450123"
    for _ in range(2):
        s.tell(big.score(s.guess(), secret))
    assert len(s.history) == 2 and not s.solved
    assert s.history[0][1] == big.score(s.history[0][0], secret)
    assert s.candidates(2) and all(
        big.score(g, c) == r for c in s.candidates(2) for g, r in s.history
    )
    with pytest.raises(ValueError, match="minimax"):
        cb.Solver(big, strategy="minimax")


def test_a_16_digit_black_peg_puzzle_through_game():
    game = cb.Game.blackpeg(pegs=16, colors=10, alphabet="0123456789")
    secret = "4640261571849533"
    moves = puzzle(secret, 40)
    h = cb.hint(game, moves)
    assert h.remaining == 1
    assert h.candidates == [secret]
    assert h.guess == secret
    text = "\n".join(f"{g} {r}" for g, r in moves)
    assert cb.hint(game, text).candidates == [secret]
    with pytest.raises(cb.Contradiction) as e:
        cb.hint(game, [("0" * 16, 5), ("2" * 16, 0), ("1" * 16, 12)])
    assert e.value.diagnosis["conflict"] == [1, 3]


def test_huge_game_is_a_deprecated_alias():
    with pytest.warns(DeprecationWarning, match="use codebreak.Game"):
        game = cb.HugeGame.mastermind(16, 6)
    a = game.analyze(secrets=2, seed=1, fit_sample=20)
    assert a["method"] == "sampled" and a["secrets"] + a["unfinished"] == 2
    with pytest.warns(DeprecationWarning):
        cb.HugeGame.bulls(10, 36)


def test_a_finished_game_is_reviewed_on_both_kinds():
    small = cb.Game.mastermind(4, 6)
    r = cb.review(small, "0011:0B1W,1223:2B0W,3345:0B3W,1453:4B0W", "1453")
    assert r["solved"] and len(r["moves"]) == 4
    assert r["moves"][0]["before"] == 1296
    assert 0 <= r["skill"] <= 100
    big = cb.Game.mastermind(pegs=16, colors=6)
    secret = "0123450123455432"
    moves = [(g, big.score(g, secret)) for g in ("0000000000000000", "0011223344550011", secret)]
    r = cb.review(big, moves, secret, fit_sample=50)
    assert r["solved"] and r["moves"][-1]["left"] == 0
    assert r["moves"][0]["before"] == 6**16
    # An estimated count is a dict that says so, as in a hint.
    e = r["moves"][1]["before"]
    assert isinstance(e, dict) and e["low"] <= e["estimate"] <= e["high"], e
    assert r["moves"][0]["best_by"] == "sampled"
    with pytest.raises(ValueError, match="answers"):
        cb.review(big, [("0000000000000000", "3B0W")], secret)
    with pytest.raises(ValueError, match="fits in memory"):
        cb.review(small, "0011:0B1W", "1453", fit_sample=50)
