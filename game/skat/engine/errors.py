"""Errors the engine raises for bad input; the state is unchanged after them."""


class IllegalActionError(ValueError):
    """An action that is not legal now: wrong seat, wrong phase, or forbidden."""


class RecordError(ValueError):
    """A game record (JSON or ISS) that cannot be read or does not replay."""
