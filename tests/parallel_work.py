"""Work for tests of :mod:`skat.lab.parallel` (importable by a spawned process)."""

from __future__ import annotations

import os


def square_or_die(n: int) -> int:
    """``n * n``; for a negative ``n`` the process dies at once, as one killed by the kernel would."""
    if n < 0:
        os._exit(9)
    return n * n
