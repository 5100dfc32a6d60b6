"""Per-action scores of a search in progress, for whoever listens (the hint).

The searches (:mod:`skat.ai.expert.skat_cards`, :mod:`skat.ai.expert.officers_cards`) already
average an outcome for every candidate action; they hand the averages to
:func:`report` after each sampled deal.  Nobody listens during a game, so
that costs one check of an empty list; the hint listens only while it steps
its own decision (:func:`listening` around ``Decision.step``), so another
player's thinking never reaches it.  Reporting never changes a choice.

A second, separate channel counts work for the benchmarks (:func:`tally`): how many
deals a decision solved or a discard simulated, which ``skat bench ai`` turns into
what a budget affords.  The hint never hears it, and at the table nobody listens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

Listener = Callable[[str, dict[int, float], int], None]
"""``listener(kind, averages, samples)``: ``kind`` names the scale of the
averages ("pimc": PIMC's outcome in the game's own terms for the mover,
"officers": the mover's expected score minus the opponent's, "rollouts": the
same for a declaration by play-outs); ``averages`` maps each candidate action
to its average over ``samples`` deals."""

_listeners: list[Listener] = []


def active() -> bool:
    return bool(_listeners)


def report(kind: str, averages: dict[int, float], samples: int) -> None:
    for listener in list(_listeners):
        listener(kind, averages, samples)


@contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """Receive the reports made while the ``with`` block runs."""
    _listeners.append(listener)
    try:
        yield
    finally:
        _listeners.remove(listener)


Counter = Callable[[str, int], None]
"""``counter(kind, count)``: ``kind`` is "solved" (the deals an expert card decision
with a choice among unlike cards solved) or "discard_worlds" (the deals a planned
discard simulated)."""

_counters: list[Counter] = []


def counting() -> bool:
    """Whether a benchmark is counting (never at the table)."""
    return bool(_counters)


def tally(kind: str, count: int) -> None:
    for counter in list(_counters):
        counter(kind, count)


@contextmanager
def counted(counter: Counter) -> Iterator[None]:
    """Receive the tallies made while the ``with`` block runs."""
    _counters.append(counter)
    try:
        yield
    finally:
        _counters.remove(counter)
