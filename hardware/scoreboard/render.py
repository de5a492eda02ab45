"""The standings image: a pure function of `Standings` and a panel size, 1-bit, in French.

Made to be read at a glance from across a table: one row per player, the score large and to the
right, the player whose turn it is marked by a black arrow, the winner's row inverted, held items
in small type under the name. Text that would not fit is made smaller, then cut with "…".

Pillow is imported here, inside the functions, so that `import hardware` needs no Pillow.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from hardware.errors import HardwareError
from hardware.scoreboard.standings import PanelSize, Standings

FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/local/share/fonts"),
)
MIN_ROWS = 4  # rows are never taller than a quarter of the table: big, but not absurd
MIN_FONT = 7


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> Any:
    """DejaVu Sans where the system has it (Raspberry Pi OS does), else Pillow's own font."""
    from PIL import ImageFont

    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in FONT_DIRS:
        if (folder / name).exists():
            return ImageFont.truetype(str(folder / name), size)
    return ImageFont.load_default(size=size)


def text_width(text: str, size: int, bold: bool = False) -> int:
    left, _, right, _ = font(size, bold).getbbox(text)
    return int(right - left)


def fitted(text: str, size: int, width: int, bold: bool = False) -> tuple[str, int]:
    """The text and a font size at which it fits `width`: smaller first, then cut with "…"."""
    while size > MIN_FONT and text_width(text, size, bold) > width:
        size -= 1
    if text_width(text, size, bold) <= width:
        return text, size
    while len(text) > 1 and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…", size


def render_standings(standings: Standings, size: PanelSize) -> Any:
    """The panel image (Pillow, mode "1", white background) for these standings."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise HardwareError("drawing the standings needs Pillow: pip install Pillow") from None
    width, height = size.width, size.height
    image = Image.new("1", (width, height), 1)
    draw = ImageDraw.Draw(image)
    margin = max(2, width // 100)
    header = max(14, height // 9)
    footer = max(12, height // 11)

    draw.rectangle((0, 0, width - 1, header - 1), fill=0)
    title, title_size = fitted(standings.title.upper(), int(header * 0.7), width - 2 * margin, bold=True)
    draw.text((margin, header // 2), title, font=font(title_size, True), fill=1, anchor="lm")

    rows = standings.rows
    table_top, table_bottom = header + margin, height - footer - margin
    row_h = max(8, (table_bottom - table_top) // max(len(rows), MIN_ROWS))
    marker_w = max(8, row_h // 2)
    for i, row in enumerate(rows):
        top = table_top + i * row_h
        ink = 0
        if row.winner:
            draw.rectangle((0, top, width - 1, top + row_h - 2), fill=0)
            ink = 1
        elif i:
            draw.line((margin, top - 1, width - margin, top - 1), fill=0)
        if row.turn:
            mid = top + row_h // 2
            half = max(3, row_h // 4)
            draw.polygon(
                [(margin, mid - half), (margin + marker_w - 2, mid), (margin, mid + half)], fill=ink
            )
        score = f"{row.score}"
        score_size = max(MIN_FONT, int(row_h * 0.72))
        score_w = text_width(score, score_size, True)
        draw.text((width - margin, top + row_h // 2), score, font=font(score_size, True), fill=ink,
                  anchor="rm")
        left = margin + marker_w + margin
        name_room = width - 3 * margin - score_w - left
        small = row.items + (("éliminé",) if row.out else ()) + (("gagnant",) if row.winner else ())
        name_h = int(row_h * 0.55)  # one size for every name, items or not
        name, name_size = fitted(f"{i + 1}. {row.name}", name_h, name_room, bold=True)
        name_y = top + (row_h * 0.36 if small else row_h / 2)
        draw.text((left, name_y), name, font=font(name_size, True), fill=ink, anchor="lm")
        if small:
            line, line_size = fitted(" · ".join(small), max(MIN_FONT, int(row_h * 0.3)), name_room)
            draw.text((left, top + row_h * 0.78), line, font=font(line_size), fill=ink, anchor="lm")
    if standings.status:
        status, status_size = fitted(standings.status, int(footer * 0.8), width - 2 * margin)
        draw.line((0, height - footer - 1, width - 1, height - footer - 1), fill=0)
        draw.text((margin, height - footer // 2), status, font=font(status_size), fill=0, anchor="lm")
    return image
