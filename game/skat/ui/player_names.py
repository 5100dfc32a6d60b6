"""What the table calls its players: the person is "You", the computer players have first names.

One copy for every screen that names a player (the table, the sheet, the past matches)."""

from __future__ import annotations

from ..i18n import Translator

AI_NAMES = ("Anna", "Ben", "Clara", "Dora")


def player_name(t: Translator, player: int, person: int | None) -> str:
    """Player ``player``'s name when ``person`` is the one at the screen (None: nobody, a kept sheet's watcher)."""
    if player == person:
        return t("name.you")
    return AI_NAMES[player % len(AI_NAMES)]
