"""Sound without ``wave`` (the browser runtime lacks it) and a mixer that starts quietly.

Issue 9 (point 3) and issue 7 (finding 10, last bullet): the sounds are raw PCM
buffers in the mixer's own format, and a machine without a sound card starts
the game without ALSA's error lines on the terminal.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from array import array
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.ui import sounds  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def test_sounds_module_does_not_import_wave() -> None:
    assert "wave" not in sounds.__dict__
    source = (ROOT / "game" / "skat" / "ui" / "sounds.py").read_text(encoding="utf-8")
    assert "import wave" not in source


@pytest.mark.parametrize("mixer", [(22050, -16, 1), (44100, -16, 2), (48000, 32, 2), (22050, 8, 1), (44100, 16, 2)])
def test_pcm_for_mixer_has_the_mixers_length_and_format(mixer: tuple[int, int, int]) -> None:
    freq, size, channels = mixer
    samples = sounds.synthesize("win")
    pcm = sounds.pcm_for_mixer(samples, mixer)
    width = abs(size) // 8
    frames = int(len(samples) * freq / sounds.RATE)
    assert len(pcm) == frames * channels * width
    if size == -16:
        values = array("h")
        values.frombytes(pcm)
        assert max(abs(v) for v in values) > 0.7 * 32767  # normalised to 0.85: the peak survives resampling
        if channels == 2:
            assert values[0::2] == values[1::2]  # mono copied to both channels


def test_resample_keeps_duration_and_shape() -> None:
    ramp = [i / 100 for i in range(101)]
    up = sounds.resample(ramp, sounds.RATE * 2)
    assert len(up) == 202
    assert up[0] == 0.0 and abs(up[101] - 0.505) < 1e-9  # halfway between two samples is their mean
    assert sounds.resample(ramp, sounds.RATE) == ramp


def test_unknown_mixer_format_is_refused() -> None:
    with pytest.raises(ValueError):
        sounds.pcm_for_mixer([0.0, 0.5], (22050, 24, 1))


def test_every_effect_becomes_a_sound_from_a_buffer_of_the_right_length() -> None:
    if not sounds.start_mixer():
        pytest.skip("no mixer even with the dummy audio driver")
    try:
        freq, size, channels = pygame.mixer.get_init()
        for name in sounds.SOUND_NAMES:
            samples = sounds.synthesize(name)
            sound = sounds.make_sound(samples)
            expected = int(len(samples) * freq / sounds.RATE) * channels * abs(size) // 8
            assert sound.get_raw() == sounds.pcm_for_mixer(samples, (freq, size, channels))
            assert len(sound.get_raw()) == expected
            assert abs(sound.get_length() - len(samples) / sounds.RATE) < 0.01
    finally:
        pygame.mixer.quit()


def test_make_sound_without_a_mixer_raises_pygame_error() -> None:
    pygame.mixer.quit()
    with pytest.raises(pygame.error):
        sounds.make_sound([0.0, 0.1])


def test_quiet_stderr_hides_what_c_code_writes_to_fd_2() -> None:
    code = textwrap.dedent(
        """
        import os, sys
        from skat.ui.sounds import quiet_stderr
        with quiet_stderr():
            os.write(2, b"HIDDEN\\n")
        os.write(2, b"SHOWN\\n")
        """
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT / "game"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "SHOWN" in out.stderr and "HIDDEN" not in out.stderr


def test_the_game_starts_and_plays_a_sound_without_audio_errors_on_the_terminal(tmp_path: Path) -> None:
    """The real audio backend (no SDL_AUDIODRIVER): on a machine without a sound card ALSA complains, unheard."""
    code = textwrap.dedent(
        """
        from skat.ui.app import App
        app = App(headless=False)
        app.services.sound("place")
        print("sound-available", bool(app.services._sounds) and app.services._sounds.available)
        """
    )
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(PYTHONPATH=str(ROOT / "game"), SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["XDG_DATA_HOME"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "sound-available" in out.stdout
    assert "ALSA" not in out.stderr, out.stderr


def test_the_mixer_opens_in_the_effects_own_format_so_python_converts_nothing() -> None:
    pygame.mixer.quit()
    try:
        if not sounds.start_mixer():
            pytest.skip("no mixer even with the dummy audio driver")
        assert pygame.mixer.get_init() == (sounds.RATE, -16, 1)
        samples = sounds.synthesize("trick")
        assert sounds.make_sound(samples).get_raw() == sounds.to_pcm16(samples)
    finally:
        pygame.mixer.quit()


def test_the_fast_doubling_path_is_linear_interpolation() -> None:
    samples = sounds.synthesize("place")
    fast = sounds.resample(samples, 2 * sounds.RATE)
    last = len(samples) - 1
    slow = [samples[min(i // 2, last)] if i % 2 == 0 else
            (samples[i // 2] + samples[min(i // 2 + 1, last)]) / 2 for i in range(2 * len(samples))]
    assert len(fast) == len(slow)
    assert max(abs(a - b) for a, b in zip(fast, slow, strict=True)) < 1e-12


def test_out_of_range_samples_are_clipped() -> None:
    pcm = array("h")
    pcm.frombytes(sounds.to_pcm16([2.0, -2.0, 0.5]))
    assert list(pcm) == [32767, -32767, 16383]
