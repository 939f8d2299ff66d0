"""Bar charts drawn on the server as inline SVG (no script, nothing fetched), for the odds page.

:func:`bar_chart` only lays the bars out; the template (``_chart.html.j2``) writes the SVG, so every
label goes through Jinja's autoescaping like the rest of the page. Each chart has a ``<title>`` and a
``<desc>`` (named by ``aria-labelledby``), a ``<title>`` per bar, and a caption; the page keeps its table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

#: layout, in SVG user units
LABEL_WIDTH = 210
BAR_AREA = 300
VALUE_WIDTH = 70
ROW_HEIGHT = 22
BAR_HEIGHT = 14
TOP = 4


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    #: the value as shown ("-" for no data)
    text: str
    #: the bar's length (0 for no data)
    length: float
    y: int


@dataclass(frozen=True, slots=True)
class Chart:
    id: str
    title: str
    desc: str
    caption: str
    bars: tuple[Bar, ...]
    width: int
    height: int
    label_width: int = LABEL_WIDTH


def bar_chart(
    chart_id: str,
    title: str,
    desc: str,
    caption: str,
    rows: Sequence[tuple[str, float | None]],
    shown: Callable[[float | None], str],
    maximum: float | None = None,
) -> Chart:
    """A horizontal bar per row, scaled to ``maximum`` (default: the largest value; a chart of zeros
    draws no bars). A value of None is shown as ``shown(None)`` with no bar."""
    values = [v for _, v in rows if v is not None]
    top = maximum if maximum is not None else max(values, default=0.0)
    bars = tuple(
        Bar(
            label,
            shown(value),
            0.0 if value is None or top <= 0 else round(BAR_AREA * min(value, top) / top, 1),
            TOP + i * ROW_HEIGHT,
        )
        for i, (label, value) in enumerate(rows)
    )
    return Chart(
        chart_id, title, desc, caption, bars, LABEL_WIDTH + BAR_AREA + VALUE_WIDTH, 2 * TOP + ROW_HEIGHT * len(rows)
    )


__all__ = ["Bar", "Chart", "bar_chart"]
