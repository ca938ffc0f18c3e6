# %% [markdown]
# # Cities of the Silk Road: how many victory points should win?
#
# The rules say the first City-State to 7 hidden victory points wins at once, and the game
# stops after round 40 otherwise (then the most VP wins). A designer asks: **how does the VP
# target trade game length against games that run into the round cap, and does it change the
# first player's edge?** Each target is played on the same seeds by greedy bots (common random
# numbers), so differences between targets are the rules', not the dice's.
#
# This file is the runnable twin of `cities_vp_target.ipynb`:
# `python examples/notebooks/cities_vp_target.py --games 200`. With matplotlib installed it
# draws `cities_vp_target.png`; without it, it prints the same figures as a table.

# %%
import argparse
import sys

import silk

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--games", type=int, default=200, help="games per VP target")
parser.add_argument("--targets", default="5,6,7,8,9", help="VP targets, comma-separated")
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--png", default="cities_vp_target.png", help="where to draw the chart")
args, _ = parser.parse_known_args()  # a notebook's kernel passes its own arguments
targets = [int(t) for t in args.targets.split(",")]

# %% [markdown]
# ## One run per target
# `silk.simulate` runs the lab whole in Rust (the same games as `silk simulate` on the same
# seed); each run's summary is a dict, its records one dict per game.

# %%
runs = {}
for vp in targets:
    runs[vp] = silk.simulate(
        "cities", games=args.games, bots=["greedy"], params={"target_vp": vp}, seed=args.seed
    )
    print(f"target {vp}: {runs[vp].summary['games']} games decided, "
          f"{runs[vp].summary.get('round_cap', 0)} stalled at the round cap", file=sys.stderr)

# %% [markdown]
# ## The figures
# Rounds and the first mover's win rate are over the decided games (a stall, cut at the round
# cap, is no win); the stall share is of every game played; the first mover's win rate comes
# with its 95% Wilson interval (fair share: 1 in 4).

# %%
rows = []
for vp, run in runs.items():
    s = run.summary
    first = s["first_mover"] or {"rate": float("nan"), "lo": float("nan"), "hi": float("nan")}
    rows.append({
        "target_vp": vp,
        "games": s["games"],
        "rounds_mean": s["rounds"]["mean"],
        "rounds_sd": s["rounds"]["sd"],
        "round_cap_share": s.get("round_cap", 0)
        / max(s["games"] + s.get("round_cap", 0) + s["stuck"] + s["unfinished"], 1),
        "first_mover_win": first["rate"],
        "first_lo": first["lo"],
        "first_hi": first["hi"],
    })

print(f"{'VP':>3} {'games':>6} {'rounds (mean ± sd)':>19} {'at round cap':>13} "
      f"{'first mover wins [95%]':>24}")
for r in rows:
    print(f"{r['target_vp']:>3} {r['games']:>6} {r['rounds_mean']:>11.1f} ± {r['rounds_sd']:<5.1f} "
          f"{100 * r['round_cap_share']:>12.0f}% "
          f"{100 * r['first_mover_win']:>9.0f}% [{100 * r['first_lo']:.0f}–{100 * r['first_hi']:.0f}]")

# %% [markdown]
# ## The chart (matplotlib, if installed)

# %%
try:
    import matplotlib

    matplotlib.use("Agg") if "ipykernel" not in sys.modules else None
    import matplotlib.pyplot as plt
except ImportError:
    plt = None
    print("matplotlib is not installed: the table above is the result (pip install matplotlib)")

if plt is not None:
    xs = [r["target_vp"] for r in rows]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    ax1.errorbar(xs, [r["rounds_mean"] for r in rows], yerr=[r["rounds_sd"] for r in rows],
                 marker="o", capsize=4)
    ax1.set(xlabel="VP target", ylabel="rounds (mean ± sd)", title="Game length")
    ax2.plot(xs, [100 * r["round_cap_share"] for r in rows], marker="o", label="ended by round cap")
    ax2.errorbar(xs, [100 * r["first_mover_win"] for r in rows],
                 yerr=[[100 * (r["first_mover_win"] - r["first_lo"]) for r in rows],
                       [100 * (r["first_hi"] - r["first_mover_win"]) for r in rows]],
                 marker="s", capsize=4, label="first mover wins")
    ax2.axhline(25, color="grey", linestyle=":", label="fair share")
    ax2.set(xlabel="VP target", ylabel="% of games", title="Round cap and first-mover edge")
    ax2.legend()
    fig.tight_layout()
    fig.savefig(args.png, dpi=100)
    print(f"wrote {args.png}")

# %% [markdown]
# ## Per game, with pandas (if installed)
# `run.to_pandas()` gives one row per game (metrics flattened), `to_pandas(per="seat")` one
# row per seat with the engine's per-player measures: here, whether winners sell more.

# %%
try:
    import pandas  # noqa: F401
except ImportError:
    pandas = None
if pandas is not None:
    seats = runs[targets[len(targets) // 2]].to_pandas(per="seat")
    means = seats.drop(columns=["index", "seat", "rank"]).groupby(seats["rank"] == 0)
    print(means.mean(numeric_only=True).T.rename(columns={False: "others", True: "winners"}))
