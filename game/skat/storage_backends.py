"""Where saved text lives: JSON files on the desktop, ``localStorage`` in the browser.

The game keeps four small JSON documents (see :mod:`skat.storage`, which
re-exports everything here); this module only stores and fetches text by key,
so the documents, their checks and their migrations are written once and
tested against both backends.

* :class:`FileStorage` — one ``<key>.json`` file per document in the user's data
  directory.  Writes go to a temporary file that replaces the old one
  (``os.replace``), so a crash mid-write leaves the previous version intact.
* :class:`LocalStorage` — the browser's ``window.localStorage`` under pygbag
  (``import platform; platform.window.localStorage``; there ``sys.platform ==
  "emscripten"``).  Keys get a ``skat.`` prefix because every page of the same
  origin (itch.io, GitHub Pages) shares one localStorage.
* :class:`MemoryStorage` — a dict; the fallback when the browser refuses
  storage (private windows, blocked cookies), and handy in tests.

Two game windows may share one data folder: :meth:`FileStorage.lock` is held
while a document is read, changed and written back, so neither window's update
is lost.  In the browser, where nothing may wait, the store re-reads a document
just before writing it and merges, in one call: that narrows the race with
another tab of the page to a few milliseconds but does not rule it out (tabs are
separate processes, and browsers do not implement localStorage's storage mutex).
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

APP_NAME = "skat"
_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")


class Storage(Protocol):
    """Text by key.  ``load`` gives None for a missing key; errors of the medium raise (OSError and the like)."""

    def load(self, key: str) -> str | None: ...

    def save(self, key: str, text: str) -> None: ...

    def delete(self, key: str) -> None: ...

    def rename(self, key: str, new_key: str) -> None:
        """Move a value to another key (replacing it); nothing happens when ``key`` is missing."""
        ...

    def keys(self) -> list[str]: ...

    def lock(self) -> contextlib.AbstractContextManager[object]:
        """Held while a document is read, changed and written back (a no-op where only one program
        can write at a time)."""
        ...


def check_key(key: str) -> str:
    """Keys double as file names, so they are plain: letters, digits, ``_ . -``."""
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise ValueError(f"not a storage key: {key!r}")
    return key


_HELD: dict[str, int] = {}
"""Data folders whose lock this process holds, and how deep (see :meth:`FileStorage.lock`)."""


class FileStorage:
    """JSON files in one directory, written atomically (temporary file, fsync, ``os.replace``)."""

    suffix = ".json"

    lock_name = ".lock"
    lock_timeout = 0.5
    """Seconds to try for the lock before giving up (another window's update takes milliseconds; a
    window stopped while holding it must not freeze this one: the save fails with a notice and is
    tried again at the next move)."""

    def __init__(self, directory: str | os.PathLike[str], *, fsync: bool = True) -> None:
        self.directory = Path(directory)
        self.fsync = fsync

    def path(self, key: str) -> Path:
        return self.directory / (check_key(key) + self.suffix)

    def load(self, key: str) -> str | None:
        """The file's text; raises UnicodeDecodeError (a ValueError) for bytes that are not UTF-8."""
        try:
            data = self.path(key).read_bytes()
        except FileNotFoundError:
            return None
        return data.decode("utf-8")

    def save(self, key: str, text: str) -> None:
        """Under the lock, so a temporary file seen while holding the lock is one no save will finish."""
        with self.lock():
            self._save(key, text)

    def _save(self, key: str, text: str) -> None:
        import tempfile  # desktop only; kept out of the browser's start-up

        path = self.path(key)
        data = text.encode("utf-8")
        self.directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                if self.fsync:
                    os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        if self.fsync:
            self._sync_directory()

    def _sync_directory(self) -> None:
        """Make the rename itself durable where the system allows it (POSIX; not Windows)."""
        if os.name != "posix":
            return
        with contextlib.suppress(OSError):
            fd = os.open(self.directory, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)

    def delete(self, key: str) -> None:
        self.path(key).unlink(missing_ok=True)

    def rename(self, key: str, new_key: str) -> None:
        source, target = self.path(key), self.path(new_key)
        try:
            os.replace(source, target)
        except FileNotFoundError:
            if source.exists():
                raise

    def keys(self) -> list[str]:
        if not self.directory.is_dir():
            return []
        names = (p.name[: -len(self.suffix)] for p in self.directory.iterdir() if p.name.endswith(self.suffix))
        return sorted(n for n in names if _KEY.fullmatch(n))

    @contextlib.contextmanager
    def lock(self) -> Iterator[object]:
        """An exclusive lock on ``.lock`` in the data folder, shared with every other game process.

        The operating system releases it when its holder ends, however it ends (kill -9 too), so a
        lock left by a crash is never in the way: the file stays, its lock does not.  Re-entrant
        within this process (for every FileStorage of the folder: a second ``flock`` of the same
        file from one process would wait for itself)."""
        folder = str(self.directory.resolve())
        if _HELD.get(folder):
            _HELD[folder] += 1
            try:
                yield self
            finally:
                _HELD[folder] -= 1
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        with _held_lock(self.directory / self.lock_name, self.lock_timeout):
            _HELD[folder] = 1
            try:
                yield self
            finally:
                _HELD.pop(folder, None)

    def remove_stale_temporaries(self) -> list[str]:
        """Delete the temporary files of saves that never finished (a program killed mid-save).
        Every save holds the lock, so while this holds it no temporary file is still being written."""
        removed: list[str] = []
        if not self.directory.is_dir():
            return removed
        with self.lock(), contextlib.suppress(OSError):
            for entry in os.scandir(self.directory):
                name = entry.name
                if name.startswith(".") and name.endswith(".tmp") and self.suffix in name and entry.is_file():
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)
                        removed.append(name)
        return removed


@contextlib.contextmanager
def _held_lock(path: Path, timeout: float) -> Iterator[None]:
    """Hold the lock file ``path`` against every other process.

    POSIX: ``flock`` on the file, waiting for another window's update (it holds the lock for one
    read-change-write of a document: milliseconds).  Windows: the file exists only while open, and
    an open file cannot be deleted there, so a lock file that can be deleted was left by a process
    that ended; after ``timeout`` seconds of trying, TimeoutError.  Either way the operating system
    ends a killed holder's lock: a stale lock is never in the way."""
    if os.name == "nt":
        deadline = time.monotonic() + timeout
        while True:
            try:
                fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_RDWR)
                break
            except FileExistsError:
                try:
                    os.remove(path)  # only possible when no process holds it: a stale lock
                except PermissionError:
                    if time.monotonic() >= deadline:
                        raise TimeoutError(f"another game window keeps {path} locked") from None
                    time.sleep(0.002)
                except FileNotFoundError:
                    pass
        try:
            yield
        finally:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.remove(path)
        return
    try:
        import fcntl
    except ImportError:  # WebAssembly (Pyodide, pygbag): one program, no processes to lock against
        yield
        return

    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:  # another window is in the middle of an update: a moment, no more
                if time.monotonic() >= deadline:
                    raise TimeoutError(f"another game window keeps {path} locked") from None
                time.sleep(0.002)
            except OSError:  # a file system that does not lock (some network folders): unlocked
                break
        yield
    finally:
        os.close(fd)  # releases the lock


class LocalStorage:
    """The browser's ``localStorage`` (or anything with getItem/setItem/removeItem/key/length)."""

    def __init__(self, local_storage: Any, prefix: str = APP_NAME + ".") -> None:
        self.local_storage = local_storage
        self.prefix = prefix

    def load(self, key: str) -> str | None:
        value = self.local_storage.getItem(self.prefix + check_key(key))
        # JS null arrives as None; a bridge that stringifies it gives "null"/"undefined".
        # The store never saves those strings (its documents are JSON objects), so they mean "missing".
        if value is None or value in ("null", "undefined"):
            return None
        return str(value)

    def save(self, key: str, text: str) -> None:
        self.local_storage.setItem(self.prefix + check_key(key), text)

    def delete(self, key: str) -> None:
        self.local_storage.removeItem(self.prefix + check_key(key))

    def rename(self, key: str, new_key: str) -> None:
        value = self.load(key)
        if value is None:
            return
        self.save(new_key, value)  # copy first: a failure here loses nothing
        self.delete(key)

    def lock(self) -> contextlib.AbstractContextManager[object]:
        """Nothing that can be waited for (a page's Web Locks are asynchronous): the store re-reads just
        before it writes, which narrows the race with another tab, not rules it out (see the module's docstring)."""
        return contextlib.nullcontext(self)

    def keys(self) -> list[str]:
        ls, out = self.local_storage, []
        for i in range(int(ls.length)):
            name = ls.key(i)
            if isinstance(name, str) and name.startswith(self.prefix) and _KEY.fullmatch(name[len(self.prefix) :]):
                out.append(name[len(self.prefix) :])
        return sorted(out)


class MemoryStorage:
    """Text in a dict, gone when the program ends."""

    def __init__(self, data: Mapping[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def load(self, key: str) -> str | None:
        return self.data.get(check_key(key))

    def save(self, key: str, text: str) -> None:
        self.data[check_key(key)] = str(text)

    def delete(self, key: str) -> None:
        self.data.pop(check_key(key), None)

    def rename(self, key: str, new_key: str) -> None:
        if check_key(key) in self.data:
            self.data[check_key(new_key)] = self.data.pop(key)

    def keys(self) -> list[str]:
        return sorted(self.data)

    def lock(self) -> contextlib.AbstractContextManager[object]:
        return contextlib.nullcontext(self)


# ---------------------------------------------------------------- choosing a backend
def in_browser() -> bool:
    """True under pygbag (CPython compiled to WebAssembly by emscripten)."""
    return sys.platform == "emscripten"


def browser_window() -> Any | None:
    """pygbag's ``platform.window`` (the JS window object), or None outside the browser."""
    if not in_browser():
        return None
    try:
        import platform as web_platform  # pygbag adds ``window`` to the platform module

        return web_platform.window  # type: ignore[attr-defined]
    except Exception:
        return None


def user_data_dir(
    app: str = APP_NAME,
    *,
    system: str | None = None,
    environ: Mapping[str, str] | None = None,
    home: str | os.PathLike[str] | None = None,
) -> Path:
    """The per-user data directory: %APPDATA%, ~/Library/Application Support, or $XDG_DATA_HOME."""
    system = sys.platform if system is None else system
    env = os.environ if environ is None else environ
    base_home = Path(home) if home is not None else Path.home()
    if system.startswith("win"):
        appdata = env.get("APPDATA")
        return (Path(appdata) if appdata else base_home / "AppData" / "Roaming") / app
    if system == "darwin":
        return base_home / "Library" / "Application Support" / app
    xdg = env.get("XDG_DATA_HOME", "")
    # The XDG spec says to ignore a relative path.
    return (Path(xdg) if xdg and os.path.isabs(xdg) else base_home / ".local" / "share") / app


def default_storage() -> Storage:
    """localStorage in the browser (memory when the browser refuses it), files in the data directory elsewhere."""
    if in_browser():
        window = browser_window()
        if window is None:
            return MemoryStorage()
        try:
            ls = window.localStorage
            ls.length  # noqa: B018 - touching it raises SecurityError where storage is blocked
        except Exception:
            return MemoryStorage()
        return LocalStorage(ls)
    return FileStorage(user_data_dir())


def _active_locale() -> str:
    """The language of the locale in effect, or "" when the locale module cannot tell: with
    ``LANG=de_DE.UTF-8`` but no German locale installed, Python runs in C.UTF-8, which
    ``locale.getlocale()`` reports as en_US."""
    try:  # pygbag's trimmed standard library may lack locale
        import locale

        active = locale.setlocale(locale.LC_CTYPE)  # a query: changes nothing
        if active.split(".")[0].upper() in ("C", "POSIX"):
            return ""
        return locale.getlocale()[0] or ""
    except Exception:  # noqa: BLE001 - no locale at all: the variables decide
        return ""


def system_language(browser_language: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """'de' when the browser (``navigator.language``) or the system locale is German, else 'en'."""
    env = os.environ if environ is None else environ
    candidates = [browser_language or ""]
    if browser_language is None:
        window = browser_window()
        if window is not None:
            with contextlib.suppress(Exception):
                candidates.append(str(window.navigator.language or ""))
        candidates.append(_active_locale())
    # Where the locale module cannot tell (no such locale installed): the variables, as gettext reads them.
    candidates += [env.get("LANGUAGE", "").split(":")[0], *(env.get(v, "") for v in ("LC_ALL", "LC_MESSAGES", "LANG"))]
    for c in candidates:
        low = c.strip().lower()
        if low and low not in ("c", "posix", "c.utf-8"):
            # Windows reports names like "German_Germany".
            return "de" if low.startswith(("de", "german", "deutsch")) else "en"
    return "en"
