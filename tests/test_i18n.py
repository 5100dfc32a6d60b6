"""Both languages cover every message with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skat.i18n import CATALOGS, Translator, placeholders

SOURCE = Path(__file__).parents[1] / "game" / "skat"


def test_both_catalogs_have_the_same_messages_and_placeholders() -> None:
    en, de = CATALOGS["en"], CATALOGS["de"]
    assert set(en) == set(de)
    for key in en:
        assert placeholders(en[key]) == placeholders(de[key]), key
        assert en[key].strip() and de[key].strip(), key


def test_every_message_the_code_asks_for_exists() -> None:
    used: set[str] = set()
    prefixes: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        used.update(re.findall(r"\bt\(\s*\"([a-z_]+\.[a-z_.]+)\"", text))
        prefixes.update(re.findall(r"\bt\(\s*\"([a-z_]+\.)\"\s*\+", text))
        used.update(re.findall(r"\"((?:game|level|help)\.[a-z_]+(?:\.[a-z_]+)?)\"", text))
    en = CATALOGS["en"]
    missing = sorted(k for k in used if k not in en and not k.endswith("."))
    assert not missing, missing
    for prefix in prefixes:  # dynamic families such as "say." + kind
        assert any(k.startswith(prefix) for k in en), prefix


@pytest.mark.parametrize(
    ("family", "members"),
    [
        ("say.", ["hold", "pass", "pickup", "hand", "kontra", "re", "no_call"]),
        ("speed.", ["slow", "normal", "fast", "off"]),
        ("opt.layout.", ["officers", "harlequin", "admirals"]),
        ("opt.scoring.", ["standard", "simple_points", "simple_base"]),
        ("strength.", ["easy", "normal", "strong"]),
        ("game.", ["diamonds", "hearts", "spades", "clubs", "grand", "null", "ramsch", "passed"]),
    ],
)
def test_dynamic_message_families_are_complete(family: str, members: list[str]) -> None:
    for lang in ("en", "de"):
        for m in members:
            assert family + m in CATALOGS[lang], (lang, family + m)


def test_translator_formats_and_falls_back() -> None:
    de = Translator("de")
    assert de("result.won", value=48) == "Gewonnen: +48"
    assert Translator("en")("result.won", value=48) == "Won: +48"
    assert Translator("xx").language == "en"
    assert de("no.such.key") == "no.such.key"
