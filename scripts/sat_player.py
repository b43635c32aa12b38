"""A re-implementation of the SAT-based Mastermind player that issue 13's 10.5-guess target
cites (Bohlender, "Playing Hard Mastermind Games with a SAT-based AI", 2020), written from the
post's description to check that figure: every guess is whatever model the solver returns
for "fits every reply so far".

Encoding, as the post describes it: a Boolean per (position, colour) with exactly one true
per position; per reply, a flag per position for a black peg (with a pseudo-Boolean count
equal to the blacks) and a flag per (guess position, secret position) pair for a white peg,
matched greedily with lower positions first (with a count equal to the whites). The solver is
z3's finite-domain solver (`SolverFor("QF_FD")`), as in the post.

    python sat_player.py PEGS COLOURS GAMES [random|even|all] [--seed S] [--verbose]

`random` draws secrets uniformly (seeded), `even` takes GAMES secrets evenly spaced over all
codes in lexicographic order (the post's choice above a few seconds per game), `all` plays
every code. Prints one line per game, then a summary line.
"""

import argparse
import math
import random
import sys
import time

from z3 import And, Bool, Not, PbEq, SolverFor, is_true, sat


def reply(secret, guess):
    """Black and white pegs of `guess` against `secret`."""
    black = sum(a == b for a, b in zip(secret, guess))
    both = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return black, both - black


class SatPlayer:
    """Guesses any code that fits the replies so far, as the solver's model gives it."""

    def __init__(self, pegs, colours):
        self.pegs, self.colours = pegs, colours
        self.solver = SolverFor("QF_FD")
        self.at = [[Bool(f"at_{p}_{c}") for c in range(colours)] for p in range(pegs)]
        for row in self.at:
            self.solver.add(PbEq([(x, 1) for x in row], 1))
        self.turn = 0

    def guess(self):
        if self.solver.check() != sat:
            # Old z3 versions have been seen to fail incrementally; start a fresh solver.
            fresh = SolverFor("QF_FD")
            fresh.add(self.solver.assertions())
            self.solver = fresh
            if self.solver.check() != sat:
                raise RuntimeError("no code fits the replies")
        model = self.solver.model()
        return [
            next(c for c in range(self.colours)
                 if is_true(model.eval(self.at[p][c], model_completion=True)))
            for p in range(self.pegs)
        ]

    def learn(self, guess, black, white):
        self.turn += 1
        n, t = self.pegs, self.turn
        exact = [Bool(f"black_{t}_{p}") for p in range(n)]
        for p in range(n):
            self.solver.add(exact[p] == self.at[p][guess[p]])
        self.solver.add(PbEq([(x, 1) for x in exact], black))
        moved = {(g, s): Bool(f"white_{t}_{g}_{s}")
                 for g in range(n) for s in range(n) if g != s}
        for (g, s), flag in moved.items():
            # Guess peg g is matched to secret peg s when both are free of black pegs, the
            # colours agree, no earlier guess peg took s, and g took no earlier secret peg.
            terms = [Not(exact[g]), Not(exact[s]), self.at[s][guess[g]]]
            terms += [Not(moved[(e, s)]) for e in range(g) if e != s]
            terms += [Not(moved[(g, e)]) for e in range(s) if e != g]
            self.solver.add(flag == And(terms))
        self.solver.add(PbEq([(x, 1) for x in moved.values()], white))


def secrets(pegs, colours, games, how, seed):
    total = colours ** pegs
    rng = random.Random(seed)
    for i in range(games):
        if how == "random":
            yield [rng.randrange(colours) for _ in range(pegs)]
            continue
        index = i if how == "all" else i * (total // games)
        digits = []
        for _ in range(pegs):
            index, d = divmod(index, colours)
            digits.append(d)
        yield digits[::-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pegs", type=int)
    parser.add_argument("colours", type=int)
    parser.add_argument("games", type=int)
    parser.add_argument("how", nargs="?", default="random", choices=["random", "even", "all"])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    games = args.colours ** args.pegs if args.how == "all" else args.games
    lengths, start = [], time.time()
    for i, secret in enumerate(secrets(args.pegs, args.colours, games, args.how, args.seed)):
        player = SatPlayer(args.pegs, args.colours)
        history = []
        while True:
            guess = player.guess()
            # Every guess must fit every reply so far: a check of the encoding.
            for old, old_reply in history:
                if reply(guess, old) != old_reply:
                    raise RuntimeError(f"guess {guess} does not fit {old} -> {old_reply}")
            black, white = reply(secret, guess)
            history.append((guess, (black, white)))
            if args.verbose:
                print("   ", "".join(map(str, guess)), black, white)
            if black == args.pegs:
                break
            player.learn(guess, black, white)
        lengths.append(player.turn + 1)
        print(f"game {i}: {lengths[-1]} guesses", flush=True)
    n = len(lengths)
    mean = sum(lengths) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / max(n - 1, 1))
    print(f"sat player, {args.pegs} pegs x {args.colours} colours, {n} games ({args.how}): "
          f"{mean:.3f} guesses on average (95% CI {mean - 1.96 * sd / math.sqrt(n):.2f} to "
          f"{mean + 1.96 * sd / math.sqrt(n):.2f}), worst {max(lengths)}, "
          f"{(time.time() - start) / n:.2f} s per game")


if __name__ == "__main__":
    sys.exit(main())
