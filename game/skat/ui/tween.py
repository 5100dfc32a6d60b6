"""Eased motion: small tweens the table runs on card sprites."""

from __future__ import annotations

from dataclasses import dataclass


def ease_out_cubic(t: float) -> float:
    t = 1 - t
    return 1 - t * t * t


@dataclass
class Sprite:
    """A card on the table: where it is drawn now, and where it is going."""

    card: int
    x: float
    y: float
    w: float
    face_up: bool
    z: int = 0
    angle: float = 0.0
    # motion
    sx: float = 0.0
    sy: float = 0.0
    sw: float = 0.0
    sa: float = 0.0
    tx: float = 0.0
    ty: float = 0.0
    tw: float = 0.0
    ta: float = 0.0
    t: float = 1.0
    duration: float = 0.0
    delay: float = 0.0
    minor: bool = False
    """A small nudge (a card lifted for selection) that input need not wait for."""
    flip: float = 1.0
    """Progress of turning the card over (1 = not turning); the face changes half way."""
    flip_time: float = 0.0
    face_on_leave: bool | None = None
    """The face a card shows once its delayed move begins (cards lie face down
    on the deck and show their face as they are dealt)."""

    def move_to(self, x: float, y: float, w: float, duration: float, delay: float = 0.0, angle: float = 0.0) -> None:
        """Fly to (x, y) at width ``w`` in ``duration`` seconds; a flight already on its way there
        goes on unchanged, but a ``duration`` of 0 always lands the card there now."""
        if duration > 0 and (x, y, w, angle) == (self.tx, self.ty, self.tw, self.ta) and self.t < 1.0:
            return
        self.sx, self.sy, self.sw, self.sa = self.x, self.y, self.w, self.angle
        self.tx, self.ty, self.tw, self.ta = x, y, w, angle
        if duration <= 0 or (x, y, w, angle) == (self.x, self.y, self.w, self.angle):
            self.x, self.y, self.w, self.angle = x, y, w, angle
            self.t = 1.0
            self._leave()  # a card that stays where it lies shows its face at once
            return
        self.t = 0.0
        self.duration = duration
        self.delay = delay

    @property
    def moving(self) -> bool:
        return self.t < 1.0 or self.flip < 1.0

    def turn_over(self, duration: float) -> None:
        """Turn the card over in place: it narrows to an edge and widens showing the other side."""
        if duration <= 0:
            self.face_up = not self.face_up
            return
        self.flip = 0.0
        self.flip_time = duration

    @property
    def squeeze(self) -> float:
        """Horizontal scale while turning over."""
        return abs(1.0 - 2.0 * self.flip) if self.flip < 1.0 else 1.0

    def update(self, dt: float) -> None:
        if self.flip < 1.0:
            before = self.flip
            self.flip = min(1.0, self.flip + dt / self.flip_time)
            if before < 0.5 <= self.flip:
                self.face_up = not self.face_up
        if self.t >= 1.0:
            return
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return
            dt = -self.delay
            self.delay = 0
        self._leave()
        self.t = min(1.0, self.t + dt / self.duration)
        e = ease_out_cubic(self.t)
        self.x = self.sx + (self.tx - self.sx) * e
        self.y = self.sy + (self.ty - self.sy) * e
        self.w = self.sw + (self.tw - self.sw) * e
        self.angle = self.sa + (self.ta - self.sa) * e

    def _leave(self) -> None:
        if self.face_on_leave is not None:
            self.face_up, self.face_on_leave = self.face_on_leave, None

    def finish(self) -> None:
        self._leave()
        if self.flip < 1.0:
            if self.flip < 0.5:
                self.face_up = not self.face_up
            self.flip = 1.0
        if self.t < 1.0:
            self.x, self.y, self.w, self.angle = self.tx, self.ty, self.tw, self.ta
            self.t = 1.0
            self.delay = 0.0
