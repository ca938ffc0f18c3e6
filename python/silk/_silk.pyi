"""Type hints of silk._silk, the extension module (crates/py). Use it through `silk`."""

from typing import Any, Callable, List, Mapping, Optional, Tuple, Union

Action = Union[dict, int, str]

class IllegalAction(ValueError):
    """An action the rules refuse: the game is unchanged; the message is the engine's reason."""

class SilkError(Exception):
    """Bad input: an unknown game or bot, a parameter the config lacks, an unreadable file."""

class Game:
    """A game in play. Actions are dicts in a trace's format (docs/traces.md); `apply` also
    takes an index into `legal_actions()` or an action as the terminal writes it."""

    @property
    def name(self) -> str: ...
    @property
    def players(self) -> int: ...
    def to_move(self) -> Union[int, List[int], None]:
        """The seat to decide, the seats deciding together, or None once over."""
    def legal_actions(self, seat: Optional[int] = None) -> List[dict]:
        """The legal actions of `seat` (default: the seat to move)."""
    def legal_texts(self, seat: Optional[int] = None) -> List[str]:
        """The same actions as the terminal writes them."""
    def apply(self, action: Action, seat: Optional[int] = None) -> None:
        """Plays `action`; raises IllegalAction (the game unchanged) when the rules refuse it."""
    def view(self, seat: int) -> dict:
        """What `seat` may know: the engine's view, nothing hidden from that seat."""
    def view_text(self, seat: int) -> str: ...
    def clone(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def is_over(self) -> bool: ...
    def result(self) -> Optional[dict]:
        """`end`, `winners`, `scores`, `ranks` and the engine's details, once over."""
    def trace(self) -> dict:
        """The game so far as an open trace."""
    def random_playout(self, seed: int = 0, max_decisions: int = 1_000_000) -> int:
        """Random legal actions to the end, in Rust; the decisions played."""
    def config(self) -> dict: ...
    def rules(self) -> str: ...

class Registration:
    def close(self) -> None: ...

def games() -> List[Tuple[str, str]]: ...
def new_game(
    game: str,
    players: Optional[int] = None,
    params: Optional[Mapping[str, Any]] = None,
    seed: int = 1,
) -> Game: ...
def load_trace(path: str) -> Game: ...
def call(request: str) -> str:
    """Runs one of the lab's calls in-process (JSON `{"simulate": {...}}`, …): the JSON it
    writes."""
def register(name: str, choose: Callable[[dict, List[dict]], Any]) -> Registration: ...
