"""Notebook-style: the strategies' histograms side by side, with matplotlib.

Each cell (# %%) can be run on its own in Jupyter or VS Code; as a script it writes
strategies.png next to the current directory. Run after `pip install ./python matplotlib`.
"""

# %% The game and the strategies
import sys

import codebreak as cb

game = cb.Game.mastermind(pegs=4, colors=6)
names = [s["name"] for s in cb.strategies()]
reports = {}
for name in names:
    try:
        reports[name] = cb.analyze(game, strategy=name)
    except ValueError as e:  # a strategy that does not apply to the game
        print(f"{name}: {e}")

# %% The figures as a table
print(f"{'strategy':15} {'total':>6} {'average':>8} {'worst':>5}  histogram")
for name, r in reports.items():
    print(f"{name:15} {r.total:6} {r.average:8.4f} {r.worst:5}  {r.histogram}")

# %% The optimum, for reference
best = cb.optimal(game)
reports["optimal"] = best
print(f"optimal: {best.total} ({best.average:.4f}), worst {best.worst}")

# %% The plot (skipped without matplotlib)
try:
    import matplotlib

    matplotlib.use("Agg" if "ipykernel" not in sys.modules else matplotlib.get_backend())
    import matplotlib.pyplot as plt
except ImportError:
    print("matplotlib is not installed: pip install matplotlib to draw the histograms")
    sys.exit(0)

worst = max(r.worst for r in reports.values())
width = 0.8 / len(reports)
fig, ax = plt.subplots(figsize=(10, 5))
for i, (name, r) in enumerate(reports.items()):
    xs = [k + (i - (len(reports) - 1) / 2) * width for k in range(1, worst + 1)]
    ax.bar(xs, [r.histogram.get(k, 0) for k in range(1, worst + 1)], width,
           label=f"{name} ({r.average:.3f})")
ax.set_xlabel("guesses")
ax.set_ylabel("secrets")
ax.set_title(f"{game.name}: secrets by number of guesses")
ax.legend()
fig.tight_layout()
fig.savefig("strategies.png", dpi=120)
print("wrote strategies.png")
