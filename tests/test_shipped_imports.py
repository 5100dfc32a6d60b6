"""Every module the browser build imports exists in pygbag's runtime.

The shipped code (``main.py`` and the ``skat`` package without the desktop
tools: :func:`skat.webbuild.shipped_files`) may import its own modules, pygame,
and the standard-library modules on the allow-list ``tests/data/pygbag_stdlib.txt``:
the modules pygbag 0.9.2's runtime packs, made by ``tools/pygbag_stdlib.py``
(the file's header says how).  Anything else would be missing in the browser,
often silently (``skat.ui.sounds`` once imported ``wave``, and sound was off).
Imports inside functions count too: they run in the browser just the same.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from skat.desktop import webbuild

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
ALLOW_LIST = ROOT / "tests" / "data" / "pygbag_stdlib.txt"

#: Provided by the runtime itself rather than by CPython's library.
RUNTIME_MODULES = {"platform", "embed", "asyncio"}


def allowed_stdlib() -> set[str]:
    lines = ALLOW_LIST.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def imports_of(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, module name) for every import in ``source``, relative ones made absolute.

    ``from a import b`` yields ``a``, and ``a.b`` too when that is a module.
    """
    package = module if is_package else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            found.append((node.lineno, base))
            for alias in node.names:
                name = f"{base}.{alias.name}"
                if not base.startswith("skat") and _is_module(name):
                    found.append((node.lineno, name))
    return found


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError, AttributeError):
        return False


def problems_in(source: str, module: str, is_package: bool, stdlib: set[str]) -> list[str]:
    bad = []
    for line, name in imports_of(source, module, is_package):
        top = name.partition(".")[0]
        if top in ("skat", "main") or top == "pygame" or name == "__future__":
            continue
        if name in stdlib or name in RUNTIME_MODULES:
            continue
        bad.append(f"{line}: {name}")
    return bad


def module_name(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def test_the_allow_list_says_where_it_came_from_and_lacks_wave() -> None:
    header = [line for line in ALLOW_LIST.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    assert any("build-rootfs.sh" in line for line in header)
    assert any("tools/pygbag_stdlib.py" in line for line in header)
    stdlib = allowed_stdlib()
    assert {"json", "math", "random", "array", "asyncio", "pathlib"} <= stdlib
    assert "wave" not in stdlib and "tkinter" not in stdlib


def test_the_checker_catches_a_module_the_runtime_lacks() -> None:
    source = "import json\n\ndef f():\n    import wave\n    from . import sounds\n    from tkinter import ttk\n"
    bad = problems_in(source, "skat.ui.demo", False, allowed_stdlib())
    assert bad == ["4: wave", "6: tkinter", "6: tkinter.ttk"]


def test_every_module_the_shipped_code_imports_is_in_the_browser_runtime() -> None:
    stdlib = allowed_stdlib()
    files = webbuild.shipped_files()
    assert "skat/ui/sounds.py" in files and "main.py" in files
    problems = []
    for path in files:
        if not path.endswith(".py"):
            continue
        source = (GAME / path).read_text(encoding="utf-8")
        for problem in problems_in(source, module_name(path), path.endswith("__init__.py"), stdlib):
            problems.append(f"{path}:{problem}")
    assert not problems, "imports the browser runtime does not have:\n" + "\n".join(problems)


@pytest.mark.parametrize("name", ["skat.ui.sounds", "skat.ui.web", "skat.storage_backends"])
def test_browser_side_modules_are_shipped(name: str) -> None:
    assert f"{name.replace('.', '/')}.py" in webbuild.shipped_files()
