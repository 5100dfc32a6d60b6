"""The UI's modules import each other one way only (issue 18, point 6).

Screens open each other by name through :mod:`skat.ui.router`, so no scene module imports
another to leave it.  The graph is read from the sources (every ``import`` statement,
at the top of a module or inside a function); imports under ``if TYPE_CHECKING:`` are
left out, for they are read by the type checker only and never run.  An import inside a
function is allowed only where it is lazy for a reason, said in a ``# lazy:`` comment on
the lines just above it.
"""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "game" / "skat" / "ui"


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")


def _imports(tree: ast.Module) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement that runs, with whether it stands at the module's top level."""
    found: list[tuple[ast.Import | ast.ImportFrom, bool]] = []

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking_only(child):
                for sub in child.orelse:  # the ``else`` branch runs
                    visit(sub, top)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.append((child, top))
            inner = top and not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda)
            visit(child, inner)

    visit(tree, True)
    return found


def _ui_targets(node: ast.Import | ast.ImportFrom, modules: set[str]) -> set[str]:
    """The ``skat.ui`` modules an import statement loads."""
    names: list[str] = []
    if isinstance(node, ast.ImportFrom):
        if node.level == 1:
            names = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
        elif node.level == 0 and node.module and node.module.startswith("skat.ui."):
            names = [node.module.split(".")[2]]
    else:
        names = [a.name.split(".")[2] for a in node.names if a.name.startswith("skat.ui.")]
    return {n for n in names if n in modules}


def ui_graph(root: Path = UI) -> tuple[dict[str, set[str]], list[tuple[str, int, str, bool]]]:
    """The import graph of the UI's modules, and every import inside a function
    (module, line, statement, whether a ``# lazy:`` comment says why)."""
    files = {p.stem: p for p in root.glob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in files}
    inner: list[tuple[str, int, str, bool]] = []
    for module, path in files.items():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node, top in _imports(ast.parse(source)):
            graph[module] |= _ui_targets(node, set(files)) - {module}
            if not top:
                above = lines[max(0, node.lineno - 4):node.lineno - 1]
                said = any("# lazy:" in line for line in above)
                inner.append((module, node.lineno, ast.unparse(node), said))
    return graph, inner


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_finder_sees_a_circle_and_an_import_inside_a_function(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("from .b import x\n")
    (tmp_path / "b.py").write_text("def f():\n    from .c import y\n")
    (tmp_path / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import z\n"
                                   "from . import a\n")
    graph, inner = ui_graph(tmp_path)
    assert graph == {"a": {"b"}, "b": {"c"}, "c": {"a"}}  # the TYPE_CHECKING import is not an edge
    assert circles(graph) == [["a", "b", "c"]]
    assert inner == [("b", 2, "from .c import y", False)]


def test_no_import_circle_in_the_ui() -> None:
    graph, _ = ui_graph()
    assert {"app", "table", "menu", "router"} <= set(graph)
    assert circles(graph) == []


def test_imports_inside_functions_are_lazy_for_a_reason() -> None:
    _, inner = ui_graph()
    unexplained = [f"{module}.py:{line}: {statement}" for module, line, statement, said in inner if not said]
    assert unexplained == [], "an import inside a function needs a '# lazy:' comment saying why"
