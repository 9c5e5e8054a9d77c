"""Text that fits: shrink a line to a width, wrap a paragraph into a box, colours that read."""

from __future__ import annotations

import bisect
import itertools
import re
from functools import lru_cache
from pathlib import Path

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth as _string_width

FONTS = Path(__file__).with_name("fonts")


def _embedded(name: str, encoding: str, fallbacks: tuple = ()) -> pdfmetrics.Font:
    """One of the printed fonts (fonts/LICENSE.txt), registered to be embedded in each PDF
    that uses it. Its descriptor's ascent and descent are its glyphs' bounds (URW's AFM
    files give 0, which preflight checks refuse); a character none of the fonts draws
    prints as the last fallback's square (reportlab took it from the standard
    ZapfDingbats, named in the PDF without being embedded)."""
    face = pdfmetrics.EmbeddedType1Face(str(FONTS / f"{name}.afm"), str(FONTS / f"{name}.pfb"))
    face.ascent, face.descent = face.bbox[3], face.bbox[1]
    pdfmetrics.registerTypeFace(face)
    font = pdfmetrics.Font(name, face.name, encoding, substitutionFonts=list(fallbacks))
    font._notdefFont = fallbacks[-1] if fallbacks else font
    pdfmetrics.registerFont(font)
    return font


# Every PDF embeds its fonts: with the 14 standard fonts left out, a viewer or printer
# without Helvetica drew its own font's widths into lines fitted to Helvetica's, and print
# shops refuse files that do not embed theirs. URW's Nimbus Sans has Helvetica's widths glyph
# for glyph, so every line fits as before; characters outside Western European letters fall
# back, as the standard fonts' do, to URW's Symbol (Greek, arrows) and Dingbats clones.
_FALLBACKS = (_embedded("StandardSymbolsPS", "SymbolEncoding"),
              _embedded("D050000L", "ZapfDingbatsEncoding"))
REGULAR, BOLD, ITALIC = (_embedded(name, "WinAnsiEncoding", _FALLBACKS).fontName
                         for name in ("NimbusSans-Regular", "NimbusSans-Bold",
                                      "NimbusSans-Italic"))
LEADING = 1.18
# Helvetica's capitals and figures stand this high per point of size (Nimbus Sans', 0.729,
# counts their overshoot), and its g, p, y reach this far below the baseline.
CAP_HEIGHT = 0.718
DESCENT = 0.207
SMALLEST_NAME = 6.0    # pt: a name is never printed smaller; a long one wraps instead
SMALLEST_TEXT = 4.5    # pt: nor any other text of the box (a piece's information)
SMALLEST_CELL = 5.0    # pt: a sheet's table shrinks a line to its column no further
ELLIPSIS = "\u2026"    # ends a text cut short: one that cannot fit at the smallest size
NO_BREAK = "\u00a0"    # a space a line never breaks at


@lru_cache(maxsize=4096)
def stringWidth(text: str, font: str, size: float) -> float:  # noqa: N802 (reportlab's name)
    """reportlab's width of a string, remembered: labels and words recur across a box."""
    return _string_width(text, font, size)


def words_of(text: str) -> list[str]:
    """The words of a text for breaking into lines: split at white space but the no-break
    space (which Python's split() counts as white space too), and never between 'rule' and
    its number ('(rule' ending one line of a card and '5.7.2):' opening the next)."""
    text = RULE_NUMBER.sub("\\1\0", text.replace(NO_BREAK, "\0"))
    return [word.replace("\0", NO_BREAK) for word in text.split()]


RULE_NUMBER = re.compile(r"\b([Rr]ules?) (?=\d)")


def wrap(text: str, font: str, size: float, width: float,
         first: float | None = None) -> list[str]:
    """Words of `text` in lines no wider than `width` (a single long word keeps its line);
    the first line no wider than `first` when given (beside a tag on the same line).

    Widths add up word by word (the standard fonts have no kerning), so each word is
    measured once. A no-break space (U+00A0) joins two words into one that never breaks
    (a rule citation, `(rules\u00a05.3,\u00a06.2)`).
    """
    space = stringWidth(" ", font, size)
    hang = stringWidth(HANGING, font, size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        # an item of a list ('- Raise the Scoring Number ...'): its lines after the first
        # start under its words, not under the dash
        listed = paragraph.startswith("- ")
        line, line_width = [], 0.0
        for word in words_of(paragraph):
            word_width = stringWidth(word, font, size)
            room = first if first is not None and not lines else width
            if line and line_width + space + word_width > room:
                lines.append(" ".join(line))
                line, line_width = ([HANGING + word], hang + word_width) if listed else (
                    [word], word_width)
            else:
                line_width += (space if line else 0.0) + word_width
                line.append(word)
        lines.append(" ".join(line))
    return lines


HANGING = NO_BREAK * 2      # a list item's lines after its first: about the width of '- '


def balanced(lines: list[str], font: str, size: float) -> list[str]:
    """A short centred text's lines (a name on a card) broken again into as many lines, as
    even as they go: 'Chicago / Black Sox' rather than 'Chicago Black / Sox'. None grows
    wider than the widest of `lines`, so it fits where they did."""
    words = " ".join(lines).split(" ")
    if len(lines) < 2 or len(words) > BALANCED_MOST:
        return lines

    def widest(candidate: list[str]) -> float:
        return max(stringWidth(line, font, size) for line in candidate)

    best = lines
    for cuts in itertools.combinations(range(1, len(words)), len(lines) - 1):
        bounds = (0, *cuts, len(words))
        candidate = [" ".join(words[a:b]) for a, b in itertools.pairwise(bounds)]
        if widest(candidate) < widest(best) - 1e-9:
            best = candidate
    return best


BALANCED_MOST = 12      # words balanced() weighs every break of (a name, not a paragraph)


def break_at_hyphens(word: str, font: str, size: float, width: float) -> list[str]:
    """A word wider than `width` broken after its hyphens, in as few pieces as fit (each
    keeps its hyphen: 'Featherstonehaugh-', 'Wimbledon'); a piece with no hyphen to break
    at stays whole, however wide."""
    if stringWidth(word, font, size) <= width:
        return [word]
    pieces = [""]
    for part in re.split(r"(?<=-)(?=.)", word):
        if pieces[-1] and stringWidth(pieces[-1] + part, font, size) > width:
            pieces.append(part)
        else:
            pieces[-1] += part
    return pieces


def fit_lines(text: str, font: str, size: float, width: float,
              smallest: float = SMALLEST_CELL) -> list[str]:
    """The text in lines for a column `width` wide, each drawn shrunk to the width where it
    is wider (`draw_fitted`) but never below `smallest`: wrapped at `size`, a word too wide
    broken after a hyphen, and a piece still too wide at `smallest` cut short with an
    ellipsis."""
    return [shorten(piece, font, smallest, width)
            for line in wrap(text, font, size, width)
            for piece in break_at_hyphens(line, font, size, width)]


def fit_paragraph(text: str, font: str, size: float, width: float, height: float,
                  smallest: float = 4.0) -> tuple[float, list[str], bool]:
    """The largest size (in steps of 0.25 pt) at which the wrapped text fits the box:
    (size, lines, whole). Text that does not fit at `smallest` is cut there: a word wider
    than the box and the last line that fits end in an ellipsis (`whole` False), so nothing
    is drawn outside the box (one line is kept, whatever the height)."""
    while True:
        lines = wrap(text, font, size, width)
        widest = max((stringWidth(line, font, size) for line in lines), default=0.0)
        if len(lines) * size * LEADING <= height and widest <= width + 1e-9:
            return size, lines, True
        if size <= smallest:
            break
        size -= 0.25
    room = max(1, int(height // (size * LEADING)))
    kept = lines[:room]
    if len(lines) > room:
        kept[-1] = kept[-1] + " " + ELLIPSIS      # (shortened below if it is too wide)
    return size, [shorten(line, font, size, width) for line in kept], False


def fits(lines: list[str], font: str, size: float, width: float,
         first: float | None = None) -> bool:
    """Whether each line is within its width (the first within `first` when given)."""
    return all(stringWidth(line, font, size) <= (first if index == 0 and first is not None
                                                 else width) + 1e-9
               for index, line in enumerate(lines))


def shorten(text: str, font: str, size: float, width: float) -> str:
    """The text cut at a word (or, for one long word, a letter) and ended with an ellipsis
    so that it fits the width; the text itself when it fits."""
    if stringWidth(text, font, size) <= width:
        return text
    words = words_of(text)

    def cut(count: int) -> str:
        return " ".join(words[:count]).rstrip(",;:.-") + ELLIPSIS

    # The most words that fit, then the most letters of the first: each cut is no wider
    # than a longer one, so both are binary searches (a page-long text or word measured
    # once a length, not once a letter).
    most = _longest(len(words) - 1, lambda count: stringWidth(cut(count), font, size) <= width)
    if most:
        return cut(most)
    word = words[0] if words else ""
    kept = _longest(len(word), lambda count: stringWidth(word[:count] + ELLIPSIS, font,
                                                          size) <= width)
    return word[:kept] + ELLIPSIS


def _longest(most: int, fits_in) -> int:
    """The largest count in 1..most for which `fits_in(count)` holds (it holds for every
    smaller count when it holds), or 0: the counts that fit come first, so bisect finds
    how many they are."""
    return bisect.bisect_left(range(1, most + 1), True, key=lambda count: not fits_in(count))


# Words after a surname that stay whole when the names before it go to initials.
NAME_SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "v", "2nd", "3rd"})
# Words of a surname that stand before it, capitalised or not ('Van Der Berg').
NAME_PARTICLES = frozenset({"van", "von", "der", "den", "de", "del", "della", "di", "da",
                            "du", "la", "le", "st", "st.", "mac", "mc"})


def initialled(name: str) -> list[str]:
    """The name with its given names as initials, one more at a time from the first:
    'Juan Carlos Montgomery' gives 'J. Carlos Montgomery', then 'J. C. Montgomery'. The
    surname and a suffix after it ('Jr', 'V') stay whole, and so do the particles before
    it ('de', 'Van Der'), a word already short or abbreviated ('J.R.', 'Al') and a
    double-barrelled given name ('Jean-Pierre'): a table knows its pieces by their
    surnames."""
    words = name.split()
    last = len(words) - 1
    while last > 0 and words[last].casefold() in NAME_SUFFIXES:
        last -= 1
    given = []
    for index in range(last):
        word = words[index]
        if word.casefold() in NAME_PARTICLES:
            break                   # (the surname begins here: 'Van Der Berg')
        if len(word) > 2 and word[0].isupper() and not set(".-") & set(word):
            given.append(index)
    out = []
    for index in given:
        words = [*words[:index], words[index][0] + ".", *words[index + 1:]]
        out.append(" ".join(words))
    return out


def joined_name(lines: list[str]) -> str:
    """A name's lines in one: 'M. Kingsley-' and 'Fairweather Jr' read
    'M. Kingsley-Fairweather Jr'."""
    return "".join(line if index == 0 or lines[index - 1].endswith("-") else " " + line
                   for index, line in enumerate(lines))


def fit_name(text: str, font: str, size: float, first: float, width: float,
             most: int = 2, initials: bool = True) -> tuple[float, list[str], bool]:
    """A name at `size`, shrunk on one line of width `first` down to SMALLEST_NAME; past
    that, wrapped in up to `most` lines (the first `first` wide, the others `width`; a word
    too wide broken after a hyphen) at the largest size, in steps of 0.25 pt, that fits.
    Returns (size, lines, whole). A name that cannot fit at SMALLEST_NAME gives its first
    names as initials, one at a time (`initialled`: 'M. Kingsley-' / 'Fairweather Jr'; a
    person's name: not without `initials`), and past that is cut short on its last line,
    its first names still initials (cut whole, 'Christopher' / 'Alex…' lost the surname);
    `whole` False for both."""
    candidate = text
    for candidate in (text, *(initialled(text) if initials else ())):
        fitted = _fitted_name(candidate, font, size, first, width, most)
        if fitted is not None:
            return (*fitted, candidate == text)
    lines = _name_lines(candidate, font, SMALLEST_NAME, first, width)
    kept = lines[:most]
    if len(lines) > most:
        kept[-1] = joined_name(lines[most - 1:])
    kept = [shorten(line, font, SMALLEST_NAME, first if index == 0 else width)
            for index, line in enumerate(kept)]
    return SMALLEST_NAME, kept, False


def _fitted_name(text: str, font: str, size: float, first: float, width: float,
                 most: int) -> tuple[float, list[str]] | None:
    """`fit_name`'s sizes and lines for the name whole, None when it cannot fit."""
    natural = stringWidth(text, font, size)
    if natural <= first or size * first / natural >= SMALLEST_NAME:
        return (size if natural <= first else size * first / natural), [text]
    step = size
    while step >= SMALLEST_NAME:
        lines = _name_lines(text, font, step, first, width)
        if len(lines) <= most and fits(lines, font, step, width, first):
            return step, lines
        step -= 0.25
    return None


def _name_lines(text: str, font: str, size: float, first: float, width: float) -> list[str]:
    """A name in lines, filled word by word (the first line `first` wide), a line breaking
    between words or after a hyphen ('B. Crowderson-' / 'Whitfield'): a double-barrelled
    surname is two words to a table."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        for index, part in enumerate(re.split(r"(?<=-)(?=.)", word)):
            joined = line + ("" if index or not line else " ") + part
            if line and stringWidth(joined, font, size) > (width if lines else first):
                lines.append(line)
                joined = part
            line = joined
    return [*lines, line] if line else lines


def set_font(canvas, font: str, size: float) -> None:
    """Select the font unless it is already in force (each change is written to the page)."""
    if canvas._fontname != font or canvas._fontsize != size:
        canvas.setFont(font, size)


def draw_fitted(canvas, text: str, x: float, y: float, width: float, font: str, size: float,
                align: str = "left") -> None:
    """One line at baseline y, shrunk to the width; align is left, centre or right of [x, x+w]."""
    natural = stringWidth(text, font, size)
    if natural > width and natural:
        size = max(3.0, size * width / natural)
        natural = stringWidth(text, font, size)
    set_font(canvas, font, size)
    if align == "centre":
        x += (width - natural) / 2
    elif align == "right":
        x += width - natural
    canvas.drawString(x, y, text)


def draw_paragraph(canvas, lines: list[str], x: float, top: float, font: str, size: float,
                   align: str = "left", width: float = 0.0) -> float:
    """Lines from the top down (first baseline one size below `top`); returns the last baseline."""
    set_font(canvas, font, size)
    y = top
    for index, line in enumerate(lines):
        y = top - size - index * size * LEADING
        if align == "centre":
            canvas.drawCentredString(x + width / 2, y, line)
        else:
            canvas.drawString(x, y, line)
    return y


def colour(hex_text: str) -> Color:
    return HexColor(hex_text)


def _luminance(value: Color) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(value.red) + 0.7152 * channel(value.green) + \
        0.0722 * channel(value.blue)


def contrast(first: Color, second: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


BLACK = HexColor("#000000")
WHITE = HexColor("#ffffff")


def shade(value: Color, factor: float) -> Color:
    """`value` darkened: each channel times `factor` (0 to 1)."""
    return Color(value.red * factor, value.green * factor, value.blue * factor)


# The contrast an ink needs on its field: WCAG's 7:1 for small text, as the components'
# ratings and notes are (4 to 6 points), and a dark field prints darker than the screen
# shows it (New York's gray on navy, 5.6:1, was the hardest text on the sheet to read).
INK_CONTRAST = 7.0


def ink_on(background: Color, preferred: Color | None = None) -> Color:
    """The preferred ink if it reads on the background (INK_CONTRAST), else black or
    white, whichever reads better."""
    if preferred is not None and contrast(background, preferred) >= INK_CONTRAST:
        return preferred
    return BLACK if contrast(background, BLACK) >= contrast(background, WHITE) else WHITE
