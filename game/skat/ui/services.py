"""What the scenes share: settings, saving, card art, sounds, statistics.

It wraps :class:`skat.storage.Store` so that scenes speak in controllers and
plain settings, and so that no storage problem ever reaches a scene as an
exception: it becomes a notice on the title screen.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from ..i18n import Translator
from ..storage import MatchInProgress, Notice, Settings, Store
from .card_art import CardArt
from .controller import MatchController

DEFAULT_SETUP: dict[str, Any] = {"game": "skat", "preset": "isko", "players": 3, "hands": 36, "strength": "normal"}


class Services:
    def __init__(self, app, store: Store | None = None) -> None:  # type: ignore[no-untyped-def]
        self.app = app
        self.web = sys.platform == "emscripten"
        self.store = store if store is not None else Store()
        s = self.store.settings()
        self.settings: dict[str, Any] = {
            "language": s.language, "animation": s.animation, "deck": s.deck, "sound": s.sound,
        }
        self._art: CardArt | None = None
        self._sounds: Any = None
        self._sharing: Any = None  # the browser's share in progress (skat.ui.web.ShareDeal)
        self._setup = dict(DEFAULT_SETUP)
        self.current: MatchInProgress | None = None
        self._saved_match_cache: MatchInProgress | None | bool = False
        self._pull_notices()

    def _pull_notices(self) -> None:
        for n in self.store.take_notices():
            self.app.notify(self.localize(n))

    def localize(self, notice: str) -> str:
        """A storage notice in the player's language (the technical detail stays as it is)."""
        if not isinstance(notice, Notice):
            return notice
        t = self.app.t if hasattr(self.app, "t") else Translator(self.settings.get("language", "en"))
        kind = notice.kind
        if kind == "unreadable" and not notice.aside:
            kind = "unreadable_lost"
        doc = t("doc." + notice.doc) if notice.doc else ""
        fallback = t("doc_fallback." + notice.doc) if notice.doc else ""
        return t("notice." + kind, doc=doc, detail=notice.detail, aside=notice.aside, fallback=fallback)

    # ----------------------------------------------------------- settings
    def settings_changed(self) -> None:
        self._art = None
        try:
            settings = Settings(**self.settings)
        except (TypeError, ValueError):
            return
        self.store.save_settings(settings)
        self._pull_notices()
        if self._sounds is not None:
            self._sounds.enabled = bool(self.settings.get("sound", True))

    @property
    def art(self) -> CardArt:
        if self._art is None:
            self._art = CardArt(self.settings.get("deck", "tournament"), self.settings.get("language", "de"))
        return self._art

    def sound(self, name: str) -> None:
        if not self.settings.get("sound", True) or self.app.headless:
            return
        if self._sounds is None:
            try:
                from .sounds import Sounds

                self._sounds = Sounds(enabled=True)
            except Exception:  # noqa: BLE001 - no audio is never a crash
                self._sounds = False
        if self._sounds:
            self._sounds.play(name)

    # ----------------------------------------------------------- matches
    def new_seed(self) -> int:
        return random.randrange(1, 2**31)

    def last_setup(self) -> dict[str, Any]:
        return dict(self._setup)

    def remember_setup(self, setup: dict[str, Any]) -> None:
        self._setup = dict(setup)

    def has_saved_match(self) -> bool:
        if self.current is not None and not self.current.match.finished:
            return True
        if self._saved_match_cache is False:
            self._saved_match_cache = self.store.load_match()
            self._pull_notices()
        return isinstance(self._saved_match_cache, MatchInProgress) and not self._saved_match_cache.match.finished

    def load_match(self) -> MatchController | None:
        game = self.current
        if game is None:
            cached = self._saved_match_cache
            game = cached if isinstance(cached, MatchInProgress) else self.store.load_match()
            self._pull_notices()
        if game is None:
            return None
        self.current = game
        return MatchController(game.match, human=game.person, strength=game.ai)

    def save_match(self, ctl: MatchController) -> None:
        if self.current is None or self.current.match is not ctl.match:
            self.current = MatchInProgress(match=ctl.match, person=ctl.human, ai=ctl.strength)
        self.store.save_match(self.current)
        self._saved_match_cache = self.current
        self._pull_notices()

    def hand_finished(self, ctl: MatchController) -> None:
        self.save_match(ctl)

    def finish_match(self, ctl: MatchController) -> None:
        self.save_match(ctl)
        if self.current is not None:
            self.store.finish_match(self.current)
        self.current = None
        self._saved_match_cache = None
        self._pull_notices()

    def share_deal(self, ctl: MatchController) -> str:
        t = self.app.t
        try:
            from ..engine.share import encode_deal
        except ImportError:
            return ""
        m = ctl.match
        deck = m.decks[-1]
        code = encode_deal(m.game, m.rules, deck, players=m.players)
        if self.web:
            from .web import copy_share_link

            self._sharing = copy_share_link(t, code)
            return str(self._sharing.text)
        return t("share.desktop", code=code)

    def share_update(self) -> str | None:
        """The browser share's text once per frame: the clipboard answers later (None on the desktop)."""
        return self._sharing.update() if self._sharing is not None else None

    # ----------------------------------------------------------- statistics
    def statistics_rows(self) -> list[tuple[str, list[tuple[str, str]]]]:
        t = self.app.t
        stats = self.store.statistics()
        self._pull_notices()
        rows = []
        for game in ("skat", "officers"):
            g = stats.of(game)
            if not g.hands_played:
                continue
            lines = [
                (t("stats.hands"), str(g.hands_played)),
                (t("stats.declared"), f"{g.won_as_declarer} / {g.declared}"),
                (t("stats.average"), f"{g.average_score:+.1f}"),
            ]
            for kind, ts in sorted(g.by_type.items()):
                lines.append((t("game." + kind), t("stats.type_line", won=ts.won, played=ts.played, points=ts.points)))
            rows.append((t("game_name." + game), lines))
        return rows
