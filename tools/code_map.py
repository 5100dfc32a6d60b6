"""Print the package's shape as JSON: lines of shipped code, import depth of ``skat.ai``,
and import circles per room.  ``python3 tools/code_map.py [GAME_DIR]`` (default ``game``).

Imports are read from the source, function-level ones included, so a lazy import
cannot hide a dependency; imports under ``if TYPE_CHECKING:`` never run and are left
out.  "Shipped" is what the web build packs: everything but ``lab/``, ``desktop/``,
the benchmark and tour modules of older trees, and ``__main__``.  The import depth
of a module is the longest chain of ``skat.ai`` imports below it.
"""

from __future__ import annotations

import ast
import json
import sys
from functools import cache
from pathlib import Path

#: Desktop-only code of this tree and of trees before skat/lab/ existed (issue 18's "before").
DESKTOP = ("skat/lab/", "skat/desktop/", "skat/__main__.py", "skat/cli.py", "skat/textmode.py", "skat/replay.py",
           "skat/bench.py", "skat/bench_readers.py", "skat/webbuild.py", "skat/webruntime.py", "skat/ui/shots",
           "skat/ui/bench_", "skat/ui/fit.py", "skat/ai/bench", "skat/ai/calibrate.py", "skat/ai/duel.py",
           "skat/ai/solver_bench.py", "skat/ai/random_player.py")


def modules(game: Path) -> dict[str, Path]:
    out = {}
    for path in sorted((game / "skat").rglob("*.py")):
        parts = path.relative_to(game).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:`` (imports for the type checker only)."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                todo.extend(child.orelse)
                continue
            todo.append(child)
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            subs = [f"{base}.{a.name}" for a in node.names]
            # ``from pkg import module`` needs the module (and runs pkg's __init__ first, which is
            # not a dependency of the importer's own); ``from pkg import name`` needs pkg.
            targets = [s if s in known else base for s in subs]
        for t in targets:
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
    return found


def circles(graph: dict[str, set[str]], room: str) -> list[list[str]]:
    """Strongly connected components of more than one module inside ``room`` (Tarjan)."""
    nodes = [n for n in graph if n == room or n.startswith(room + ".")]
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in nodes:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for n in nodes:
        if n not in index:
            visit(n)
    return out


def main(argv: list[str]) -> int:
    game = Path(argv[0] if argv else "game")
    known = modules(game)
    graph = {n: imports(n, p, known) for n, p in known.items()}
    shipped = {n: p for n, p in known.items()
               if not str(p.relative_to(game)).startswith(DESKTOP)}
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in shipped.values())
    ai = {n for n in shipped if n.startswith("skat.ai.") or n == "skat.ai"}
    # Packages re-export: an ``__init__`` importing its modules is not a level of its own.
    inner = {n: {m for m in graph[n] if m in ai and known[m].name != "__init__.py"} for n in ai}

    @cache
    def depth(n: str, seen: frozenset[str] = frozenset()) -> int:
        below = [depth(m, seen | {n}) for m in inner[n] if m not in seen]
        return 1 + max(below, default=0)

    report = {
        "shipped_modules": len(shipped),
        "shipped_lines": lines,
        "ai_modules": len(ai),
        "ai_import_depth": max(depth(n) for n in ai),
        "circles": {room: circles(graph, f"skat.{room}") for room in ("engine", "ai", "ui")},
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
