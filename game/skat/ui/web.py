"""The browser side of the game (pygbag): the page address and the clipboard.

Only imported when running under Emscripten, where ``platform.window`` is the
page's JavaScript ``window``.
"""

from __future__ import annotations

from ..i18n import Translator


def _window():  # type: ignore[no-untyped-def]
    import platform

    return platform.window  # type: ignore[attr-defined]


def page_address() -> str:
    try:
        loc = _window().location
        return str(loc.origin) + str(loc.pathname)
    except Exception:  # noqa: BLE001 - no page, no address
        return ""


def deal_code_from_page() -> str | None:
    """The ``deal`` parameter of the page address, if any."""
    try:
        search = str(_window().location.search)
    except Exception:  # noqa: BLE001
        return None
    return deal_code_from_query(search)


def deal_code_from_query(search: str) -> str | None:
    """``?deal=CODE&x=y`` -> ``CODE`` (None when absent or empty).

    >>> deal_code_from_query("?lang=de&deal=1ABC-DEF")
    '1ABC-DEF'
    >>> deal_code_from_query("") is None
    True
    """
    from urllib.parse import parse_qs

    values = parse_qs(search.lstrip("?")).get("deal")
    return values[0].strip() if values and values[0].strip() else None


def share_link(address: str, code: str) -> str:
    return f"{address}?deal={code}"


def copy_share_link(t: Translator, code: str) -> str:
    link = share_link(page_address(), code)
    try:
        _window().navigator.clipboard.writeText(link)
    except Exception:  # noqa: BLE001 - the clipboard may be refused; show the link instead
        return t("share.copy_failed", link=link)
    return t("share.copied", link=link)
