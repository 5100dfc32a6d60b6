"""The Python half of run_tests.mjs: runs inside Pyodide, never on the host.

run_tests.mjs copies the project to /project, this directory to /runner and the
downloaded wheels to /wheels (all in Pyodide's in-memory file system), mounts a host
temporary directory at /hosttmp (for pytest's tmp_path), then calls
``main(extra pytest arguments)``.  It installs the wheels named in requirements.txt without any network
(a wheel is a zip file: unpacking it into site-packages is what an installer does
for a pure-Python wheel), reads tests.txt and runs pytest in-process.  The return
value is pytest's exit code.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import sysconfig
import time
import zipfile
from pathlib import Path

RUNNER = Path("/runner")
WHEELS = Path("/wheels")
PROJECT = Path("/project")
HOST_TMP = Path("/hosttmp")


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def required_wheels(requirements: Path) -> list[tuple[str, str]]:
    """(name, version) for every ``name==version`` line of a pip requirements file."""
    pins = []
    for line in requirements.read_text().splitlines():
        line = line.split("#", 1)[0].strip().rstrip("\\").strip()
        if not line or line.startswith("--"):
            continue
        m = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)(\s.*)?", line)
        if not m:
            raise SystemExit(f"requirements.txt: not a pin of the form name==version: {line!r}")
        pins.append((m.group(1), m.group(2)))
    return pins


def install_wheel(wheel: Path, site: Path) -> str:
    """Unpack a pure-Python wheel into site-packages; returns its .dist-info directory name."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        dist_info = next(n.split("/", 1)[0] for n in names if n.split("/", 1)[0].endswith(".dist-info"))
        wheel_meta = zf.read(f"{dist_info}/WHEEL").decode()
        if "Root-Is-Purelib: true" not in wheel_meta:
            raise SystemExit(f"{wheel.name}: not a pure-Python wheel")
        data_dir = dist_info[: -len(".dist-info")] + ".data/"
        for name in names:
            if name.startswith(data_dir):
                # purelib/platlib go to site-packages; scripts, headers and data are not needed here
                _, kind, *rest = name.split("/")
                if kind in ("purelib", "platlib") and rest and rest[-1]:
                    target = site.joinpath(*rest)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(zf.read(name))
            else:
                zf.extract(name, site)
    (site / dist_info / "INSTALLER").write_text("tools/pyodide/run_tests.mjs\n")
    return dist_info


def install_wheels() -> None:
    site = Path(sysconfig.get_paths()["purelib"])
    available = {p.name: p for p in WHEELS.glob("*.whl")}
    installed = []
    for name, version in required_wheels(RUNNER / "requirements.txt"):
        matches = [
            path
            for filename, path in sorted(available.items())
            if [_normalize(filename.split("-")[0]), filename.split("-")[1]] == [_normalize(name), version]
        ]
        if not matches:
            raise SystemExit(
                f"no wheel for {name}=={version} in tools/pyodide/wheels/: run tools/pyodide/run.sh "
                "(it downloads them with pip)"
            )
        install_wheel(matches[0], site)
        installed.append(f"{name}-{version}")
    importlib.invalidate_caches()
    print("installed from tools/pyodide/wheels/ (no network):", ", ".join(installed), flush=True)


class PyodidePlugin:
    """pytest plugin: the hypothesis profile for Pyodide, and the tests.txt ``deselect:`` entries."""

    def __init__(self, entries: list[tuple[str, str]]) -> None:
        self.entries = entries
        self.hits: dict[str, list[str]] = {nodeid: [] for nodeid, _ in entries}

    def pytest_configure(self, config) -> None:
        # Here rather than before pytest.main(), so that pytest imports hypothesis itself (assertion
        # rewriting) and before any test module is imported (their @settings build on this profile).
        # Timing means nothing on WebAssembly on a busy CI machine: no per-example deadline and no
        # too-slow health check. The example counts stay as the tests set them. No example database
        # (it would only live in this run's memory).
        from hypothesis import HealthCheck, settings

        settings.register_profile("pyodide", deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
        settings.load_profile("pyodide")

    def pytest_report_header(self, config) -> str:
        return "tools/pyodide: hypothesis profile 'pyodide' (deadline=None, database=None, too_slow suppressed)"

    def _entry(self, nodeid: str) -> str | None:
        for entry, _ in self.entries:
            if nodeid == entry or nodeid.startswith((entry + "::", entry + "[")):
                return entry
        return None

    def pytest_collection_modifyitems(self, session, config, items) -> None:
        keep, drop = [], []
        for item in items:
            entry = self._entry(item.nodeid)
            if entry is None:
                keep.append(item)
            else:
                drop.append(item)
                self.hits[entry].append(item.nodeid)
        stale = [nodeid for nodeid, hits in self.hits.items() if not hits]
        if stale:
            import pytest

            raise pytest.UsageError(
                "tools/pyodide/tests.txt deselects tests that were not collected (renamed or removed?): "
                + ", ".join(stale)
            )
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if not self.entries:
            return
        terminalreporter.section("deselected under Pyodide (tools/pyodide/tests.txt)")
        for entry, reason in self.entries:
            for nodeid in self.hits[entry]:
                terminalreporter.line(f"{nodeid}: {reason}")


def read_test_list(path: Path) -> tuple[list[str], list[tuple[str, str]]]:
    paths: list[str] = []
    deselect: list[tuple[str, str]] = []
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("deselect:"):
            nodeid, sep, reason = line[len("deselect:") :].partition(" -- ")
            if not sep or not reason.strip() or not nodeid.strip():
                raise SystemExit(f"tests.txt:{number}: write 'deselect: NODEID -- REASON'")
            deselect.append((nodeid.strip(), reason.strip()))
        elif line.startswith("optional:"):
            target = line[len("optional:") :].strip()
            if (PROJECT / target).exists():
                paths.append(target)
            else:
                print(f"tests.txt:{number}: optional {target} is not there yet, not run", flush=True)
        else:
            if not (PROJECT / line).exists():
                raise SystemExit(f"tests.txt:{number}: {line} does not exist")
            paths.append(line)
    return paths, deselect


def main(extra_args: list[str] = ()) -> int:
    started = time.perf_counter()
    install_wheels()
    paths, deselect = read_test_list(RUNNER / "tests.txt")

    sys.dont_write_bytecode = True
    os.chdir(PROJECT)

    import pytest

    print(f"set-up inside Pyodide took {time.perf_counter() - started:.1f}s; running pytest", flush=True)
    args = ["-p", "no:cacheprovider", *paths, *extra_args]
    if HOST_TMP.is_dir():  # see run_tests.mjs: tmp_path on NODEFS, not on the in-memory file system
        args.insert(0, f"--basetemp={HOST_TMP / 'pytest'}")
    return int(pytest.main(args, plugins=[PyodidePlugin(deselect)]))
