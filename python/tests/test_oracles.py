"""The project's oracle files (tests/data), replayed through the package: every published
figure that `codebreak analyze` and `codebreak optimal` must reach, reached from Python."""

import pytest

import codebreak as cb
from conftest import game_of, oracle_rows, parse_flags

ANALYZE = oracle_rows("analyze_oracles.tsv")
OPTIMAL = [r for r in oracle_rows("optimal_oracles.tsv") if r[5] == "fast"]


@pytest.mark.parametrize("row", ANALYZE, ids=[r[0] for r in ANALYZE])
def test_analyze_oracles(row):
    _, args, secrets, total, worst, histogram, source = row
    flags = parse_flags(args)
    game = game_of(flags)
    r = cb.analyze(
        game,
        strategy=flags.get("--strategy", "minimax"),
        pool=flags.get("--pool"),
        ties=flags.get("--ties"),
        first_guess=flags.get("--first-guess"),
    )
    assert r.secrets == int(secrets), source
    assert sum(r.histogram.values()) == r.secrets
    assert sum(k * n for k, n in r.histogram.items()) == r.total
    if total != "-":
        assert r.total == int(total), source
        assert r.average == pytest.approx(int(total) / int(secrets))
    if worst.startswith("<="):
        assert r.worst <= int(worst[2:]), source
    else:
        assert r.worst == int(worst), source
    if histogram != "-":
        want = [int(n) for n in histogram.split(",")]
        assert [r.histogram[k] for k in range(1, len(want) + 1)] == want, source
    # The independent checker agrees with the analysis.
    v = cb.verify(game, r.tree)
    assert (v.secrets, v.total, v.worst) == (r.secrets, r.total, r.worst)


@pytest.mark.parametrize("row", OPTIMAL, ids=[r[0] for r in OPTIMAL])
def test_optimal_oracles(row):
    _, args, total, worst, average, _, source = row
    flags = parse_flags(args)
    game = game_of(flags)
    r = cb.optimal(
        game,
        objective=flags.get("--objective", "expected"),
        max_depth=int(flags["--max-depth"]) if "--max-depth" in flags else None,
        pool=flags.get("--pool"),
    )
    if total != "-":
        assert r.total == int(total), source
    if worst != "-":
        assert r.worst == int(worst), source
    if average != "-":
        assert round(r.average, 3) == float(average), source
    assert r.nodes > 0
    v = cb.verify(game, r.tree)
    assert (v.total, v.worst) == (r.total, r.worst)


def test_knuth_5801_and_koyama_lai_5625(mm46):
    knuth = cb.analyze(mm46, strategy="minimax", first_guess="1122")
    assert (knuth.total, knuth.worst) == (5801, 5)
    assert knuth.average == pytest.approx(4.476, abs=5e-4)
    assert knuth.fraction == "5801/1296"
    assert knuth.tree.root.guess == "1122"
    best = cb.optimal(mm46, objective="expected")
    assert (best.total, best.secrets) == (5625, 1296)
    assert best.strategy == "optimal"


def test_optimal_after_an_opener_and_below_a_bound(mm46):
    # 1122 (0011 in the 0-based alphabet) is Knuth's opener: the optimum after it is 5702,
    # above Koyama and Lai's 5625 after 1123.
    after = cb.optimal(mm46, first_guess="1122")
    assert after.tree.root.guess == "1122"
    assert after.total > 5625
    assert cb.optimal(mm46, first_guess="1123").total == 5625
    assert cb.optimal(mm46, bound=5626).total == 5625
    with pytest.raises(ValueError, match="at least 5625"):
        cb.optimal(mm46, bound=5625)
    with pytest.raises(ValueError, match="first_guess"):
        cb.optimal(mm46, first_guess="9999")


def test_optimal_below_a_position_adds_up_to_the_opener(mm46):
    # The positions below 1123 (one per reply), each searched on its own as
    # `codebreak optimal --history` does, add up to the optimum after 1123: 5625.
    after = cb.optimal(mm46, first_guess="1123")
    total = 1  # 1123 itself, when it is the secret
    for reply in after.tree.root.replies:
        position = cb.optimal(mm46, history=f"1123:{reply}")
        # The report counts the move played for each secret of the position.
        total += position.total
    assert total == 5625
    below = cb.optimal(mm46, history=[("1123", "1B1W")])
    assert below.total == cb.optimal(mm46, history="1123:1B1W").total
    with pytest.raises(ValueError, match="1B9W"):
        cb.optimal(mm46, history="1123:1B9W")


def test_every_opener_valued(mm46):
    values = cb.openers(mm46, bound=5800)
    # One opener per symmetry class: 1123 is Koyama and Lai's 5625.
    assert [v["opener"] for v in values][:2] == ["1123", "1234"]
    assert values[0]["total"] == 5625 and values[0]["worst"] == 6
    for v in values:
        after = cb.optimal(mm46, first_guess=v["opener"]).total
        if "total" in v:
            assert v["total"] == after
        else:
            assert 5800 <= v["at_least"] <= after
    with pytest.raises(ValueError, match="objective expected|first guess|bound"):
        cb.openers(mm46, bound=0)
