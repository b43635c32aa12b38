"""Bad input raises ValueError with the command line's one-line messages; long computations
stop on Ctrl-C."""

import os
import signal
import threading
import time

import pytest

import codebreak as cb


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda g: cb.analyze(g, strategy="nope"), 'unknown strategy "nope": expected first, minimax, expected-size, entropy, most-parts, random or two-phase'),
        (lambda g: cb.analyze(g, pool="some"), 'unknown pool "some": expected all or consistent'),
        (lambda g: cb.analyze(g, strategy="first", pool="all"), "pool does not apply to strategy first: it always plays a code that could be the secret"),
        (lambda g: cb.optimal(g, objective="best"), 'unknown objective "best": expected expected or worst'),
        (lambda g: cb.hint(g, history=[("11", "1B0W")]), 'code "11" has 2 symbols: expected 4'),
        (lambda g: cb.hint(g, history="1122:9B0W"), 'move 1 "1122:9B0W": feedback "9B0W" cannot happen with 4 pegs: black and white together exceed the pegs'),
        (lambda g: cb.Game.bulls(pegs=11), "11 pegs without repeated colours need at least 11 colours, got colors 10"),
        (lambda g: cb.Game.mastermind(pegs=0), "pegs 0 is out of range: expected 1 to 16"),
        (lambda g: cb.Game.wordle(secrets=["abc"]), '"abc" is not a word of five letters a to z'),
    ],
)
def test_bad_input_raises_value_error_with_the_message(call, message):
    g = cb.Game.mastermind()
    with pytest.raises(ValueError) as e:
        call(g)
    assert str(e.value) == message
    assert "\n" not in str(e.value)


def test_a_missing_game_file():
    with pytest.raises(ValueError, match="cannot read game file"):
        cb.Game.from_file("/nonexistent/game.toml")


@pytest.fixture
def ctrl_c():
    """Python's own Ctrl-C handler for the test. A shell starts background jobs with SIGINT
    ignored, and Python then never installs its handler, so a test run in the background
    would wait for the signal in vain."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def _interrupt_after(seconds):
    def later():
        time.sleep(seconds)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=later, daemon=True).start()


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to itself")
def test_ctrl_c_stops_an_analysis_and_a_search(ctrl_c):
    big = cb.Game.mastermind(pegs=5, colors=8)
    for run in (
        lambda: cb.analyze(big, strategy="expected-size"),
        lambda: cb.optimal(cb.Game.mastermind(pegs=4, colors=7), force=True),
    ):
        _interrupt_after(0.5)
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            run()
        assert time.monotonic() - start < 20
    # The package still works afterwards.
    assert cb.analyze(cb.Game.mastermind(pegs=2, colors=3), strategy="minimax").secrets == 9


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to itself")
def test_ctrl_c_stops_building_a_custom_game(ctrl_c):
    _interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        cb.Game.custom(range(5000), range(5000), lambda g, s: s >= g, end="known", progress=False)
