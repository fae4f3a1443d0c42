"""The link-preview picture of a challenge (Open Graph / Twitter card): a 1200×630 PNG drawn
with Pillow on the table's felt. The challenger's result is its largest text (gold for a win),
under the game number, mode and challenger; two fanned cards (K♥ behind A♠) are drawn as the
table draws its cards (partials/card_face.html, table.css): a corner index, a big centre pip or
a framed court letter, red or black. Drawn at twice the size and scaled down (smooth edges)."""

from __future__ import annotations

import io
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from app.i18n import _, current_language

WIDTH, HEIGHT = 1200, 630
SCALE = 2
"""Drawn at SCALE × the size, then scaled down."""
FELT, FELT_DARK, GOLD, WHITE, PALE = (29, 107, 68), (17, 69, 44), (255, 207, 63), (255, 255, 255), (220, 240, 228)
RED, INK = (207, 20, 48), (23, 24, 28)
"""The table's colours (table.css: --felt, --felt-dark, --red, --ink)."""
MARGIN, GAME_SIZE = 64, 60
RESULT_SIZES = [(s, 1) for s in range(104, 67, -4)] + [(s, 2) for s in range(84, GAME_SIZE + 3, -4)]
"""(size, lines) tried in turn for the result: one line if it fits at 68 or more, else two;
never as small as the game number, so the result stays the largest text."""
RESULT_TOP, RESULT_BOTTOM = 320, 534
"""The result's band (above the footer bar); its lines are centred in it."""

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu")
FONT_FILES = {
    "sans": [f"{d}/DejaVuSans.ttf" for d in DIRS] + ["/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"],
    "bold": [f"{d}/DejaVuSans-Bold.ttf" for d in DIRS],
    "serif": [f"{d}/DejaVuSerif-Bold.ttf" for d in DIRS],
}
"""Fonts with the accents and signs of Spanish (á, ñ, ¿, ¡) and the suits, first found wins
(Debian's fonts-dejavu-core, see the Dockerfile); bold and serif fall back to the plain one."""


@lru_cache
def _font_file(kind: str = "sans") -> str | None:
    found = next((f for f in FONT_FILES[kind] if Path(f).exists()), None)
    return found if found or kind == "sans" else _font_file("sans")


@lru_cache
def _font(size: int, kind: str = "sans") -> Font:
    """A font at ``size`` pixels of the final picture (drawn at SCALE × that)."""
    path = _font_file(kind)
    return ImageFont.truetype(path, size * SCALE) if path else ImageFont.load_default(size * SCALE)


def _plain(text: str) -> str:
    """``text`` for Pillow's built-in font, which has ASCII only: accents dropped, ¿ ¡ left out."""
    if _font_file():
        return text
    folded = unicodedata.normalize("NFKD", text).replace("¿", "").replace("¡", "")
    return "".join(ch for ch in folded if ch.isascii())


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int, kind: str = "sans") -> tuple[str, Font]:
    """``text`` in the largest size ≤ ``size`` that fits ``width`` pixels (cut with … below 28)."""
    text = _plain(text)
    while size > 28 and draw.textlength(text, font=_font(size, kind)) > width * SCALE:
        size -= 4
    font = _font(size, kind)
    while draw.textlength(text, font=font) > width * SCALE and len(text) > 2:
        text = text[:-2] + ("…" if _font_file() else "...")
    return text, font


def result_lines(draw: ImageDraw.ImageDraw, text: str, width: int) -> tuple[list[str], int]:
    """The result in one or two lines (split between words where the longer line is shortest)
    at the largest size of :data:`RESULT_SIZES` that fits ``width``; cut with … if none does."""
    text, words = _plain(text), _plain(text).split()
    splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    for size, count in RESULT_SIZES:
        font = _font(size, "bold")
        options = [[text]] if count == 1 or not splits else splits
        widest = min(max(draw.textlength(line, font=font) for line in ls) for ls in options)
        if widest <= width * SCALE:
            return next(ls for ls in options if max(draw.textlength(x, font=font) for x in ls) == widest), size
    size = RESULT_SIZES[-1][0]
    lines = min(splits, key=lambda ls: max(len(line) for line in ls)) if splits else [text]
    return [_fit(draw, line, size, width, "bold")[0] for line in lines], size


def card_face(rank: str, suit: str, red: bool, w: int) -> Image.Image:
    """A face-up card ``w`` pixels wide (RGBA, drawn at SCALE), as the table draws it."""
    w *= SCALE
    h, colour = round(w * 1.396), RED if red else INK
    card = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(card)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=w // 12, fill=(252, 251, 246), outline=(150, 150, 150), width=3)
    corner = _font(round(w * 0.22 / SCALE), "bold")
    draw.text((w * 0.06, h * 0.03), rank, font=corner, fill=colour, anchor="la")
    rank_w = draw.textlength(rank, font=corner)
    draw.text((w * 0.06 + rank_w, h * 0.03), suit, font=_font(round(w * 0.2 / SCALE), "bold"), fill=colour)
    end = Image.new("RGBA", (w, round(h * 0.2)), (0, 0, 0, 0))
    ImageDraw.Draw(end).text((w * 0.06, 0), rank + suit, font=_font(round(w * 0.17 / SCALE), "bold"), fill=colour)
    card.alpha_composite(end.rotate(180), (0, h - end.height - round(h * 0.03)))
    if rank in ("J", "Q", "K"):
        box = (w * 0.17, h * 0.27, w * 0.83, h * 0.83)
        draw.rounded_rectangle(box, radius=w // 30, fill=(247, 236, 203), outline=colour, width=max(2, w // 70))
        draw.text((w / 2, h * 0.5), rank, font=_font(round(w * 0.36 / SCALE), "serif"), fill=colour, anchor="md")
        draw.text((w / 2, h * 0.52), suit, font=_font(round(w * 0.22 / SCALE), "sans"), fill=colour, anchor="ma")
    else:
        size, top = (0.66, 0.56) if rank == "A" else (0.5, 0.55)
        draw.text((w / 2, h * top), suit, font=_font(round(w * size / SCALE), "sans"), fill=colour, anchor="mm")
    return card


def _fan(img: Image.Image, x: int, y: int, w: int) -> None:
    """K♥ and A♠ fanned at (``x``, ``y``), each ``w`` wide, with soft shadows; the A♠ covers
    only the K♥'s right edge, so both corners and the K♥'s court stay whole."""
    pad = 24 * SCALE  # room for the shadow's blur
    for rank, suit, red, dx, dy, angle in (("K", "♥", True, 0, 0, 8), ("A", "♠", False, w * 0.72, 36, -6)):
        face = card_face(rank, suit, red, w)
        card = Image.new("RGBA", (face.width + 2 * pad, face.height + 2 * pad), (0, 0, 0, 0))
        card.alpha_composite(face, (pad, pad))
        card = card.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
        shadow = Image.new("RGBA", card.size, (0, 0, 0, 0))
        shadow.putalpha(card.getchannel("A").point(lambda a: a * 0.45))
        shadow = shadow.filter(ImageFilter.GaussianBlur(8 * SCALE))
        at = (round((x + dx) * SCALE) - pad, round((y + dy) * SCALE) - pad)
        img.alpha_composite(shadow, (at[0] + 4 * SCALE, at[1] + 8 * SCALE))
        img.alpha_composite(card, at)


def challenge_png(*, number: int, mode: str, challenger: str, result: str | None, won: bool) -> bytes:
    """The preview picture as PNG bytes in the current language. Texts come translated; ``won``
    paints the result gold; with no result (shared before finishing) the question "Can you win
    this deal?" takes its place. The last 64 pictures are kept: each crawler of a pasted link
    asks for it."""
    return _picture(current_language(), number, mode, challenger, result, won)


@lru_cache(maxsize=64)
def _picture(lang: str, number: int, mode: str, challenger: str, result: str | None, won: bool) -> bytes:
    """:func:`challenge_png` in ``lang`` (part of the key: the picture's own words are in it)."""
    img = Image.new("RGBA", (WIDTH * SCALE, HEIGHT * SCALE), FELT)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, (HEIGHT - 84) * SCALE, WIDTH * SCALE, HEIGHT * SCALE), fill=FELT_DARK)
    _fan(img, 768, 34, 176)
    text_w, s = 680, SCALE
    line, font = _fit(draw, _("Game %(number)s") % {"number": number}, GAME_SIZE, text_w, "bold")
    draw.text((MARGIN * s, 54 * s), line, font=font, fill=WHITE)
    draw.text((MARGIN * s, 140 * s), _plain(mode), font=_font(40), fill=PALE)
    who, font = _fit(draw, _("Challenge from %(who)s") % {"who": challenger}, 40, text_w)
    draw.text((MARGIN * s, 196 * s), who, font=font, fill=WHITE)
    question = _("Can you win this deal?")
    # the result phrase is written to follow a colon ("won in 87 moves"); alone, it opens a sentence
    headline = result[:1].upper() + result[1:] if result else question
    lines, size = result_lines(draw, headline, WIDTH - 2 * MARGIN)
    step = size * 1.16
    middle = (RESULT_TOP + RESULT_BOTTOM) / 2 - (len(lines) - 1) * step / 2
    for i, text in enumerate(lines):
        y = (middle + i * step) * s
        draw.text(
            (MARGIN * s, y), text, font=_font(size, "bold"), fill=GOLD if won or not result else WHITE, anchor="lm"
        )
    foot = (HEIGHT - 42) * s
    draw.text((MARGIN * s, foot), _plain(_("Forty Thieves")), font=_font(36), fill=PALE, anchor="lm")
    if result:
        ask, font = _fit(draw, question, 36, 620)
        draw.text(((WIDTH - MARGIN) * s, foot), ask, font=font, fill=GOLD, anchor="rm")
    out = io.BytesIO()
    img.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS).convert("RGB").save(out, format="PNG", optimize=True)
    return out.getvalue()
