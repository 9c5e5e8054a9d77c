"""Each component set prints as a PDF of the right size and page count that holds the text of
every piece and card of the box, read back with pypdf; filters, bleed, offset, byte-stable
and atomic output (issue 5, SPEC 6, rules 2.1-2.5)."""

from __future__ import annotations

import errno
import math
import os
import re
import stat
import time
from collections import Counter
from dataclasses import replace

import pytest
from pypdf import PdfReader

from benchmarks.bench_print import page_content
from companion import files
from companion.high_and_tight.box import BOX_FILES, DEFAULT_BOX_DIR, load_box_texts, roman
from companion.high_and_tight.effects import describe_ballpark_effect
from companion.high_and_tight.rules import HighAndTight
from companion.high_and_tight.simulate import simulate_game
from printables import render as render_module
from printables.components import (
    BAND,
    BAND_ON_PAPER,
    CARD_FRAME,
    CARD_SAFE,
    MARKER_SMALL_MARGIN,
    PIECE_PAD,
    RALLY_USES,
    RUNS_COPIES,
    SCALE_HALF,
    SCALE_LABEL,
    _card_body,
    _piece_colours,
    card_components,
    card_panel,
    choose,
    inning_strategy,
    marker_components,
    piece_components,
    rally_caps_components,
    registration_targets,
    team_card_component,
    team_card_components,
    texts_cut_short,
)
from printables.geometry import BLEED, MARKER, PIECE, POKER, Rect, calibration_area, impose
from printables.options import MM, PAPERS, OptionError, PrintOptions
from printables.render import expand, new_canvas, render
from printables.text import (
    BOLD,
    CAP_HEIGHT,
    DESCENT,
    ITALIC,
    NO_BREAK,
    REGULAR,
    SMALLEST_NAME,
    SMALLEST_TEXT,
    WHITE,
    balanced,
    colour,
    contrast,
    shorten,
    stringWidth,
    wrap,
)

from .placed import placed_text

COMPONENT_SETS = ("calibration", "pieces", "markers", "cards", "team-cards", "rally-caps")


def read(path) -> PdfReader:
    return PdfReader(str(path))


def words(text: str) -> str:
    """Text with every run of white space made one space (wrapped lines join up)."""
    return " ".join(text.split())


def page_texts(reader: PdfReader) -> list[str]:
    return [words(page.extract_text()) for page in reader.pages]


def content(reader: PdfReader, index: int) -> str:
    """What a page draws, with the forms it places written out (calibration bars, backs)."""
    return page_content(reader.pages[index]).decode("latin-1")


def expected_pages(count: int, cell, options: PrintOptions, bleed: float = 0.0) -> int:
    per_sheet = impose(options.paper, cell, options.sides, bleed).per_sheet
    sheets = math.ceil(count / per_sheet)
    return sheets * (2 if options.sides == "duplex" else 1)


@pytest.fixture(scope="module")
def printed(tmp_path_factory, box):
    """Every component set of the demo box rendered once on letter, duplex."""
    folder = tmp_path_factory.mktemp("sets")
    out = {}
    for name in COMPONENT_SETS:
        path = folder / f"{name}.pdf"
        render(name, box, PrintOptions(), path)
        out[name] = read(path)
    return out


@pytest.mark.parametrize("name", COMPONENT_SETS)
def test_every_page_is_letter_and_carries_both_calibration_bars(printed, name):
    # SPEC 6: every sheet printed at 100% carries a 1-inch and a 25 mm bar
    reader = printed[name]
    for index, page in enumerate(reader.pages):
        assert (float(page.mediabox.width), float(page.mediabox.height)) == PAPERS["letter"]
        stream = content(reader, index)
        assert re.search(r" 72 5 re f", stream) and re.search(r" 70.86614 5 re f", stream)


def test_player_pieces_front_and_back_hold_every_piece_of_the_box(printed, box):
    # rule 2.1.1: name, position-Defense, bats, information; back: the six ratings.
    # rule 2.1.2: name, type, throws, Stuff; back: Gopher, Control, K, Clutch, WHIP, Fatigue.
    reader = printed["pieces"]
    pieces = sum(len(r.ballplayers) + len(r.pitchers) for r in box.rosters.values())
    assert pieces == 80                                                  # rule 2.0
    assert len(reader.pages) == expected_pages(pieces, PIECE, PrintOptions())
    texts = page_texts(reader)
    fronts, backs = " ".join(texts[0::2]), " ".join(texts[1::2])
    for roster in box.rosters.values():
        for p in roster.ballplayers.values():
            assert p.name in fronts and f"{p.position}-{p.defense}" in fronts
            assert f"Bats {p.bats}" in fronts and p.info in fronts
            assert (f"{p.name} Offense {p.offense} Defense {p.defense} Power {p.power} "
                    f"OBP {p.obp} Speed {p.speed} Clutch {p.clutch}") in backs
        for p in roster.pitchers.values():
            assert p.name in fronts and f"Throws {p.throws}" in fronts
            assert f"Stuff {p.stuff_rolls} / {roman(p.stuff_box)}" in fronts
            assert (f"{p.name} Gopher {p.gopher} Control {p.control} K {p.k} "
                    f"Clutch {p.clutch} WHIP {p.whip} Fatigue {p.fatigue}") in backs


def test_piece_names_fit_their_piece_at_a_readable_size(box):
    # the name is the piece's first line: at 5 pt or more it fits beside the position tag
    room = PIECE[0] - BAND - 2 * PIECE_PAD
    for roster in box.rosters.values():
        for p in [*roster.ballplayers.values(), *roster.pitchers.values()]:
            tag = f"{p.position}-{p.defense}" if not p.is_pitcher else p.kind
            need = stringWidth(p.name, BOLD, 5.0) + stringWidth(tag, BOLD, 5.0) + 2.0
            assert need <= room, p.name


LONG_NAME = "Christopher Montgomery-Smith"
LONG_INFO = "Workhorse righty who takes the ball every fifth day without complaint"


def edited(replacements: dict[str, list[tuple[str, str]]]):
    """The demo box with each file's texts replaced (the first occurrence of each)."""
    texts = {name: (DEFAULT_BOX_DIR / name).read_text(encoding="utf-8") for name in BOX_FILES}
    for name, pairs in replacements.items():
        for old, new in pairs:
            assert old in texts[name]
            texts[name] = texts[name].replace(old, new, 1)
    return load_box_texts(texts)


@pytest.fixture(scope="module")
def long_texts():
    """A box with a long name (beside its position tag) and a long pitcher's information."""
    return edited({"ballplayers.csv": [("new-york,Delacorte,", f"new-york,{LONG_NAME},")],
                   "pitchers.csv": [("Workhorse righty", LONG_INFO)]})


def strings_by_cell(page, cells, paper="letter"):
    """The strings a page of pieces prints (the calibration strip left out), in the cell
    holding each; a string no cell holds whole is kept under None."""
    strip = calibration_area(paper)
    out: dict[int | None, list] = {}
    for placed in placed_text(page):
        if strip.contains(placed.box):
            continue
        index = next((i for i, cell in enumerate(cells) if cell.contains(placed.box)), None)
        out.setdefault(index, []).append(placed)
    return out


def test_long_names_and_information_wrap_inside_their_piece_at_readable_sizes(tmp_path,
                                                                              long_texts):
    # every string stays inside its piece's cut lines, none smaller than the minimum sizes,
    # and the long texts print whole: the name on two lines, the information on three
    render("pieces", long_texts, PrintOptions(), tmp_path / "long.pdf")
    reader = read(tmp_path / "long.pdf")
    imposition = impose("letter", PIECE, count=len(piece_components(long_texts)))
    names = [c.name for c in piece_components(long_texts)][:imposition.per_sheet]
    fronts = strings_by_cell(reader.pages[0], imposition.fronts)
    backs = strings_by_cell(reader.pages[1], imposition.backs)
    for found in (fronts, backs):
        assert None not in found, found.get(None)
        for strings in found.values():
            for placed in strings:
                assert placed.size >= SMALLEST_TEXT - 1e-6, placed
                if placed.font == BOLD:
                    assert placed.size >= SMALLEST_NAME - 1e-6, placed
    player = names.index(LONG_NAME)
    front = [p.text for p in fronts[player]]
    assert front[:3] == ["C-5", "Christopher", "Montgomery-Smith"]
    # the team's tag beside the first line, the second line the band's whole width
    assert [p.text for p in backs[player]][:3] == ["NYH", "Christopher", "Montgomery-Smith"]
    pitcher = [p.text for p in fronts[names.index("Sabaria")]]
    assert " ".join(pitcher[pitcher.index("Throws R") + 1:]) == LONG_INFO


def test_a_long_name_gives_its_first_names_as_initials_before_it_is_cut(tmp_path):
    """Rule 2.1: a piece names its player, and a table knows him by his surname. A name too
    long for two lines at the smallest size printed its first names and cut the surname
    ('Alessandro Bartholomew…'); it now gives its first names as initials, one at a time,
    and breaks a double-barrelled surname after its hyphen, before anything is cut. The
    surname and a suffix stay whole; a name that cannot fit even so is cut as before."""
    from printables.text import initialled

    assert initialled("Juan Carlos Montgomery") == ["J. Carlos Montgomery",
                                                    "J. C. Montgomery"]
    assert initialled("Martin Kingsley-Fairweather Jr") == ["M. Kingsley-Fairweather Jr"]
    assert initialled("Juan de la Cruz") == ["J. de la Cruz"]
    assert initialled("Sabaria") == []
    # a suffix, particles, a name already short or abbreviated, a double-barrelled given
    # name: each stays as typed ('P. W. V' lost the surname; 'J.R.' lost its R)
    assert initialled("Pat Wolfeschlegelstein V") == ["P. Wolfeschlegelstein V"]
    assert initialled("Johnny Smith V") == ["J. Smith V"]
    assert initialled("Hans Van Der Berg") == ["H. Van Der Berg"]
    assert initialled("J.R. Kingsleyworth") == initialled("Al Kingsleyworth") == []
    assert initialled("Jean-Pierre Tremblay") == []
    # cut short all the same, the surname keeps what it can: not 'Christopher' / 'Alex…'
    from printables.text import BOLD as NAME_FONT
    from printables.text import fit_name

    _, lines, whole = fit_name("Christopher Alexander Montgomery-Worthingtonshire", NAME_FONT,
                               8.0, 40.0, 62.0)
    assert not whole and lines[0] == "C. A." and lines[1].startswith("Montgomery-Worth")
    assert lines[1].endswith("\u2026")
    renamed = edited({"ballplayers.csv": [("new-york,Delacorte,",
                                           "new-york,Alessandro Bartholomew Delacorte,"),
                                          ("texas,Marty,",
                                           "texas,Martin Kingsley-Fairweather Jr,")],
                      "pitchers.csv": [("texas,Crowder,",
                                        "texas,Bartholomew Crowderson-Whitfield,")]})
    warned = texts_cut_short(renamed)
    assert [line.split(", field 'name': ")[1] for line in warned] == [
        "too long to print whole on the piece (2 lines at 6 pt): it prints on its front "
        f"with its first names as initials ({printed!r})" + back for printed, back in (
            ("A. B. Delacorte", " and on its back with its first names as initials "
                                "('A. Bartholomew Delacorte')"),
            ("M. Kingsley-Fairweather Jr", ""), ("B. Crowderson-Whitfield", ""))]
    names = ("Alessandro Bartholomew Delacorte", "Martin Kingsley-Fairweather Jr",
             "Bartholomew Crowderson-Whitfield")
    render("pieces", renamed, PrintOptions(only=names), tmp_path / "initials.pdf")
    imposition = impose("letter", PIECE, count=3)
    fronts = strings_by_cell(read(tmp_path / "initials.pdf").pages[0], imposition.fronts)
    printed = [[p.text for p in fronts[index] if p.font == BOLD and p.text not in (
        "C-5", "OF-5", "SP") and not p.text.startswith("Stuff")] for index in range(3)]
    assert printed == [["A. B. Delacorte"], ["M. Kingsley-", "Fairweather Jr"],
                       ["B. Crowderson-", "Whitfield"]]


def test_texts_too_long_for_a_piece_print_cut_short_and_are_named(tmp_path, box, long_texts):
    assert texts_cut_short(box) == [] and texts_cut_short(long_texts) == []
    longer = f"{LONG_INFO} and then asks for more innings when the bullpen is tired"
    too_long = edited({"pitchers.csv": [("Workhorse righty", longer),
                                        ("new-york,Lindqvist,",
                                         "new-york,Wolfeschlegelsteinhausenbergerdorff,")]})
    assert texts_cut_short(too_long) == [
        "pitchers.csv, line 2 ('Sabaria', new-york), field 'info': too long for the piece: "
        "it does not fit the lines under the name at 4.5 pt and prints cut short with "
        "'\u2026'",
        "pitchers.csv, line 3 ('Wolfeschlegelsteinhausenbergerdorff', new-york), field "
        "'name': too long to print whole on the piece (2 lines at 6 pt; a name breaks "
        "between words or after a hyphen only: one word fits in a line): it prints on its "
        "front cut short ('Wolfeschlegel\u2026') and on its back cut short "
        "('Wolfeschlegelst\u2026')"]
    render("pieces", too_long, PrintOptions(only=("Sabaria", "Wolfeschlegelsteinhausenbergerd"
                                                  "orff")), tmp_path / "cut.pdf")
    reader = read(tmp_path / "cut.pdf")
    imposition = impose("letter", PIECE, count=2)
    fronts = strings_by_cell(reader.pages[0], imposition.fronts)
    assert None not in fronts and set(fronts) == {0, 1}
    info = [p.text for p in fronts[0]][4:]         # after SP, name, Stuff, Throws
    assert len(info) == 3 and info[-1].endswith("\u2026") and info[-1] != longer
    assert longer.startswith(" ".join(info)[:-1])
    assert [p.text for p in fronts[1]][1] == "Wolfeschlegel\u2026"      # 1.2 mm from the cuts
    assert {p.size for p in fronts[1]} >= {SMALLEST_NAME}


def test_a_card_text_that_fits_only_in_tiny_type_is_warned_of(box):
    """A card's text of 1,500 characters fits whole, but at about 5 pt: it printed
    with no word from `data check`; it is warned of with the size, the card named with its
    line in cards.toml. The
    demo box's texts all print at 12 pt."""
    good = "He barrels it up. Raise the Scoring Number by the batter's Power."
    long = " ".join(["He barrels it up and the crowd roars."] * 40)
    edited_box = edited({"cards.toml": [(good, long)]})
    panel = card_panel(Rect(0, 0, *POKER))
    card = edited_box.cards["good wood"]
    fit = _card_body(None, panel, card.name, card.text, inning_strategy(edited_box, card))
    assert fit.cut == [] and SMALLEST_TEXT <= fit.text_size < 6.0
    assert texts_cut_short(edited_box) == [
        f"cards.toml, card 'Good Wood' (line 9): its text prints at {fit.text_size:.1f} pt on "
        "the card, under the 6 pt that reads across a table: shorten it"]
    assert {_card_body(None, panel, c.name, c.text, inning_strategy(box, c)).text_size
            for c in box.cards.values()} == {12.0}


def test_card_texts_too_long_print_cut_short_inside_the_card_and_are_named(box):
    """A card's text too long to fit at the smallest size, or a name of one long word, ran
    past the card's foot and edge and over its footer; now each is cut short with an
    ellipsis inside the card, and `data check` names it (cards.toml, the card, the part)."""
    assert texts_cut_short(box) == []
    good = "He barrels it up. Raise the Scoring Number by the batter's Power."
    long = " ".join(["He barrels it up and the crowd roars as the ball sails deep."] * 60)
    name = "W" * 40
    too_long = edited({"cards.toml": [(good, long), ('name = "Sitting on the Fastball"',
                                                     f'name = "{name}"')]})
    assert texts_cut_short(too_long) == [
        "cards.toml, card 'Good Wood' (line 9): its text is too long for the card: it prints cut "
        "short with '\u2026'",
        f"cards.toml, card '{name}' (line 17): its name is too long for the card: it prints cut "
        "short with '\u2026'"]
    panel = card_panel(Rect(0, 0, *POKER))
    for card in [c for c in too_long.cards.values() if c.name in ("Good Wood", name)]:
        drawn = Drawn()
        fit = _card_body(drawn, panel, card.name, card.text, inning_strategy(too_long, card))
        assert fit.cut == (["text"] if card.name == "Good Wood" else ["name"])
        for text, font, size, left, baseline in drawn.strings:
            assert size >= (SMALLEST_NAME if font == BOLD else SMALLEST_TEXT) - 1e-9
            assert panel.x - 1e-6 <= left
            assert left + stringWidth(text, font, size) <= panel.x + panel.width + 1e-6, text
            assert panel.y <= baseline - size * DESCENT
            assert baseline + size * CAP_HEIGHT <= panel.top, text
        said = [text for text, *_ in drawn.strings]
        assert any(text.endswith("\u2026") for text in said)
        assert said[-1 if card.name == "Good Wood" else 0].endswith("\u2026")


class Drawn:
    """A canvas that keeps the strings drawn on it: (text, font, size, left, baseline)."""

    def __init__(self):
        self.strings, self._fontname, self._fontsize = [], None, None

    def setFont(self, font, size):  # noqa: N802 (reportlab's names)
        self._fontname, self._fontsize = font, size

    def drawString(self, x, y, text):  # noqa: N802
        self.strings.append((text, self._fontname, self._fontsize, x, y))

    def drawCentredString(self, x, y, text):  # noqa: N802
        width = stringWidth(text, self._fontname, self._fontsize)
        self.strings.append((text, self._fontname, self._fontsize, x - width / 2, y))

    def setFillColor(self, *args):  # noqa: N802
        pass

    setFillColorRGB = setFillColor

    def rect(self, *args, **kwargs):
        pass


def test_markers_hold_every_game_piece(printed, box):
    # rule 2.2 and where each is used: 5.5.1 (+10), 5.5.2 (+1 bonus), 4.7 (At Bat),
    # 4.3.1 (DH, Defense 4), 8.2.1 (Fatigue +100/+200), 4.6.4 (runs), 3.0 (logos), 4.8 (wins)
    reader = printed["markers"]
    markers = marker_components(box)
    assert len(reader.pages) == expected_pages(len(markers), MARKER, PrintOptions())
    fronts, backs = page_texts(reader)
    assert "Scoring Rolls" in fronts and f"+{box.rolls_boxes} Scoring Rolls" in backs
    assert "+1 Bonus Scoring Roll" in backs
    assert "Away At Bat" in fronts and "Home At Bat" in backs
    assert f"DH Defense {box.dh_defense}" in fronts
    assert "+100 Fatigue" in fronts and "+200 Fatigue" in backs
    for runs, copies in RUNS_COPIES.items():
        assert fronts.count(f"{runs} {'Run' if runs == 1 else 'Runs'} ") == copies
    for team in box.teams.values():
        assert f"{team.abbrev} Team" in fronts
    assert fronts.count(" won") == 4 and "4 Games won" in backs


def test_a_marker_s_small_lines_keep_clear_of_its_cut(box):
    """Rules 2.2, 4.3.1: a marker's small words ('Defense 4' on the DH, 'Scoring Roll' on
    the bonus side of 5.5.2) stay MARKER_SMALL_MARGIN inside the cut, at the marker's size
    unless a longer word shrinks to fit (the DH's 'Defense 4' ran to about 1 mm of it)."""
    face = Rect(0, 0, *MARKER)
    small_seen = set()
    for component in marker_components(box):
        for draw in (component.front, component.back):
            drawn = Drawn()
            draw(drawn, face, 0.0)
            for text, font, size, left, _ in drawn.strings[1:]:     # (the big word first)
                small_seen.add(text)
                assert font == REGULAR and SMALLEST_TEXT <= size <= 5.5, text
                right = left + stringWidth(text, font, size)
                assert left >= MARKER_SMALL_MARGIN - 1e-6, text
                assert right <= face.width - MARKER_SMALL_MARGIN + 1e-6, text
    assert {f"Defense {box.dh_defense}", "Scoring Roll", "Fatigue"} <= small_seen


@pytest.mark.parametrize("printed_words, name", [
    ("SR", "Scoring Rolls"), ("+1 Bonus Scoring Roll", "Scoring Number"), ("1 run", "Runs 1"),
    ("3 Runs", "Runs 3"), ("1 Game won", "Wins 1-2"), ("4 games won", "Wins 3-4"),
    ("+200 Fatigue", "Fatigue"), ("Home At Bat", "At Bat")])
def test_print_only_takes_a_marker_by_the_words_it_prints(box, printed_words, name):
    """--only names a marker by what its faces print ('SR', '1 Run') as by its name; a
    bare number, printed by several, names none."""
    chosen = choose(marker_components(box), PrintOptions(only=(printed_words,)), "game piece")
    assert {component.name for component in chosen} == {name}
    with pytest.raises(OptionError, match="no game piece is named '1'"):
        choose(marker_components(box), PrintOptions(only=("1",)), "game piece")


def test_a_list_item_s_lines_after_its_first_hang_under_its_words(box):
    """Rules 5.7.2, 8.1: the Rally Caps card's uses and a team card's ballpark effects are
    items of a list; an item's lines after its first start under its words, clear of the
    dash (they ran back under it), and stay within the width the text has."""
    from printables.text import HANGING

    width = 120.0
    body = "Each use, choose one:\n" + "\n".join(f"- {use}" for use in RALLY_USES)
    lines = wrap(body, REGULAR, 8.0, width)
    items = [index for index, line in enumerate(lines) if line.startswith("- ")]
    assert len(items) == 2 and len(lines) > 3
    for index, line in enumerate(lines):
        assert stringWidth(line, REGULAR, 8.0) <= width + 1e-9, line
        if index > items[0] and index not in items:
            assert line.startswith(HANGING) and not line[len(HANGING)].isspace(), line
        elif index < items[0]:
            assert not line.startswith(HANGING), line         # (the heading: no hang)
    dash = stringWidth("- ", REGULAR, 8.0)
    assert abs(stringWidth(HANGING, REGULAR, 8.0) - dash) < 0.1 * dash


def test_a_team_card_s_name_on_two_lines_breaks_evenly(box):
    """Rule 2.4: a team's name too long for one line of its card breaks where its lines
    come out most even ('Chicago / Black Sox', not 'Chicago Black / Sox'), no wider than the
    plain wrap, as the card's front draws it; a name on one line is left as it is."""
    for name, even in (("Chicago Black Sox", ["Chicago", "Black Sox"]),
                       ("Arizona Killer Bees", ["Arizona", "Killer Bees"])):
        # (as wide as the card gives: all but the last word on the first line)
        width = stringWidth(name.rsplit(" ", 1)[0], BOLD, 18.0) + 1.0
        plain_lines = wrap(name, BOLD, 18.0, width)
        lines = balanced(plain_lines, BOLD, 18.0)
        assert len(plain_lines) == 2 and plain_lines[-1] in ("Sox", "Bees")
        assert lines == even
        assert max(stringWidth(line, BOLD, 18.0) for line in lines) <= max(
            stringWidth(line, BOLD, 18.0) for line in plain_lines)
    assert balanced(["Texas Cowboys"], BOLD, 18.0) == ["Texas Cowboys"]
    # as the team card draws its name (the front, at the card's size)
    for key, even in (("chicago", ["Chicago", "Black Sox"]),
                      ("arizona", ["Arizona", "Killer Bees"])):
        drawn = Drawn()
        team_card_component(box.teams[key]).front(drawn, Rect(0, 0, *POKER), 0.0)
        assert [text for text, font, *_ in drawn.strings if font == BOLD][:2] == even


def test_the_games_won_marker_of_one_says_game(printed):
    """Rule 4.8 (games won): the 1 side read '1 Games won' beside the runs markers' '1 Run';
    one game is singular, two to four plural."""
    fronts, backs = page_texts(printed["markers"])
    assert fronts.count("1 Game won") == 2 and "1 Games won" not in fronts
    assert fronts.count("3 Games won") == 2
    assert backs.count("2 Games won") == 2 and backs.count("4 Games won") == 2


def runs_markers_on_the_board(state) -> Counter:
    """The most Runs Scored markers of each number on the scoreboard at once in a finished
    game (rule 4.6.4: one a scoring half, a half of 10 or more as a stack; rule 6.2: the
    board cleared for extra innings, each Final box holding the tie score)."""
    def stack(runs: int) -> list[int]:
        return [9] * (runs // 9) + ([runs % 9] if runs % 9 else [])

    most: Counter = Counter()
    home = state.home.runs + [0] * (len(state.away.runs) - len(state.home.runs))
    halves = list(zip(state.away.runs, home, strict=True))    # a bottom not played: 0
    for first, last in [(0, 9)] + [(i, i + 10) for i in range(9, len(halves), 10)]:
        board = Counter()
        if first:                                   # the tie score in both Final boxes
            tie = sum(state.away.runs[:first])
            for _ in range(2):
                board.update(stack(tie))
        for away, home in halves[first:last]:
            board.update(stack(away) + stack(home))
        most |= board
    return most


def test_the_runs_markers_cover_whole_games_of_the_computer_managers(box):
    """Rule 4.6.4: enough Runs Scored markers of each number for every game played here
    (one-run halves are the most common: two 1s would not see a game through)."""
    rules = HighAndTight(box)
    printed = Counter(RUNS_COPIES)
    for game in range(300):
        state = simulate_game(rules, "new-york", "texas", "markers", game).state
        need = runs_markers_on_the_board(state)
        assert not need - printed, (game, need)


def test_a_cards_footer_keeps_its_rule_citation_on_one_line(box):
    """Rules 5.3, 6.2, 6.3: a footer that wraps breaks before '(rules 5.3, 6.2, 6.3)', never
    inside it (a no-break space joins it), and prints the citation with plain spaces'
    widths."""
    footer = inning_strategy(box, box.card("Good Wood"))
    citation = f"(rules{NO_BREAK}5.3,{NO_BREAK}6.2,{NO_BREAK}6.3)"
    assert footer.endswith(citation)
    head = footer[:footer.index("(rules")].rstrip()
    width = stringWidth(head, ITALIC, 6.5) + 4.0          # the head fits, the citation not
    assert wrap(footer, ITALIC, 6.5, width) == [head, citation]
    assert stringWidth(NO_BREAK, ITALIC, 6.5) == stringWidth(" ", ITALIC, 6.5)
    # Cut short to fit a line (the smallest size reached), it loses the citation whole.
    cut = shorten(footer, ITALIC, 6.5, stringWidth(footer, ITALIC, 6.5) - 1.0)
    assert "(rules" not in cut and cut.endswith("\u2026")


@pytest.mark.parametrize("text, width, expected", [
    ("Steady glove, quick feet, strong arm", 60.0, "Steady glove, quick\u2026"),
    ("Steady glove, quick feet, strong arm", 1000.0, "Steady glove, quick feet, strong arm"),
    ("Wolfeschlegelsteinhausenbergerdorff", 40.0, "Wolfeschleg\u2026"),
    ("x" * 100_000, 30.0, "x" * 8 + "\u2026")])
def test_a_text_cut_short_keeps_the_most_words_then_letters_that_fit(text, width, expected):
    """A text too wide for its line keeps the most whole words that fit, else the most
    letters of its first word, with an ellipsis; a page-long word (a box's 'info' of one
    word) is cut as fast as a short one (it was measured once a letter: minutes)."""
    cut = shorten(text, REGULAR, 6.0, width)
    assert cut == expected
    assert stringWidth(cut, REGULAR, 6.0) <= width
    if cut != text and " " not in cut:            # one more letter would not fit
        longer = text[:len(cut)] + "\u2026"
        assert stringWidth(longer, REGULAR, 6.0) > width


def test_strategy_cards_hold_name_type_text_and_inning_strategy(printed, box):
    # rule 2.3: card type, name, instructions; rule 5.3: the innings of its strategy
    reader = printed["cards"]
    copies = sum(card.copies for card in box.cards.values())
    assert copies == 50                                                  # rule 2.0
    assert len(reader.pages) == expected_pages(copies, POKER, PrintOptions())
    texts = page_texts(reader)
    fronts, backs = " ".join(texts[0::2]), " ".join(texts[1::2])
    for card in box.cards.values():
        assert fronts.count(words(card.text)) == card.copies, card.name
        assert card.name in fronts
    assert "OFFENSE · POWER" in fronts and "DEFENSE · CLUTCH" in fronts
    # Rule 6.2: the 10th is Any (a Power card only if the batter chooses Power), the 11th
    # to the 19th repeat the 1st to the 9th; rule 6.3: from the 20th all over again. The
    # footer says so, not "every extra inning".
    power = [str(i) for i, s in enumerate(box.strategies, start=1) if s == "power"]
    extra = [str(int(i) + 10) for i in power] + [str(int(i) + 20) for i in power]
    assert (f"Power innings: {', '.join(power + extra)}...; the 10th, 20th... if chosen "
            "(rules 5.3, 6.2, 6.3)" in fronts)
    # A Special or Free card is free of the inning's strategy; its own text may still set
    # the inning (Infield In: the 7th or later), so the footer does not say "any inning".
    assert "Special Strategy: whatever the inning's strategy (rule 5.6)" in fronts
    assert "any inning" not in fronts
    offense = sum(c.copies for c in box.cards.values() if c.side == "offense")
    assert backs.count("HIGH & TIGHT OFFENSE Strategy Card") == offense
    assert backs.count("HIGH & TIGHT DEFENSE Strategy Card") == copies - offense


def test_team_cards_carry_the_ballpark_on_the_back(printed, box):
    # rule 2.4: eight team cards, the Home Ballpark (optional rule 8.1) on the back
    reader = printed["team-cards"]
    assert len(box.teams) == 8
    assert len(reader.pages) == expected_pages(8, POKER, PrintOptions())
    texts = page_texts(reader)
    fronts, backs = " ".join(texts[0::2]), " ".join(texts[1::2])
    for team in box.teams.values():
        assert words(team.name) in fronts and team.abbrev in fronts
        park = team.ballpark
        assert park.name in backs and park.feature in backs and words(park.text) in backs
        # Rule 8.1: the card lists the feature's effects on play, as the companion applies
        # them (the Hive: +1 Scoring Number for a batter with Power 3 or more).
        for effect in park.effects:
            said = describe_ballpark_effect(effect)
            assert words(f"- {said[0].upper()}{said[1:]}.") in backs, said
    assert words("- Scoring Number +1 for either team at bat with the batter's Power 3 or "
                 "more.") in backs


def test_a_rule_and_its_number_never_part_at_a_line_break():
    """Rule 5.7.2 on the Rally Caps card: '(rule' ended a line of its body and '5.7.2):'
    opened the next; any text a card wraps keeps 'rule N' (and 'rules N') together."""
    text = "Each use, choose one (rule 5.7.2):"
    width = stringWidth("Each use, choose one (rule", BOLD, 9) + 1.0
    assert wrap(text, BOLD, 9, width) == ["Each use, choose one", f"(rule{NO_BREAK}5.7.2):"]
    assert wrap("see Rules 4.1 and rule x", BOLD, 9, 1.0) == [
        "see", f"Rules{NO_BREAK}4.1", "and", "rule", "x"]


def test_every_pieces_accent_band_shows_against_the_paper(box):
    """Rule 2.2's pieces: the band at the left of a front is the team's second colour; one
    as pale as the paper (Philadelphia's white) is the field darkened instead, so the piece
    does not look cut off its line; a band that shows is the team's own."""
    for team in box.teams.values():
        field, band, _ = _piece_colours(team)
        assert contrast(band, WHITE) >= BAND_ON_PAPER, team.key
        pale = contrast(colour(team.colours[1]), WHITE) < BAND_ON_PAPER
        assert (band.hexval() == colour(team.colours[1]).hexval()) is not pale, team.key
    assert contrast(colour(box.teams["philadelphia"].colours[1]), WHITE) < BAND_ON_PAPER


def test_every_piece_back_names_its_team_clear_of_the_name(printed, box):
    """Rule 2.1's pieces are told apart by team colour, which a greyscale print loses (the
    demo's Philadelphia red and Texas blue print as near the same grey): each back's band
    carries the team's abbreviation at its left, in the band, clear of the name."""
    components = piece_components(box)
    reader = printed["pieces"]
    imposition = impose("letter", PIECE, count=len(components))
    for sheet in range(len(reader.pages) // 2):
        backs = strings_by_cell(reader.pages[2 * sheet + 1], imposition.backs)
        assert None not in backs
        for index, strings in backs.items():
            piece = components[sheet * imposition.per_sheet + index]
            tag, name = strings[0], strings[1]
            assert tag.text == box.teams[piece.team].abbrev, piece.name
            assert tag.size >= SMALLEST_TEXT and name.text == piece.name.split()[0]
            assert tag.box.x + tag.box.width < name.box.x, piece.name
            assert (name.box.y <= tag.box.y                    # on the name's line
                    and tag.box.y + tag.box.height <= name.box.y + name.box.height)


def test_rally_caps_show_two_then_one(printed, box):
    # rule 5.7.1: placed with its "2" side up, flipped to "1" after the first use
    front, back = page_texts(printed["rally-caps"])
    assert front.count(f"{box.rally_caps} uses left") == 2
    assert back.count(f"{box.rally_caps - 1} use left") == 2
    assert "rule 5.7.2" in front


def rally_caps_box(uses: int):
    return edited({"box.toml": [("rally_caps = 2", f"rally_caps = {uses}")]})


@pytest.mark.parametrize("uses", (3, 9))
def test_rally_caps_past_two_uses_have_a_box_to_tick_for_each(tmp_path, uses):
    """Rule 5.7.1 counts the uses left by the card's two sides, which hold two: with 3 a
    game the front said 3 and the back 2, and nothing counted the third. Past two the card
    is the same both sides, with a numbered box to tick at each use under its words, all
    inside the card's frame and clear of one another."""
    box = rally_caps_box(uses)
    render("rally-caps", box, PrintOptions(), tmp_path / "caps.pdf")
    front, back = page_texts(read(tmp_path / "caps.pdf"))
    assert front == back and front.count(f"{uses} uses a game") == 2
    assert "left" not in front.replace("none is left", "")
    (card, _) = rally_caps_components(box)
    for face in (card.front, card.back):
        strings = face_strings(face, tmp_path / "face.pdf")
        numbers = [p for p in strings if p.text.isdigit() and p.font != BOLD]
        assert [p.text for p in numbers] == [str(n) for n in range(1, uses + 1)]
        row_top = max(n.box.y + n.box.height / 2 + n.size for n in numbers)   # a box's top
        frame = Rect(0, 0, *POKER).inset(CARD_FRAME)
        for index, placed in enumerate(strings):
            assert frame.contains(placed.box) and placed.size >= SMALLEST_TEXT, placed
            assert not any(placed.overlaps(other.box) for other in strings[index + 1:])
            if placed not in numbers:
                assert placed.box.y > row_top, placed


def face_strings(face, path) -> list:
    """The strings one face draws in a cell at the page's corner, read back from the PDF."""
    canvas = new_canvas(str(path), PAPERS["letter"])
    face(canvas, Rect(0, 0, *POKER), 0.0)
    canvas.showPage()
    canvas.save()
    return placed_text(read(path).pages[0])


def test_a_one_use_rally_caps_card_has_nothing_to_flip_to(tmp_path):
    """Rule 5.7.1 with one use a game: the back said '0 uses left', a side the card never
    shows before it is put away; both sides say the one use and to remove the card."""
    render("rally-caps", rally_caps_box(1), PrintOptions(), tmp_path / "caps.pdf")
    front, back = page_texts(read(tmp_path / "caps.pdf"))
    assert front == back and front.count("1 use left") == 2 and "0 use" not in front
    assert "Remove the card after its use (rule 5.7.1)" in front


def test_a_box_without_rally_caps_prints_no_card_and_says_so(tmp_path):
    """`data check` takes rally_caps = 0 (a game without Rally Caps, rule 5.7.1): the card
    said '0 uses left' on both sides. Alone the set is refused saying why; in a run of
    several it is left out, told in the run's notes, and the rest prints."""
    box = rally_caps_box(0)
    with pytest.raises(ValueError, match=r"the box gives Rally Caps no use \(rally_caps = 0 "
                                         r"in box.toml, rule 5.7.1\)"):
        render("rally-caps", box, PrintOptions(), tmp_path / "caps.pdf")
    assert not (tmp_path / "caps.pdf").exists()
    notes = []
    render(["markers", "rally-caps"], box, PrintOptions(), tmp_path / "all.pdf",
           note=notes.append)
    assert notes == ["rally-caps left out: the box gives Rally Caps no use (rally_caps = 0 in "
                     "box.toml, rule 5.7.1): there is no Rally Caps card to print"]
    assert "RALLY CAPS" not in " ".join(page_texts(read(tmp_path / "all.pdf")))


def test_calibration_prints_crosses_then_scales_behind_them(printed):
    front, back = page_texts(printed["calibration"])
    assert "Registration test: front" in front and "--offset" in front
    assert "Registration test: back" in back and "moved by 0, 0 mm" in back


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_calibration_scale_numbers_never_meet(tmp_path, box, paper):
    # the --offset is read off these numbers: none may print over another, nor on a scale
    render("calibration", box, PrintOptions(paper=paper), tmp_path / "calibration.pdf")
    back = read(tmp_path / "calibration.pdf").pages[1]
    numbers = [p for p in placed_text(back) if re.fullmatch(r"-?\d", p.text)]
    targets = registration_targets(paper)
    assert len(numbers) == len(targets) * 2 * 2 * (SCALE_HALF // 2)
    assert {p.size for p in numbers} == {SCALE_LABEL}
    for index, number in enumerate(numbers):
        for other in numbers[index + 1:]:
            assert not number.overlaps(other.box, gap=0.5), (number, other)
    width, _ = PAPERS[paper]
    half = SCALE_HALF * MM
    for x, y in targets:
        x = width - x                    # the back lies behind the front after the flip
        scales = (Rect(x - half, y, 2 * half, 0), Rect(x, y - half, 0, 2 * half))
        for number in numbers:
            assert not any(number.overlaps(line, gap=0.5) for line in scales), number


def test_all_is_every_set_that_needs_no_target(tmp_path, box):
    # The calibration test first: a duplex printer's offset is read before the rest.
    assert expand("all")[:6] == list(COMPONENT_SETS)
    assert "boxscore" not in expand("all")
    pages = render(COMPONENT_SETS, box, PrintOptions(), tmp_path / "five.pdf")
    # a sheet each of calibration, pieces, markers and Rally Caps; the 50 strategy cards 8 a
    # letter sheet (7 sheets), the 8 team cards one: two pages a sheet
    assert pages == len(read(tmp_path / "five.pdf").pages) == 2 * (4 + 7 + 1)


def test_an_edited_box_prints_as_edited(tmp_path):
    texts = {name: (DEFAULT_BOX_DIR / name).read_text(encoding="utf-8") for name in BOX_FILES}
    texts["ballplayers.csv"] = texts["ballplayers.csv"].replace("Delacorte", "Zabriskie")
    texts["cards.toml"] = texts["cards.toml"].replace("He barrels it up.", "Crushed it.")
    texts["box.toml"] = texts["box.toml"].replace("dh_defense = 4", "dh_defense = 5")
    edited = load_box_texts(texts)
    render(["pieces", "cards", "markers"], edited, PrintOptions(), tmp_path / "edited.pdf")
    text = " ".join(page_texts(read(tmp_path / "edited.pdf")))
    assert "Zabriskie" in text and "Delacorte" not in text
    assert "Crushed it." in text and "He barrels it up." not in text
    assert "DH Defense 5" in text


def test_team_filter_prints_one_team(tmp_path, box):
    render("pieces", box, PrintOptions(team="TXC"), tmp_path / "texas.pdf")
    text = " ".join(page_texts(read(tmp_path / "texas.pdf")))
    texas = box.rosters[box.teams["texas"].roster]
    new_york = box.rosters[box.teams["new-york"].roster]
    assert all(p.name in text for p in texas.ballplayers.values())
    assert not any(p.name in text for p in new_york.ballplayers.values())
    assert [c.team for c in team_card_components(box, "texas")] == ["texas"]
    logos = [c.name for c in marker_components(box, "texas") if c.team]
    assert logos == ["TXC logo"]


@pytest.mark.parametrize("team", ("yankees", ""))
def test_an_unknown_team_is_refused_naming_the_accepted_ones(tmp_path, box, team):
    with pytest.raises(ValueError, match=rf"unknown team '{team}'; accepted, by key, name or "
                                         r"abbreviation: new-york \(New York Highlanders, "):
        render("pieces", box, PrintOptions(team=team), tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


def test_a_team_without_pieces_is_refused(tmp_path, box):
    with pytest.raises(ValueError, match="'seattle' has no player pieces"):
        render("pieces", box, PrintOptions(team="seattle"), tmp_path / "x.pdf")


def test_only_prints_the_named_components_one_copy_each(tmp_path, box):
    options = PrintOptions(only=("good wood", "Blown Call", "Good Wood"))
    pages = render("cards", box, options, tmp_path / "three.pdf")
    text = " ".join(page_texts(read(tmp_path / "three.pdf")))
    assert pages == 2
    assert text.count("Good Wood") == 2 and text.count("Blown Call") == 1
    assert "Wheelhouse" not in text


def test_a_card_front_says_its_deck_by_the_colour_of_its_back(tmp_path, box):
    """Rules 2.3 and 5.2.1: a hand holds both decks, and the fronts were coloured by their
    category alone (Good Wood and Keep It in the Yard the same red, the deck said in 8 pt).
    Each front's top band is its deck's colour, the colour of its back, the deck named
    in it."""
    from reportlab.lib.rl_accel import fp_str

    from printables.components import CATEGORY_COLOURS, SIDE_COLOURS

    def rg(hex_colour: str) -> bytes:       # the fill colour operator, as reportlab writes it
        return fp_str(*(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))).encode() + \
            b" rg"

    for name, side in (("Good Wood", "offense"), ("Keep It in the Yard", "defense")):
        out = tmp_path / f"{side}.pdf"
        render("cards", box, PrintOptions(only=(name,)), out)
        front, back = read(out).pages
        drawn = page_content(front)
        other = "defense" if side == "offense" else "offense"
        assert rg(SIDE_COLOURS[side]) in drawn and rg(SIDE_COLOURS[other]) not in drawn
        assert rg(CATEGORY_COLOURS["power"]) in drawn            # the frame: its category
        assert rg(SIDE_COLOURS[side]) in page_content(back)
        assert f"{side.upper()} · POWER" in front.extract_text()
    # Every word of a card's faces stays CARD_SAFE inside its cut (the band's 10 pt header
    # came within 3.4 mm of it), the header too.
    cut = Rect(0, 0, *POKER)            # (a face is a form: its words in the card's frame)
    calibration = ("1 inch", "25 mm", "Print at 100%")
    for reader in (read(tmp_path / "offense.pdf"), read(tmp_path / "defense.pdf")):
        on_card = [placed for placed in placed_text(reader.pages[0])
                   if not placed.text.startswith(calibration)]
        assert any(placed.text.endswith(" · POWER") for placed in on_card)
        for placed in on_card:
            assert cut.inset(CARD_SAFE - 0.01).contains(placed.box), placed


def test_only_prints_every_teams_piece_of_a_shared_name(tmp_path):
    """Names are unique within a roster only: with a Delacorte in New York's and Texas'
    rosters, --only Delacorte printed New York's piece and said nothing of Texas'. Each is a
    component of its own, so both print, one copy each (copies of one component, as the DH
    markers, still once); --team picks one."""
    shared = edited({"ballplayers.csv": [("texas,Boudreaux,", "texas,Delacorte,")]})
    render("pieces", shared, PrintOptions(only=("delacorte",)), tmp_path / "both.pdf")
    front, _ = page_texts(read(tmp_path / "both.pdf"))
    assert front.count("Delacorte") == 2
    assert "Calls a smart game" in front and "Slugging catcher" in front
    render("pieces", shared, PrintOptions(only=("Delacorte",), team="texas"),
           tmp_path / "texas.pdf")
    front, _ = page_texts(read(tmp_path / "texas.pdf"))
    assert front.count("Delacorte") == 1 and "Slugging catcher" in front
    render("markers", shared, PrintOptions(only=("DH",)), tmp_path / "dh.pdf")
    assert page_texts(read(tmp_path / "dh.pdf"))[0].count("DH Defense") == 1


def test_only_across_all_sets_prints_each_name_where_it_lives(tmp_path, box):
    options = PrintOptions(only=("Delacorte", "Rally Caps", "Scoring Rolls", "calibration"))
    render("all", box, options, tmp_path / "lost.pdf")
    reader = read(tmp_path / "lost.pdf")
    texts = page_texts(reader)
    assert len(texts) == 8          # a front and a back for each
    assert "Registration test" in texts[0] and "Delacorte" in texts[2]
    assert "Scoring Rolls" in texts[4] and "Rally Caps".upper() in texts[6]


@pytest.mark.parametrize("sets", ("cards", "all"))
def test_an_unknown_component_is_refused_naming_the_accepted_ones(tmp_path, box, sets):
    """A name printed nowhere is refused with its nearest name (a slip) and the names
    accepted: a set's all of them, `all`'s first 40 and how many more (some 180 ran on
    in one line)."""
    with pytest.raises(ValueError) as error:
        render(sets, box, PrintOptions(only=("Good Wood", "Moonshot", "Uper Deck")),
               tmp_path / "x.pdf")
    message = str(error.value)
    what = "strategy card" if sets == "cards" else "component"
    assert f"no {what} is named 'Moonshot', 'Uper Deck' (did you mean 'Upper Deck'?); " \
           "accepted: " in message
    listed = message.split("accepted: ")[1]
    if sets == "cards":
        assert listed.split(", ") == [card.name for card in box.cards.values()]
    else:
        assert len(listed.split(", ")) == 40 and listed.startswith("calibration, ")
        more = re.search(r" and (\d+) more \(each set asked alone lists its own\)$",
                         listed)
        assert more and int(more.group(1)) > 100
    assert not (tmp_path / "x.pdf").exists()


def test_an_unknown_paper_or_set_is_refused(tmp_path, box):
    with pytest.raises(ValueError, match="paper 'legal' is unknown; accepted: letter, a4"):
        PrintOptions(paper="legal")
    with pytest.raises(ValueError,
                       match="print set 'counters' is unknown; accepted: calibration, pieces"):
        render("counters", box, PrintOptions(), tmp_path / "x.pdf")


@pytest.mark.parametrize("paper", ("a4", "tabloid"))
def test_other_papers_set_the_page_size(tmp_path, box, paper):
    options = PrintOptions(paper=paper)
    pages = render("cards", box, options, tmp_path / "cards.pdf")
    reader = read(tmp_path / "cards.pdf")
    assert pages == len(reader.pages) == expected_pages(50, POKER, options)
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(PAPERS[paper][0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(PAPERS[paper][1], abs=0.01)


def test_fold_prints_fronts_and_backs_on_one_page_with_a_fold_line(tmp_path, box):
    options = PrintOptions(sides="fold", only=("Good Wood", "Blown Call", "Wheelhouse"))
    pages = render("cards", box, options, tmp_path / "fold.pdf")
    reader = read(tmp_path / "fold.pdf")
    assert pages == len(reader.pages) == 1            # three cards a letter page, on their side
    first = page_texts(reader)[0]
    assert "Good Wood" in first and "HIGH & TIGHT OFFENSE" in first and "fold" in first
    assert "[3 3] 0 d" in content(reader, 0)          # the dashed fold line


def test_bleed_extends_the_colour_3_mm_beyond_every_cut(tmp_path, box):
    options = PrintOptions(bleed=True, only=("Good Wood",))
    render("cards", box, options, tmp_path / "bleed.pdf")
    reader = read(tmp_path / "bleed.pdf")
    rects = re.compile(r"([\d.]+) ([\d.]+) re f")
    bled = (round(POKER[0] + 2 * BLEED, 2), round(POKER[1] + 2 * BLEED, 2))   # 69 x 94 mm
    assert bled == (round(69 * MM, 2), round(94 * MM, 2))

    def filled(reader, index):
        return {(round(float(w), 2), round(float(h), 2))
                for w, h in rects.findall(content(reader, index))}

    assert bled in filled(reader, 0) and bled in filled(reader, 1)   # front and back
    render("cards", box, replace(options, bleed=False), tmp_path / "plain.pdf")
    plain = read(tmp_path / "plain.pdf")
    assert bled not in filled(plain, 0)
    assert (round(POKER[0], 2), round(POKER[1], 2)) in filled(plain, 0)


def test_offset_moves_the_back_pages_only(tmp_path, box):
    options = PrintOptions(offset=(1.5 * MM, -0.5 * MM), only=("Delacorte",))
    render("pieces", box, options, tmp_path / "offset.pdf")
    reader = read(tmp_path / "offset.pdf")
    shift = "1 0 0 1 4.251969 -1.417323 cm"
    assert shift not in content(reader, 0) and shift in content(reader, 1)


def test_output_is_byte_stable(tmp_path, box):
    first, second = tmp_path / "one.pdf", tmp_path / "two.pdf"
    render(["pieces", "rally-caps"], box, PrintOptions(), first)
    render(["pieces", "rally-caps"], box, PrintOptions(), second)
    assert first.read_bytes() == second.read_bytes()


def test_a_failing_render_leaves_the_old_file_in_place(tmp_path, box, monkeypatch):
    target = tmp_path / "cards.pdf"
    target.write_bytes(b"the old sheet")

    def broken(canvas, box, options, progress=None):
        canvas.drawString(10, 10, "half a page")
        canvas.showPage()
        raise RuntimeError("printer on fire")

    monkeypatch.setattr(render_module, "set_function",
                        lambda name: broken if name == "broken" else card_set(name))
    with pytest.raises(RuntimeError, match="printer on fire"):
        render(["cards", "broken"], box, PrintOptions(), target)
    assert target.read_bytes() == b"the old sheet"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]


def card_set(name):
    from printables.sets import set_function
    return set_function(name)


def test_a_failing_write_leaves_the_old_file_and_no_temporary(tmp_path, box, monkeypatch):
    """A write the system refuses (here a full disk) is told as a problem with the file,
    not a traceback, and leaves the old file whole with no temporary beside it."""
    target = tmp_path / "cards.pdf"
    target.write_bytes(b"the old sheet")

    def no_rename(source, destination):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "replace", no_rename)
    with pytest.raises(ValueError, match=f"cannot write {target}: No space left on device"):
        render("rally-caps", box, PrintOptions(), target)
    assert target.read_bytes() == b"the old sheet"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]


def test_a_write_killed_before_its_rename_leaves_nothing_for_long(tmp_path, box):
    """A print killed midway leaves its hidden temporary file; the next print of the same
    file takes away those older than an hour, and leaves a recent one (another print may
    be writing it) and other files' alone."""
    target = tmp_path / "caps.pdf"
    old = tmp_path / ".caps.pdf.abc12345.part"
    recent = tmp_path / ".caps.pdf.def45678.part"
    other = tmp_path / ".cards.pdf.abc12345.part"
    longer = tmp_path / ".caps.pdf.bak.abc12345.part"          # the file caps.pdf.bak's
    hours_ago = time.time() - 2 * files.STALE_PART_SECONDS
    for part in (old, recent, other, longer):
        part.write_bytes(b"half a PDF")
    for part in (old, other, longer):
        os.utime(part, (hours_ago, hours_ago))
    render("rally-caps", box, PrintOptions(), target)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [".caps.pdf.def45678.part", ".cards.pdf.abc12345.part",
         ".caps.pdf.bak.abc12345.part", "caps.pdf"])


def test_a_device_or_pipe_is_never_replaced_and_a_link_is_written_through(tmp_path, box):
    """The PDF replaces a regular file only: a pipe (or a device) at the path is refused and
    left as it is; a link is followed, its target written and the link kept."""
    pipe = tmp_path / "pipe.pdf"
    os.mkfifo(pipe)
    with pytest.raises(ValueError, match="it is not a regular file"):
        render("rally-caps", box, PrintOptions(), pipe)
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    target = tmp_path / "sheets" / "caps.pdf"
    target.parent.mkdir()
    target.write_bytes(b"old")
    link = tmp_path / "caps.pdf"
    link.symlink_to(target)
    render("rally-caps", box, PrintOptions(), link)
    assert link.is_symlink() and target.read_bytes().startswith(b"%PDF")


def test_a_new_file_gets_the_usual_permissions(tmp_path, box):
    # the temporary file is private; the PDF put in its place is not
    target = tmp_path / "caps.pdf"
    umask = os.umask(0o022)
    try:
        render("rally-caps", box, PrintOptions(), target)
    finally:
        os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o644
    assert read(target).pages


def test_progress_reports_every_page_of_every_set(tmp_path, box):
    seen = []
    render(["rally-caps", "calibration"], box, PrintOptions(), tmp_path / "p.pdf",
           progress=lambda name, done, total: seen.append((name, done, total)))
    assert seen == [("rally-caps", 1, 2), ("rally-caps", 2, 2),
                    ("calibration", 1, 2), ("calibration", 2, 2)]


def test_components_come_in_box_order(box):
    names = [c.name for c in piece_components(box)]
    first = box.rosters[box.teams["new-york"].roster]
    assert names[:len(first.ballplayers)] == [p.name for p in first.ballplayers.values()]
    assert len(card_components(box)) == 50


def test_the_ink_on_each_team_s_colours_reads_at_a_small_size(box):
    """The pieces' ratings and notes are 4 to 6 points on the team's field: the team's
    second colour is the ink only where it reaches 7:1 (New York's gray on navy, 5.6:1, was
    the hardest text to read on the sheet), else the better of black and white."""
    from printables.components import _piece_colours
    from printables.text import BLACK, INK_CONTRAST, WHITE, colour, contrast

    for team in box.teams.values():
        field, _, ink = _piece_colours(team)
        accent = colour(team.colours[1])
        if contrast(field, accent) >= INK_CONTRAST:
            assert ink == accent, team.key
        else:
            best = max((BLACK, WHITE), key=lambda c: contrast(field, c))
            assert ink == best, team.key
    new_york = box.team("new-york")
    assert _piece_colours(new_york)[2] == WHITE


def test_letters_without_a_glyph_are_named_in_a_sentence_that_reads(box):
    """A name holding letters the printed fonts lack names each (it ran two words' letters
    together, "'Łř' has no glyph"); a card's is placed by its line in cards.toml."""
    from printables.components import texts_without_glyphs

    assert texts_without_glyphs(box) == []
    changed = edited({"ballplayers.csv": [("new-york,Pruitt,", "new-york,Łukasz Dvořák,")],
                      "cards.toml": [('name = "Good Wood"', 'name = "Good Wood ř"')]})
    found = texts_without_glyphs(changed)
    assert any(line.endswith("('Łukasz Dvořák', new-york), field 'name': 'Ł' and 'ř' have no "
                             "glyph in the printed fonts (Western European letters, Greek, "
                             "arrows and dingbats) and print as boxes") for line in found), found
    assert "cards.toml, card 'Good Wood ř' (line 9), field 'name': 'ř' has no glyph in the " \
        "printed fonts (Western European letters, Greek, arrows and dingbats) and prints as " \
        "a box" in found


def test_a_team_name_too_long_for_its_card_s_front_is_warned_of(tmp_path):
    """Rule 2.4: a team card's front names the team, shrunk to 10 pt at the least; a name
    past that printed cut short and nothing said so (the pieces' names and the cards'
    texts are warned of)."""
    long_name = "Philadelphia" + "a" * 28            # (one word of 40: no line break)
    renamed = edited({"teams.toml": [('name = "Philadelphia Mustangs',
                                      f'name = "{long_name}')]})
    key = next(team.key for team in renamed.teams.values() if team.name == long_name)
    assert texts_cut_short(renamed) == [
        f"teams.toml, team {key!r}, field 'name': too long for the team card's front: it "
        "does not fit there at 10 pt and prints cut short with '\u2026'"]
    render("team-cards", renamed, PrintOptions(only=(key,)), tmp_path / "team.pdf")
    printed = " ".join(read(tmp_path / "team.pdf").pages[0].extract_text().split())
    assert "Philadelphiaaaa" in printed and "\u2026" in printed and long_name not in printed
