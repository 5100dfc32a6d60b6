"""Dependencies point one way: engine -> ai -> ui, and nothing shipped uses the lab.

Read from the source (imports inside functions count too, and so does
``importlib.import_module("...")`` with a written-out name), so a lazy import
cannot hide a dependency that points backwards.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "game" / "skat"

#: For each layer, the top-level names and ``skat`` sub-packages it may never import.
#: The desktop-only folders: the web build leaves them out, so nothing shipped may import them.
DESKTOP = {"skat.lab", "skat.desktop"}
FORBIDDEN = {
    "engine": {"pygame", "skat.ai", "skat.ui", "skat.storage", "skat.storage_backends", *DESKTOP},
    "ai": {"pygame", "skat.ui", "skat.storage", "skat.storage_backends", *DESKTOP},
    "i18n": {"pygame", "skat.engine", "skat.ai", "skat.ui", *DESKTOP},
    "ui": DESKTOP,
}
#: The shipped modules at the package's root, with what they may not import.
ROOT_MODULES = {
    "storage.py": {"pygame", "skat.ui", *DESKTOP},  # it checks a saved strength's name against skat.ai
    "storage_backends.py": {"pygame", "skat.ai", "skat.ui", *DESKTOP},
    "stats.py": {"pygame", "skat.ai", "skat.ui", "skat.storage", *DESKTOP},
    "__init__.py": {"pygame", *DESKTOP},
}
#: Not shipped: the lab and the desktop tools (the command line starts the lab's tools by name).
UNSHIPPED = ("lab/", "desktop/", "__main__.py")


def imported_names(path: Path) -> set[str]:
    """Absolute names of every module ``path`` imports, relative imports resolved."""
    module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and _dynamic_import(node):
            names.add(node.args[0].value)
    return names


def _dynamic_import(call: ast.Call) -> bool:
    """``import_module("name")`` / ``__import__("name")`` with the name written out."""
    f = call.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    return (name in ("import_module", "__import__") and bool(call.args)
            and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str))


def shipped_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if not p.relative_to(PACKAGE).as_posix().startswith(UNSHIPPED))


def breaks(name: str, forbidden: set[str]) -> bool:
    return any(name == bad or name.startswith(bad + ".") for bad in forbidden)


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_layer_imports_upwards(layer: str) -> None:
    files = sorted((PACKAGE / layer).rglob("*.py"))
    assert files, layer
    wrong = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in files
        for name in sorted(imported_names(path))
        if breaks(name, FORBIDDEN[layer])
    ]
    assert wrong == []


@pytest.mark.parametrize("name", sorted(ROOT_MODULES))
def test_shipped_root_modules_import_no_ui_or_desktop_code(name: str) -> None:
    names = imported_names(PACKAGE / name)
    assert [n for n in sorted(names) if breaks(n, ROOT_MODULES[name])] == []


def test_every_shipped_module_is_checked() -> None:
    """A new folder or root module cannot slip past the rules above."""
    rooms = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert rooms == set(FORBIDDEN) | {n.split(".")[1] for n in DESKTOP}
    assert {p.name for p in PACKAGE.glob("*.py")} == set(ROOT_MODULES) | {"__main__.py"}


def test_nothing_shipped_imports_the_lab_or_the_desktop_tools() -> None:
    """Every module outside ``lab/`` and ``desktop/``, the top-level ones and ``i18n`` too."""
    files = shipped_files()
    assert PACKAGE / "storage.py" in files and PACKAGE / "i18n" / "de.py" in files
    assert PACKAGE / "desktop" / "cli.py" not in files
    assert not any({"lab", "desktop"} & set(p.relative_to(PACKAGE).parts) for p in files)
    wrong = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in files
        for name in sorted(imported_names(path))
        if breaks(name, DESKTOP)
    ]
    assert wrong == []


def test_the_checker_sees_a_backward_import() -> None:
    """The rule above would catch ``from ..ui import x`` written in the engine."""
    probe = PACKAGE / "engine" / "_layering_probe.py"
    assert not probe.exists()
    names = set()
    try:
        probe.write_text("def f():\n    from ..ui import table\n    import pygame\n", encoding="utf-8")
        names = imported_names(probe)
    finally:
        probe.unlink()
    assert breaks("skat.ui.table", FORBIDDEN["engine"]) and "skat.ui.table" in names and "pygame" in names


def test_the_checker_sees_the_lab_imported_by_name() -> None:
    """A top-level module reaching the lab lazily, by a written-out name, is caught too."""
    probe = PACKAGE / "_layering_probe.py"
    assert not probe.exists()
    names = set()
    try:
        probe.write_text("import importlib\n\ndef f():\n    return importlib.import_module('skat.lab.duel')\n",
                         encoding="utf-8")
        names = imported_names(probe)
        assert probe in shipped_files()
    finally:
        probe.unlink()
    assert "skat.lab.duel" in names and breaks("skat.lab.duel", {"skat.lab"})
