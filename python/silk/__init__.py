"""silk from Python: the engines of Silk Road, Cities of the Silk Road and Splendor, and the
playtest lab, for notebooks and for players written in Python.

    >>> import silk
    >>> g = silk.new_game("splendor", players=3, seed=1)
    >>> g.apply(g.legal_actions()[0])
    >>> g.random_playout(seed=2)  # the hot loop stays in Rust
    >>> run = silk.simulate("cities", games=200, bots=["greedy"], seed=1)
    >>> run.summary["win_by_seat"][0]["rate"]

The lab functions run silk's own commands in this process (the same games as `silk simulate`
on the same seed); a Python callable `choose(view, legal_actions) -> action` may sit in any
seat of `simulate`, `ladder` and `compare`. Details: docs/python.md.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Union

from . import _silk
from ._silk import Game, IllegalAction, SilkError

__all__ = [
    "Game",
    "IllegalAction",
    "SilkError",
    "Run",
    "Result",
    "games",
    "new_game",
    "load_trace",
    "load_run",
    "simulate",
    "compare",
    "sweep",
    "learn",
    "ladder",
    "playtests",
]

Bot = Union[str, Callable[[dict, list], Any]]


def games() -> List[str]:
    """The names of the games silk plays (`silk games`)."""
    return [name for name, _ in _silk.games()]


def new_game(
    game: str,
    players: Optional[int] = None,
    modules: Optional[Sequence[str]] = None,
    seed: int = 1,
    params: Optional[Mapping[str, Any]] = None,
) -> Game:
    """A new game of `game` for `players` (the game's default if None), set up from `seed`.

    `modules` are Splendor's Cities of Splendor modules; `params` changes any value of the
    game's config by its path or a unique tail of it, as `silk --set PATH=VALUE` does
    (`silk rules GAME` shows them). Raises SilkError on an unknown game or parameter.
    """
    changes = dict(params or {})
    if modules is not None:
        changes["modules"] = [m.strip().lower() for m in modules if m.strip()]
    return _silk.new_game(game, players, changes, seed)


def load_trace(path: Union[str, os.PathLike]) -> Game:
    """The game a trace file records (docs/traces.md), played back to its end: each decision
    checked by the engine, each recorded draw of chance imposed. Raises SilkError when the
    trace does not play back, naming the place."""
    return _silk.load_trace(os.fspath(path))


class Result:
    """What a lab command gave: `summary` (the command's JSON document, a dict) and `records`
    (one dict per game, where the command keeps them)."""

    def __init__(self, summary: dict, records: Optional[List[dict]] = None):
        self.summary = summary
        self.records = records if records is not None else []

    def to_pandas(self, per: str = "game"):
        """The records as a pandas DataFrame (pandas is needed for this alone): one row per
        game (`per="game"`; nested fields flattened as `metrics.gems.taken`), or one row per
        seat of each game (`per="seat"`: index, seat, bot, rank, score and the engine's
        per-player measures)."""
        try:
            import pandas as pd
        except ImportError as e:  # pragma: no cover - depends on the machine
            raise ImportError("to_pandas needs pandas: pip install pandas") from e
        if per == "game":
            return pd.json_normalize(self.records, sep="|").rename(
                columns=lambda c: c.replace("|", ".")
            )
        if per == "seat":
            rows = []
            for r in self.records:
                for seat, p in enumerate(r.get("players", [])):
                    row = {"index": r["index"], "seat": seat, "bot": p["bot"],
                           "rank": p["rank"], "score": p["score"]}
                    row.update(p.get("measures", {}))
                    rows.append(row)
            return pd.DataFrame(rows)
        raise ValueError('per is "game" or "seat"')

    def __repr__(self) -> str:
        return f"<silk.{type(self).__name__}: {len(self.records)} records>"


class Run(Result):
    """A simulated run: `spec` (run.json: game, config, bots, seed, games), `summary`
    (summary.json: win rates with 95% intervals, lengths, metrics, forfeits…) and `records`
    (games.jsonl: one dict per game, in index order)."""

    def __init__(self, spec: dict, summary: dict, records: List[dict]):
        super().__init__(summary, records)
        self.spec = spec


def load_run(path: Union[str, os.PathLike]) -> Run:
    """A run directory written by `silk simulate --out DIR` (or `silk lab merge`)."""
    d = Path(path)
    spec = json.loads((d / "run.json").read_text(encoding="utf-8"))
    summary_file = d / "summary.json"
    summary = (
        json.loads(summary_file.read_text(encoding="utf-8")) if summary_file.exists() else {}
    )
    records = []
    with open(d / "games.jsonl", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                records.append(json.loads(line))
    return Run(spec, summary, records)


def _name_of(choose: Callable, taken: List[str]) -> str:
    base = getattr(choose, "__name__", None) or type(choose).__name__
    base = "py:" + "".join(c if c.isalnum() or c in "_-." else "_" for c in base)
    name, k = base, 2
    while name in taken:
        name, k = f"{base}{k}", k + 1
    return name


class _Seats:
    """Bot names for a command: Python callables registered as `py:NAME` while it runs."""

    def __init__(self, bots: Optional[Sequence[Bot]]):
        self.names: List[str] = []
        self._registrations = []
        for b in bots or []:
            if isinstance(b, str):
                if "," in b:
                    raise ValueError(f"a bot name cannot hold a comma: {b!r}")
                self.names.append(b)
            elif callable(b):
                name = _name_of(b, self.names)
                self._registrations.append(_silk.register(name, b))
                self.names.append(name)
            else:
                raise TypeError(f"a bot is a name or a callable, not {type(b).__name__}")

    def bots(self) -> Dict[str, Any]:
        """The call's `bots`, or nothing when no bot is named (the command's default seats)."""
        return {"bots": self.names} if self.names else {}

    def __enter__(self) -> "_Seats":
        return self

    def __exit__(self, *exc) -> None:
        for r in self._registrations:
            r.close()


def _config(
    players: Optional[int],
    modules: Optional[Sequence[str]],
    params: Optional[Mapping[str, Any]],
) -> Dict[str, Any]:
    """The game's config as a call's fields: players, modules, parameters."""
    fields: Dict[str, Any] = {}
    if players is not None:
        fields["players"] = players
    data: Dict[str, Any] = {}
    if modules is not None:
        data["modules"] = list(modules) or ["none"]
    if params:
        data["sets"] = [f"{path}={json.dumps(value)}" for path, value in params.items()]
    if data:
        fields["data"] = data
    return fields


def _common(
    players: Optional[int],
    modules: Optional[Sequence[str]],
    params: Optional[Mapping[str, Any]],
    seed: int,
    threads: int,
    bot_time: Optional[int],
) -> Dict[str, Any]:
    fields = {"seed": seed, "threads": threads, **_config(players, modules, params)}
    if bot_time is not None:
        fields["bot_time_ms"] = bot_time
    return fields


def _run(
    command: str,
    fields: Dict[str, Any],
    progress: bool,
    total: int = 0,
    watch: Optional[Path] = None,
) -> dict:
    """Runs the lab's `command` with `fields` in-process (the same work as `silk COMMAND`), on
    a thread when progress is shown: a bar counts the records written to `watch` (tqdm's when
    installed, else a line on stderr)."""
    request = json.dumps({command: fields})
    if not progress:
        return json.loads(_silk.call(request))
    done: Dict[str, Any] = {}

    def work() -> None:
        try:
            done["out"] = _silk.call(request)
        except BaseException as e:  # handed back to the caller's thread
            done["error"] = e

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    bar = None
    try:
        from tqdm.auto import tqdm

        bar = tqdm(total=total or None, unit="games")
    except ImportError:
        pass
    start, shown = time.monotonic(), 0
    while worker.is_alive():
        worker.join(0.25)
        count = _lines(watch) if watch is not None else 0
        if bar is not None:
            bar.update(count - shown)
        else:
            what = f"{count}/{total} games" if watch is not None else "running"
            print(f"\r{what}, {time.monotonic() - start:.0f} s", end="", file=sys.stderr)
        shown = count
    if bar is not None:
        bar.update((total or shown) - shown)
        bar.close()
    else:
        print(file=sys.stderr)
    if "error" in done:
        raise done["error"]
    return json.loads(done["out"])


def _lines(path: Path) -> int:
    try:
        with open(path, "rb") as f:
            return sum(1 for _ in f)
    except OSError:
        return 0


def simulate(
    game: str,
    games: int = 1000,
    bots: Optional[Sequence[Bot]] = None,
    players: Optional[int] = None,
    modules: Optional[Sequence[str]] = None,
    params: Optional[Mapping[str, Any]] = None,
    seed: int = 1,
    threads: int = 0,
    max_decisions: Optional[int] = None,
    rotate: bool = True,
    bot_time: Optional[int] = None,
    out: Optional[Union[str, os.PathLike]] = None,
    progress: bool = False,
) -> Run:
    """`silk simulate`: `games` games of `game`, the same games as the command on the same seed.

    `bots`: one name (or callable) for every seat, or one per seat (names: `silk play --help`;
    a callable `choose(view, legal_actions)` returns an index into `legal_actions` or one of
    them; `cmd:PROGRAM` runs an external program). Different bots move round the table unless
    `rotate=False`. `out`: keep the run directory there (otherwise a temporary one is read
    and removed). `progress`: a progress bar while it runs. Returns a `Run`.
    """
    keep = out is not None
    d = Path(out) if keep else Path(tempfile.mkdtemp(prefix="silk-run-"))
    try:
        with _Seats(bots) as seats:
            fields = {"game": game, "games": games, "out": str(d), **seats.bots()}
            if not keep:
                fields["force"] = True  # the temporary directory exists, empty
            if max_decisions is not None:
                fields["max_decisions"] = max_decisions
            if not rotate:
                fields["no_rotate"] = True
            fields.update(_common(players, modules, params, seed, threads, bot_time))
            _run("simulate", fields, progress, games, d / "games.jsonl")
        return load_run(d)
    finally:
        if not keep:
            shutil.rmtree(d, ignore_errors=True)


def _variant(name: str, changes: Union[str, os.PathLike, Mapping[str, Any]]) -> str:
    if isinstance(changes, Mapping):
        parts = []
        for k, v in changes.items():
            text = f"{k}={json.dumps(v)}"
            if "," in text:
                raise ValueError(
                    f"variant {name}: {text!r} holds a comma; give a config file instead"
                )
            parts.append(text)
        return f"{name}={','.join(parts)}"
    return f"{name}={os.fspath(changes)}"


def compare(
    game: str,
    variants: Mapping[str, Union[str, os.PathLike, Mapping[str, Any]]],
    games: int = 1000,
    bots: Optional[Sequence[Bot]] = None,
    players: Optional[int] = None,
    modules: Optional[Sequence[str]] = None,
    params: Optional[Mapping[str, Any]] = None,
    seed: int = 1,
    threads: int = 0,
    winners: Optional[Sequence[str]] = None,
    bot_time: Optional[int] = None,
    progress: bool = False,
) -> Result:
    """`silk compare GAME --variant …`: the game's config and each variant on the same seeds,
    every measure with its 95% interval and each variant's paired difference from the base.

    `variants`: name -> changes to the base config (`{"attacks_per_turn": 1}`) or a config
    file. `winners`: per-player measures to compare as winners versus others. The result's
    `summary` is the command's JSON document.
    """
    with _Seats(bots) as seats:
        fields = {
            "game": game,
            "games": games,
            "variants": [_variant(name, changes) for name, changes in variants.items()],
            "winners": list(winners or []),
            **seats.bots(),
            **_common(players, modules, params, seed, threads, bot_time),
        }
        return Result(_run("compare", fields, progress))


def sweep(
    game: str,
    param: str,
    values: Sequence[Any],
    param2: Optional[str] = None,
    values2: Optional[Sequence[Any]] = None,
    games: int = 1000,
    bots: Optional[Sequence[str]] = None,
    players: Optional[int] = None,
    modules: Optional[Sequence[str]] = None,
    params: Optional[Mapping[str, Any]] = None,
    seed: int = 1,
    threads: int = 0,
    progress: bool = False,
) -> Result:
    """`silk sweep`: the same simulation for each value of one parameter (or each pair of
    values of two), side by side. The result's `summary` is the command's JSON document."""
    with _Seats(bots) as seats:
        swept = [[param, [json.dumps(v) for v in values]]]
        if param2 is not None:
            swept.append([param2, [json.dumps(v) for v in values2 or []]])
        fields = {
            "game": game,
            "games": games,
            "params": swept,
            **seats.bots(),
            **_common(players, modules, params, seed, threads, None),
        }
        return Result(_run("sweep", fields, progress))


def ladder(
    game: str,
    bots: Sequence[Bot],
    games: int = 200,
    players: Optional[int] = None,
    modules: Optional[Sequence[str]] = None,
    params: Optional[Mapping[str, Any]] = None,
    seed: int = 1,
    threads: int = 0,
    bot_time: Optional[int] = None,
    progress: bool = False,
) -> Result:
    """`silk ladder`: a round-robin of `bots` (names or callables), `games` games per pair;
    the result's `summary` holds the ratings (Elo scale, 95% intervals), the pairings, each
    bot's time per decision and the games forfeited."""
    with _Seats(bots) as seats:
        fields = {
            "game": game,
            "bots": seats.names,
            "games": games,
            **_common(players, modules, params, seed, threads, bot_time),
        }
        return Result(_run("ladder", fields, progress))


def learn(
    game: str,
    bots: Sequence[Bot] = ("greedy",),
    games: int = 2000,
    players: Optional[int] = None,
    modules: Optional[Sequence[str]] = None,
    params: Optional[Mapping[str, Any]] = None,
    seed: int = 1,
    every: int = 10,
    out: Optional[Union[str, os.PathLike]] = None,
    force: bool = False,
) -> Result:
    """`silk learn`: which of the game's features predict the winner among `bots` (names or
    callables), as a value (weights with standard errors) checked on held-out games; the
    result's `summary` holds `value` (the value file) and `in_use` (the bundled value's figures
    on the same games). `out` writes the value file (refused if it exists, unless `force`)."""
    with _Seats(bots) as seats:
        fields = {
            "game": game,
            "bots": seats.names,
            "games": games,
            "seed": seed,
            "every": every,
            **_config(players, modules, params),
        }
        if out is not None:
            fields.update(out=os.fspath(out), force=force)
        return Result(_run("learn", fields, False))


def playtests(path: Union[str, os.PathLike], game: Optional[str] = None) -> Result:
    """`silk playtests DIR`: the games people played (the playtest records `silk play` keeps)
    read as a lab run. The result's `summary` holds the book (decided and stalled games, wins
    by player with exact 95% intervals, length, table minutes by the records' clock) and
    `records` one dict per game (its file, who sat where, how it ended, the lab's record)."""
    fields: Dict[str, Any] = {"dir": os.fspath(path)}
    if game is not None:
        fields["game"] = game
    book = _run("playtests", fields, False)
    return Result(book, book.get("records", []))
