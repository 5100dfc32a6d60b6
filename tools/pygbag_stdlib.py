"""Write the list of standard-library modules that pygbag 0.9.2's browser runtime packs.

pygbag does not ship CPython's whole standard library.  Its
``scripts/build-rootfs.sh`` (pygame-web/pygbag, read at commit 06f3a59cf963)
runs a host CPython of the runtime's version on a fixed script of imports with
``-v`` and packs exactly the ``.py`` files that this loads.  This tool repeats
that method with CPython 3.12 (the runtime's version, ``--PYBUILD 3.12``):
it runs the same imports, in the same order, in a fresh isolated interpreter and
stops where that script stops (on 3.12 ``import imp`` fails and, the heredoc
having no ``try``, ends the script).  It lists every standard-library module
then loaded: pure-Python ones (packed as files) and the C modules they needed
(built into the runtime, or the packed files could not import).

    python3.12 tools/pygbag_stdlib.py > tests/data/pygbag_stdlib.txt

The list is an allow-list for ``tests/test_shipped_imports.py``; it errs on the
small side, which is the safe side for an allow-list.
"""

from __future__ import annotations

import json
import subprocess
import sys

#: The statements of build-rootfs.sh's import script, in order.
#: Entries in a ``try`` there are wrapped here the same way.
STATEMENTS = [
    "from __future__ import annotations",
    "import sys",
    "M1='os, json, builtins, shutil, zipimport, time, trace, traceback, '",
    "M2='asyncio, inspect, _thread, importlib, ctypes, tomllib, pathlib'",
    "for mod in (M1+M2).split(', '):\n    try:\n        __import__(mod)\n    except:\n        pass",
    "try:\n    sys.stdout.reconfigure(encoding='cp437')\n    sys.stdout.reconfigure(encoding='utf-16')\n"
    "    sys.stdout.reconfigure(encoding='utf-8')\nexcept:\n    pass",
    "import multiprocessing.connection",
    "import asyncio.selector_events",
    "import multiprocessing",
    "import webbrowser",
    "import platform",
    "from textwrap import dedent",
    "import sqlite3",
    "import tempfile",
    "import code",
    "import urllib.request",
    "import compileall, csv, configparser",
    "from email.policy import compat32",
    "import concurrent.futures.thread",
    "import importlib.metadata",
    "import html.parser",
    "import importlib.readers",
    "import unittest, locale",
    "import imp, platform",
    "import numbers, random",
    "import hashlib, queue, pkgutil",
    "import gzip",
    "import zlib",
    "from xml.etree import ElementTree",
    "import distutils.spawn",
    "import uuid",
    "import ctypes.util",
    "import importlib.resources",
    "try:\n    import curses\nexcept:\n    print('_curses not built')",
    "import tty",
    "import copy",
    "import typing\ntry:\n    from typing import tuple\nexcept:\n    pass",
    "from logging.handlers import RotatingFileHandler",
    "from colorsys import rgb_to_hls, hls_to_rgb",
    "import xml.dom.minidom",
    "from xml.dom import expatbuilder",
    "import pydoc",
    "import optparse",
]

PROBE = r'''
import json, sys, sysconfig
statements = json.loads(sys.argv[1])
stopped = None
ns = {}
for code in statements:
    try:
        exec(code, ns)
    except Exception as exc:
        stopped = f"{code.splitlines()[0]}: {type(exc).__name__}: {exc}"
        break
stdlib = sysconfig.get_paths()["stdlib"]
names = []
for name, module in list(sys.modules.items()):
    path = getattr(module, "__file__", None) or ""
    if name in sys.builtin_module_names or (path.startswith(stdlib) and "site-packages" not in path):
        names.append(name)
    elif not path and getattr(getattr(module, "__spec__", None), "origin", None) == "frozen":
        names.append(name)
print(json.dumps({"stopped": stopped, "version": sys.version.split()[0], "modules": sorted(set(names))}))
'''


def main(argv: list[str] | None = None) -> int:
    python = (argv or sys.argv[1:] or [sys.executable])[0]
    command = [python, "-I", "-c", PROBE, json.dumps(STATEMENTS)]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if not result["version"].startswith("3.12."):
        print(f"warning: run with CPython 3.12, not {result['version']}", file=sys.stderr)
    print("# Standard-library modules in pygbag 0.9.2's browser runtime (CPython 3.12), one per line.")
    print("# Made by tools/pygbag_stdlib.py with CPython", result["version"], "by the method of pygbag's")
    print("# scripts/build-rootfs.sh (pygame-web/pygbag at 06f3a59cf963): the modules its import script loads.")
    print(f"# That script stops at: {result['stopped']}")
    print("# The shipped game may import only these, its own modules and pygame (tests/test_shipped_imports.py).")
    for name in result["modules"]:
        print(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
