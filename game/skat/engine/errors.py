"""Errors the engine raises for bad input; the state is unchanged after them."""


class IllegalActionError(ValueError):
    """An action that is not legal now: wrong seat, wrong phase, or forbidden."""


class MatchError(ValueError):
    """A match set-up that the rules do not allow (or a game that does not exist)."""


class RecordError(ValueError):
    """A game record (JSON or ISS) that cannot be read or does not replay."""


MESSAGE_LIMIT = 300
"""No error message about outside data is longer than this (a line of a terminal or a notice)."""


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for quoting outside data in a message.

    A bad token may be a megabyte long; the message names its start.

    >>> shown("x" * 100, 12)
    "'xxxxxxxxxx…"
    """
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]  # repr of a huge string is never built
    text = repr(value) if not isinstance(value, (list, dict)) else _shown_container(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shown_container(value: list[object] | dict[object, object]) -> str:
    """A list or object named by its kind and size (its repr may be deep or huge)."""
    n = len(value)
    return f"a list of {n} item{'s' * (n != 1)}" if isinstance(value, list) else f"an object of {n} key{'s' * (n != 1)}"


def clipped(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters (a message that quotes outside data stays one readable line)."""
    text = text.replace("\n", " ").replace("\r", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"
