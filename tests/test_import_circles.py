"""No import circle in the engine or the computer players (issue 18): the rooms import
one way, so a module can be read (and tested) without the ones that use it.

The graph is read from the sources by ``tools/code_map.py`` (every ``import`` that runs,
at the top of a module or inside a function); the UI's own rule is in ``test_ui_imports``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _code_map():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("code_map", ROOT / "tools" / "code_map.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_finder_sees_a_circle_through_a_package_root() -> None:
    cm = _code_map()
    graph = {"skat.ai": {"skat.ai.base"}, "skat.ai.base": {"skat.ai.calls"},
             "skat.ai.calls": {"skat.ai.player"}, "skat.ai.player": {"skat.ai.base"}}
    assert cm.circles(graph, "skat.ai") == [["skat.ai.base", "skat.ai.calls", "skat.ai.player"]]


@pytest.mark.parametrize("room", ["engine", "ai"])
def test_no_import_circle(room: str) -> None:
    cm = _code_map()
    game = ROOT / "game"
    known = cm.modules(game)
    graph = {n: cm.imports(n, p, known) for n, p in known.items()}
    assert any(n.startswith(f"skat.{room}.") for n in graph)
    assert cm.circles(graph, f"skat.{room}") == []
