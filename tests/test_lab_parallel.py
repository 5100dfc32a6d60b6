"""Benchmarks' process pool: every result comes back, and a dead worker stops the run instead of hanging it."""

from __future__ import annotations

from concurrent.futures.process import BrokenProcessPool

import pytest

from parallel_work import square_or_die
from skat.lab.parallel import unordered


def test_every_item_is_worked_once_in_whatever_order() -> None:
    assert sorted(unordered(square_or_die, range(6), 2)) == [n * n for n in range(6)]


def test_a_worker_that_dies_stops_the_run_with_a_reason() -> None:
    """A ``multiprocessing.Pool`` waited for ever here (a duel's worker killed for its memory)."""
    with pytest.raises(BrokenProcessPool):
        list(unordered(square_or_die, [1, -1, 2, 3], 2))
