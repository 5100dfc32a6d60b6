"""What the scenes share: settings, saving, card art, sounds, statistics.

It wraps :class:`skat.storage.Store` so that scenes speak in controllers and
plain settings, and so that no storage problem ever reaches a scene as an
exception: it becomes a notice, said in the player's language with what to do,
once per cause.  A save that fails during play shows at once, over the table
(:class:`~skat.ui.overlays.NoticeScene`); the others wait for the title screen.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Collection, Sequence
from dataclasses import fields
from typing import Any

from ..engine.challenge import ChallengeResult, encode_challenge
from ..engine.share import encode_deal
from ..i18n import Translator
from ..storage import FinishedMatch, MatchInProgress, Notice, Settings, Statistics, StatisticsRebuild, Store
from .card_art import CardArt, suit_words
from .controller import MatchController
from .hand_order import HandOrder, set_order
from .overlays import NoticeScene
from .web import copy_share_link

DEFAULT_SETUP: dict[str, Any] = {"game": "skat", "preset": "isko", "players": 3, "hands": 36, "strength": "normal"}
_MEDIUM = ("read_only", "in_the_way", "disk_full", "quota", "os_error", "unknown")
"""Reasons that come with advice: the player can do something about the medium, not about the content."""


def replay_command(code: str, seat: int | None) -> str:
    """The command that deals this hand again with the person in the same seat
    (a dealer who sat out replays from forehand).

    >>> replay_command("1ABC", 0), replay_command("1ABC", 2)
    ('skat --deal 1ABC', 'skat --deal 1ABC --seat 3')
    """
    if not seat:
        return f"skat --deal {code}"
    return f"skat --deal {code} --seat {seat + 1}"


def _setup_pairs(setup: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """A set-up as the settings keep it; values a settings file cannot hold are not kept."""
    return tuple((k, v) for k, v in setup.items() if isinstance(v, (str, int, bool)))


class Services:
    def __init__(self, app, store: Store | None = None) -> None:
        self.app = app
        self.web = sys.platform == "emscripten"
        self.store = store if store is not None else Store()
        s = self.store.settings()
        self.settings: dict[str, Any] = {f.name: getattr(s, f.name) for f in fields(Settings) if f.name != "setup"}
        set_order(HandOrder.from_settings(self.settings))
        self._art: CardArt | None = None
        self._sounds: Any = None
        self._sharing: Any = None  # the browser's share in progress (skat.ui.web.ShareDeal)
        self._setup: dict[str, Any] = dict(s.setup)
        """The set-up of the last match started, as kept with the settings (the defaults are filled in
        by :meth:`last_setup`, not here, so a settings save does not count them as this window's change)."""
        self.current: MatchInProgress | None = None
        self._saved_match_cache: MatchInProgress | None | bool = False
        self._reported: set[tuple[str, str, str]] = set()
        """Causes already told (a failing save is retried at every move, but said once)."""
        self.notices_seen = 0
        """How many of ``app.notices`` the player has acknowledged."""
        self._faults_told: set[int] = set()
        """Controllers (by id) whose computer-player fault the player has been told of."""
        self.store.recover()
        self._pull_notices()

    def _pull_notices(self) -> None:
        for n in self.store.take_notices():
            if isinstance(n, Notice) and n.kind in ("save_failed", "delete_failed", "read_failed"):
                cause = ("read" if n.kind == "read_failed" else "write", n.reason, n.where)
                if cause in self._reported:
                    continue
                self._reported.add(cause)
            self.app.notify(self.localize(n))

    def _saved_fine(self) -> None:
        """A save worked again: a later failure is news again."""
        self._reported = {c for c in self._reported if c[0] != "write"}

    # ----------------------------------------------------------- notices
    def unseen_notices(self) -> list[str]:
        return list(self.app.notices[self.notices_seen :])

    def notices_read(self) -> None:
        self.notices_seen = len(self.app.notices)

    def show_notices(self) -> None:
        """Show new notices now, over whatever scene is up (the table included)."""
        if not self.unseen_notices() or self.app.stack.top is None:
            return
        if not any(isinstance(s, NoticeScene) for s in self.app.stack.scenes):
            self.app.push(NoticeScene(self.app))

    def localize(self, notice: str) -> str:
        """A storage notice in the player's language throughout: the reason and the advice come
        from the catalog, only a path or file name is shown as it is."""
        if not isinstance(notice, Notice):
            return notice
        t = self.app.t if hasattr(self.app, "t") else Translator(self.settings.get("language", "en"))
        kind = notice.kind
        if kind == "unreadable" and not notice.aside:
            kind = "unreadable_lost"
        if kind == "partly_unreadable" and notice.aside:
            kind = "partly_unreadable_kept"
        doc = t("doc." + notice.doc) if notice.doc else ""
        fallback = t("doc_fallback." + notice.doc) if notice.doc else ""
        reason = t("reason." + notice.reason, n=notice.count)
        if notice.reason == "bad_setting":
            reason = bad_settings(t, notice.detail) or reason
        if notice.where and notice.reason in ("os_error", "unknown"):
            reason += f" ({notice.where})"
        advice = t("advice." + notice.reason, path=notice.where) if notice.reason in _MEDIUM else ""
        consequence = t("save_lost." + notice.doc) if notice.doc else ""
        return t("notice." + kind, doc=doc, reason=reason, aside=self._where_kept(notice.aside), fallback=fallback,
                 advice=advice, consequence=consequence, n=notice.count).strip()

    def _where_kept(self, key: str) -> str:
        """Where a set-aside document is: its file's full path on the desktop, its key in the browser."""
        if not key:
            return ""
        path = getattr(self.store.storage, "path", None)
        try:
            return str(path(key)) if callable(path) else key
        except ValueError:
            return key

    # ----------------------------------------------------------- settings
    def translator(self) -> Translator:
        """The texts in the chosen language, naming the suits as the chosen deck does (Eichel, Grün, ...)."""
        return Translator(self.settings.get("language", "en"), suit_words(self.settings.get("deck", "tournament")))

    def settings_changed(self, changed: Collection[str] = ()) -> None:
        """Apply and save this window's settings; ``changed``: those written even if unchanged here
        (see :meth:`Store.save_settings`)."""
        self._art = None
        set_order(HandOrder.from_settings(self.settings))  # the hand on screen re-sorts at the next layout
        try:
            settings = Settings(**self.settings, setup=_setup_pairs(self._setup))
        except (TypeError, ValueError):
            return
        self.store.save_settings(settings, changed)
        self._pull_notices()
        self.show_notices()
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
                # lazy: the sound module (and its synthesis) loads with the first sound played, inside
                # this guard, so a machine or browser without audio never stops the game over it.
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
        """The set-up the next new match starts from: the last one started, the defaults for what it lacks."""
        return {**DEFAULT_SETUP, **self._setup}

    def remember_setup(self, setup: dict[str, Any]) -> None:
        """Keep the set-up of the match just started, with the settings, for the next one (and a restart)."""
        self._setup = {k: v for k, v in setup.items() if k != "language"}  # the language is a setting of its own
        self.settings_changed(changed={"setup"})

    def has_saved_match(self) -> bool:
        if self.current is not None and not self.current.match.finished:
            return True
        if self._saved_match_cache is False:
            self._saved_match_cache = saved = self.store.load_match()
            # One that ended but whose sheet was not kept then (a full disk, a crash) is kept now.
            if isinstance(saved, MatchInProgress) and saved.match.finished and self.store.keep_match(saved):
                self._saved_match_cache = None
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
        ctl = MatchController(game.match, human=game.person, strength=game.ai)
        ctl.hinted = set(game.hinted)
        ctl.taken_back = set(game.taken_back)
        return ctl

    def match_in_progress(self) -> MatchInProgress | None:
        """The unfinished match a new one would replace (loaded once), or None."""
        if self.current is not None:
            return None if self.current.match.finished else self.current
        if not self.has_saved_match():
            return None
        cached = self._saved_match_cache
        return cached if isinstance(cached, MatchInProgress) else None

    def abandon_match(self) -> None:
        """Give up the match in progress: its score sheet is kept (as abandoned) when a hand was played."""
        game = self.current
        if game is None:
            cached = self._saved_match_cache
            game = cached if isinstance(cached, MatchInProgress) else self.store.load_match()
        if game is not None:
            if not game.match.sheet:
                self.store.clear_match()
            elif not self.store.keep_match(game):
                # Its sheet could not be written: keep the save itself out of the new match's way.
                self.store.park_match(game)
        self.current = None
        self._saved_match_cache = None
        self._pull_notices()

    def past_sheets(self) -> list[FinishedMatch]:
        """Kept score sheets, newest first."""
        sheets = self.store.sheets()
        self._pull_notices()
        return sheets[::-1]

    def save_match(self, ctl: MatchController) -> None:
        if self.current is None or self.current.match is not ctl.match:
            if self.current is not None or self._saved_match_cache is not None:
                # Whatever path replaces a match in progress (a shared deal too), its sheet is kept.
                self.abandon_match()
            self.current = MatchInProgress(match=ctl.match, person=ctl.human, ai=ctl.strength)
        self.current.hinted = tuple(sorted(getattr(ctl, "hinted", ())))
        self.current.taken_back = tuple(sorted(getattr(ctl, "taken_back", ())))
        if self.store.save_match(self.current) and not self.store.notices:
            self._saved_fine()
        self._tell_faults(ctl)
        self._saved_match_cache = self.current
        self._pull_notices()
        self.show_notices()

    def _tell_faults(self, ctl: MatchController) -> None:
        """A computer player failed: say so once per match (the table plays on with a working one)."""
        faults = getattr(ctl, "faults", None)
        if faults and id(ctl) not in self._faults_told:
            self._faults_told.add(id(ctl))
            now = [p.strength for p in ctl.players.values() if getattr(p, "is_fallback", False)]
            strength = self.app.t("strength." + (now[0] if now else ctl.FALLBACKS[0]))
            self.app.notify(self.app.t("notice.ai_fault", detail=faults[0][:120], strength=strength))

    def save_on_exit(self) -> None:
        """The program ends (the window closed, Ctrl-C): save the match in progress once more, so not
        even a computer player's move made since the last save is lost.  Never raises."""
        try:
            if self.current is not None and not self.current.match.finished:
                self.store.save_match(self.current)
        except Exception:  # noqa: BLE001 - ending the program must not fail
            pass

    def hand_finished(self, ctl: MatchController) -> None:
        self.save_match(ctl)

    def finish_match(self, ctl: MatchController) -> None:
        self.save_match(ctl)
        if self.current is not None:
            self.store.keep_match(self.current)  # on failure the match stays saved, kept at the next start
        self.current = None
        self._saved_match_cache = None
        self._pull_notices()
        self.show_notices()

    def share_deal(self, ctl: MatchController, results: Sequence[ChallengeResult] = ()) -> str:
        """Share the hand's deal; with ``results`` (a duplicate challenge) the link also carries them."""
        t = self.app.t
        m = ctl.match
        deck = m.decks[-1]
        code = encode_deal(m.game, m.rules_of(len(m.decks) - 1), deck, players=m.players)
        if results:
            code = encode_challenge(code, results)
        if self.web:
            self._sharing = copy_share_link(t, code)
            return str(self._sharing.text)
        if results:  # the seat travels in the code
            return t("share.desktop_challenge", code=code, command=replay_command(code, None))
        return t("share.desktop", code=code, command=replay_command(code, ctl.human_seat))

    def share_update(self) -> str | None:
        """The browser share's text once per frame: the clipboard answers later (None on the desktop)."""
        return self._sharing.update() if self._sharing is not None else None

    # ----------------------------------------------------------- statistics
    def statistics(self) -> Statistics:
        """The statistics as kept (read once per call: a scene keeps what it shows); a damaged
        document becomes a notice, and empty statistics."""
        stats = self.store.statistics()
        self._pull_notices()
        return stats

    def rebuild_statistics(self) -> StatisticsRebuild:
        """A recount from the kept sheets, for the statistics screen to step frame by frame."""
        self.has_saved_match()  # the match in progress, loaded once (the title screen has done it)
        cached = self._saved_match_cache
        current = self.current or (cached if isinstance(cached, MatchInProgress) else None)
        job = self.store.rebuild_statistics(current)
        self._pull_notices()
        return job

    def rebuilt(self, job: StatisticsRebuild) -> bool:
        """Write a finished recount (merged with what was counted meanwhile)."""
        ok = job.finish()
        self._pull_notices()
        self.show_notices()
        return ok


SETTING_LABELS = {"language": "setup.language", "animation": "settings.speed", "pace": "settings.pace",
                  "deck": "settings.deck", "sound": "settings.sound", "hints": "settings.hints",
                  "sort_suits": "settings.sort_suits", "sort_rank": "settings.sort_rank",
                  "sort_trumps": "settings.sort_trumps", "sort_alternate": "settings.sort_alternate",
                  "forced_play": "settings.forced_play", "setup": "setup.title"}
"""Each stored setting's label on the settings screen."""


def bad_settings(t: Translator, detail: str) -> str:
    """The settings a damaged settings file had unknown values for, by their labels on the
    settings screen ("" when the detail names none): storage's detail names each as 'name'."""
    names = [t(SETTING_LABELS[n]).split(" (")[0] for n in re.findall(r"'(\w+)'", detail) if n in SETTING_LABELS]
    if not names:
        return ""
    key = "reason.bad_setting_named" if len(names) == 1 else "reason.bad_settings_named"
    return t(key, names=", ".join(dict.fromkeys(names)))
