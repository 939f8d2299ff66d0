"""The odds page's bar charts: bars scaled to the maximum, never longer than the bar area, none for no data."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lifepath.web.charts import BAR_AREA, ROW_HEIGHT, bar_chart

values = st.one_of(st.none(), st.floats(min_value=0, max_value=1e6, allow_nan=False))


def test_bars_are_scaled_to_the_given_maximum_and_no_data_draws_none():
    chart = bar_chart(
        "c",
        "T",
        "D",
        "C",
        [("a", 0.5), ("b", None), ("c", 1.0), ("d", 0.0)],
        lambda v: "-" if v is None else f"{v:.1f}",
        1.0,
    )
    assert [(b.label, b.text, b.length) for b in chart.bars] == [
        ("a", "0.5", 150.0),
        ("b", "-", 0.0),
        ("c", "1.0", 300.0),
        ("d", "0.0", 0.0),
    ]
    assert [b.y for b in chart.bars] == [4, 26, 48, 70]
    assert chart.height == 8 + 4 * ROW_HEIGHT


@given(st.lists(st.tuples(st.text(max_size=20), values), max_size=30))
def test_no_bar_is_longer_than_the_area_and_the_longest_fills_it(rows):
    chart = bar_chart("c", "T", "D", "C", rows, str)
    assert all(0 <= b.length <= BAR_AREA for b in chart.bars)
    top = max((v for _, v in rows if v is not None), default=0.0)
    if top > 0:
        assert max(b.length for b in chart.bars) == BAR_AREA
    else:
        assert all(b.length == 0 for b in chart.bars)
