"""Reading JSON that comes from outside (records, saves): its nesting is checked first.

CPython's JSON parser recurses once per level of nesting.  On WebAssembly (Pyodide,
pygbag) the machine stack runs out before Python's recursion guard would raise
``RecursionError``, and the whole runtime dies instead.  So a document nested
deeper than anything the game writes is refused before the parser sees it.

>>> loads('{"a": [1, 2, {"b": null}]}')
{'a': [1, 2, {'b': None}]}
>>> loads("[" * 100 + "]" * 100)
Traceback (most recent call last):
  ...
skat.engine.json_text.TooDeep: JSON nested more than 64 levels deep
>>> loads('["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]')[0][:3]
'[[['
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 64
"""Far deeper than any record, save or sheet the game writes (they nest about six levels)."""

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
"""A string (skipped whole, brackets inside it do not count) or a bracket."""


class TooDeep(ValueError):
    """A JSON document nested deeper than :data:`MAX_DEPTH`."""


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether ``text`` opens more than ``limit`` arrays or objects inside each other.

    Linear in the length; a text with few brackets is answered without a scan."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return True
        elif token in "]}":
            depth -= 1
    return False


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` for outside data: raises :class:`TooDeep` (a ValueError) before parsing a
    document nested deeper than ``max_depth``, as well as everything ``json.loads`` raises."""
    if too_deep(text, max_depth):
        raise TooDeep(f"JSON nested more than {max_depth} levels deep")
    return json.loads(text)
