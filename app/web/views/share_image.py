"""The link-preview picture of a challenge (Open Graph / Twitter card): a 1200×630 PNG drawn
with Pillow on the table's felt, with the game number, mode, challenger and result."""

from __future__ import annotations

import io
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from app.i18n import _

WIDTH, HEIGHT = 1200, 630
FELT, FELT_DARK, GOLD, WHITE = (29, 107, 68), (17, 69, 44), (255, 207, 63), (255, 255, 255)


Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
FONT_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",  # Debian/Ubuntu fonts-dejavu-core (Dockerfile)
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
)
"""Fonts with the accents and signs of Spanish (á, ñ, ¿, ¡), first found wins."""


@lru_cache
def _font_file() -> str | None:
    return next((f for f in FONT_FILES if Path(f).exists()), None)


@lru_cache
def _font(size: int) -> Font:
    path = _font_file()
    return ImageFont.truetype(path, size) if path else ImageFont.load_default(size)


def _plain(text: str) -> str:
    """``text`` for Pillow's built-in font, which has ASCII only: accents dropped, ¿ ¡ left out."""
    if _font_file():
        return text
    folded = unicodedata.normalize("NFKD", text).replace("¿", "").replace("¡", "")
    return "".join(ch for ch in folded if ch.isascii())


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> tuple[str, Font]:
    """``text`` in the largest size ≤ ``size`` that fits ``width`` pixels (cut with … below 28)."""
    text = _plain(text)
    while size > 28 and draw.textlength(text, font=_font(size)) > width:
        size -= 4
    font = _font(size)
    while draw.textlength(text, font=font) > width and len(text) > 2:
        text = text[:-2] + ("…" if _font_file() else "...")
    return text, font


def challenge_png(*, number: int, mode: str, challenger: str, result: str | None, won: bool) -> bytes:
    """The preview picture as PNG bytes. Texts come translated; ``won`` paints the result gold."""
    img = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, HEIGHT - 90, WIDTH, HEIGHT), fill=FELT_DARK)
    # Two fanned cards as the emblem.
    for i, (dx, colour) in enumerate(((0, (207, 20, 48)), (70, (23, 24, 28)))):
        x, y = 900 + dx, 110 + i * 40
        draw.rounded_rectangle((x, y, x + 190, y + 265), radius=18, fill=WHITE, outline=(200, 200, 200), width=3)
        draw.text((x + 22, y + 14), "A♠" if i else "K♥", font=_font(64), fill=colour)
    margin, text_w = 70, 800
    draw.text((margin, 60), _plain(_("Forty Thieves")), font=_font(48), fill=(220, 240, 228))
    line, font = _fit(draw, _("Game %(number)s") % {"number": number}, 104, text_w)
    draw.text((margin, 130), line, font=font, fill=WHITE)
    draw.text((margin, 260), _plain(mode), font=_font(52), fill=(220, 240, 228))
    who, font = _fit(draw, _("Challenge from %(who)s") % {"who": challenger}, 48, text_w)
    draw.text((margin, 350), who, font=font, fill=WHITE)
    if result:
        text, font = _fit(draw, result, 52, text_w)
        draw.text((margin, 420), text, font=font, fill=GOLD if won else WHITE)
    draw.text((margin, HEIGHT - 70), _plain(_("Can you win this deal?")), font=_font(42), fill=GOLD)
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()
