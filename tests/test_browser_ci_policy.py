"""The browser test skips with its reason on a developer's machine without Chromium, and fails in CI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_browser_test(ci: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["CHROMIUM"] = "/nonexistent/chromium"
    if ci:
        env["CI"] = "true"
    command = [sys.executable, "-m", "pytest", "-q", "-rsf", "-p", "no:cacheprovider", "tests/test_browser_page.py"]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_without_chromium_the_browser_test_skips_with_the_reason() -> None:
    out = run_browser_test(ci=False)
    assert out.returncode == 0, out.stdout[-2000:]
    assert "skipped" in out.stdout and "chromium is not installed at /nonexistent/chromium" in out.stdout


@pytest.mark.slow
def test_without_chromium_the_browser_test_fails_in_ci() -> None:
    out = run_browser_test(ci=True)
    assert out.returncode != 0
    assert "the browser test must run in CI: chromium is not installed" in out.stdout
