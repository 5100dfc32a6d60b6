"""Sound effects synthesised at run time: no audio files, no numpy (absent under pygbag).

Each effect is a short list of float samples built with ``math`` and a seeded
``random.Random`` (so every run sounds the same), converted to raw PCM in the
format the mixer opened with (rate, sample size, channels) and handed to
``pygame.mixer.Sound(buffer=...)``.  No ``wave`` module and no WAV file in
between: pygbag's browser runtime packs a reduced standard library without
``wave`` (see ``tests/data/pygbag_stdlib.txt``).  Effects are made on first use
(or one per frame via :meth:`Sounds.warm_up`) so the first frame is not
delayed, and :class:`Sounds` swallows every audio failure: a machine or browser
tab without sound simply plays nothing.

The mixer is started quietly: on a Linux machine without a sound card, ALSA
prints a dozen error lines to the terminal when SDL probes it, so the probe
runs with the process's stderr pointed at the null device
(:func:`quiet_stderr`), and a failed start means the game runs without sound.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import random
import sys
from array import array
from collections.abc import Callable, Iterator

import pygame

RATE = 22050
"""Synthesis rate: plenty for these effects, and half the work of 44.1 kHz."""

SOUND_NAMES = ("slide", "place", "shuffle", "trick", "win", "lose")
ALIASES = {"flick": "slide", "deal": "slide", "card": "place", "play": "place", "gather": "trick", "won": "win",
           "lost": "lose"}
"""Other names the table may use for the same effects."""

Samples = list[float]


def _noise(rng: random.Random, n: int) -> Samples:
    r = rng.random
    return [2.0 * r() - 1.0 for _ in range(n)]


def _lowpass(xs: Samples, start: float, end: float | None = None) -> Samples:
    """One-pole low-pass whose coefficient glides from ``start`` to ``end`` (0..1, higher is brighter)."""
    end = start if end is None else end
    n = len(xs)
    out = [0.0] * n
    y = 0.0
    step = (end - start) / max(1, n - 1)
    a = start
    for i, x in enumerate(xs):
        y += a * (x - y)
        out[i] = y
        a += step
    return out


def _highpass(xs: Samples) -> Samples:
    """First difference: removes rumble so card noises stay crisp on small speakers."""
    prev = 0.0
    out = []
    for x in xs:
        out.append(x - prev)
        prev = x
    return out


def _mix_into(dest: Samples, src: Samples, at: int, gain: float = 1.0) -> None:
    end = min(len(dest), at + len(src))
    for i in range(max(0, at), end):
        dest[i] += src[i - at] * gain


_TABLE_BITS = 12
_TABLE_MASK = (1 << _TABLE_BITS) - 1


@functools.cache
def _wavetable(partials: tuple[float, ...]) -> list[float]:
    size = 1 << _TABLE_BITS
    return [sum(amp * math.sin(2 * math.pi * k * j / size) for k, amp in enumerate(partials, 1)) for j in range(size)]


def _tone(freq: float, seconds: float, decay: float, partials: tuple[float, ...] = (1.0,), attack: float = 0.004,
          vibrato: float = 0.0) -> Samples:
    """A decaying tone with harmonics ``partials`` (amplitudes of f, 2f, 3f...).

    One period goes into a table and is read with a phase accumulator, and the
    envelope is a per-sample multiply: several times faster than calling
    ``math.sin`` and ``math.exp`` per sample, which matters under pygbag.
    """
    size = 1 << _TABLE_BITS
    table = _wavetable(partials)
    n = int(seconds * RATE)
    att = max(1, int(attack * RATE))
    inc = freq * size / RATE
    fall = math.exp(-decay / RATE)
    wobble = [1.0 + vibrato * s for s in _wavetable((1.0,))] if vibrato else None
    wob_inc = 5.0 * size / RATE  # 5 Hz vibrato
    out = [0.0] * n
    phase = wob = 0.0
    env = 1.0
    mask = _TABLE_MASK
    if wobble is None:
        for i in range(n):
            out[i] = table[int(phase) & mask] * env
            env *= fall
            phase += inc
    else:
        for i in range(n):
            out[i] = table[int(phase) & mask] * env
            env *= fall
            phase += inc * wobble[int(wob) & mask]
            wob += wob_inc
    for i in range(min(att, n)):
        out[i] *= i / att
    return out


def _slide(rng: random.Random) -> Samples:
    """A card flicked across the cloth: a brief, darkening hiss."""
    n = int(0.11 * RATE)
    xs = _highpass(_lowpass(_noise(rng, n), 0.55, 0.12))
    exp = math.exp
    return [x * min(1.0, i / (0.008 * RATE)) * exp(-i / (0.035 * RATE)) for i, x in enumerate(xs)]


def _place(rng: random.Random) -> Samples:
    """A card laid on the table: a soft tock (short low thump plus a papery click)."""
    n = int(0.09 * RATE)
    out = _tone(150.0, 0.09, 60.0, (1.0, 0.25), attack=0.002)
    click = _highpass(_lowpass(_noise(rng, int(0.012 * RATE)), 0.5))
    _mix_into(out, [c * math.exp(-i / (0.003 * RATE)) for i, c in enumerate(click)], 0, 2.2)
    return out[:n]


def _shuffle(rng: random.Random) -> Samples:
    """A riffle shuffle: a quickening run of tiny card clicks over a soft hiss."""
    n = int(0.62 * RATE)
    out = [0.0] * n
    bed = _lowpass(_noise(rng, n), 0.15)
    for i, b in enumerate(bed):
        t = i / n
        out[i] = b * 0.35 * math.sin(math.pi * t) ** 2
    t = 0.02
    while t < 0.56:
        click = _highpass(_lowpass(_noise(rng, int(0.006 * RATE)), 0.6))
        shaped = [c * math.exp(-i / (0.0015 * RATE)) for i, c in enumerate(click)]
        _mix_into(out, shaped, int(t * RATE), 0.6 + 0.5 * rng.random())
        t += 0.026 - 0.014 * (t / 0.56) + 0.006 * rng.random()
    return out


def _trick(rng: random.Random) -> Samples:
    """Gathering a trick: a swoosh that swells and settles, then the stack lands."""
    n = int(0.3 * RATE)
    xs = _highpass(_lowpass(_noise(rng, n), 0.08, 0.4))
    out = [x * math.sin(math.pi * min(1.0, i / (0.24 * RATE))) ** 2 * 1.4 for i, x in enumerate(xs)]
    _mix_into(out, _place(rng), int(0.22 * RATE), 0.7)
    return out


def _win(rng: random.Random) -> Samples:
    """A won game: a soft major-arpeggio chime (C6 E6 G6 C7), bell-like partials."""
    n = int(1.2 * RATE)
    out = [0.0] * n
    for k, freq in enumerate((1046.5, 1318.5, 1568.0, 2093.0)):
        note = _tone(freq, 1.2 - 0.1 * k, 3.4, (1.0, 0.18, 0.06), attack=0.003)
        _mix_into(out, note, int(0.1 * k * RATE), 0.5)
    return out


def _lose(rng: random.Random) -> Samples:
    """A lost game: two low, falling tones; sober rather than mocking."""
    n = int(0.85 * RATE)
    out = [0.0] * n
    _mix_into(out, _tone(196.0, 0.45, 5.0, (1.0, 0.3, 0.1), attack=0.02, vibrato=0.02), 0)
    _mix_into(out, _tone(155.6, 0.6, 4.0, (1.0, 0.3, 0.1), attack=0.02, vibrato=0.02), int(0.25 * RATE))
    return out


_SYNTHS: dict[str, Callable[[random.Random], Samples]] = {
    "slide": _slide,
    "place": _place,
    "shuffle": _shuffle,
    "trick": _trick,
    "win": _win,
    "lose": _lose,
}


def synthesize(name: str, peak: float = 0.85) -> Samples:
    """Mono float samples at :data:`RATE` for effect ``name``, normalised to ``peak``; always the same."""
    name = ALIASES.get(name, name)
    if name not in _SYNTHS:
        raise KeyError(f"unknown sound {name!r}; expected one of {SOUND_NAMES} or {tuple(ALIASES)}")
    samples = _SYNTHS[name](random.Random(f"skat-sound-{name}"))
    top = max(1e-9, max(abs(s) for s in samples))
    fade = min(len(samples), int(0.004 * RATE))  # no click at the end
    scale = peak / top
    out = [s * scale for s in samples]
    for i in range(fade):
        out[-1 - i] *= i / fade
    return out


def _scaled(samples: Samples, scale: float, top: int) -> list[int]:
    """``samples`` times ``scale`` as ints in ``-top..top``; the common in-range case runs at C speed."""
    if samples and min(samples) >= -1.0 and max(samples) <= 1.0:
        return list(map(int, map(scale.__mul__, samples)))
    return [max(-top, min(top, int(s * scale))) for s in samples]


def to_pcm16(samples: Samples) -> bytes:
    """Signed 16-bit native-endian PCM, clipped."""
    return array("h", _scaled(samples, 32767.0, 32767)).tobytes()


def resample(samples: Samples, rate: int) -> Samples:
    """``samples`` at :data:`RATE` re-timed to ``rate`` by linear interpolation (same duration)."""
    if rate == RATE or not samples:
        return list(samples)
    n = int(len(samples) * rate / RATE)
    if rate == 2 * RATE:  # 44.1 kHz: every sample, then the midpoint to the next
        out = [0.0] * n
        out[0::2] = samples
        out[1::2] = [(a + b) * 0.5 for a, b in zip(samples, samples[1:] + samples[-1:], strict=True)]
        return out
    last = len(samples) - 1
    step = RATE / rate
    out = [0.0] * n
    for i in range(n):
        pos = i * step
        j = int(pos)
        if j >= last:
            out[i] = samples[last]
        else:
            frac = pos - j
            out[i] = samples[j] + (samples[j + 1] - samples[j]) * frac
    return out


def pcm_for_mixer(samples: Samples, mixer: tuple[int, int, int]) -> bytes:
    """Raw interleaved PCM in the mixer's own format ``(frequency, size, channels)``.

    ``size`` is pygame's: 8/16 unsigned, -8/-16 signed, 32 float (native byte
    order, as SDL opened the device).  Mono samples are copied to every channel.
    """
    freq, size, channels = mixer
    mono = resample(samples, freq)
    channels = max(1, channels)
    if channels == 1:
        frames = mono
    else:  # interleaved: the same sample for every channel
        frames = [0.0] * (len(mono) * channels)
        for c in range(channels):
            frames[c::channels] = mono
    if size == -16:
        return array("h", _scaled(frames, 32767.0, 32767)).tobytes()
    if size == 16:
        return array("H", [v + 32768 for v in _scaled(frames, 32767.0, 32767)]).tobytes()
    if size == 8:
        return array("B", [v + 128 for v in _scaled(frames, 127.0, 127)]).tobytes()
    if size == -8:
        return array("b", _scaled(frames, 127.0, 127)).tobytes()
    if size in (32, -32):
        return array("f", frames).tobytes()
    raise ValueError(f"unsupported mixer sample size {size}")


def make_sound(samples: Samples) -> pygame.mixer.Sound:
    """A pygame Sound from our samples, built from a raw buffer; needs an initialised mixer."""
    mixer = pygame.mixer.get_init()
    if not mixer:
        raise pygame.error("the mixer is not initialised")
    return pygame.mixer.Sound(buffer=pcm_for_mixer(samples, mixer))


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Point file descriptor 2 at the null device for the block: C libraries (ALSA) write there directly.

    A no-op in the browser (no file descriptors to swap) and wherever the swap
    itself fails; Python's own ``sys.stderr`` object is left alone.
    """
    if sys.platform == "emscripten":
        yield
        return
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def start_mixer() -> bool:
    """Start the mixer in the effects' own format, without the audio backend printing to the terminal.

    True if it runs.  No sound card, a blocked device or a build without the
    mixer all give False, and the game goes on silently.
    """
    try:
        if pygame.mixer.get_init():
            return True
        with quiet_stderr():
            try:
                # Our own format, exactly (allowedchanges=0): SDL converts for the device in C, and the
                # effects go to the mixer as they are synthesised, with no resampling in Python.
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, allowedchanges=0)
            except TypeError:  # a pygame without allowedchanges
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
        return bool(pygame.mixer.get_init())
    except Exception:  # noqa: BLE001 - pygame.error, or NotImplementedError when the mixer module is missing
        return False


class Sounds:
    """The game's sound effects, by name; every method is safe without audio.

    ``play`` does nothing when sound is switched off, when the mixer cannot be
    initialised (no device, a browser that has not unlocked audio yet) or when
    anything in SDL fails; the game must never stop over a missing click.
    """

    def __init__(self, enabled: bool = True, volume: float = 0.6, init_mixer: bool = True) -> None:
        self.enabled = enabled
        self.volume = min(1.0, max(0.0, volume))
        self._init_mixer = init_mixer
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._broken = False

    @property
    def available(self) -> bool:
        """True if the mixer is (or could now be) running."""
        return self._mixer_ready()

    def _mixer_ready(self) -> bool:
        if self._broken:
            return False
        try:
            if pygame.mixer.get_init():
                return True
        except Exception:  # noqa: BLE001 - NotImplementedError when the mixer module is missing
            self._broken = True
            return False
        if not self._init_mixer:
            return False
        if not start_mixer():
            self._broken = True
            return False
        return True

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        sound = self._sounds.get(name)
        if sound is None:
            sound = make_sound(synthesize(name))
            sound.set_volume(self.volume)
            self._sounds[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Play effect ``name`` (in :data:`SOUND_NAMES` or :data:`ALIASES`).

        A no-op when sound is off or unavailable, and for unknown names too
        (tests check names with :func:`synthesize`, which does raise).
        """
        name = ALIASES.get(name, name)
        if name not in _SYNTHS or not self.enabled or not self._mixer_ready():
            return
        try:
            sound = self._sound(name)
            if sound is not None:
                sound.play()
        except Exception:  # a failing device must not end the game; stay silent from now on
            self._broken = True

    def warm_up(self) -> bool:
        """Build one not-yet-built effect (call once per frame after start-up); True when all are ready.

        Returns True at once if sound is off or unavailable, so callers can stop calling.
        """
        if not self.enabled or not self._mixer_ready():
            return True
        for name in SOUND_NAMES:
            if name not in self._sounds:
                try:
                    self._sound(name)
                except Exception:
                    self._broken = True
                    return True
                return False
        return True

    def set_volume(self, volume: float) -> None:
        """Volume 0..1 for every effect, built or not."""
        self.volume = min(1.0, max(0.0, volume))
        for sound in self._sounds.values():
            try:
                sound.set_volume(self.volume)
            except Exception:
                self._broken = True
