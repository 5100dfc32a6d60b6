"""Translations: one catalog module per language, keyed by message id.

Why not gettext ``.mo`` files: the game ships inside pygbag's archive, where
a plain Python module needs no compile step and no extra asset type, and a
test checks that both catalogs hold every message with the same placeholders
(what ``msgfmt --check`` would do).  Placeholders are ``str.format`` names.
The default language comes from the system or browser locale
(:func:`skat.storage_backends.system_language`).
"""

from __future__ import annotations

import time
from string import Formatter

from . import de, en

CATALOGS: dict[str, dict[str, str]] = {"en": en.MESSAGES, "de": de.MESSAGES}
LANGUAGES = ("de", "en")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


SUIT_KEYS = frozenset(f"{kind}.{suit}" for kind in ("game", "suit")
                      for suit in ("diamonds", "hearts", "spades", "clubs"))
"""The messages that name a suit: with German-suited cards each has a ``.german`` variant
(Eichel, Grün, Herz, Schellen), so every game name on a dialog, the sheet or a result follows the deck."""
SUIT_WORDS = ("french", "german")


class Translator:
    def __init__(self, language: str = "en", suits: str = "french") -> None:
        self.language = language if language in CATALOGS else "en"
        self.messages = CATALOGS[self.language]
        self.suits = suits if suits in SUIT_WORDS else "french"
        """Which suit names the texts use: "german" for a German-suited deck."""

    def __call__(self, key: str, **values: object) -> str:
        if self.suits == "german" and key in SUIT_KEYS:
            key += ".german"
        text = self.messages.get(key)
        if text is None:
            text = CATALOGS["en"].get(key, key)
        if values:
            try:
                return text.format(**values)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def number(self, value: float, decimals: int = 0, sign: bool = False) -> str:
        """A number as this language writes it: "+36,0" in German, "+36.0" in English."""
        text = f"{value:{'+' if sign else ''}.{decimals}f}"
        return text.replace(".", self("fmt.decimal_point")) if decimals else text

    def datetime(self, moment: time.struct_time) -> str:
        """A date and time to the minute: "01.12.2026 18:02" in German, "2026-12-01 18:02" in English."""
        return time.strftime(self("fmt.datetime"), moment)
