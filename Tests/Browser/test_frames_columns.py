"""Table columns that share a row by content (issue 41: `{"kind": "content", "points", "min", "max"}`
widths, CSS's automatic table layout), against two oracles: the web renderer's boxes (the frames of
GET /layouts/{screen}/frames equal them at 900, 600 and 360, both themes and directions), and
Chromium's own table: a real `<table>` whose cells' min-content and max-content widths are known by
construction, laid out at widths in each regime (above the sum of max-content widths, between the
sums, below the sum of min-content widths), has its cells where the frames put them."""
import json

from conftest import RunningServer
from page import run
from test_frames import check_screen, get, screen_file

PAD = 8


def cell(lo, hi, **members):
    """A cell of content width: a column's min-content and max-content widths (padding included) and a 10 pt marker in PAD of padding."""
    return {"type": "stack", "alignment": "leading", "width": {"kind": "content", "points": hi, "min": lo, "max": hi},
            "padding": {"top": PAD, "leading": PAD, "bottom": PAD, "trailing": PAD}, "children": [{"type": "block", "width": 10, "height": 10}]} | members


# Rows of content-width cells in 16 pt of padding (inner 868, 568, 328 at 900, 600, 360): three
# columns whose sums are 340 (min) and 700 (max), so that 900 is above the maxima (the rest shared
# by max), 600 between (each min plus a share of max - min) and 360 below the minima (each min, the
# row overflows); a row with a fixed block and a greedy one beside a column (the column at most its
# max, the greedy block the rest); a painted cell; and a row that wraps (its columns at their points).
COLUMNS_SCREEN = screen_file("columns", "table columns sharing their rows by content", "invoice", {
    "type": "stack", "id": "invoice", "alignment": "leading", "spacing": 8, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [
        {"type": "stack", "axis": "horizontal", "alignment": "center", "spacing": 0, "maxWidth": "fill", "children": [
            cell(120, 200), cell(60, 60), cell(160, 440, background="card", cornerRadius=4)]},
        {"type": "stack", "axis": "horizontal", "alignment": "center", "spacing": 0, "maxWidth": "fill", "children": [
            {"type": "text", "lines": 1, "lineHeight": 12, "lineSpacing": 8, "measure": 180, "maxLines": 3,
             "padding": {"top": 4, "leading": PAD, "bottom": 4, "trailing": PAD}, "width": {"kind": "content", "points": 200, "min": 120, "max": 200}},
            cell(60, 60), cell(160, 440)]},
        {"type": "stack", "axis": "horizontal", "alignment": "top", "spacing": 12, "maxWidth": "fill", "children": [
            cell(100, 300), {"type": "block", "width": 40, "height": 20}, {"type": "block", "width": "fill", "height": 20, "fill": "gray4"}]},
        {"type": "stack", "axis": "horizontal", "alignment": "top", "spacing": 8, "wrap": True, "maxWidth": "fill", "children": [
            cell(100, 300), cell(100, 300), cell(100, 300)]},
    ],
})


def test_table_columns_equal_the_renderers_boxes_in_every_regime(driver, tmp_path):
    (tmp_path / "columns.json").write_text(json.dumps(COLUMNS_SCREEN))
    running = RunningServer(["--layouts", str(tmp_path)])
    try:
        compared, failures = check_screen(driver, running, "columns", "default", [900, 600, 360])
        frames = {width: get(running, f"/layouts/columns/frames?width={width}")["frames"] for width in (900, 600, 360)}
    finally:
        assert running.stop() == 0
    assert compared == 12
    assert not failures, "\n".join(failures)
    markers = {width: [frame["x"] - PAD - 16 for frame in found if frame["kind"] == "block" and frame["width"] == 10][:3] for width, found in frames.items()}
    # Beside the browser, by the rule's own numbers: above the maxima each max grows by 868 / 700;
    # between, 120 + 80 t, 60, 160 + 280 t with t = (568 - 340) / 360; below, the minima.
    t = (568 - 340) / 360
    expected = {900: [0, 200 * 868 / 700, 260 * 868 / 700], 600: [0, 120 + 80 * t, 180 + 80 * t], 360: [0, 120, 180]}
    for width, starts in expected.items():
        assert all(abs(a - b) < 0.01 for a, b in zip(markers[width], starts)), (width, markers[width], starts)


# Chromium's table, the oracle: each cell holds inline-block bars (font-size 0: no spaces' widths),
# so that its min-content width is its widest bar and its max-content width the bars' sum, each
# plus 2 x PAD of padding.
BARS = [[60, 140], [40], [100, 100, 120]]
TABLE = r"""
const [bars, pad, widths] = arguments;
document.body.style.margin = '0';
const table = document.createElement('table');
table.style.cssText = 'border-collapse: collapse; font-size: 0';
const row = table.insertRow();
for (const cell of bars) {
  const td = row.insertCell();
  td.style.cssText = `padding: ${pad}px; vertical-align: top`;
  for (const width of cell) td.insertAdjacentHTML('beforeend', `<span style="display:inline-block;width:${width}px;height:10px"></span> `);
}
document.body.replaceChildren(table);
return widths.map((width) => {
  table.style.width = `${width}px`;
  return [...row.cells].map((td) => td.getBoundingClientRect().left - table.getBoundingClientRect().left);
});
"""


def test_table_columns_are_where_chromiums_automatic_table_layout_puts_them(driver, tmp_path):
    columns = [(max(bars) + 2 * PAD, sum(bars) + 2 * PAD) for bars in BARS]  # min 156, 56, 136 (348); max 216, 56, 336 (608)
    row = {"type": "stack", "axis": "horizontal", "alignment": "top", "spacing": 0, "maxWidth": "fill", "children": [cell(lo, hi) for lo, hi in columns]}
    file = screen_file("table", "a table's row", "row", {"type": "stack", "id": "row", "alignment": "leading", "spacing": 0, "children": [row]})
    (tmp_path / "table.json").write_text(json.dumps(file))
    widths = [900, 500, 300]  # above 608, between 348 and 608, below 348
    driver.get("about:blank")
    chromium = run(driver, TABLE, BARS, PAD, widths)
    running = RunningServer(["--layouts", str(tmp_path)])
    try:
        served = [[frame["x"] - PAD for frame in get(running, f"/layouts/table/frames?width={width}")["frames"] if frame["kind"] == "block"] for width in widths]
    finally:
        assert running.stop() == 0
    for width, page, frames in zip(widths, chromium, served):
        assert len(frames) == 3 and all(abs(a - b) < 0.5 for a, b in zip(page, frames)), (width, page, frames)
