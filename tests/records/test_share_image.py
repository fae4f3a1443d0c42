"""The link-preview picture: real card faces (a corner index and a big centre pip or framed
court letter, red or black, as on the table), and the challenger's result as its largest text,
whole, in both languages."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from app.i18n import _, compile_catalogs, duration, speaking
from app.web.views import share_image
from app.web.views.share_image import GAME_SIZE, INK, MARGIN, RED, SCALE, WIDTH, card_face, result_lines


def share(img: Image.Image, box: tuple[float, float, float, float], colour: tuple[int, int, int]) -> float:
    """The share of pixels in ``box`` (fractions of the image) close to ``colour``."""
    w, h = img.size
    part = img.convert("RGB").crop((round(box[0] * w), round(box[1] * h), round(box[2] * w), round(box[3] * h)))
    raw = part.tobytes()
    pixels = [raw[i : i + 3] for i in range(0, len(raw), 3)]
    near = [p for p in pixels if sum(abs(a - b) for a, b in zip(p, colour, strict=True)) < 90]
    return len(near) / len(pixels)


def test_cards_have_faces_like_the_tables() -> None:
    ace, king = card_face("A", "♠", False, 176), card_face("K", "♥", True, 176)
    assert ace.size == (176 * SCALE, round(176 * SCALE * 1.396))
    assert share(ace, (0.3, 0.35, 0.7, 0.65), INK) > 0.2  # the big spade in the middle
    assert share(ace, (0.03, 0.02, 0.3, 0.18), INK) > 0.1  # the corner index
    assert share(ace, (0.3, 0.35, 0.7, 0.65), RED) == 0
    assert share(king, (0.35, 0.3, 0.65, 0.5), RED) > 0.1  # the court letter
    assert share(king, (0.4, 0.55, 0.6, 0.7), RED) > 0.1  # the court's heart
    assert share(king, (0.2, 0.3, 0.8, 0.8), (247, 236, 203)) > 0.3  # the court's frame
    assert share(king, (0.03, 0.02, 0.3, 0.18), RED) > 0.1


def results() -> list[str]:
    return [
        _("won in %(moves)s moves, %(time)s") % {"moves": 192, "time": duration(192)},
        _("blocked with %(home)s of 104 cards home") % {"home": 52},
        _("gave up with %(home)s of 104 cards home") % {"home": 40},
        _("Can you win this deal?"),
    ]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_result_is_the_largest_text_and_whole(lang: str) -> None:
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    compile_catalogs()
    with speaking(lang):
        assert results()[0].startswith("won in" if lang == "en" else "ganó en")
        for text in results():
            lines, size = result_lines(draw, text, WIDTH - 2 * MARGIN)
            assert size > GAME_SIZE and size >= 40 + 24  # over the game number, the mode, the challenger
            assert " ".join(lines) == text and len(lines) <= 2
            font = share_image._font(size, "bold")
            assert all(draw.textlength(line, font=font) <= (WIDTH - 2 * MARGIN) * SCALE for line in lines)
    assert result_lines(draw, "Won in 192 moves, 3:12", WIDTH - 2 * MARGIN) == (["Won in 192 moves, 3:12"], 76)


def test_the_picture_renders_for_every_result_in_both_languages() -> None:
    for lang in ("en", "es"):
        with speaking(lang):
            for i, result in enumerate([*results()[:3], None]):
                png = share_image.challenge_png(
                    number=4294967295, mode="Classic", challenger="x" * 24, result=result, won=i == 0
                )
                img = Image.open(io.BytesIO(png))
                assert img.format == "PNG" and img.size == (1200, 630)
