"""Reading JSON that comes from outside (records, saves): nesting too deep is an error, never a crash.

CPython's JSON parser recurses once per level of nesting.  On WebAssembly (Pyodide,
pygbag) the machine stack runs out before Python's recursion guard would raise
``RecursionError``, and the whole runtime dies instead.  So there a document
nested deeper than anything the game writes is refused before the parser sees
it; elsewhere the parser's own ``RecursionError`` is turned into the same error
(the scan costs three times the parse of a large document, so it runs only
where it is needed).

>>> loads('{"a": [1, 2, {"b": null}]}')
{'a': [1, 2, {'b': None}]}
>>> loads("[" * 100_000 + "]" * 100_000)
Traceback (most recent call last):
  ...
skat.engine.json_text.TooDeep: JSON nested too deeply
>>> too_deep("[" * 65 + "]" * 65), too_deep('["' + "[" * 100 + '"]')
(True, False)
"""

from __future__ import annotations

import json
import re
import sys
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


WASM = sys.platform in ("emscripten", "wasi")
"""Where the parser's recursion outruns the machine stack (see the module docstring)."""


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` for outside data: a document nested too deeply raises :class:`TooDeep` (a
    ValueError; on WebAssembly before parsing, past ``max_depth``), as well as everything
    ``json.loads`` raises."""
    if WASM and too_deep(text, max_depth):
        raise TooDeep("JSON nested too deeply")
    try:
        return json.loads(text)
    except RecursionError:
        raise TooDeep("JSON nested too deeply") from None
