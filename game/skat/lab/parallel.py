"""Benchmarks' work spread over processes, in whatever order it finishes.

A ``multiprocessing.Pool`` whose worker is killed (the kernel's out-of-memory
killer, say) waits for that worker's result for ever; a process pool executor
notices the dead worker and raises :class:`BrokenProcessPool`, so a long
benchmark stops with a reason instead of hanging.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def unordered(work: Callable[[T], R], items: Iterable[T], jobs: int) -> Iterator[R]:
    """``work(item)`` for every item, in ``jobs`` fresh interpreters (spawned:
    forking a process that runs threads can hang), each result as it is done.
    Imported here: Pyodide, which runs the duel's tests in one process, has no
    process pools (its ``multiprocessing`` lacks ``_multiprocessing``)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = [pool.submit(work, item) for item in items]
        for future in as_completed(futures):
            yield future.result()
