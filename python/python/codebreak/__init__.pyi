"""Type stubs of codebreak (the native module codebreak._codebreak)."""

from os import PathLike
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Sequence, Tuple, Union

__version__: str

Code = Hashable
"""A code: text in the game's notation ("1122", "salet"), or a custom game's Python value."""
Reply = Hashable
"""A reply: text in the game's notation ("1B2W", "1A2B", "GYBBG"), or a custom game's value."""
History = Union[str, Iterable[Tuple[Code, Reply]]]
"""Moves: [(guess, reply), ...], or text such as "1122:1B0W,3456:0B2W"."""

class Contradiction(ValueError):
    """Replies that no secret gives all at once."""

    contradiction: Dict[str, Any]
    """The contradiction, one shape for every game: error, clues, conflict (the fewest clues
    found that contradict each other, from 1), quality, moves, diagnosis (listed games)."""
    diagnosis: Dict[str, Any]
    """On a listed game the fewest answers that must change and what they could have been
    (answers from 1); on a game too large to list the whole contradiction."""

class Infeasible(RuntimeError):
    """No strategy finds every secret within optimal()'s max_depth."""

class Game:
    """A validated game: listed (with its engine), or, for Mastermind, black-peg and Bulls
    and Cows games too large to list, reasoned about from the clues (``exact`` is False;
    ``hint`` and ``score`` work alike, calls that need every code listed raise ValueError)."""

    @staticmethod
    def mastermind(
        pegs: Optional[int] = None,
        colors: Optional[int] = None,
        distinct_secret: bool = False,
        distinct_guess: bool = False,
        alphabet: Optional[str] = None,
        order: str = "lex",
    ) -> Game: ...
    @staticmethod
    def blackpeg(
        pegs: Optional[int] = None,
        colors: Optional[int] = None,
        distinct_secret: bool = False,
        distinct_guess: bool = False,
        alphabet: Optional[str] = None,
        order: str = "lex",
    ) -> Game: ...
    @staticmethod
    def bulls(
        pegs: Optional[int] = None,
        digits: Optional[int] = None,
        alphabet: Optional[str] = None,
        order: str = "lex",
    ) -> Game: ...
    @staticmethod
    def twod(size: Optional[int] = None) -> Game: ...
    @staticmethod
    def wordle(
        guesses: Optional[Sequence[str]] = None,
        secrets: Optional[Sequence[str]] = None,
        hard: bool = False,
    ) -> Game: ...
    @staticmethod
    def from_file(path: Union[str, PathLike[str]], hard: bool = False) -> Game: ...
    @staticmethod
    def custom(
        guesses: Iterable[Hashable],
        secrets: Iterable[Hashable],
        score: Union[Callable[[Any, Any], Hashable], Sequence[Sequence[Hashable]], Any],
        end: str = "guess",
        name: Optional[str] = None,
        progress: Optional[bool] = None,
    ) -> Game:
        """score(guess, secret) -> hashable reply, called once per pair; or the table itself
        (rows by guess, columns by secret; a NumPy array is accepted). end: "guess" or "known"."""
    @property
    def name(self) -> str: ...
    @property
    def exact(self) -> bool: ...
    @property
    def end(self) -> str: ...
    @property
    def guesses(self) -> List[Code]: ...
    @property
    def secrets(self) -> List[Code]: ...
    @property
    def replies(self) -> List[Reply]: ...
    @property
    def win(self) -> Optional[Reply]: ...
    @property
    def spec(self) -> Dict[str, Any]: ...
    def score(self, guess: Code, secret: Code) -> Reply: ...
    def analyze(
        self,
        strategy: Optional[str] = None,
        pool: Optional[str] = None,
        first_guess: Optional[Code] = None,
        ties: Optional[str] = None,
        seed: Optional[int] = None,
        sample: Union[int, str, None] = None,
        secrets: Optional[int] = None,
        fit_sample: Optional[int] = None,
        force: bool = False,
    ) -> Report:
        """``analyze(self, ...)``: every secret of a listed game, ``secrets`` random ones of a
        game too large to list."""
    def random_secret(self, seed: Optional[int] = None) -> Code: ...

class HugeGame:
    """Deprecated (its constructors emit a DeprecationWarning): use ``Game``, whose
    ``Game.mastermind(pegs=16, colors=6)`` is a game too large to list with ``hint``,
    ``Solver``, ``analyze(secrets=N)`` and ``random_secret``. Histories are text
    (``"GUESS REPLY"`` or ``GUESS:REPLY`` moves separated by commas or lines) or lists of
    (guess, reply) pairs; reports are the dicts ``codebreak hint --json`` and
    ``codebreak analyze --sample N --json`` print."""

    @staticmethod
    def mastermind(
        pegs: int, colors: int, distinct: bool = False, alphabet: Optional[str] = None
    ) -> HugeGame: ...
    @staticmethod
    def blackpeg(
        pegs: int, colors: int, distinct: bool = False, alphabet: Optional[str] = None
    ) -> HugeGame: ...
    @staticmethod
    def bulls(pegs: int, digits: int, alphabet: Optional[str] = None) -> HugeGame: ...
    @property
    def log10_secrets(self) -> float: ...
    def score(self, guess: str, secret: str) -> str: ...
    def hint(
        self,
        history: Union[str, Sequence[Tuple[Any, Any]], None] = None,
        show: int = 10,
        strategy: Optional[str] = None,
        fit_sample: int = 400,
        seed: int = 0,
        find_time: float = 60.0,
    ) -> Dict[str, Any]: ...
    def analyze(
        self,
        secrets: int = 20,
        seed: int = 0,
        strategy: Optional[str] = None,
        fit_sample: int = 400,
    ) -> Dict[str, Any]: ...
    def random_secret(self, seed: int = 0) -> str: ...
    def moves(self, history: Union[str, Sequence[Tuple[Any, Any]]]) -> List[Tuple[str, str]]: ...

class Node:
    """A node of a decision tree, walked lazily."""

    @property
    def guess(self) -> Code: ...
    @property
    def replies(self) -> List[Reply]: ...
    @property
    def children(self) -> Dict[Reply, Node]: ...
    @property
    def secrets(self) -> List[Code]: ...
    @property
    def path(self) -> List[Tuple[Code, Reply]]: ...
    @property
    def is_leaf(self) -> bool: ...
    @property
    def known(self) -> bool: ...
    @property
    def depth(self) -> int: ...
    @property
    def size(self) -> int: ...
    def __getitem__(self, reply: Reply) -> Node: ...
    def __len__(self) -> int: ...

class Tree:
    """A decision tree."""

    @property
    def root(self) -> Node: ...
    @property
    def game(self) -> Game: ...
    @property
    def strategy(self) -> Optional[str]: ...
    @property
    def size(self) -> int: ...
    def write(self, format: str = "json") -> str:
        """The tree as `codebreak` writes it: json, compact, paths or dot."""
    def save(self, path: Union[str, PathLike[str]], format: str = "json") -> None: ...

class Report:
    """The figures of a strategy over every secret (``method`` "exhaustive"), or over random
    secrets of a game too large to list (``method`` "sampled", with ``interval``)."""

    @property
    def secrets(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def worst(self) -> int: ...
    @property
    def average(self) -> float: ...
    @property
    def fraction(self) -> str: ...
    @property
    def histogram(self) -> Dict[int, int]:
        """{guesses: secrets needing that many}."""
    strategy: str
    description: str
    seconds: float
    nodes: Optional[int]
    sampled: int
    tree: Optional[Tree]
    method: str
    unfinished: Optional[int]
    seed: Optional[int]
    @property
    def interval(self) -> Optional[Dict[str, Any]]:
        """On a sample: {estimate, low, high, method}, the average's 95% interval."""
    def to_dict(self) -> Dict[str, Any]: ...

class Hint:
    """What remains and what to play next."""

    remaining: Union[int, float, Dict[str, Any]]
    """A count, or on a game too large to list an estimate: {estimate, low, high, method}."""
    candidates: List[Code]
    guess: Optional[Code]
    suggestions: List[Dict[str, Any]]
    solved: Optional[Code]
    omitted: List[Dict[str, Any]]

class Solver:
    """A strategy breaking a secret from the replies it is told."""

    def __init__(
        self,
        game: Game,
        strategy: Optional[str] = None,
        pool: Optional[str] = None,
        ties: Optional[str] = None,
        seed: Optional[int] = None,
        first_guess: Optional[Code] = None,
        fit_sample: Optional[int] = None,
    ) -> None: ...
    def guess(self) -> Optional[Code]: ...
    def tell(self, reply: Reply) -> bool: ...
    def undo(self) -> None: ...
    def correct(self, answer: int, reply: Reply) -> None: ...
    def candidates(self, n: int = 10) -> List[Code]: ...
    @property
    def solved(self) -> bool: ...
    @property
    def remaining(self) -> Union[int, float, Dict[str, Any]]: ...
    @property
    def history(self) -> List[Tuple[Code, Reply]]: ...
    @property
    def secret(self) -> Optional[Code]: ...
    @property
    def strategy(self) -> str: ...

def analyze(
    game: Game,
    strategy: Optional[str] = None,
    pool: Optional[str] = None,
    first_guess: Optional[Code] = None,
    ties: Optional[str] = None,
    seed: Optional[int] = None,
    sample: Union[None, str, int] = None,
    secrets: Optional[int] = None,
    fit_sample: Optional[int] = None,
    force: bool = False,
) -> Report: ...
def optimal(
    game: Game,
    objective: str = "expected",
    max_depth: Optional[int] = None,
    pool: Optional[str] = None,
    force: bool = False,
    first_guess: Optional[str] = None,
    bound: Optional[int] = None,
    depth_only: bool = False,
    history: Optional[History] = None,
) -> Report: ...
def openers(
    game: Game,
    bound: Optional[int] = None,
    max_depth: Optional[int] = None,
    pool: Optional[str] = None,
    force: bool = False,
) -> List[Dict[str, Any]]: ...
def hint(
    game: Game,
    history: Optional[History] = None,
    strategy: Union[None, str, Sequence[str]] = None,
    show: int = 10,
    pool: Optional[str] = None,
    ties: Optional[str] = None,
    seed: Optional[int] = None,
    first_guess: Optional[Code] = None,
    fit_sample: Optional[int] = None,
) -> Hint: ...
def review(
    game: Game,
    history: History,
    secret: Code,
    exact_secrets: Optional[int] = None,
    fit_sample: Optional[int] = None,
) -> Dict[str, Any]: ...
def verify(game: Game, tree: Union[Tree, str]) -> Report: ...
def read_tree(
    game: Game,
    text: Optional[str] = None,
    path: Union[None, str, PathLike[str]] = None,
    format: Optional[str] = None,
) -> Tree: ...
def verify_certificate(
    path: Union[str, PathLike[str]], game: Optional[Game] = None
) -> Dict[str, Any]: ...
def strategies() -> List[Dict[str, Any]]: ...
