"""Shared helpers: the repository's folders, the French article's games written in Python,
and the project's oracle files read as Python calls."""

import collections
import itertools
import os
import pathlib
import shlex

import pytest

import codebreak as cb

REPO = pathlib.Path(__file__).resolve().parents[2]
GAMES = REPO / "examples" / "games"
DATA = REPO / "tests" / "data"

Pegs = collections.namedtuple("Pegs", "black white")
Comparison = collections.namedtuple("Comparison", "less greater equal")


def mastermind_score(g1, g2):
    """The French article's scoring function (seed 002), as it wrote it."""
    matching = len(set(g1) & set(g2))
    blacks = sum(1 for v1, v2 in zip(g1, g2) if v1 == v2)
    return Pegs(blacks, matching - blacks)


def medium_game():
    """The article's medium game: guesses may repeat a colour, secrets may not."""
    colours = ("Yellow", "Blue", "Green", "Red", "Orange", "Purple")
    guesses = list(itertools.product(colours, repeat=4))
    secrets = list(itertools.permutations(colours, 4))
    return cb.Game.custom(guesses, secrets, mastermind_score, name="medium game")


def twod_score(x, y):
    """The article's twoD scorer."""
    return Comparison(
        all(a <= b for a, b in zip(x, y)),
        all(a >= b for a, b in zip(x, y)),
        x == y,
    )


def twod_game():
    points = sorted(itertools.product(range(5), repeat=2))
    return cb.Game.custom(points, points, twod_score, name="twoD")


@pytest.fixture(scope="session")
def medium():
    return medium_game()


@pytest.fixture(scope="session")
def twod():
    return twod_game()


@pytest.fixture(scope="session")
def mm46():
    return cb.Game.mastermind(pegs=4, colors=6, alphabet="123456")


# --- the project's oracle files (tests/data), read as calls of the package ------------------

GAME_FLAGS = {"--game", "--pegs", "--colors", "--alphabet", "--order", "--distinct-secret", "--distinct-guess", "--size"}


def parse_flags(args):
    """`--name value` / `--flag` pairs of a command line, as a dict (flags map to True)."""
    words = shlex.split(args)
    out = {}
    i = 0
    while i < len(words):
        name = words[i]
        assert name.startswith("--"), args
        if name == "--set":
            # Repeatable: constants of a game file, NAME=VALUE each.
            key, value = words[i + 1].split("=", 1)
            out.setdefault("--set", {})[key] = value
            i += 2
        elif i + 1 < len(words) and not words[i + 1].startswith("--"):
            out[name] = words[i + 1]
            i += 2
        else:
            out[name] = True
            i += 1
    return out


def game_of(flags):
    """The game a command line's game flags name, made with the package."""
    if "--game-file" in flags:
        # The oracle files name game files from the CLI crate's folder.
        path = str((REPO / "crates" / "cli" / flags["--game-file"]).resolve())
        return cb.Game.from_file(path, set=flags.get("--set"))
    kind = flags.get("--game", "mastermind")
    pegs = int(flags["--pegs"]) if "--pegs" in flags else None
    colors = int(flags["--colors"]) if "--colors" in flags else None
    order = flags.get("--order", "lex")
    if kind in ("mastermind", "mm"):
        return cb.Game.mastermind(
            pegs=pegs,
            colors=colors,
            distinct_secret=bool(flags.get("--distinct-secret")),
            distinct_guess=bool(flags.get("--distinct-guess")),
            alphabet=flags.get("--alphabet"),
            order=order,
        )
    if kind == "bulls":
        return cb.Game.bulls(pegs=pegs, digits=colors, alphabet=flags.get("--alphabet"), order=order)
    if kind == "twod":
        return cb.Game.twod(size=int(flags["--size"]) if "--size" in flags else None)
    raise AssertionError(f"game {kind} not mapped")


def oracle_rows(name):
    """The rows of a tab-separated oracle file, comments skipped."""
    rows = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        rows.append(line.split("\t"))
    return rows


def wordle_folder():
    """alex1770/wordle's trees: $CODEBREAK_WORDLE, ../shared/wordle, /work/shared/wordle."""
    for d in (os.environ.get("CODEBREAK_WORDLE"), REPO.parent.parent / "shared" / "wordle", REPO.parent / "shared" / "wordle", "/work/shared/wordle"):
        if d and (pathlib.Path(d) / "README.md").is_file():
            return pathlib.Path(d)
    return None
