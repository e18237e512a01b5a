"""Makes assets/NotoColorEmoji-names.ttf from Debian's fonts-noto-color-emoji (NotoColorEmoji.ttf).

Keeps every emoji that is one code point (the ones a name can hold without shaping), drops the
sequences (flags, skin tones, families: they need the font's ligatures, which the renderer does not
apply), and scales the colour bitmaps from 109 to PPEM pixels per em: names are drawn at 24 px or less,
and the full-size strike is ten times the bytes.

    python3 make-emoji-subset.py /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf NotoColorEmoji-names.ttf

Needs fontTools and Pillow (pip install fonttools pillow).
"""

import io
import sys

from fontTools import subset
from fontTools.ttLib import TTFont
from PIL import Image

PPEM = 32


def wanted(cp):
    if cp < 0x80:  # digits, '#', '*': the keycaps' bases; the text font draws these
        return False
    if 0x1F1E6 <= cp <= 0x1F1FF:  # regional indicators: flags come in pairs
        return False
    if 0x1F3FB <= cp <= 0x1F3FF:  # skin-tone modifiers: a swatch on their own
        return False
    if cp in (0x200D, 0x20E3, 0xFE0F) or 0xE0000 <= cp <= 0xE007F:  # joiners, keycap, tags
        return False
    if 0xF0000 <= cp:  # private use
        return False
    return True


def main(source, target):
    font = TTFont(source)
    keep = [cp for cp in font.getBestCmap() if wanted(cp)]
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=keep)
    sub.subset(font)

    scale = PPEM / font["CBLC"].strikes[0].bitmapSizeTable.ppemX
    for strike in font["CBDT"].strikeData:
        for glyph in strike.values():
            glyph.decompile() if hasattr(glyph, "decompile") else None
            image = Image.open(io.BytesIO(glyph.imageData)).convert("RGBA")
            w, h = max(1, round(image.width * scale)), max(1, round(image.height * scale))
            image = image.resize((w, h), Image.LANCZOS)
            out = io.BytesIO()
            # Palette PNGs with alpha, as the original strike has: a third of the bytes of RGBA.
            image = image.quantize(64, method=Image.Quantize.FASTOCTREE)
            image.save(out, format="PNG", optimize=True)
            glyph.imageData = out.getvalue()
            m = glyph.metrics
            m.width, m.height = w, h
            m.BearingX = round(m.BearingX * scale)
            m.BearingY = round(m.BearingY * scale)
            m.Advance = round(m.Advance * scale)
    for strike in font["CBLC"].strikes:
        size = strike.bitmapSizeTable
        size.ppemX = size.ppemY = PPEM
        for metrics in (size.hori, size.vert):
            for field in ("ascender", "descender", "widthMax", "minOriginSB", "minAdvanceSB",
                          "maxBeforeBL", "minAfterBL"):
                setattr(metrics, field, round(getattr(metrics, field) * scale))
        for index in strike.indexSubTables:
            if hasattr(index, "metrics"):
                m = index.metrics
                for field in ("width", "height", "BearingX", "BearingY", "Advance",
                              "horiBearingX", "horiBearingY", "horiAdvance",
                              "vertBearingX", "vertBearingY", "vertAdvance"):
                    if hasattr(m, field):
                        setattr(m, field, round(getattr(m, field) * scale))
    font.save(target)
    print(f"{len(keep)} code points, {target}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
