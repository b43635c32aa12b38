"""The French article's session (seed 002), written with the codebreak package.

The article builds a little language for guessing games in Python: a game is its guesses G,
its secrets V, a scoring function and the replies that end it; a greedy entropy solver; the
distribution of solution lengths; a branch-and-bound proof of the least worst case; and twoD, a
game of its own. Here is the same session, with codebreak's engine doing the work.

Run: python examples/python/french_article.py   (after `pip install ./python`)
"""

import collections
import itertools
import pathlib

import codebreak as cb

GAMES = pathlib.Path(__file__).resolve().parents[1] / "games"

# --- the medium game: guesses may repeat a colour, the secret may not -----------------------

Pegs = collections.namedtuple("Pegs", "black white")


def mastermind_score(g1, g2):
    matching = len(set(g1) & set(g2))
    blacks = sum(1 for v1, v2 in zip(g1, g2) if v1 == v2)
    return Pegs(blacks, matching - blacks)


def mastermind(colours, holes):
    return cb.Game.custom(
        guesses=itertools.product(colours, repeat=holes),
        secrets=itertools.permutations(colours, holes),
        score=mastermind_score,
        name=f"mastermind {holes} of {len(colours)}",
    )


def medium_game():
    return mastermind(("Yellow", "Blue", "Green", "Red", "Orange", "Purple"), 4)


medium = medium_game()
print(f"{medium.name}: {len(medium.guesses)} guesses, {len(medium.secrets)} secrets, "
      f"{len(medium.replies)} replies, ends on {medium.win}")

# The greedy entropy solver against one secret, step by step (the article's `solver`).
solver = cb.Solver(medium, strategy="entropy")
secret = ("Red", "Orange", "Blue", "Yellow")
while (guess := solver.guess()) is not None:
    reply = medium.score(guess, secret)
    print(f"  {' '.join(guess):32} -> {reply}")
    solver.tell(reply)

# The whole lazy solution tree: worst case and length distribution.
entropy = cb.analyze(medium, strategy="entropy")
print(f"first guess {entropy.tree.root.guess}: the most informative opening uses half the colours")
print(f"worst case {entropy.worst} guesses; distribution {entropy.histogram}")
# The article: 7 cases take 2 steps; 55 take 3; 229 take 4; 69 take the maximum of 5.
assert entropy.histogram == {1: 0, 2: 7, 3: 55, 4: 229, 5: 69}

# A longest solution (the article's worstCaseSolution), walking the tree lazily.


def longest(node):
    best = [(node.guess, medium.win)]
    for reply, child in node.children.items():
        path = [(node.guess, reply)] + longest(child)
        if len(path) > len(best):
            best = path
    return best


print("a longest game:", " / ".join(f"{' '.join(g)}: {tuple(r)}" for g, r in longest(entropy.tree.root)))

# The least worst case, by branch and bound (solutionExists / lowerBoundOnWorstCaseSolution):
# try 1, 2, ... guesses until a strategy exists. Below entropy's worst case each limit is
# proved impossible; at it, entropy's own tree is the strategy, so the search can stop there.
for steps in itertools.count(1):
    if steps == entropy.worst:
        print(f"least worst case: {steps} guesses, which greedy entropy reaches: it is optimal "
              f"for the worst case")
        break
    try:
        cb.optimal(medium, max_depth=steps)
    except cb.Infeasible as e:
        print(f"  {steps} guesses: impossible ({e})")
        continue
    print(f"least worst case: {steps} guesses, fewer than greedy entropy's {entropy.worst}")
    break

# --- twoD: greedy is not always best ---------------------------------------------------------

Comparison = collections.namedtuple("Comparison", "less greater equal")


def twod_score(x, y):
    return Comparison(all(a <= b for a, b in zip(x, y)), all(a >= b for a, b in zip(x, y)), x == y)


points = sorted(itertools.product(range(5), repeat=2))
twod = cb.Game.custom(points, points, twod_score, name="twoD")
greedy = cb.analyze(twod, strategy="entropy")
best = cb.optimal(twod, objective="worst")
print(f"twoD: greedy entropy worst case {greedy.worst}, optimal worst case {best.worst}")
assert (greedy.worst, best.worst) == (5, 4)
print("an optimal twoD tree:")
print(best.tree.write("paths"))

# The same game from its game file, and the independent checker on the optimal tree.
from_file = cb.Game.from_file(GAMES / "twod.toml")
print("twod.toml:", cb.analyze(from_file, strategy="entropy").worst, "greedy,",
      cb.optimal(from_file, objective="worst").worst, "optimal")
print("verified:", cb.verify(twod, best.tree))

# What the article could not do in Python: MM(5,8) with every secret.
mm58 = cb.Game.mastermind(pegs=5, colors=8)
r = cb.analyze(mm58, strategy="entropy")
print(f"MM(5,8) entropy over {r.secrets} secrets: average {r.average:.4f}, worst {r.worst}, "
      f"in {r.seconds:.1f} s")
