"""The result of a hand in the players' own words.

"mit 2, Spiel 3, Hand 4 × Kreuz 12 = 48" / "with 2, game 3, hand 4 × clubs 12 = 48":
the multiplier counted up level by level, as it is said at the table.
"""

from __future__ import annotations

from ..engine.scoring import HandResult
from ..i18n import Translator
from .game_names import GAME_KEYS, declared_name, of_result


def levels(r: HandResult) -> list[str]:
    """Level names in counting order after the matadors and the game."""
    out = []
    if r.hand:
        out.append("level.hand")
    if r.schneider or r.schneider_announced:
        out.append("level.schneider")
    if r.schneider_announced:
        out.append("level.schneider_announced")
    if r.schwarz or r.schwarz_announced:
        out.append("level.schwarz")
    if r.schwarz_announced:
        out.append("level.schwarz_announced")
    if r.ouvert:
        out.append("level.ouvert")
    if r.spitze:  # its one or two levels (rules decision 45): what the multiplier holds beyond the others
        out += ["level.spitze"] * max(0, r.multiplier - abs(r.matadors) - 1 - len(out))
    return out


def computation(t: Translator, r: HandResult, officers: bool = False) -> list[str]:
    """Lines explaining the value, ending with the signed score."""
    if r.game == "passed":
        return [t("result.passed_in")]
    if r.game == "ramsch":
        if r.durchmarsch:
            return [t("result.durchmarsch", value=r.value)]
        if r.declarer is None:
            return [t("result.ramsch_draw")]
        value = -r.declarer_points
        lines = [t("result.ramsch", points=r.declarer_points, value=value)]
        for key, seats in (("result.jungfrau", r.jungfrau), ("result.skat_passed", r.skat_passed),
                           ("result.knocked", r.knocked)):
            if seats:
                value *= 2 ** len(seats)
                lines.append(t(key, count=len(seats), value=value))
        return lines
    lines = []
    factor_text = []
    if r.kontra:
        factor_text.append(t("level.kontra"))
    if r.re:
        factor_text.append(t("level.re"))
    if r.game == "null":
        lines.append(f"{declared_name(t, of_result(r))} = {r.game_value}")
    elif officers and not r.extra.get("admirals"):
        m = abs(r.matadors)
        mat = t("level.with", n=m) if r.matadors > 0 else t("level.without", n=m)
        line = f"{mat}, {t('level.game')} {m + 1} × {t(GAME_KEYS[r.game])} {r.base} = {r.base * (m + 1)}"
        if r.schwarz:
            line += f", {t('level.schwarz')} × 4"
        elif r.schneider:
            line += f", {t('level.schneider')} × 2"
        lines.append(line)
    else:
        m = abs(r.matadors)
        parts = [t("level.with", n=m) if r.matadors > 0 else t("level.without", n=m)]
        count = m + 1
        parts.append(f"{t('level.game')} {count}")
        for key in levels(r):
            count += 1
            parts.append(f"{t(key)} {count}")
        lines.append(f"{', '.join(parts)} × {t(GAME_KEYS[r.game])} {r.base} = {r.game_value}")
    if r.gift == "taken":  # Schenken (rules decision 49)
        lines.append(t("result.gift_taken"))
    elif r.gift:
        lines.append(t("result.gift_declined", level=t("level." + r.gift)))
    if r.overbid:
        lines.append(t("result.overbid", bid=r.bid, value=r.game_value, charged=r.charged_value))
    if factor_text:
        lines.append(" · ".join(factor_text))
    if r.draw:
        lines.append(t("result.draw"))
    elif r.won:
        lines.append(t("result.won", value=r.value))
    else:
        lines.append(t("result.lost", value=r.value))
    return lines
