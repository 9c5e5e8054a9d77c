"""`companion print`: the command writes the PDF, shows progress on stderr and refuses bad
input with exit 2 and a message that names what was asked and what is accepted (issue 5)."""

from __future__ import annotations

import argparse
import io
import subprocess
import sys

import pytest
from pypdf import PdfReader

from companion.cli import main
from companion.print_cli import ProgressBar, offset_argument
from printables.options import MM


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(["print", *args])
    except SystemExit as exit_:          # argparse refuses before the command runs
        code = exit_.code
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_print_writes_the_pdf_and_reports_pages(capsys, tmp_path):
    out = tmp_path / "texas.pdf"
    code, stdout, stderr = run(capsys, "pieces", "--team", "texas", "--paper", "a4",
                               "--out", str(out))
    assert code == 0
    assert f"wrote {out} (2 pages)" in stdout
    assert "pieces: 2 pages" in stderr                     # progress, one line a set off a tty
    reader = PdfReader(str(out))
    assert len(reader.pages) == 2
    assert round(float(reader.pages[0].mediabox.width) / MM) == 210
    assert "Hampton" in reader.pages[0].extract_text()


def test_print_options_reach_the_pdf(capsys, tmp_path):
    out = tmp_path / "lost.pdf"
    code, _, _ = run(capsys, "cards", "--only", "Good Wood", "--sides", "fold", "--bleed",
                     "--out", str(out))
    assert code == 0
    reader = PdfReader(str(out))
    assert len(reader.pages) == 1                          # fold: front and back on one page
    text = reader.pages[0].extract_text()
    assert text.count("Good Wood") == 1 and "DEFENSE" not in text


def test_the_offset_allowed_is_reckoned_on_the_cells_the_print_fills(capsys, tmp_path):
    """A team's 20 pieces fill the top of a letter sheet: moving their backs 25 mm down
    keeps them on it, though a sheet's whole grid of 133 would not (it was refused beyond
    18.8 mm down); a set that fills the grid keeps its narrower range."""
    code, _, stderr = run(capsys, "pieces", "--team", "texas", "--offset", "0,-25", "--out",
                          str(tmp_path / "team.pdf"))
    assert code == 0, stderr
    code, _, stderr = run(capsys, "markers", "--offset", "20,0", "--out",
                          str(tmp_path / "markers.pdf"))
    assert code == 2 and "accept -8.7..8.7 mm across" in stderr


def test_offset_is_read_in_millimetres_and_moves_the_backs(capsys, tmp_path):
    out = tmp_path / "calibration.pdf"
    code, _, _ = run(capsys, "calibration", "--offset", "1.5,-0.5", "--out", str(out))
    assert code == 0
    back = PdfReader(str(out)).pages[1]
    assert "moved by 1.5, -0.5 mm" in " ".join(back.extract_text().split())
    assert b"1 0 0 1 4.251969 -1.417323 cm" in back.get_contents().get_data()


def test_all_for_an_optional_team_leaves_out_the_pieces_it_has_none_of(capsys, tmp_path):
    """Rule 8.1.1: an optional team card has no roster of its own, so `all --team` prints
    its markers, team card and sheets and no pieces; `pieces` alone still says why."""
    out = tmp_path / "seattle.pdf"
    code, stdout, stderr = run(capsys, "all", "--team", "seattle", "--out", str(out))
    assert code == 0, stderr
    assert "\npieces:" not in "\n" + stderr and "team-cards: 2 pages" in stderr
    assert ("note: pieces left out: team 'seattle' has no player pieces in this box"
            in stderr)
    text = " ".join(page.extract_text() for page in PdfReader(str(out)).pages)
    assert "Seattle" in text and "Hampton" not in text
    code, _, stderr = run(capsys, "pieces", "--team", "seattle", "--out", str(out))
    assert code == 2 and "team 'seattle' has no player pieces in this box" in stderr


@pytest.mark.parametrize("offset", [("--offset", "-1.5,0.5"), ("--offset=-1.5,0.5",)])
def test_a_negative_offset_is_taken_as_typed(capsys, tmp_path, offset):
    """The calibration page reads X,Y; half the time X is negative, and `--offset -1.5,0.5`
    is taken as the value it is, not refused as an unknown option."""
    out = tmp_path / "calibration.pdf"
    code, _, stderr = run(capsys, "calibration", *offset, "--out", str(out))
    assert code == 0, stderr
    back = PdfReader(str(out)).pages[1]
    assert "moved by -1.5, 0.5 mm" in " ".join(back.extract_text().split())


@pytest.mark.parametrize("args, message", [
    # the option at fault named, as every command does ('--home: unknown team')
    (("pieces", "--team", "yankees"), "--team: unknown team 'yankees'; accepted, by key, name "
                                       "or abbreviation: new-york (New York Highlanders, NYH)"),
    (("cards", "--only", "Moonshot"), "--only: no strategy card is named 'Moonshot'; "
                                      "accepted: Good"),
    (("all", "--only", "Moonshot"), "--only: no component is named 'Moonshot'"),
    (("counters",), "print set 'counters' is unknown; accepted: calibration, pieces"),
    (("cards", "7"), "print cards takes no target ('7'); only boxscore does"),
    (("boxscore",), "print boxscore needs a series (ID) or a game (ID:N)"),
    (("calibration", "--only", "cross"), "no components to choose with --only"),
    (("cards", "--team", "texas"), "--team applies to pieces, markers, team-cards, "
                                   "series-sheet; cards: the same for every team"),
    (("cards", "--sides", "fold", "--offset", "1,0"), "--offset moves the back pages of a "
                                                      "duplex print"),
    (("counter",), "accepted: calibration, pieces, markers, cards, team-cards, rally-caps, "
                   "scoreboard, field, scoresheet, series-sheet, all, boxscore GAME|SERIES"),
    # a name off by a letter or two: the one it is nearest, as the README says
    (("peices",), "boxscore GAME|SERIES; did you mean 'pieces'?"),
    (("pieces", "--team", "texs"), "unknown team 'texs' (did you mean 'texas'?); accepted"),
    (("pieces", "--team", "texas", "--team", "nyh"), "--team is given 2 times: a print holds "
                                                     "one team's components"),
    (("series-sheet", "--team", "texas", "--team", "nyh", "--team", "cat"),
     "--team is given 3 times: a series-sheet takes at most two, Team 1 then Team 2"),
])
def test_bad_input_exits_2_with_a_clear_message(capsys, tmp_path, args, message):
    out = tmp_path / "never.pdf"
    code, stdout, stderr = run(capsys, *args, "--out", str(out))
    assert code == 2
    assert message in stderr
    assert not out.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args, message", [
    (("--paper", "legal"), "argument --paper: invalid choice: 'legal'"),
    (("--sides", "both"), "argument --sides: invalid choice: 'both'"),
    (("--paper", "leter"), "(choose from 'letter', 'a4', 'tabloid'); did you mean 'letter'?"),
    (("--sides", "foldd"), "(choose from 'duplex', 'fold'); did you mean 'fold'?"),
    (("--offset", "1"), "offset '1' is not X,Y"),
    (("--offset", "40,0"), "accepted range -25..25 mm"),
])
def test_bad_options_are_refused_by_the_parser(capsys, tmp_path, args, message):
    code, _, stderr = run(capsys, "cards", *args, "--out", str(tmp_path / "x.pdf"))
    assert code == 2 and message in stderr


def test_a_missing_folder_is_refused(capsys, tmp_path):
    code, _, stderr = run(capsys, "cards", "--out", str(tmp_path / "nowhere" / "x.pdf"))
    assert code == 2 and "folder" in stderr and "does not exist" in stderr


def test_a_failed_print_keeps_the_old_file(capsys, tmp_path):
    out = tmp_path / "cards.pdf"
    out.write_bytes(b"%PDF-1.4 last week's cards")
    code, _, _ = run(capsys, "cards", "--only", "Moonshot", "--out", str(out))
    assert code == 2 and out.read_bytes() == b"%PDF-1.4 last week's cards"


def test_parse_offset_units():
    assert offset_argument("1.5,-0.5") == pytest.approx((1.5 * MM, -0.5 * MM))
    assert offset_argument("0.1in, 2pt") == pytest.approx((7.2, 2.0))
    assert offset_argument("-3mm,+1") == pytest.approx((-3 * MM, 1 * MM))
    # read off the calibration scales as a player may write them
    assert offset_argument(".5,-.5") == pytest.approx((0.5 * MM, -0.5 * MM))
    assert offset_argument("2.,0") == pytest.approx((2 * MM, 0))
    for bad in ("", "1,2,3", "a,b", "1;2", ".,0", "-.,1", "1e3,0"):
        with pytest.raises(argparse.ArgumentTypeError):
            offset_argument(bad)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_redraws_in_place_on_a_terminal():
    stream = Terminal()
    bar = ProgressBar(stream)
    bar("cards", 1, 4)
    bar("cards", 4, 4)
    text = stream.getvalue()
    assert text.startswith("\rcards")
    assert "[" + "#" * 8 + "-" * 22 + "] 1/4 pages" in text     # a quarter of 30
    assert text.endswith("[" + "#" * 30 + "] 4/4 pages\n")


def test_the_command_line_loads_reportlab_only_to_print():
    # the other commands and the table start without the printing library
    code = ("import sys, companion.cli\n"
            "print([m for m in ('reportlab', 'qrcode', 'printables.render') if m in sys.modules])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"



@pytest.mark.parametrize("args, said", [
    # (what every layout of the set accepts; here the calibration bars at the foot, then
    # down the side, where the backs have more room up and down and less to the right)
    (("markers", "--offset", "20,0"), "an offset of 20,0 mm would move the backs of the game "
                                      "pieces off the letter sheet or onto its calibration "
                                      "bars; their layouts accept -8.7..8.7 mm across and "
                                      "-25..10.2 mm up or -10.2..3.9 mm across and -25..8.7 "
                                      "mm up"),
    (("markers", "--offset=-25,25"), "would move the backs of the game pieces off the "
                                     "letter sheet"),
    # backs never onto the calibration bars, which stay put (they printed over them)
    (("cards", "--paper", "a4", "--offset", "0,-20"),
     "would move the backs of the strategy cards off the a4 sheet or onto its calibration "
     "bars; their layouts accept -13..13 mm across and -7.3..13.7 mm up or -8.2..1.8 mm "
     "across and -18.5..18.5 mm up or -25..25 mm across and -12.5..12.5 mm up"),
    # several sets: what they take together, each set on any layout of its own, said
    # before a page is drawn (the first set refused told its own, inside which the next
    # set refused again; then the layouts the offset asked chose told a range narrower
    # than what printed: 0,13 said -7.7..7.7 across, and 8.7,10.2 printed)
    (("all", "--offset", "9,0"), "would move the backs of the game pieces off the letter "
                                 "sheet or onto its calibration bars; the layouts these "
                                 "sets may print on accept -8.7..8.7 mm across and "
                                 "-9.3..10.2 mm up or -10.2..3.9 mm across and -9.3..8.7 mm "
                                 "up together"),
    (("all", "--offset", "0,13"), "the layouts these sets may print on accept -8.7..8.7 mm "
                                  "across and -9.3..10.2 mm up or -10.2..3.9 mm across and "
                                  "-9.3..8.7 mm up together"),
    (("all", "--offset", "0,-12", "--paper", "a4"),
     "would move the backs of the calibration scales off the a4 sheet or onto its "
     "calibration bars; the layouts these sets may print on accept -12.1..12.1 mm across "
     "and -9.3..6.3 mm up or -12.6..6.3 mm across and -9.3..10.1 mm up or -11.1..11.1 mm "
     "across and -9.3..11.7 mm up together"),
    (("pieces", "--team", "texas", "--team", "california"),
     "--team is given 2 times: a print holds one team's components"),
    (("pieces", "--bleed"), "--bleed applies to the poker-size cards (cards, team-cards, "
                            "rally-caps); pieces prints without it: leave --bleed out"),
    (("markers", "--bleed"), "markers prints without it"),
    # one-sided sheets have no backs to move or fold
    (("scoreboard", "--offset", "2,0"), "scoreboard prints one-sided, with no backs for "
                                        "--offset to place: leave it out"),
    (("field", "--sides", "fold"), "field prints one-sided, with no backs for --sides fold"),
    (("calibration", "--sides", "fold"), "the calibration test: it checks a duplex print"),
    # the calibration scales stay on the sheet and off the bars
    (("calibration", "--offset=24,-24"), "would move the backs of the calibration scales "
                                         "off the letter sheet or onto its calibration bars; "
                                         "their layout accepts -15.6..15.6 mm across"),
    ("cards --paper a4 --offset 0,19".split(), "their layouts accept -13..13 mm across and "
     "-7.3..13.7 mm up or -8.2..1.8 mm across and -18.5..18.5 mm up"),
])
def test_an_option_the_print_cannot_honour_is_refused_not_dropped(capsys, tmp_path, args,
                                                                     said):
    """An offset that pushes the backs off the sheet (they would print cut off), --team
    twice (only the last one printed), --bleed for sets cut on shared lines: each is said,
    and nothing is written."""
    out = tmp_path / "refused.pdf"
    code, _, stderr = run(capsys, *args, "--out", str(out))
    assert code == 2 and said in stderr, stderr
    assert not out.exists()
    code, _, stderr = run(capsys, "cards", "--offset", "8,-8", "--only", "Good Wood",
                          "--out", str(out))
    assert code == 0 and out.exists(), stderr


def test_a_box_score_refuses_the_options_of_components(capsys, tmp_path):
    """A box score is each game whole on one-sided pages: --team, --only, --bleed and
    --offset are refused by name instead of ignored."""
    from companion.high_and_tight.box import load_box
    from companion.store.db import Store
    from companion.store.series_store import create_series

    from ..store.util import series_header, simulated_session

    db = tmp_path / "games.db"
    header = series_header("spring", "3")
    with Store.open(db) as store:
        series_id = create_series(store, load_box(), header,
                                  simulated_session(load_box(), header).entries)
    out = tmp_path / "box.pdf"
    code, _, stderr = run(capsys, "boxscore", str(series_id), "--team", "texas", "--bleed",
                          "--db", str(db), "--out", str(out))
    assert code == 2 and ("print boxscore takes no --team or --bleed: it prints each game "
                          "whole on one-sided pages (only --paper applies)") in stderr
    assert not out.exists()
    code, _, stderr = run(capsys, "boxscore", str(series_id), "--sides", "fold", "--db",
                          str(db), "--out", str(out))
    assert code == 2 and "print boxscore takes no --sides" in stderr and not out.exists()
    # --data (an alias gives it to every command) is not read, and said so: the series
    # prints with its own box (it was refused)
    code, _, stderr = run(capsys, "boxscore", str(series_id), "--data", "elsewhere", "--db",
                          str(db), "--out", str(out))
    assert code == 0 and ("note: print boxscore does not read --data: a series prints with "
                          "the box it was played with") in stderr and out.exists()
    out.unlink()
    code, _, stderr = run(capsys, "BoxScore", str(series_id), "--paper", "a4", "--db",
                          str(db), "--out", str(out))
    assert code == 0 and out.exists(), stderr
    # --db given to a set that prints from the box is refused by name (it was taken and
    # left unread); before the command, as every command takes it, it is left alone
    cards = tmp_path / "cards.pdf"
    code, _, stderr = run(capsys, "calibration", "--db", str(db), "--out", str(cards))
    assert code == 2 and ("print calibration takes no --db: only a boxscore prints from a "
                          "game file") in stderr and not cards.exists()
    assert main(["--db", str(db), "print", "calibration", "--out", str(cards)]) == 0
    assert cards.exists()
    # a set misspelt is told as such first, --db or not (it was 'print cardz takes no --db')
    code, _, stderr = run(capsys, "cardz", "--db", str(db), "--out", str(tmp_path / "z.pdf"))
    assert code == 2 and "print set 'cardz' is unknown" in stderr and "did you mean 'cards'" \
        in stderr


def test_a_fold_over_run_of_every_set_leaves_out_the_calibration_test_and_says_so(
        capsys, tmp_path):
    """The calibration test checks a duplex print (the back's scales behind the front's
    crosses); in a fold-over `all` its two sheets would be wasted, so it is left out, said
    on stderr; alone it is refused."""
    out = tmp_path / "fold.pdf"
    code, _, stderr = run(capsys, "all", "--sides", "fold", "--out", str(out))
    assert code == 0, stderr
    assert ("note: calibration left out: it checks a duplex print (the back page's scales "
            "behind the front's crosses) and has no fold-over layout") in stderr
    assert "\ncalibration:" not in stderr and "\npieces: " in "\n" + stderr
    code, _, stderr = run(capsys, "calibration", "--sides", "fold", "--out", str(out))
    assert code == 2 and "no fold-over layout" in stderr


def test_print_warns_of_the_texts_its_set_prints_cut_short_or_without_a_glyph(capsys,
                                                                              tmp_path,
                                                                              box_copy):
    """`print` warns, as `data check` does, of each text of the set it prints that comes out
    cut short or with a letter as a box (it said only 'wrote', and the player found them on
    paper); a set that does not print the text says nothing of it."""
    path = box_copy / "pitchers.csv"
    path.write_text(path.read_text().replace("new-york,Lindqvist,",
                                             "new-york,Wolfeschlegelsteinhausenbergerdorff,")
                    .replace("new-york,Okafor,", "new-york,Łukasz,"))
    code, out, err = run(capsys, "pieces", "--team", "new-york", "--data", str(box_copy),
                         "--out", str(tmp_path / "p.pdf"))
    assert code == 0 and out.startswith("wrote ")
    warnings = [line for line in err.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 2
    assert warnings[0].startswith(f"warning: {box_copy}/pitchers.csv, line 3 ('Wolfeschlegel")
    # (one word: it does not break across the two lines, said so)
    assert warnings[0].endswith("field 'name': too long to print whole on the piece (2 "
                                "lines at 6 pt; a name breaks between words or after a "
                                "hyphen only: one word fits in a line): it prints on its "
                                "front cut short ('Wolfeschlegel\u2026') and on its back cut "
                                "short ('Wolfeschlegelst\u2026')")
    assert "('Łukasz', new-york), field 'name': 'Ł' has no glyph" in warnings[1]
    code, _, err = run(capsys, "cards", "--data", str(box_copy), "--out",
                       str(tmp_path / "c.pdf"))
    assert code == 0 and "warning" not in err
    code, _, err = run(capsys, "all", "--data", str(box_copy), "--out", str(tmp_path / "a.pdf"))
    assert code == 0 and err.count("warning: ") == 2


def test_each_set_warns_only_of_what_it_prints(capsys, tmp_path, box_copy):
    """A ballpark's text too long for the team card's back is told by `team-cards` (and
    `all`), not by `markers`, which prints no ballpark though its team is in the same file;
    every set says what it warns of (a set added without it would warn of nothing)."""
    from printables.sets import SET_WARNINGS, SETS

    assert SET_WARNINGS.keys() == SETS.keys()
    teams = box_copy / "teams.toml"
    long_text = " ".join(["The wind swirls around the old brick grandstand all day."] * 56)
    teams.write_text(teams.read_text().replace(
        'text = "The right-field seats crowd the foul line, so a left-handed hitter only '
        'needs to lift the ball to reach them."', f'text = "{long_text}"'))
    said = {}
    for name in ("team-cards", "markers", "all"):
        code, _, err = run(capsys, name, "--data", str(box_copy), "--out",
                           str(tmp_path / f"{name}.pdf"))
        assert code == 0
        said[name] = [line for line in err.splitlines() if line.startswith("warning: ")]
    assert len(said["team-cards"]) == 1 and "ballpark 'Highlander Field': its text" in \
        said["team-cards"][0]
    assert said["markers"] == [] and said["all"] == said["team-cards"]


def test_print_warns_of_the_team_it_prints_and_of_markers_abbreviations(capsys, tmp_path,
                                                                         box_copy):
    """`--team` prints one team: the other teams' pieces are not warned of; markers print
    the teams' abbreviations (a letter with no glyph in one is told), no ballpark."""
    pitchers = box_copy / "pitchers.csv"
    pitchers.write_text(pitchers.read_text().replace("new-york,Okafor,", "new-york,Łukasz,"))
    teams = box_copy / "teams.toml"
    teams.write_text(teams.read_text().replace('abbrev = "TXC"', 'abbrev = "TXŁ"')
                     .replace('name = "Highlander Field"', 'name = "Łódź Field"'))

    def warned(*args: str) -> list[str]:
        code, _, err = run(capsys, *args, "--data", str(box_copy), "--out",
                           str(tmp_path / "w.pdf"))
        assert code == 0, err
        return [line for line in err.splitlines() if line.startswith("warning: ")]

    assert warned("pieces", "--team", "texas") == []
    assert len(warned("pieces", "--team", "new-york")) == 1
    (markers,) = warned("markers")
    assert "team 'texas', field 'abbrev': 'Ł' has no glyph" in markers
    assert len(warned("team-cards")) == 2           # the abbreviation and the ballpark
    assert [w for w in warned("series-sheet") if "ballpark" in w] == []


def test_an_offset_every_set_takes_prints_them_all(capsys, tmp_path):
    """The range `all` tells is the one it prints with: an offset at its corners writes
    every set, its back pages moved (the front pages as without it)."""
    from pypdf import PdfReader

    plain, moved = tmp_path / "plain.pdf", tmp_path / "moved.pdf"
    assert run(capsys, "all", "--out", str(plain))[0] == 0
    code, _, stderr = run(capsys, "all", "--offset", "3.9,-9.3", "--out", str(moved))
    assert code == 0, stderr
    before, after = PdfReader(plain).pages, PdfReader(moved).pages
    assert len(before) == len(after)
    same = [a.get_contents().get_data() == b.get_contents().get_data()
            for a, b in zip(before, after, strict=True)]
    assert same[0] and not all(same)
    # the corner of the other range told (the cards then 6 a sheet, upright: more pages)
    code, _, stderr = run(capsys, "all", "--offset", "7.7,-9.3", "--out", str(moved))
    assert code == 0 and "the strategy cards print 6 a sheet (not 8)" in stderr, stderr
    # A bound as told, to the tenth of a mm, is taken (7.7 was refused by a float's error
    # while the refusal said 7.7 was accepted).
    for corner in ("7.7,9.2", "-7.7,-25"):
        code, _, stderr = run(capsys, "markers", "--offset", corner, "--out", str(moved))
        assert code == 0, stderr


def test_all_with_bleed_says_which_sets_print_without_it(capsys, tmp_path):
    """`--bleed` is for the poker-size cards: alone, another set refuses it; in `all` the
    sets without it print as always, and the run says so (it said nothing)."""
    out = tmp_path / "bleed.pdf"
    code, _, stderr = run(capsys, "all", "--bleed", "--out", str(out))
    assert code == 0, stderr
    assert ("note: calibration, pieces, markers, scoreboard, field, scoresheet, series-sheet "
            "print without --bleed: only the poker-size cards take it") in stderr
    code, _, stderr = run(capsys, "all", "--out", str(out))
    assert code == 0 and "note:" not in stderr
    code, _, stderr = run(capsys, "cards", "--bleed", "--out", str(out))
    assert code == 0 and "note:" not in stderr


def embedded(reader: PdfReader) -> dict[str, bool]:
    """Each font a page of the PDF uses, by its base name: whether its program is in the
    file (a Type 1, TrueType or CFF font file in its descriptor), its descriptor giving an
    ascent above the baseline and a descent below it (preflight checks refuse 0)."""
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            fonts[str(font["/BaseFont"]).lstrip("/")] = (
                any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
                and descriptor.get("/Ascent", 0) > 0 > descriptor.get("/Descent", 0))
    return fonts


def test_every_pdf_embeds_its_fonts_with_helvetica_s_widths(capsys, tmp_path, box_copy):
    """The PDFs named Helvetica without embedding it: a viewer or printer without it drew
    lines fitted to Helvetica's widths in a font of its own, and print shops refuse such
    files. Every font every page uses is in the file, the Symbol and Dingbats fallbacks
    that a Greek letter, an arrow or a tick in a box's text call for too; and the printed
    fonts measure every Western European letter as Helvetica does, so each line fits as
    it did."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printables.text import BOLD, ITALIC, REGULAR

    cards = box_copy / "cards.toml"
    cards.write_text(cards.read_text().replace(
        "He barrels it up.", "He barrels it up \u2192 \u03b1 \u2713.", 1))
    out = tmp_path / "all.pdf"
    code, _, err = run(capsys, "all", "--data", str(box_copy), "--out", str(out))
    assert code == 0 and "glyph" not in err
    fonts = embedded(PdfReader(str(out)))
    assert fonts == {REGULAR: True, BOLD: True, ITALIC: True, "StandardSymbolsPS": True,
                     "D050000L": True}
    # A character no printed font draws: warned of, printed as the Dingbats' square (the
    # standard ZapfDingbats' was named unembedded).
    cards.write_text(cards.read_text().replace("He barrels it up", "\u4e00", 1))
    code, _, err = run(capsys, "cards", "--data", str(box_copy), "--out", str(out))
    assert code == 0 and "'\u4e00' has no glyph" in err
    assert embedded(PdfReader(str(out))) == {REGULAR: True, BOLD: True, ITALIC: True,
                                            "StandardSymbolsPS": True, "D050000L": True}
    db = tmp_path / "g.db"
    assert main(["--db", str(db), "simulate", "--series", "spring", "--team1", "texas",
                 "--team2", "new-york", "--seed", "5"]) == 0
    code, _, _ = run(capsys, "boxscore", "1", "--db", str(db), "--out", str(tmp_path / "b.pdf"))
    boxscore = embedded(PdfReader(str(tmp_path / "b.pdf")))
    assert code == 0 and boxscore.keys() >= {REGULAR, BOLD} and all(boxscore.values())
    letters = "".join(chr(code) for code in range(32, 256) if chr(code).isprintable()
                      and not 127 <= code < 161) + "\u2026\u2013\u2014\u201c\u201d\u2022"
    for printed, standard in ((REGULAR, "Helvetica"), (BOLD, "Helvetica-Bold"),
                              (ITALIC, "Helvetica-Oblique")):
        assert [stringWidth(c, printed, 1000) for c in letters] == \
            [stringWidth(c, standard, 1000) for c in letters]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_offsets_a_run_of_sets_is_told_it_takes_are_the_ones_it_takes(paper):
    """`print all --offset` refused tells the ranges its sets take together, each set on
    any layout of its own: every offset within a range told is taken (its corners
    included), and one a tenth of a mm beyond a corner, outside every range told, is
    refused (the range told was the layouts the offset asked chose: 0,10.3 mm on letter
    said -7.7..7.7 mm across, and 8.7,10.2 printed)."""
    import re
    from dataclasses import replace

    from companion.high_and_tight.box import load_box
    from printables.options import PrintOptions
    from printables.render import check_offset_together, plan, sets_to_print

    box = load_box()
    options = PrintOptions(paper=paper)
    steps = plan(sets_to_print("all", box, options)[0], box, options)

    def refusal(across: float, up: float) -> str | None:
        try:
            check_offset_together(steps, box, replace(options, offset=(across * MM, up * MM)))
        except ValueError as error:
            return str(error)
        return None

    said = refusal(0, 24)
    told = [tuple(float(x) for x in found) for found in re.findall(
        r"-([\d.]+)\.\.([\d.]+) mm across and -([\d.]+)\.\.([\d.]+) mm up", said or "")]
    assert told, said

    def inside(across: float, up: float) -> bool:
        return any(-left <= across <= right and -bottom <= up <= top
                   for left, right, bottom, top in told)

    for left, right, bottom, top in told:
        for across, up in ((-left, -bottom), (-left, top), (right, -bottom), (right, top)):
            assert refusal(across, up) is None, (across, up)
            for step_across, step_up in ((0.1, 0), (0, 0.1), (0.1, 0.1)):
                beyond = (across + (step_across if across > 0 else -step_across),
                          up + (step_up if up > 0 else -step_up))
                if not inside(*beyond):
                    assert refusal(*beyond) is not None, beyond


def test_an_offset_the_fuller_sheet_cannot_take_prints_the_roomier_one(capsys, tmp_path):
    """Poker cards on A4 take 9 a sheet with 3 mm crop marks, their backs then within 6.5 mm
    of the sheet's sides: an --offset of 8 mm was refused outright. The best layout that
    takes it prints (8 a sheet on their side, 4 mm marks, takes 8 mm either way); no
    offset, the fullest, and said when another prints; none takes it, what each accepts.
    A run of several sets takes what each set alone takes (`all` refused 0,7.5 mm on A4,
    which the cards alone printed)."""
    out = tmp_path / "cards.pdf"
    code, stdout, _ = run(capsys, "cards", "--paper", "a4", "--out", str(out))
    assert code == 0 and "(12 pages)" in stdout              # 50 cards, 9 a sheet
    for offset in ("8,0", "0,8"):
        code, stdout, stderr = run(capsys, "cards", "--paper", "a4", "--offset", offset,
                                   "--out", str(out))
        assert code == 0 and "(14 pages)" in stdout, stderr      # 8 a sheet
        assert ("note: the strategy cards print 8 a sheet (not 9), on their side, with 4 "
                "mm crop marks (not 3): the layout that leaves their backs room for "
                f"--offset {offset} mm") in stderr, stderr
    # 14 mm up: the bars down the side leave the backs room up and down
    code, stdout, stderr = run(capsys, "cards", "--paper", "a4", "--offset", "0,14",
                               "--out", str(out))
    assert code == 0 and "(14 pages)" in stdout, stderr
    assert ("8 a sheet (not 9), on their side, with 4 mm crop marks (not 3), the "
            "calibration bars at the side (not the foot)") in stderr, stderr
    code, _, stderr = run(capsys, "cards", "--paper", "a4", "--offset", "0,19",
                          "--out", str(out))     # (up: no layout takes it)
    assert code == 2 and "-13..13 mm across and -7.3..13.7 mm up" in stderr
    code, _, stderr = run(capsys, "all", "--paper", "a4", "--offset", "0,7.5",
                          "--out", str(out))
    assert code == 0, stderr


@pytest.mark.parametrize("paper, offset, length", [("a4", "0,0", 3), ("a4", "8,0", 4),
                                                  ("letter", "0,0", 4)])
def test_the_crop_marks_drawn_are_those_the_layout_made_room_for(capsys, tmp_path,
                                                                  monkeypatch, paper,
                                                                  offset, length):
    """The crop marks stand in the room the layout leaves them: 3 mm where the fuller
    sheet took the shorter marks, 4 mm elsewhere (drawn at 4 mm beside a 3 mm layout,
    they would run 1 mm past the printable area)."""
    from printables import components

    drawn = []
    marks = components.crop_marks

    def crop_marks(canvas, cells, bleed, mark_length):
        drawn.append(round(mark_length / MM, 3))
        marks(canvas, cells, bleed, mark_length)

    monkeypatch.setattr(components, "crop_marks", crop_marks)
    code, _, _ = run(capsys, "cards", "--paper", paper, "--offset", offset, "--out",
                     str(tmp_path / "cards.pdf"))
    assert code == 0 and drawn and set(drawn) == {length}
