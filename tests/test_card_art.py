"""Tests for the drawn card art, the app icon and the synthesised sounds.

The art is checked by rendering and comparing surfaces: sizes and transparent
corners, every face distinct, deck colours where the decks differ (and only
there), index letters where the languages differ (and only there).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.ui import card_art, sounds  # noqa: E402
from skat.ui.card_art import SUIT_COLOURS, CardArt, card_size  # noqa: E402
from skat.ui.icon import make_icon, write_icon  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DIAMONDS, HEARTS, SPADES, CLUBS = range(4)
JACK, QUEEN, KING, ACE = 4, 5, 6, 7


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.fixture(autouse=True)
def fresh_cache():
    card_art.clear_cache()
    yield
    card_art.clear_cache()


@pytest.mark.parametrize("width", [40, 48, 59, 77, 120, 200])
def test_face_and_back_size_and_rounded_alpha_corners(width: int) -> None:
    art = CardArt()
    w, h = card_size(width)
    assert h == round(width * 91 / 59)
    for surface in (art.face(CLUBS * 8 + JACK, width), art.face(DIAMONDS * 8 + 0, width), art.back(width)):
        assert surface.get_size() == (w, h)
        assert surface.get_flags() & pygame.SRCALPHA
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert surface.get_at(corner).a == 0, corner
        for inside in ((w // 2, 0), (0, h // 2), (w // 2, h // 2), (w - 1, h // 2), (w // 2, h - 1)):
            assert surface.get_at(inside).a >= 245, inside  # smoothscale may shave a unit or two at the edge
        # partly transparent pixels on the corner arc: the corners are antialiased, not stepped
        radius = card_art.corner_radius(width)
        assert any(0 < surface.get_at((i, 0)).a < 245 for i in range(radius + 2))


@pytest.mark.parametrize("deck", card_art.DECKS)
@pytest.mark.parametrize("language", card_art.LANGUAGES)
def test_all_32_faces_differ(deck: str, language: str) -> None:
    art = CardArt(deck, language)
    faces = {pixels(art.face(c, 60)) for c in range(32)}
    assert len(faces) == 32
    assert pixels(art.back(60)) not in faces


def test_decks_differ_in_colour_for_diamonds_and_spades_only() -> None:
    tournament, classic = CardArt("tournament", "de"), CardArt("classic", "de")
    for rank in range(8):
        for suit in (DIAMONDS, SPADES):
            card = suit * 8 + rank
            assert pixels(tournament.face(card, 72)) != pixels(classic.face(card, 72)), card
        for suit in (CLUBS, HEARTS):
            card = suit * 8 + rank
            assert pixels(tournament.face(card, 72)) == pixels(classic.face(card, 72)), card


def test_four_colour_deck_is_amber_green_red_black() -> None:
    """Sample the inside of each Ace's big central pip."""
    colours = {}
    for deck in ("tournament", "classic"):  # the German Daus has a ribbon across its centre
        art = CardArt(deck)
        for suit in range(4):
            ace = art.face(suit * 8 + ACE, 120)
            colours[deck, suit] = tuple(ace.get_at((ace.get_width() // 2, ace.get_height() // 2 + 4)))[:3]
            assert all(abs(a - b) <= 4 for a, b in zip(colours[deck, suit], SUIT_COLOURS[deck][suit], strict=True))
    r, g, b = colours["tournament", DIAMONDS]
    assert r > 200 and 100 < g < 200 and b < 60  # orange-yellow amber
    r, g, b = colours["tournament", SPADES]
    assert g > r + 80 and g > b + 40  # green
    r, g, b = colours["tournament", HEARTS]
    assert r > 150 and g < 60 and b < 60  # red
    assert max(colours["tournament", CLUBS]) < 60  # black
    assert colours["classic", DIAMONDS] == colours["classic", HEARTS]
    assert colours["classic", SPADES] == colours["classic", CLUBS] == colours["tournament", CLUBS]


def test_languages_differ_only_on_jack_and_queen() -> None:
    de, en = CardArt("tournament", "de"), CardArt("tournament", "en")
    for suit in range(4):
        for rank in range(8):
            card = suit * 8 + rank
            same = pixels(de.face(card, 64)) == pixels(en.face(card, 64))
            assert same == (rank not in (JACK, QUEEN)), card
    assert [de.label(r) for r in range(8)] == ["7", "8", "9", "10", "B", "D", "K", "A"]
    assert [en.label(r) for r in range(8)] == ["7", "8", "9", "10", "J", "Q", "K", "A"]


def test_cache_returns_the_same_surface() -> None:
    art = CardArt("classic", "en")
    assert art.face(12, 90) is art.face(12, 90)
    assert CardArt("classic", "en").face(12, 90) is art.face(12, 90)  # the cache is shared
    assert art.back(90) is art.back(90)
    assert art.face(12, 90, "dim") is art.face(12, 90, "dim")
    assert art.face(12, 91) is not art.face(12, 90)
    assert CardArt("classic", "de").face(12, 90) is not art.face(12, 90)
    card_art.clear_cache()
    assert pixels(art.face(12, 90)) == pixels(CardArt("classic", "en").face(12, 90))


def test_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(card_art, "CACHE_BYTES", 3 * 40 * 62 * 4)
    art = CardArt()
    first = art.face(0, 40)
    for card in range(1, 6):
        art.face(card, 40)
    assert art.face(0, 40) is not first
    assert len(card_art._CACHE) <= 3


def test_highlight_dim_and_table_variants() -> None:
    art = CardArt()
    face = art.face(CLUBS * 8 + ACE, 100)
    lit, dim = art.face(CLUBS * 8 + ACE, 100, "highlight"), art.face(CLUBS * 8 + ACE, 100, "dim")
    for variant in (lit, dim, art.highlight(face), art.dimmed(face)):
        assert variant.get_size() == face.get_size()
        assert variant.get_at((0, 0)).a == 0
        assert pixels(variant) != pixels(face)
    assert sum(pygame.transform.average_color(dim)[:3]) < sum(pygame.transform.average_color(face)[:3])
    assert pixels(face) == pixels(art.face(CLUBS * 8 + ACE, 100))  # the cached face itself is untouched
    on_table = art.table_back(100)
    assert on_table.get_width() > 100 and on_table.get_height() > card_size(100)[1]
    assert pixels(art.back(100, "highlight")) != pixels(art.back(100))


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        CardArt("skatboard")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        CardArt(language="fr")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        CardArt().face(32, 60)
    with pytest.raises(ValueError):
        CardArt().face(0, 4)
    with pytest.raises(ValueError):
        CardArt().face(0, 60, "glowing")  # type: ignore[arg-type]


def test_small_cards_get_a_larger_index() -> None:
    small, large = card_art._Layout.for_width(40), card_art._Layout.for_width(200)
    assert small.cap > large.cap and small.pip > large.pip


def test_icon_is_deterministic_png(tmp_path: Path) -> None:
    icon = make_icon(64)
    assert icon.get_size() == (64, 64)
    assert icon.get_at((0, 0)).a == 0 and icon.get_at((32, 32)).a == 255
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    write_icon(str(first), 48)
    write_icon(str(second), 48)
    data = first.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert data == second.read_bytes()
    assert pygame.image.load(str(first)).get_size() == (48, 48)


def test_icon_script(tmp_path: Path) -> None:
    out = tmp_path / "favicon.png"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "game"))
    subprocess.run([sys.executable, "-m", "skat.ui.icon", str(out), "--size", "32"], check=True, env=env,
                   cwd=tmp_path, capture_output=True, timeout=60)
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert pygame.image.load(str(out)).get_size() == (32, 32)


def test_contact_sheet_tool(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("render_cards", ROOT / "tools" / "render_cards.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main([str(tmp_path), "--widths", "40"]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "overview.png" in names and "cards_german_de_40.png" in names
    assert len(names) == 1 + 2 * len(card_art.DECKS)  # a sheet per deck and language, and the overview


@pytest.mark.parametrize("name", sounds.SOUND_NAMES)
def test_sounds_synthesise_without_audio_device(name: str) -> None:
    samples = sounds.synthesize(name)
    assert 0.05 * sounds.RATE < len(samples) < 2 * sounds.RATE
    assert max(abs(s) for s in samples) <= 1.0
    assert samples == sounds.synthesize(name)  # seeded: the same every run
    assert len(sounds.to_pcm16(samples)) == 2 * len(samples)


def test_sound_aliases_used_by_the_table() -> None:
    for alias, name in sounds.ALIASES.items():
        assert sounds.synthesize(alias) == sounds.synthesize(name)
    with pytest.raises(KeyError):
        sounds.synthesize("fanfare")


def test_buffer_fallback_formats() -> None:
    samples = sounds.synthesize("place")
    assert len(sounds.pcm_for_mixer(samples, (44100, -16, 2))) == 2 * 2 * int(len(samples) * 44100 / sounds.RATE)
    assert len(sounds.pcm_for_mixer(samples, (22050, 8, 1))) == len(samples)
    assert len(sounds.pcm_for_mixer(samples, (48000, 32, 2))) == 4 * 2 * int(len(samples) * 48000 / sounds.RATE)


def test_play_is_a_no_op_when_sound_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args, **kwargs):
        raise AssertionError("the mixer must not be touched while sound is off")

    monkeypatch.setattr(pygame.mixer, "init", boom)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    off = sounds.Sounds(enabled=False)
    for name in sounds.SOUND_NAMES:
        off.play(name)
    assert off.warm_up() is True
    off.play("fanfare")  # unknown names are ignored too: a sound is never worth a crash


def test_play_survives_a_missing_audio_device(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    snd = sounds.Sounds()
    snd.play("win")
    assert snd.available is False
    assert snd.warm_up() is True
    snd.set_volume(0.3)


def test_play_with_dummy_audio_driver() -> None:
    try:
        pygame.mixer.init()
    except pygame.error:
        pytest.skip("no mixer even with the dummy driver")
    try:
        snd = sounds.Sounds(volume=0.2)
        while not snd.warm_up():
            pass
        for name in sounds.SOUND_NAMES:
            snd.play(name)
        assert snd.available
        snd.set_volume(0.5)
        snd.enabled = False
        snd.play("lose")
    finally:
        pygame.mixer.quit()
