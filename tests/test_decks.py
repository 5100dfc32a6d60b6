"""The four decks (issue 20, point 7): French and German suits in four and two colours, every face
its own, German indices, the suit words of the texts following the deck, the choice saved, all
driven through the settings screen by real clicks."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.i18n import Translator  # noqa: E402
from skat.storage import DECKS as STORED_DECKS  # noqa: E402
from skat.storage import MemoryStorage, Settings, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.card_art import DECKS, GERMAN_DECKS, CardArt  # noqa: E402
from skat.ui.game_names import Contract, game_name  # noqa: E402
from skat.ui.menu import SettingsScene, TitleScene  # noqa: E402
from uihelp import click  # noqa: E402


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_the_stored_and_the_drawn_decks_are_the_same() -> None:
    assert tuple(DECKS) == tuple(STORED_DECKS)


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("width", [40, 120])
def test_every_deck_draws_32_distinct_faces_at_phone_and_table_size(deck: str, width: int) -> None:
    art = CardArt(deck, "de")
    faces = [pixels(art.face(c, width)) for c in range(32)]
    assert len(set(faces)) == 32
    assert pixels(art.back(width)) not in faces


def test_german_faces_are_drawn_anew_not_recoloured_french_ones() -> None:
    french, german = CardArt("classic", "de"), CardArt("german_classic", "de")
    for card in range(32):  # same two colours, so only the pips and figures can make them differ
        assert pixels(french.face(card, 72)) != pixels(german.face(card, 72)), card


def test_german_four_and_two_colours_share_only_herz() -> None:
    four, two = CardArt("german", "de"), CardArt("german_classic", "de")
    for card in range(32):
        same = pixels(four.face(card, 64)) == pixels(two.face(card, 64))
        assert same == (card >> 3 == 1), card  # suit 1: Herz is red in both


@pytest.mark.parametrize("language", ["de", "en"])
def test_german_indices_in_either_language(language: str) -> None:
    for deck in GERMAN_DECKS:
        assert [CardArt(deck, language).label(r) for r in range(8)] == ["7", "8", "9", "10", "U", "O", "K", "A"]
    assert CardArt("tournament", language).label(5) == ("D" if language == "de" else "Q")


def test_suit_words_follow_the_deck() -> None:
    de_german, de_french = Translator("de", "german"), Translator("de", "french")
    names = {s: game_name(de_german, Contract(s, hand=True)) for s in ("clubs", "spades", "hearts", "diamonds")}
    assert names == {"clubs": "Eichel Hand", "spades": "Grün Hand", "hearts": "Herz Hand", "diamonds": "Schellen Hand"}
    assert game_name(de_french, Contract("clubs", matadors=2)) == "Kreuz mit 2"
    assert game_name(de_german, Contract("clubs", matadors=2), short=True).startswith("Eichel ")
    assert de_german("suit.spades") == "Grün" and de_german("game.grand") == "Grand"
    assert Translator("en", "german")("game.clubs") == "Acorns"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_deck_chosen_by_clicks_changes_faces_and_words_and_is_saved(lang: str) -> None:
    storage = MemoryStorage()
    app = App(size=(1280, 720), store=Store(storage, language=lang), headless=True)
    app.settings["animation"] = "off"
    app.start()
    app.frame(0.02)
    assert isinstance(app.stack.top, TitleScene)
    button = next(b for b in app.stack.top.group.buttons if b.label == app.t("menu.settings"))
    click(app, (button.x + 10, button.y + 10))
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    i = next(i for i, r in enumerate(scene.rows) if r.key == "deck")
    x, y, w, h = scene.row_rect(i)
    french_words = app.t("game.clubs")
    french_face = pixels(app.services.art.face(31, 80))
    seen = []
    for _ in DECKS:
        click(app, (x + w - 14, y + h / 2))  # the right arrow
        seen.append(app.settings["deck"])
        assert Store(storage, language=lang).settings().deck == app.settings["deck"]  # saved at once
        assert app.services.art.deck == app.settings["deck"]
    assert sorted(seen) == sorted(DECKS)  # every deck once round
    while app.settings["deck"] != "german":
        click(app, (x + w - 14, y + h / 2))
    assert pixels(app.services.art.face(31, 80)) != french_face
    assert app.t("game.clubs") == ("Eichel" if lang == "de" else "Acorns") != french_words
    assert scene.rows[i].show("german") in [r.show(r.value) for r in app.stack.top.rows]
    # A restart reads the deck back, and with it the German suit names.
    again = App(size=(1280, 720), store=Store(storage, language=lang), headless=True)
    assert again.settings["deck"] == "german"
    assert again.t("game.spades") == ("Grün" if lang == "de" else "Leaves")


def test_old_settings_files_still_load_and_bad_decks_are_reported() -> None:
    storage = MemoryStorage()
    Store(storage).save_settings(Settings(language="de", deck="classic"))
    assert Store(storage).settings().deck == "classic"
    storage.save("settings", '{"version": 1, "language": "de", "deck": "bavarian"}')
    store = Store(storage)
    assert store.settings().deck == "tournament"
    assert any("deck" in n for n in store.take_notices())
