"""The demo box holds what the rulebook's examples fix, and bad box files get precise errors."""

import re

import pytest

from companion.engine.errors import DataError
from companion.high_and_tight.box import BOX_FILES, DEFAULT_BOX_DIR, load_box


def piece(box, team, name):
    return box.rosters[team].piece(name)


def test_demo_box_counts(box):
    """Rule 2.0: 80 player pieces in four 20-man teams, 50 strategy cards, 8 team cards."""
    assert len(box.rosters) == 4
    for roster in box.rosters.values():
        assert len(roster.ballplayers) + len(roster.pitchers) == 20
        kinds = [p.kind for p in roster.pitchers.values()]
        assert kinds.count("SP") == 4 and kinds.count("CL") == 1
    assert sum(card.copies for card in box.cards.values()) == 50
    assert len(box.teams) == 8
    assert sum(team.standard for team in box.teams.values()) == 4


def test_the_strategy_cards_are_two_decks_of_cards_that_each_do_something(box):
    """Rules 5.0, 2.3: the Strategy Cards are the players' edge, an Offense deck and a
    Defense deck; every card of the demo box is in one of them and does something when
    played (moves a marker, cancels, adds a scoring number, or turns 9s against runs)."""
    decks = {card.side for card in box.cards.values()}
    assert decks == {"offense", "defense"}
    for side in decks:
        assert sum(c.copies for c in box.cards.values() if c.side == side) >= 20
    for card in box.cards.values():
        assert card.effects or card.bonus or card.cancels or card.scoring_numbers or \
            card.nines_remove_runs, card.name


def test_rulebook_example_pieces(box):
    """Rules 4.2.1, 4.2.1.1, 5.1.1, 8.2.2, 8.2.3: the pieces the examples name."""
    cane = piece(box, "california", "Cane")
    assert (cane.stuff_rolls, cane.stuff_box, cane.throws) == (4, 4, "R")
    assert piece(box, "new-york", "Sabaria").fatigue == 7
    assert piece(box, "texas", "Francesco").fatigue == 2
    assert piece(box, "texas", "Francesco").kind == "RP"
    assert piece(box, "texas", "Hampton").power == 3
    assert piece(box, "philadelphia", "Oswald").control == 2
    kanno = piece(box, "new-york", "Kanno")
    assert (kanno.speed, kanno.power) == (1, 3)
    assert piece(box, "california", "Ziti").throws == "L"
    assert piece(box, "texas", "Marty").bats == "L"
    assert piece(box, "texas", "Blanto").bats == "S"
    contadez = piece(box, "philadelphia", "Contadez")
    assert (contadez.kind, contadez.fatigue) == ("RP", 1)
    assert piece(box, "texas", "Flee").kind == "SP"
    assert any(r.piece("Rivero") is not None and r.piece("Rivero").kind == "CL"
               for r in box.rosters.values())


def test_rulebook_named_cards(box):
    """Rules 5.1.1, 5.5, 5.7.2: every card the rulebook names is in the demo box."""
    for name in ("Good Wood", "On the Black", "Split the Outfielders",
                 "Pitcher/Batter Matchup (Offense)", "Pitcher/Batter Matchup (Defense)",
                 "Good Jump", "Blown Call", "Wallbanger", "Fight Off Pitches",
                 "Ducks on the Pond", "Web Gem", "Hit and Run", "Around the Horn"):
        assert box.card(name) is not None, name
    assert box.card("Web Gem").cancels == ("clutch",)
    assert box.card("Hit and Run").nines_remove_runs


def test_scoring_track_and_innings(box):
    """Rules 4.6.2 and 5.3: the demo track and inning strategies (SPEC section 3)."""
    labels = [b.describe() for b in box.scoring_boxes]
    assert labels == ["2, then 6 or 7", "12", "3", "4", "5", "6", "7", "7 or 2", "7 or 3",
                      "7 or 4", "7 or 5", "7 or 6"]
    assert box.strategies == ("obp", "speed", "power", "clutch", "power", "none", "speed",
                              "obp", "clutch")
    assert box.extra_strategy == "any"
    assert (box.rolls_boxes, box.rolls_max, box.dh_defense, box.rally_caps) == (10, 20, 4, 2)


def test_team_cards(box):
    """Rules 3.0 and 8.1.1: four standard teams and four optional team cards with ballparks."""
    names = {team.name for team in box.teams.values()}
    assert {"New York Highlanders", "Philadelphia Mustangs", "California Titans",
            "Texas Cowboys", "Seattle Volcanoes", "Chicago Black Sox", "Florida Sharks",
            "Arizona Killer Bees"} == names
    for team in box.teams.values():
        assert team.ballpark.name and team.ballpark.effects


def problems_of(directory):
    with pytest.raises(DataError) as info:
        load_box(directory)
    return info.value.problems


def test_bad_rating_names_file_line_and_field(box_copy):
    """SPEC 8: a rating out of range names the file, the line and the field with the range."""
    path = box_copy / "ballplayers.csv"
    lines = path.read_text().splitlines()
    fields = lines[3].split(",")
    fields[4] = "12"
    lines[3] = ",".join(fields)
    path.write_text("\n".join(lines) + "\n")
    (problem,) = problems_of(box_copy)
    assert "ballplayers.csv, line 4" in problem
    assert "'offense'" in problem and "'12' is outside the accepted range 0..9" in problem
    fields[4] = "high"
    lines[3] = ",".join(fields)
    path.write_text("\n".join(lines) + "\n")
    (problem,) = problems_of(box_copy)
    assert "'high' is not a whole number (accepted: 0..9)" in problem


def test_unknown_card_effect(box_copy):
    """SPEC 8: an unknown rating in a card effect is named with the card and the field."""
    path = box_copy / "cards.toml"
    text = path.read_text().replace('up = "batter.power"', 'up = "batter.muscle"', 1)
    path.write_text(text)
    problems = problems_of(box_copy)
    assert any("cards.toml" in p and "'batter.muscle'" in p and "Good Wood" in p
               for p in problems)


def test_roster_that_cannot_field_a_lineup(box_copy):
    """Rule 3.0: a roster without four infielders cannot field a lineup."""
    path = box_copy / "ballplayers.csv"
    text = path.read_text().replace("new-york,Vantassel,IF", "new-york,Vantassel,OF")
    text = text.replace("new-york,Orlick,IF", "new-york,Orlick,OF")
    path.write_text(text)
    problems = problems_of(box_copy)
    assert any("roster 'new-york'" in p and "lineup" in p for p in problems)
    # What is missing is said: here one IF (the outfield's extra man is the DH).
    assert any(p.endswith("has 2 C, 6 OF, 3 IF; missing 1 IF") for p in problems), problems


def test_a_roster_of_more_lineups_than_the_companion_weighs_is_refused(box_copy):
    """Rules 2.0 and 3.0: every lineup of a roster is a choice the rules list and the
    computer weighs; a roster of 26 ballplayers (20 IF) makes 697,680 and passed the check,
    then a game took minutes. Past 200,000 it is refused with the count; 21 (15 IF: 141,960)
    still plays."""
    path = box_copy / "ballplayers.csv"
    base = path.read_text().rstrip("\n")

    def with_infielders(count: int) -> None:
        extra = [f"new-york,Extra{chr(65 + i)},IF,R,5,5,1,1,1,1," for i in range(count)]
        path.write_text("\n".join([base, *extra]) + "\n")

    with_infielders(10)
    assert len(load_box(box_copy).rosters["new-york"].ballplayers) == 21
    with_infielders(15)
    (problem,) = problems_of(box_copy)
    assert problem.endswith("ballplayers.csv, roster 'new-york': has 26 ballplayers (2 C, "
                            "4 OF, 20 IF), who make 697,680 lineups; the companion weighs at "
                            "most 200,000 (rule 2.0's 20-piece teams make a few hundred)"), \
        problem


@pytest.mark.parametrize("gone, missing", [
    # 1 C, 3 OF, 4 IF left: every position filled, but no ninth man for the DH
    (("Pruitt", "Mendevil", "Stroud"), "has 1 C, 3 OF, 4 IF; missing a ninth ballplayer "
                                       "for the DH (of any position)"),
    # no catcher, nine others: the catcher added is the ninth man too
    (("Delacorte", "Pruitt"), "has 0 C, 4 OF, 5 IF; missing 1 C"),
    # no catcher and only eight others: a catcher and another man
    (("Delacorte", "Pruitt", "Mendevil", "Stroud"), "has 0 C, 3 OF, 4 IF; missing 1 C, a "
                                                    "ninth ballplayer for the DH (of any "
                                                    "position)"),
])
def test_a_roster_short_of_a_lineup_says_what_it_misses(box_copy, gone, missing):
    """Rule 3.0: 1 C, 3 OF, 4 IF and a DH of any position: the pieces to add are named."""
    path = box_copy / "ballplayers.csv"
    path.write_text("".join(line for line in path.read_text().splitlines(keepends=True)
                            if not any(line.startswith(f"new-york,{n},") for n in gone)))
    (problem,) = problems_of(box_copy)
    assert problem.endswith(missing), problem


def test_toml_syntax_error_names_the_line(box_copy):
    """SPEC 8: a TOML syntax error names the file and the line."""
    path = box_copy / "box.toml"
    path.write_text(path.read_text() + "\nthis is not toml\n")
    (problem,) = problems_of(box_copy)
    assert "box.toml" in problem and "line" in problem


def test_toml_mistakes_made_by_hand_are_told_with_their_line_and_the_fix(box_copy):
    """SPEC 8: the parser's own words ('Invalid value') say little to a player: the line is
    quoted and the usual fix named (curly quotes, a missing comma, an inline table wrapped
    over two lines, [card] for [[card]], a text without quotes)."""
    path = box_copy / "cards.toml"
    original = path.read_text()
    cases = (
        ('name = "Good Wood"', 'name = \u201cGood Wood\u201d', "curly quotes"),
        ('name = "Good Wood"', 'name = Good Wood', "a text needs double quotes"),
        ('[[card]]', '[card]', "double-bracket header, [[card]]"),
        ('"batter.power" }', '"batter.power",\n  }', "closed on the line it opens on"),
        # a nickname quoted in a card's text: the way to write it
        ('He barrels it up.', 'He hits a "moonshot".', "a double quote inside a text is "
                                                       "written \\\", or the text goes in "
                                                       "single quotes"),
        # a backslash: the line as typed (its repr doubled it: told to double it, the
        # player read that he had), and the fix
        ('He barrels it up.', 'He barrels it up \\ and out.',
         "the line reads 'text = \"He barrels it up \\ and out. Raise the Scoring "
         "Number...': a backslash in a double-quoted text starts an escape: write it twice "
         "(\\\\) for one, or put the text in single quotes"),
        # '\U' begins a character by its code: the parser said 'Invalid hex value' alone
        ('He barrels it up.', 'Fan mail to C:\\Users.', "'text = \"Fan mail to C:\\Users. "
         "Raise the Scoring Number by th...': a backslash in a double-quoted text starts "
         "an escape"),
    )
    for old, new, fix in cases:
        assert old in original, old
        path.write_text(original.replace(old, new, 2 if old == "[[card]]" else 1))
        (problem,) = problems_of(box_copy)
        assert "cards.toml" in problem and "line" in problem and fix in problem, problem
        assert "the line reads" in problem
        assert "('" not in problem                  # no Python tuple: "[card]" as typed
    box = box_copy / "box.toml"
    text = box.read_text()
    start = text.index("strategies")
    comma = text.index(",", start)
    box.write_text(text[:comma] + text[comma + 1:])         # one comma of the list gone
    path.write_text(original)
    (problem,) = problems_of(box_copy)
    assert "a comma is missing between two of its items" in problem, problem
    box.write_text(text)
    teams = box_copy / "teams.toml"
    typed = teams.read_text()
    assert "[team.ballpark]" in typed
    teams.write_text(typed.replace("[team.ballpark]", "[team.ballpark", 1))   # no ]
    (problem,) = problems_of(box_copy)
    assert "teams.toml" in problem and "[team.ballpark] ends with ]" in problem, problem


@pytest.mark.parametrize("filename, header", [("cards.toml", "card"), ("teams.toml", "team"),
                                              ("box.toml", "scoring_number")])
def test_a_first_entry_written_with_single_brackets_is_named_at_its_own_line(
        box_copy, filename, header):
    """SPEC 8: [card] typed for the first [[card]] makes the parser stop at the next entry;
    the problem names the line the mistake is on, with the fix."""
    path = box_copy / filename
    text = path.read_text()
    lines = text.splitlines()
    first = next(n for n, line in enumerate(lines, 1) if line.strip() == f"[[{header}]]")
    second = next(n for n, line in enumerate(lines, 1)
                  if n > first and line.strip() == f"[[{header}]]")
    path.write_text(text.replace(f"[[{header}]]", f"[{header}]", 1))
    (problem,) = problems_of(box_copy)
    assert f"line {first} reads '[{header}]': each entry of the list starts with a " \
        f"double-bracket header, [[{header}]] (the parser stopped at the next entry, line " \
        f"{second})" in problem, problem


def test_an_unclosed_double_quote_in_a_csv_is_named_not_swallowing_entries(box_copy):
    """A quote left open reads the lines after it into one field: the entries there would
    go missing without a word (or a roster would look short). The line is named."""
    path = box_copy / "ballplayers.csv"
    lines = path.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if ",Tolliver," in line)
    lines[number] = lines[number].replace(",Throws out runners", ',"Throws out runners')
    lines.append("texas,Ortega,OF,R,4,6,2,2,3,0,Rookie")
    path.write_text("\n".join(lines) + "\n")
    (problem,) = problems_of(box_copy)
    assert problem.endswith(
        f"ballplayers.csv, line {number + 1} ('Tolliver'), field 'info': a double quote "
        f"opened here is not closed on its line, so line {number + 2} went into this field; "
        'close it ("like, this") or remove it'), problem


def test_missing_file(box_copy):
    (box_copy / "teams.toml").unlink()
    (problem,) = problems_of(box_copy)
    assert "teams.toml" in problem and "missing" in problem


@pytest.mark.parametrize("slip, pointed", [("card.toml", True), ("mycards.toml", True),
                                           ("cards.toml.txt", True),   # an editor's ending
                                           ("notes.toml", False), ("cards.csv", False)])
def test_a_box_file_renamed_by_a_slip_is_pointed_at(box_copy, slip, pointed):
    """SPEC 8: a box file saved under a near name ('card.toml') was told only as missing; the
    file there is named, to rename. A file of another name or ending is not taken for it."""
    (box_copy / "cards.toml").rename(box_copy / slip)
    (problem,) = problems_of(box_copy)
    hint = f" (there is {slip!r}: rename it 'cards.toml')"
    assert problem.endswith("cards.toml: file is missing" + (hint if pointed else "")), problem


def test_a_file_named_in_another_case_is_pointed_at(box_copy):
    (box_copy / "pitchers.csv").rename(box_copy / "Pitchers.csv")
    (problem,) = problems_of(box_copy)
    assert problem.endswith("pitchers.csv: file is missing (there is 'Pitchers.csv': the name "
                            "is written 'pitchers.csv', in lower case)"), problem


def edit(path, old, new, count=1):
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, count))


def test_a_roster_needs_a_full_rotation_of_sps_and_a_closer(box_copy):
    """Rules 2.1.2, 3.0 and 8.3: four SPs for the longest rotation, and a CL."""
    from companion.high_and_tight.box import FULL_ROTATION
    from companion.high_and_tight.series import SCENARIOS
    assert max(s.rotation for s in SCENARIOS.values()) == FULL_ROTATION == 4
    edit(box_copy / "pitchers.csv", "new-york,Sabaria,SP,R,4,IV,2,3,2,2,2,7,Workhorse righty\n",
         "")
    edit(box_copy / "pitchers.csv", "new-york,Achterberg,CL", "new-york,Achterberg,RP")
    problems = problems_of(box_copy)
    assert ("pitchers.csv, roster 'new-york': has 3 SP, needs at least 4: the longest "
            "series' rotation (rule 3.0)") in " ".join(problems)
    assert any("roster 'new-york': has no CL" in p and "8.3" in p for p in problems)
    assert len(problems) == 2


@pytest.mark.parametrize("edits, field", [
    ([("new-york,Sabaria,SP", "new-yrok,Sabaria,SP")], "team"),
    ([("new-york,Sabaria,SP", "new-york,,SP")], "name"),
    ([("new-york,Achterberg,CL", "new-york,Achterberg,XX")], "type"),
    ([("new-york,Kanno,OF,", "new-york,Kanno,ZZ,"),
      ("new-york,Haverty,OF,", "new-york,Haverty,ZZ,")], "position"),
])
def test_a_piece_refused_is_not_told_again_as_its_roster_s_shortage(box_copy, edits, field):
    """Rules 2.1.2, 3.0 and 8.3 count a roster's pieces: a piece refused for its team, its
    name, its type or position (read as the first, SP or C) left its roster short of an
    SP, a CL or outfielders, and that was told as a problem the player had not made. Only
    the cells' problems; the counts are told once they are fixed."""
    filename = "ballplayers.csv" if field == "position" else "pitchers.csv"
    for old, new in edits:
        edit(box_copy / filename, old, new)
    problems = problems_of(box_copy)
    assert len(problems) == len(edits), problems
    assert all(f"field {field!r}" in problem for problem in problems), problems
    # Another roster's own shortage is still told beside it: the cell's slip holds back
    # the counts of its own roster only.
    edit(box_copy / "pitchers.csv", "philadelphia,Greenleaf,CL", "philadelphia,Greenleaf,RP")
    problems = problems_of(box_copy)
    assert len(problems) == len(edits) + 1, problems
    assert any("roster 'philadelphia': has no CL" in problem for problem in problems)


def test_a_spreadsheets_byte_order_mark_is_read_past(box_copy):
    """Excel's "CSV UTF-8" starts the file with a byte-order mark: the header still reads."""
    for name in ("ballplayers.csv", "pitchers.csv"):
        path = box_copy / name
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert len(load_box(box_copy).rosters) == 4


def test_a_row_with_more_or_fewer_fields_than_the_header_is_named(box_copy):
    """A comma inside an unquoted text would otherwise cut the text silently."""
    path = box_copy / "pitchers.csv"
    edit(path, "2,7,Workhorse righty", "2,7,Workhorse righty, every fifth day")
    (problem,) = problems_of(box_copy)
    assert problem.endswith("pitchers.csv, line 2 ('Sabaria'): has 14 fields, expected 13 "
                            "(team,name,type,throws,stuff_rolls,stuff_box,gopher,control,k,"
                            "clutch,whip,fatigue,info); a text holding a comma goes in "
                            "double quotes")
    edit(path, "2,7,Workhorse righty, every fifth day", '2,7,"Workhorse righty, every fifth"')
    assert load_box(box_copy).rosters["new-york"].piece("Sabaria").info == \
        "Workhorse righty, every fifth"
    edit(path, "new-york,Lindqvist,SP,L,5,IV,1,2,3,1,2,6,Crafty lefty",
         "new-york,Lindqvist,SP,L,5,IV")
    (problem,) = problems_of(box_copy)      # told once: no ratings, no roster counts
    # (a field short is no comma inside a text: the hint says what a line gives)
    assert problem.endswith("line 3 ('Lindqvist'): has 6 fields, expected 13 (team,name,type,"
                            "throws,stuff_rolls,stuff_box,gopher,control,k,clutch,whip,fatigue,"
                            "info); each line gives every column, in the header's order (an "
                            "empty 'info' as a comma with nothing after it)")
    # A column the header adds is told there alone: each line's count against it (every
    # line 'has 13 fields, expected 14') buried the one mistake.
    path.write_text(path.read_text().replace("fatigue,info", "fatigue,info,notes", 1))
    (told,) = problems_of(box_copy)
    assert "line 1: column(s) 'notes' not known" in told
    assert told.endswith("(the lines are checked once the first names only these)")


def test_a_csv_without_its_header_line_is_told_so(box_copy):
    """Rows pasted into an emptied file (the header line gone): the first line names no
    column, said so with the columns it must name ('column(s) '2' named twice' read the
    first entry as a header). A pitcher's line in ballplayers.csv (or a ballplayer's in
    pitchers.csv) is told as in the wrong file, once, where each rating read wrong."""
    for name in ("ballplayers.csv", "pitchers.csv"):
        path = box_copy / name
        text = path.read_text()
        path.write_text(text.split("\n", 1)[1])
        (problem,) = problems_of(box_copy)
        assert problem.endswith(f"{name}, line 1: names none of the columns: it reads like "
                                f"an entry's line; the first line of {name} names the "
                                f"columns, {text.split(chr(10), 1)[0]}")
        path.write_text(text)
    edit(box_copy / "ballplayers.csv", "\nnew-york,Stroud,OF,S,7,3,3,2,1,4,",
         "\nnew-york,Stroud,SP,R,4,IV,2,3,2,2,")
    (problem,) = problems_of(box_copy)
    assert problem.endswith("field 'position': 'SP' is a pitcher's type, not a ballplayer's "
                            "position: pitchers go in pitchers.csv, with its columns")
    # a whole line of the other file pasted in (its fields counted wrong): the same answer,
    # where 'has 13 fields, expected 11; a text holding a comma goes in double quotes' was
    edit(box_copy / "ballplayers.csv", "\nnew-york,Stroud,SP,R,4,IV,2,3,2,2,",
         "\nnew-york,Stroud,OF,S,7,3,3,2,1,4,")
    okafor = next(line for line in (box_copy / "pitchers.csv").read_text().splitlines()
                  if ",Okafor," in line)
    path = box_copy / "ballplayers.csv"
    path.write_text(path.read_text() + okafor.replace("Okafor", "Okafor Jr") + "\n")
    (problem,) = problems_of(box_copy)
    assert "('Okafor Jr'), field 'position': 'SP' is a pitcher's type, not a ballplayer's " \
        "position: pitchers go in pitchers.csv, with its columns" in problem


def test_a_spreadsheets_trailing_comma_is_no_column(box_copy):
    """data-format.md: an empty trailing column is not a column. A spreadsheet that ends
    the header, or some rows, with a comma saves a box that loads as it reads (each of its
    lines was refused as one field short or over); a field that holds something past the
    last column is still refused."""
    path = box_copy / "pitchers.csv"
    original = path.read_text().splitlines()
    lines = list(original)
    lines[0] += ","                                  # the header's trailing comma
    lines[2] += ","                                  # and one row's
    path.write_text("\n".join(lines) + "\n")
    assert load_box(box_copy).rosters["new-york"].piece("Lindqvist").info == "Crafty lefty"
    lines = [original[0]] + [line + ",," for line in original[1:]]   # the rows' alone
    path.write_text("\n".join(lines) + "\n")
    assert load_box(box_copy).rosters["new-york"].piece("Lindqvist").info == "Crafty lefty"
    lines = list(original)
    lines[3] += ",every fifth day"                   # not empty: a field past the end
    path.write_text("\n".join(lines) + "\n")
    (problem,) = problems_of(box_copy)
    assert "line 4" in problem and "has 14 fields, expected 13" in problem, problem


@pytest.mark.parametrize("requires, said", [
    ('{ rating = "batter.power", at_least = 12 }',
     "field 'at_least': 12 is outside the accepted range 0..5"),
    ('{ rating = "batter.offense", at_most = 10 }',
     "field 'at_most': 10 is outside the accepted range 0..9"),
    ('{ rating = "batter.power", at_least = 4, at_most = 2 }',
     "at_least 4 is above at_most 2: no batter.power can hold both"),
    ("{ inning_at_least = 40 }", "field 'inning_at_least': 40 is outside the accepted range "
                                 "1..20"),
    ("{ at_least = 2 }", "at_least needs a 'rating' to compare"),
])
def test_a_cards_condition_must_be_one_a_rating_can_meet(box_copy, requires, said):
    """Rule 5.1.1 c: a condition no rating or inning can meet would make a dead card."""
    edit(box_copy / "cards.toml", 'requires = { rating = "batter.power", at_least = 2 }',
         f"requires = {requires}")
    (problem,) = problems_of(box_copy)
    assert problem.startswith(f"{box_copy}/cards.toml, card 3 'Upper Deck' (line 26), "
                              "field 'requires'") and said in problem, problem


def test_an_unknown_roster_is_told_once_in_each_file_whatever_the_folder_is_called(tmp_path):
    import shutil

    from companion.high_and_tight.box import DEFAULT_BOX_DIR
    box = tmp_path / "b4, v2"
    shutil.copytree(DEFAULT_BOX_DIR, box)
    for name in ("ballplayers.csv", "pitchers.csv"):
        edit(box / name, "\nnew-york,", "\nnew-yrok,", 2)      # two pieces of each file
    unknown = [p for p in problems_of(box) if "is not a roster" in p]
    assert [p.split(", line")[0] for p in unknown] == [f"{box}/ballplayers.csv",
                                                       f"{box}/pitchers.csv"]


def test_messages_name_the_right_line_and_nothing_twice(box_copy):
    """Each mistake is told once, at its own line, in words a player reads."""
    cards = box_copy / "cards.toml"
    text = cards.read_text()
    second = text.index("[[card]]", text.index("[[card]]") + 1)
    cards.write_text(text[:second] + text[second:].replace(
        'name = "Sitting on the Fastball"', 'name = "Good Wood"', 1))
    (problem,) = problems_of(box_copy)
    assert "card 2 'Good Wood' (line 17), field 'name'" in problem and "twice" in problem
    cards.write_text(text.replace('side = "offense"\n', "", 1))
    (problem,) = problems_of(box_copy)
    assert problem.endswith("card 1 'Good Wood' (line 9), field 'side': is missing "
                            "(accepted: one of offense, defense)")
    cards.write_text(text.replace('name = "Good Wood"\n', "", 1))
    (problem,) = problems_of(box_copy)
    assert problem.endswith("card 1 '' (line 9), field 'name': is missing: write it as text "
                            "in double quotes")
    cards.write_text(text.replace('up = "batter.power" }', 'up = "batter.muscle" }', 1))
    (problem,) = problems_of(box_copy)      # not also "the card does nothing"
    assert "'batter.muscle' is not a known rating" in problem
    cards.write_text(text)
    edit(box_copy / "box.toml", "max = 20", "max = 25")
    (problem,) = problems_of(box_copy)
    assert problem.endswith("[scoring_rolls] (line 10), field 'max' (line 12): 25 is outside the "
                            "accepted range 10..20")        # (from its boxes' count)
    edit(box_copy / "box.toml", "max = 25", "max = 20")
    for name in ("ballplayers.csv", "pitchers.csv"):
        edit(box_copy / name, "\nnew-york,", "\nnew-yrok,", 9)
    problems = problems_of(box_copy)
    unknown = [p for p in problems if "is not a roster" in p]
    assert len(unknown) == 2            # one for each file, not one for each piece
    assert unknown[0].startswith(f"{box_copy}/ballplayers.csv, line 2 (")
    assert "'new-yrok' is not a roster of a standard team in teams.toml (known: " in unknown[0]
    assert unknown[0].endswith("(and 8 more line(s) naming it); did you mean 'new-york'?")


def test_a_toml_field_is_named_at_its_own_line(box_copy):
    """A field's problem names the line of its entry's table and the field's own line
    (looked for from the table down to the next table), an effect's place after it; a field
    that is missing has only the table's line."""
    edit(box_copy / "cards.toml", "copies = 1\n", "copies = 99\n")     # card 2's
    edit(box_copy / "cards.toml", 'marker = "number", up = "batter.power"',
         'marker = "numbr", up = "batter.power"')
    edit(box_copy / "teams.toml", 'colours = ["#1c2a4a", "#9ea3a8"]', 'colours = ["navy"]')
    lines = {path.name: path.read_text().splitlines() for path in box_copy.iterdir()}

    def line(name: str, start: str) -> int:
        return next(n for n, text in enumerate(lines[name], start=1) if text.startswith(start))

    problems = problems_of(box_copy)
    copies, marker = line("cards.toml", "copies = 99"), line("cards.toml", "effects = [ { "
                                                                          'marker = "numbr"')
    assert f"card 2 'Sitting on the Fastball' (line 17), field 'copies' (line {copies}): 99 " \
        "is outside" in "\n".join(problems)
    assert any(f"card 1 'Good Wood' (line 9), field 'effects' (line {marker}), entry 1, "
               "field 'marker': 'numbr' is not one of number, rolls" in p for p in problems)
    colours = line("teams.toml", 'colours = ["navy"]')
    assert any(f"team 'new-york' (line 6), field 'colours' (line {colours}): [\"navy\"] is not"
               in p for p in problems)


@pytest.mark.parametrize("abbrev, told", [("NYH", False), ("N", False), ("NYHILN", False),
                                          ("NY2", False), ("Yankees", True), ("", True),
                                          ("N Y", True), ("T[/]X", True)])
def test_an_abbreviation_fits_the_line_score(box_copy, abbrev, told):
    """A team's abbreviation heads its row of the line score (six characters wide) and its
    logo counter: 1 to 6 letters or digits (no spaces, no brackets the screen would read
    as markup)."""
    edit(box_copy / "teams.toml", 'abbrev = "NYH"', f'abbrev = "{abbrev}"')
    if not told:
        assert load_box(box_copy).team("new-york").abbrev == abbrev
        return
    (problem,) = problems_of(box_copy)
    assert problem.endswith(f"field 'abbrev' (line 9): {abbrev!r} is not 1..6 letters or "
                            "digits: the abbreviation heads the line score's row and the "
                            "team's logo counter")


@pytest.mark.parametrize("bonus, said", [
    ('{ marker = "number", up = 1, when = { rating = "batter.speed", at_least = 3 } }',
     "a bonus moves the Scoring Rolls marker only (rule 5.1.1 b)"),
    ('{ marker = "rolls", up = 1, when = { inning_at_least = 7 } }',
     "a bonus reads a batter's, fielder's or pitcher's rating (rule 5.1.1 b)"),
    ('{ marker = "rolls", up = 1 }',
     "a bonus reads a batter's, fielder's or pitcher's rating (rule 5.1.1 b)"),
])
def test_a_bonus_reads_a_rating_and_moves_the_scoring_rolls(box_copy, bonus, said):
    """Rule 5.1.1 b: a bonus section refers to a batter's, fielder's or pitcher's rating and
    moves the Scoring Rolls marker; anything else is a card effect, not a bonus."""
    edit(box_copy / "cards.toml",
         'bonus = [ { marker = "rolls", up = 1, when = { rating = "batter.speed", '
         'at_least = 3 } } ]', f"bonus = [ {bonus} ]")
    (problem,) = problems_of(box_copy)
    assert problem.startswith(f"{box_copy}/cards.toml, card 8 'Stretch a Single' (line 73), "
                              "field 'bonus' (line 80), entry 1: ") and said in problem, problem


@pytest.mark.parametrize("bonus", [
    '{ marker = "rolls", up = "batter.power", less = 1 }',
    '{ marker = "rolls", down = 1, when = { matchup = "same" } }',
    '{ marker = "rolls", up = 1, when = { bats = "L" } }',
])
def test_a_bonus_on_a_rating_or_the_handedness_is_accepted(box_copy, bonus):
    """Rule 5.1.1 b with 5.1.1 c: the Bats and Throws ratings are ratings too."""
    edit(box_copy / "cards.toml",
         'bonus = [ { marker = "rolls", up = 1, when = { rating = "batter.speed", '
         'at_least = 3 } } ]', f"bonus = [ {bonus} ]")
    assert load_box(box_copy).card("Stretch a Single").bonus


@pytest.mark.parametrize("effects, said", [
    ('effects = [\n  { applies = "both", marker = "number", up = 1 },\n  { applies = "bath", '
     'marker = "number", up = 1 },\n]', "effect 2 (line 20), field 'applies'"),
    ('effects = [{ applies = "both", marker = "number", up = 1, when = { bats = "L" } },\n'
     '  { applies = "bath", marker = "number", up = 1 }]', "effect 2 (line 19), field 'applies'"),
    ('effects = [{ applies = "both", marker = "number", up = 1 }, { applies = "bath", '
     'marker = "number", up = 1 }]', "effect 2 (line 18), field 'applies'"),
    ('\n[[team.ballpark.effects]]\napplies = "home"\nmarker = "rolls"\nup = 1\n\n'
     '[[team.ballpark.effects]]  # the second\napplies = "home"\nmarker = "rols"\nup = 1',
     "effect 2 (line 24), field 'marker' (line 26)"),
])
def test_a_ballpark_effect_is_named_at_its_line_however_the_list_is_written(box_copy, effects,
                                                                            said):
    """SPEC 8 (rule 8.1's Home Ballpark effects): a problem in one effect points at the
    line it starts on, one effect a line, several on a line, or as tables of their own."""
    edit(box_copy / "teams.toml", 'effects = [\n  { applies = "both", marker = "number", '
         'up = 1, when = { bats = "L" } },\n]', effects)
    (problem,) = problems_of(box_copy)
    assert problem.startswith(f"{box_copy}/teams.toml, team 'new-york' (line 6), ballpark, "
                              + said), problem


@pytest.mark.parametrize("filename, old, new, said", [
    ("teams.toml", 'colours = ["#1c2a4a", "#9ea3a8"]', 'colors = ["#1c2a4a", "#9ea3a8"]',
     "teams.toml, team 'new-york' (line 6): unknown field 'colors' (line 11); did you mean "
     "'colours'?"),
    ("teams.toml", 'feature = "Short porch in right"', 'feture = "Short porch in right"',
     "teams.toml, team 'new-york' (line 6), ballpark: unknown field 'feture'; did you mean "
     "'feature'?"),
    ("teams.toml", '{ applies = "both", marker = "number"', '{ apply = "both", marker = '
     '"number"', "team 'new-york' (line 6), ballpark, effect 1 (line 19): unknown field 'apply'; "
     "did you mean 'applies'?"),
    ("box.toml", "rally_caps = 2", "rallycaps = 2",
     "box.toml, [box] (line 5): unknown field 'rallycaps' (line 8); did you mean 'rally_caps'?"),
    ("box.toml", "[innings]", "[inning]",
     "box.toml: unknown table 'inning'; did you mean 'innings'?"),
    ("cards.toml", 'category = "power"', 'categry = "power"',
     "unknown field 'categry' (line 12); did you mean 'category'?"),
])
def test_a_misspelt_key_is_named_with_the_one_meant(box_copy, filename, old, new, said):
    """SPEC 8: a key the format does not know is never ignored or read as missing in
    silence; the problem names it and the closest accepted key."""
    edit(box_copy / filename, old, new)
    (problem,) = problems_of(box_copy)      # (not also the key meant as missing)
    assert said in problem, problem


@pytest.mark.parametrize("old, new, said", [
    ('requires = { rating = "batter.speed", at_least = 2 }',
     'when = { rating = "batter.speed", at_least = 2 }',
     "card 7 'Hit and Run' (line 63): unknown field 'when' (line 69); a condition on the "
     "whole card is 'requires'; 'when' goes in one effect or bonus; accepted: bonus, "),
    ('requires = { rating = "batter.speed", at_least = 2 }', 'requires = "batter.speed >= 2"',
     "card 7 'Hit and Run' (line 63), field 'requires' (line 69): condition 'batter.speed >= 2' "
     'is not a table: a condition is written { rating = "batter.power", at_least = 3 } '
     "(docs/data-format.md)"),
    ('effects = [ { marker = "number", up = "batter.speed" } ]',
     'marker = "number"\nup = "batter.speed"',
     "card 5 'Good Jump' (line 46): unknown field 'marker' (line 52); a marker move goes in "
     "'effects' (or 'bonus'): "
     'effects = [ { marker = "number", up = 1 } ]'),
])
def test_a_card_key_of_another_table_says_where_it_goes(box_copy, old, new, said):
    """SPEC 8 (rules 5.1.1 c, 5.5): a card's condition written as 'when' (an effect's key),
    a condition written as a test, or a marker move put on the card itself, each named
    with where it is written instead: 'did you mean' had nothing to offer."""
    edit(box_copy / "cards.toml", old, new)
    found = problems_of(box_copy)
    assert any(said in problem for problem in found), found


@pytest.mark.parametrize("old, new, said", [
    ('marker = "number", up = "batter.speed"', 'marker = "nubmer", up = "batter.speed"',
     "field 'marker': 'nubmer' is not one of number, rolls; did you mean 'number'?"),
    ('marker = "number", up = "batter.speed"', 'marker = "number", up = "batter.sped"',
     "'batter.sped' is not a known rating; accepted: batter.* or fielder.* with offense, "),
])
def test_a_misspelt_value_is_named_with_the_one_meant(box_copy, old, new, said):
    """SPEC 8: a value of a closed list mistyped (a marker, a rating) gets the accepted
    values and, as a misspelt key does, the one meant."""
    edit(box_copy / "cards.toml", old, new)
    (problem,) = problems_of(box_copy)
    assert said in problem, problem
    if "rating" in said:
        assert problem.endswith("; did you mean 'batter.speed'?"), problem


def test_a_card_name_used_twice_names_the_entry_that_used_it_first(box_copy):
    """SPEC 8: the second 'Good Wood' points at the first, so both are found at once."""
    text = (box_copy / "cards.toml").read_text()
    (box_copy / "cards.toml").write_text(text.replace('name = "Good Jump"',
                                                      'name = "Good Wood"', 1))
    (problem,) = problems_of(box_copy)
    assert problem.endswith("field 'name' (line 47): the same name is used twice, first by "
                            "card 1 'Good Wood' (line 9) (use 'copies' instead)"), problem


def test_a_missing_colour_pair_says_it_is_missing():
    """SPEC 8: the words a player reads, not a programming language's None."""
    from companion.high_and_tight.box import load_box_texts

    texts = {name: (DEFAULT_BOX_DIR / name).read_text(encoding="utf-8")
             for name in BOX_FILES}
    texts["teams.toml"] = texts["teams.toml"].replace('colours = ["#1c2a4a", "#9ea3a8"]', "",
                                                      1)
    with pytest.raises(DataError) as info:
        load_box_texts(texts)
    (problem,) = info.value.problems
    assert problem.endswith("team 'new-york' (line 6), field 'colours': is missing (accepted: two "
                            'colours like ["#1c2a4a", "#9ea3a8"])'), problem
    assert "None" not in problem


@pytest.mark.parametrize("old, new, said", [
    ('numbers = [4]\n', 'then = [5]\n',
     "scoring_number box IV (line 30), field 'then' (line 32): 'then' is the free roll of a "
     "box with 'first' (rule 4.6.2): give 'first' too"),
    ('numbers = [4]\n', '',
     "scoring_number box IV (line 30), field 'numbers': no scoring totals given"),
    ('numbers = [4]\n', 'numbers = []\n',
     "scoring_number box IV (line 30), field 'numbers' (line 32): no scoring totals given"),
])
def test_a_scoring_box_needs_totals_that_score(box_copy, old, new, said):
    """Rule 4.6.2: a box scores on its numbers, or a first total earns its free roll."""
    edit(box_copy / "box.toml", old, new)
    (problem,) = problems_of(box_copy)
    assert said in problem, problem


def test_a_box_may_score_on_numbers_and_a_free_roll_and_says_both(box_copy):
    """Rule 4.6.2: numbers and a free roll together are a box the engine plays (box I with
    a 10 as well, say); what it scores on is said whole."""
    edit(box_copy / "box.toml", 'numbers = [4]\n', 'numbers = [4]\nfirst = 2\nthen = [5]\n')
    edit(box_copy / "box.toml", 'box = "I"\nfirst = 2', 'box = "I"\nnumbers = []\nfirst = 2')
    box = load_box(box_copy)
    assert box.scoring_boxes[3].describe() == "4, or 2, then 5"
    assert box.scoring_boxes[0].describe() == "2, then 6 or 7"


@pytest.mark.parametrize("old, new, team, field, other, other_field", [
    ('abbrev = "TXC"', 'abbrev = "nyh"', "texas", "abbrev", "new-york", "abbrev"),
    ('name = "Texas Cowboys"', 'name = "Seattle Volcanoes"', "seattle", "name", "texas",
     "name"),
    # across fields: a key that is another team's abbreviation, a name another's key
    ('key = "seattle"', 'key = "txc"', "txc", "key", "texas", "abbrev"),
    ('name = "Seattle Volcanoes"', 'name = "Texas"', "seattle", "name", "texas", "key"),
])
def test_two_teams_never_share_a_name_or_an_abbreviation(box_copy, old, new, team, field,
                                                         other, other_field):
    """Teams are named by key, name or abbreviation (the command line, the screens): two
    teams answering to one would leave the companion guessing ('--home txc' read as Texas,
    the record writing Seattle's key 'txc'). Told at the team's line and the field's, as
    every team message is (it alone gave none)."""
    edit(box_copy / "teams.toml", old, new)
    (problem,) = problems_of(box_copy)
    assert re.search(rf"teams\.toml, team '{team}' \(line \d+\), field '{field}' \(line "
                     r"\d+\): ", problem), problem
    assert (f"is also the {other_field} of team '{other}': a team is named by its key, its "
            "name or its abbreviation, so no two teams may share one") in problem


def test_a_spreadsheets_row_of_empty_cells_is_no_entry(box_copy):
    """A spreadsheet saves rows it once used as empty cells: they hold no piece."""
    with (box_copy / "ballplayers.csv").open("a") as out:
        out.write(",,,,,,,,,,\n,,,\n")
    assert load_box(box_copy).rosters["texas"].ballplayers


@pytest.mark.parametrize("header, said", [
    (lambda h: h.replace("power", "powr"),
     "line 1: missing column(s) power; not known: 'powr' (did you mean 'power' (for "
     "'powr')?); expected team,name,"),
    (lambda h: h.replace("defense", "defence").replace("info", "notes"),   # (no look-alike)
     "line 1: missing column(s) defense, info; not known: 'defence', 'notes' (did you mean "
     "'defense' (for 'defence')?); expected team,name,"),
    (lambda h: h.replace(",", ";"),
     "the fields are separated by ';': save the file as CSV, with commas"),
    (lambda h: h.replace(",", "\t"),
     "line 1: missing column(s) team, name, position, bats, offense, defense, power, obp, "
     "speed, clutch, info; the fields are separated by tabs: save the file as CSV, with "
     "commas; expected team,"),
    (lambda h: "", "line 1: the file is empty: its first line names the columns; expected"),
])
def test_a_header_problem_names_the_column_and_stops_there(box_copy, header, said):
    """SPEC 8: the column not recognised is named, with the one it may be misspelt for (as a
    TOML key is), and a ';' file told so; the roster checks that would follow from the
    unread file hold back."""
    path = box_copy / "ballplayers.csv"
    lines = path.read_text().splitlines()
    lines[0] = header(lines[0])
    path.write_text("\n".join(lines) + "\n")
    (problem,) = problems_of(box_copy)
    assert said in problem, problem


@pytest.mark.parametrize("mark", [b"", b"\xef\xbb\xbf"])
def test_a_file_not_in_utf8_is_named_with_its_line_and_the_way_to_save_it(box_copy, mark):
    path = box_copy / "ballplayers.csv"
    text = path.read_text(encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), start=1) if ",Marty," in row)
    path.write_bytes(mark + text.replace("Marty", "Peña").encode("cp1252"))
    (problem,) = problems_of(box_copy)
    byte = len(mark) + text.encode("cp1252").index(b",Marty,") + 4
    assert problem == (f"{path}, line {line}: is not UTF-8 text (the byte 0xF1, byte "
                       f"{byte} of the file, cannot be read): save "
                       "the file as UTF-8 (a spreadsheet's \"CSV UTF-8\"; a text editor's "
                       "UTF-8 encoding) and check again")


@pytest.mark.parametrize("filename, old, new, said", [
    ("box.toml", '"obp", "speed", "power", "clutch"', '"obp", "sped", "power", "clutch"',
     "[innings] (line 75), inning 2: 'sped' is not one of power, speed, obp, clutch, none"),
    ("box.toml", "numbers = [7, 2]", "numbers = [7, 13]",
     "field 'numbers' (line 52): 13 is not a dice total (accepted: whole numbers 2..12)"),
    # Rule 4.6.2: a total scores once; listed twice it is a slip (for another total).
    ("box.toml", "numbers = [7, 2]", "numbers = [7, 7]",
     "field 'numbers' (line 52): 7 given twice (each total once: a roll scores one run at "
     "most, rule 4.6.2)"),
    ("cards.toml", 'effects = [ { marker = "number", up = "batter.power" } ]',
     'effects = [ { marker = "number", up = "1" } ]',
     "'1' is a number in quotes, read as text: write it without them (an amount, 0..20)"),
    # A number where a condition names a rating: no amount is asked there.
    ("cards.toml", 'requires = { rating = "batter.power"', 'requires = { rating = "2"',
     "field 'rating': '2' is not a rating such as 'batter.power'"),
    # A move's word for a number: its amount is named too, as for 1.5 below.
    ("cards.toml", 'effects = [ { marker = "number", up = "batter.power" } ]',
     'effects = [ { marker = "number", up = "two" } ]',
     "'two' is not a rating such as 'batter.power' or a whole number (an amount, 0..20)"),
    # A number typed without quotes that is not whole is not told to lose its quotes.
    ("cards.toml", 'effects = [ { marker = "number", up = "batter.power" } ]',
     'effects = [ { marker = "number", up = 1.5 } ]',
     "1.5 is neither a whole number (an amount, 0..20) nor a rating such as 'batter.power'"),
    # A dice total in quotes: '12' beside 'accepted: 2..12' left the player stuck.
    ("box.toml", "numbers = [7, 2]", 'numbers = [7, "12"]',
     "field 'numbers' (line 52): \"12\" is not a dice total (accepted: whole numbers 2..12; "
     "a number in quotes is read as text: write it without them)"),
    # The colour at fault and the form a colour takes (it said only 'not two colours').
    ("teams.toml", 'colours = ["#1c2a4a"', 'colours = ["navy"',
     "is not two colours like [\"#1c2a4a\", \"#9ea3a8\"]: 'navy' is not # and six hex "
     "digits (#rrggbb)"),
    # Rule 5.1.1 d's deck names misspelt: the nearest offered, as everywhere else.
    ("cards.toml", 'cancels = ["clutch"]', 'cancels = ["clutchh"]',
     "(special cards cannot be cancelled, rule 5.1.1 d); did you mean 'clutch'?"),
    # The track's last box is at least its boxes' count: the range said is this box's.
    ("box.toml", "max = 20", "max = 24", "field 'max' (line 12): 24 is outside the accepted "
                                         "range 10..20"),
    ("box.toml", "max = 20", "max = 7", "field 'max' (line 12): 7 is below boxes 10 "
                                        "(accepted: 10..20)"),
    # A box by its number: the roman numeral the track prints is offered.
    ("pitchers.csv", "Sabaria,SP,R,4,IV,", "Sabaria,SP,R,4,12,",
     "field 'stuff_box': '12' is not a box in I..XII; write XII"),
    # a digit that is no number ('²' is a digit to Python, not to int): told, no traceback
    ("pitchers.csv", "Sabaria,SP,R,4,IV,", "Sabaria,SP,R,4,²,",
     "field 'stuff_box': '²' is not a box in I..XII"),
])
def test_a_bad_value_in_a_list_or_an_amount_is_named_itself(box_copy, filename, old, new, said):
    """SPEC 8: the entry at fault, not the whole list; a quoted number told how to write it."""
    edit(box_copy / filename, old, new)
    (problem,) = problems_of(box_copy)
    assert said in problem, problem


def test_words_the_format_fixes_are_read_in_any_case(box_copy):
    """Names ignore case, and so do the format's own words: a card's side and category, a
    condition's bats, a rating, the inning strategies; what is read is the same box."""
    edit(box_copy / "box.toml", '"obp", "speed", "power"', '"OBP", "Speed", "power"')
    edit(box_copy / "cards.toml", 'side = "offense"', 'side = "Offense"')
    edit(box_copy / "teams.toml", 'when = { bats = "L" }', 'when = { bats = "l" }')
    edit(box_copy / "cards.toml", 'up = "batter.power"', 'up = "Batter.Power"')
    edit(box_copy / "cards.toml", 'cancels = ["clutch"]', 'cancels = ["Clutch"]')
    edit(box_copy / "cards.toml", 'category = "power"', 'category = "Power"')
    edit(box_copy / "cards.toml", 'marker = "rolls"', 'marker = "Rolls"')
    edit(box_copy / "cards.toml", 'matchup = "same"', 'matchup = "Same"')
    edit(box_copy / "teams.toml", 'applies = "home"', 'applies = "Home"')
    edit(box_copy / "box.toml", 'box = "II"', 'box = "ii"')
    edit(box_copy / "box.toml", 'extra = "any"', 'extra = "Any"')
    assert load_box(box_copy).fingerprint != load_box().fingerprint      # other texts ...
    mine, demo = load_box(box_copy), load_box()
    assert mine.strategies == demo.strategies                          # ... the same box
    assert (mine.extra_strategy, mine.scoring_boxes) == (demo.extra_strategy,
                                                         demo.scoring_boxes)
    assert mine.cards == demo.cards
    assert mine.teams == demo.teams


def test_a_card_and_a_ballpark_read_back_in_words(box):
    """What the companion applies, said from the data (rules 5.1.1 a-e, 8.1), so a player
    who typed in his box can check it against the printed cards."""
    from companion.high_and_tight.effects import describe_ballpark_effect, describe_card

    assert describe_card(box.card("Split the Outfielders")) == (
        "Scoring Number + the batter's Speed; bonus: Scoring Rolls + the batter's Power "
        "less 1")
    assert describe_card(box.card("Web Gem")) == "cancels a Clutch offense card"
    assert describe_card(box.card("Strong Arm")) == (
        "needs the fielder's Defense 5 or more; Scoring Number -2")
    assert describe_card(box.card("Brushback")).endswith("cancels an OBP offense card")
    assert describe_card(box.card("Hit and Run")).endswith("every 9 takes a run away")
    florida = box.teams["florida"].ballpark.effects
    assert [describe_ballpark_effect(e) for e in florida] == [
        "Scoring Number -1 for the visitors at bat",
        "Scoring Rolls +1 for the home team at bat in inning 8 or later"]


def test_stuff_rolls_range_follows_the_printed_rolls_track(box_copy):
    """Rule 4.6.1: a pitcher starts each inning in a printed box of the Scoring Rolls
    track, so stuff_rolls is accepted up to the track's `boxes`, not past it."""
    edit(box_copy / "box.toml", "boxes = 10", "boxes = 5")
    problems = problems_of(box_copy)
    assert problems and all("field 'stuff_rolls'" in p and "accepted range 1..5 (the "
                            "Scoring Rolls track's boxes, box.toml)" in p
                            for p in problems), problems


def test_a_relievers_fatigue_range_says_it_is_his_types(box_copy):
    """Rule 4.2.1.1: an RP's Fatigue is the innings he can pitch (at most 5 here), an SP's
    his last fresh inning (up to 9): the range refused says it is the RP's."""
    edit(box_copy / "pitchers.csv", "new-york,Tremaine,RP,L,4,IV,2,2,1,2,2,2,",
         "new-york,Tremaine,RP,L,4,IV,2,2,1,2,2,7,")
    (problem,) = problems_of(box_copy)
    assert problem.endswith("field 'fatigue': '7' is outside the accepted range 1..5 (for an "
                            "RP)"), problem


def test_a_toml_file_not_in_utf8_is_not_told_of_a_spreadsheet(box_copy):
    """A spreadsheet's "CSV UTF-8" is the way to save a CSV file; a TOML file comes from a
    text editor, and is told its way only."""
    path = box_copy / "cards.toml"
    path.write_bytes(path.read_text(encoding="utf-8").replace("Good Wood", "Buena Peña", 1)
                     .encode("cp1252"))
    (problem,) = problems_of(box_copy)
    assert problem.endswith("save the file as UTF-8 (a text editor's UTF-8 encoding) and "
                            "check again"), problem


def test_box_values_are_told_as_the_file_writes_them(box_copy):
    """SPEC 8: a message quotes what the player typed in the file's own spelling (true, a
    table in braces), never Python's (True, a dict); an effect written without its list,
    a misspelt 'up' and an empty box.toml are each told plainly."""
    edit(box_copy / "cards.toml", 'effects = [ { marker = "number", up = "batter.power" } ]',
         'effects = { marker = "number", up = "batter.power" }')
    edit(box_copy / "cards.toml", 'effects = [ { marker = "number", up = "batter.power" } ]',
         'effects = [ { marker = "number", upp = "batter.power" } ]')
    edit(box_copy / "teams.toml", 'name = "New York Highlanders"', "name = true")
    problems = problems_of(box_copy)
    said = "\n".join(problems)
    assert ('{ marker = "number", up = "batter.power" } is one effect: write it in a list, '
            "[ { ... } ], even when it is the only one") in said
    assert "unknown field of an effect: 'upp'; did you mean 'up'?" in said
    assert "field 'name' (line 8): true is not text" in said
    assert "True" not in said and "None" not in said and "{'" not in said
    (box_copy / "box.toml").write_text("")
    problems = problems_of(box_copy)
    # (told empty once, no cascade from the track: test_an_empty_toml_file_is_told_so_once;
    # the other files' problems are told beside it)
    assert [p.split(": ", 1)[1] for p in problems if "/box.toml" in p] == [
        "the file is empty (or holds only comments): docs/data-format.md says what it "
        "holds; the demo box's own is a start"]
    assert [p.split(": ", 1)[0].removeprefix(f"{box_copy}/").split(",")[0]
            for p in problems] == ["box.toml", "teams.toml", "cards.toml", "cards.toml"]


def test_a_roster_typo_in_teams_toml_is_told_there_once(box_copy):
    """SPEC 8: a roster name teams.toml gives that no piece names is most likely a typo
    there: one problem at its line with the name the CSV files use, not a short roster
    and a CSV team column told in two other files."""
    edit(box_copy / "teams.toml", 'roster = "new-york"', 'roster = "newyork"')
    (problem,) = problems_of(box_copy)
    assert "teams.toml, team 'new-york' (line 6), field 'roster' (line 12): no line of " \
        "ballplayers.csv or pitchers.csv names the roster 'newyork'; did you mean " \
        "'new-york'?" in problem, problem


def test_what_the_format_forbids_in_teams_toml_is_refused(box_copy):
    """docs/data-format.md: an optional team brings no roster (rule 8.1.1), a ballpark
    effect is one kind of effect, a team key is given once (the first team stands)."""
    text = (box_copy / "teams.toml").read_text()
    optional = text.index("standard = false")
    (box_copy / "teams.toml").write_text(
        text[:optional] + 'roster = "texas"\n' + text[optional:])
    edit(box_copy / "teams.toml", 'applies = "both", marker = "number", down = 1,',
         'applies = "both", marker = "number", down = 1, scoring_numbers = [10],')
    edit(box_copy / "teams.toml", 'key = "philadelphia"', 'key = "new-york"')
    said = "\n".join(problems_of(box_copy))
    assert "field 'roster'" in said and "an optional team has no roster of its own" in said
    assert "an effect is a marker move or scoring_numbers, not both" in said
    assert "field 'key' (line 23): 'new-york' is already the key of the team at line 6" \
        in said
    # its pieces' lines are not told again as naming no roster (one a CSV file buried it)
    assert "is not a roster" not in said


def test_blank_lines_in_a_csv_are_skipped_and_lines_still_counted(box_copy):
    """A blank line between pieces holds no entry (it is not an open quote), and a problem
    after it is still named at its own line."""
    path = box_copy / "pitchers.csv"
    lines = path.read_text().splitlines()
    lines[3:3] = ["", "   "]
    path.write_text("\n".join(lines) + "\n")
    assert len(load_box(box_copy).rosters["new-york"].pitchers) == 9
    lines[7] = lines[7].replace(",RP,", ",XX,", 1)          # Tremaine, on line 8
    path.write_text("\n".join(lines) + "\n")
    (problem,) = problems_of(box_copy)
    assert ", line 8 ('Tremaine')" in problem
    assert "field 'type': 'XX' is not one of SP, RP, CL" in problem


def test_a_frozen_box_read_before_the_newer_checks_still_loads(box):
    """A series' frozen box is read with strict=False: what this session's checks refuse in
    a box being typed in (an optional team's roster, stuff_rolls past a shorter printed
    track, a card name written as a number) still loads as it did when the series began."""
    from companion.high_and_tight.box import load_box_texts

    texts = dict(box.texts)
    at = texts["teams.toml"].index("standard = false")
    texts["teams.toml"] = (texts["teams.toml"][:at] + 'roster = "texas"\n'
                           + texts["teams.toml"][at:])
    texts["box.toml"] = texts["box.toml"].replace("boxes = 10", "boxes = 5", 1)
    texts["cards.toml"] = texts["cards.toml"].replace('name = "Good Wood"', "name = 42", 1)
    with pytest.raises(DataError) as error:
        load_box_texts(texts)
    said = "\n".join(error.value.problems)
    assert "an optional team has no roster" in said and "field 'stuff_rolls'" in said
    assert "42 is not text" in said
    frozen = load_box_texts(texts, strict=False)
    assert frozen.card("42") is not None
    optional = next(t for t in frozen.teams.values() if not t.standard)
    assert optional.roster == "texas"


def test_a_frozen_box_loads_past_this_sessions_checks_as_it_was_read(box):
    """A series' frozen box (strict=False) still loads as it was read when it began, past
    the checks added since: a '+4' rating, a column named twice (the last one read), a
    team key with a space, a ballpark name written as a number, an empty box name."""
    from companion.high_and_tight.box import load_box_texts

    texts = dict(box.texts)
    head, _, rest = texts["ballplayers.csv"].partition("\n")
    first, _, others = rest.partition("\n")
    fields = first.split(",")
    fields[4] = "+4"
    texts["ballplayers.csv"] = "\n".join([head + ",info", ",".join(fields) + ",x",
                                          *(line + ",y" for line in others.splitlines())])
    texts["teams.toml"] = texts["teams.toml"].replace('key = "florida"', 'key = "flo rida"')
    texts["teams.toml"] = texts["teams.toml"].replace('name = "Highlander Field"', "name = 5")
    texts["box.toml"] = texts["box.toml"].replace('name = "Demo box"', 'name = ""')
    with pytest.raises(DataError) as error:
        load_box_texts(texts)
    said = "\n".join(error.value.problems)
    for told in ("'info' named twice", "'flo rida' is not a key", "5 is not text",
                 "field 'name' (line 6): is empty"):
        assert told in said, said
    frozen = load_box_texts(texts, strict=False)
    player = frozen.rosters["new-york"].ballplayers[fields[1].casefold()]
    assert player.offense == 4 and player.info == "x"
    assert frozen.team("flo rida") is not None and frozen.team("new-york").ballpark.name == "5"


def test_a_frozen_box_loads_past_todays_checks_of_conditions_texts_and_keys(box):
    """A series begun before the checks of conditions no matchup can meet, empty lists,
    empty card texts and long keys still opens (strict=False): a card that can never be
    played was refused in the frozen copy too, and the series with it no longer opened."""
    from companion.high_and_tight.box import load_box_texts

    texts = dict(box.texts)
    texts["cards.toml"] = texts["cards.toml"].replace(
        'requires = { rating = "batter.power", at_least = 2 }',
        'requires = [{ rating = "batter.power", at_least = 4 }, { rating = "batter.power", '
        'at_most = 2 }]', 1).replace('requires = { matchup = "opposite" }',
                                     'requires = { matchup = "same", bats = "S" }', 1)
    texts["cards.toml"] = texts["cards.toml"].replace(
        'text = "He barrels it up. Raise the Scoring Number by the batter\'s Power."',
        'text = ""', 1)
    with pytest.raises(DataError) as error:
        load_box_texts(texts)
    said = "\n".join(error.value.problems)
    for told in ("no batter.power can hold both", "no batter and pitcher can meet",
                 "field 'text' (line 14): is empty"):
        assert told in said, said
    assert load_box_texts(texts, strict=False).card("Good Wood").text == ""


@pytest.mark.parametrize("requires, said", [
    # a bound refused is told alone (it was a traceback comparing text with a number)
    ('[{ rating = "batter.power", at_least = "4" }, { rating = "batter.power", at_most = 2 }]',
     "'4': a number in quotes is read as text"),
    ('[{ rating = "batter.power", at_least = 4 }, { rating = "batter.power", at_most = [2] }]',
     "field 'at_most'"),
    ('[{ rating = "batter.power", at_least = 4, at_most = "2" }, { bats = "L" }]',
     "field 'at_most'"),
    # a side refused is read as the first choice: no clash told on top of it
    ('[{ bats = "Left" }, { bats = "L" }]', "'Left' is not one of R, L, S"),
    # a condition of a list named by its place in it
    ('[{ bats = "L" }, { throws = "Lefty" }]', "(line 32), condition 2, field 'throws': "
                                               "'Lefty' is not one of R, L"),
    ('[{ bats = "" }, { bats = "L" }]', "field 'bats': is empty: give one of R, L, S"),
    # nor a score or a side batting (it invented 'ahead' and 'behind', home and away)
    ('[{ score = "ahead" }, { score = "winning" }]', "'winning' is not one of behind"),
    ('[{ batting = "away" }, { batting = "hme" }]', "'hme' is not one of home, away"),
])
def test_a_condition_refused_alone_is_told_once(box_copy, requires, said):
    edit(box_copy / "cards.toml", 'requires = { rating = "batter.power", at_least = 2 }',
         f"requires = {requires}")
    problems = problems_of(box_copy)
    assert any(said in problem for problem in problems), problems
    assert len(problems) == 1, problems


@pytest.mark.parametrize("effect, said", [
    # 'applies' missing or refused is read as 'home': no clash with the 'when' told of it
    ('{ marker = "rolls", up = 1, when = { batting = "away" } }', "field 'applies': is "
     "missing"),
    ('{ applies = "hom", marker = "rolls", up = 1, when = { batting = "away" } }',
     "'hom' is not one of home, away, both"),
    ('{ applies = "away", marker = "rolls", up = 1, when = { batting = "awy" } }',
     "'awy' is not one of home, away"),
    # a 'when' that clashes in itself is told once, not again against its 'applies'
    ('{ applies = "home", marker = "rolls", up = 1, when = [{ batting = "home" }, '
     '{ batting = "away" }] }', "one side bats at a time"),
])
def test_a_ballpark_effect_refused_alone_is_told_once(box_copy, effect, said):
    edit(box_copy / "teams.toml", '{ applies = "home", marker = "rolls", up = 1, when = { '
         'inning_at_least = 7 } }', effect)
    problems = problems_of(box_copy)
    assert len(problems) == 1 and said in problems[0], problems


def test_a_roster_key_is_at_most_40_characters(box_copy):
    """A roster key goes into every game record's header (HomeRoster): one of 5,000
    letters passed the check and wrote records that did not read back."""
    long = "r" * 5000
    edit(box_copy / "teams.toml", 'roster = "new-york"', f'roster = "{long}"')
    for name in ("ballplayers.csv", "pitchers.csv"):
        path = box_copy / name
        path.write_text(path.read_text().replace("new-york,", f"{long},"))
    problems = problems_of(box_copy)
    assert any("field 'roster'" in p and "is 5000 characters; a roster key is at most 40" in p
               for p in problems), problems


def test_both_csv_files_refused_whole_say_only_that(box_copy):
    """Two files saved with tabs: their headers are the problems, not four rosters that no
    line names (the lines were never read)."""
    for name in ("ballplayers.csv", "pitchers.csv"):
        path = box_copy / name
        path.write_text(path.read_text().replace(",", "\t"))
    problems = problems_of(box_copy)
    assert len(problems) == 2 and all("separated by tabs" in p for p in problems)


def test_csv_lines_are_counted_as_the_file_has_them(box_copy):
    """A line separator inside a text (U+2028, pasted from a web page) does not shift the
    lines named after it; a quote opened on a last line with no line break after it is
    named too (the reader closed it at the end of the text without a word)."""
    path = box_copy / "ballplayers.csv"
    lines = path.read_text().split("\n")
    lines[2] = lines[2].replace("Backstop", "Back\u2028stop")
    lines.insert(6, "")
    lines[8] = lines[8].replace(",R,3,7,", ",R,33,7,")          # Mendevil, on line 9
    path.write_text("\n".join(lines))
    (problem,) = problems_of(box_copy)
    assert ", line 9 ('Mendevil'), field 'offense': '33' is outside" in problem, problem
    text = (box_copy / "pitchers.csv").read_text().rstrip("\n")
    last = text.rsplit("\n", 1)[1]
    (box_copy / "pitchers.csv").write_text(text[: -len(last)] + last.replace(",Lights",
                                                                              ',"Lights'))
    path.write_text(path.read_text().replace("33", "3"))
    (problem,) = problems_of(box_copy)
    assert "pitchers.csv, line 37 ('Rivero'), field 'info': a double quote opened here is " \
        "not closed on its line" in problem, problem


def renamed_new_york(box_copy, key="brooklyn"):
    """The demo box with New York's team key (and its roster's) renamed, as a player may."""
    edit(box_copy / "teams.toml", 'key = "new-york"', f'key = "{key}"')
    edit(box_copy / "teams.toml", 'roster = "new-york"', f'roster = "{key}"')
    for name in ("ballplayers.csv", "pitchers.csv"):
        edit(box_copy / name, "\nnew-york,", f"\n{key},", -1)
    return box_copy


def test_the_default_matchup_is_the_boxs_own(box, box_copy):
    """Rule 3.0: with no teams named, a series or a simulation opens on New York v Texas
    when the box has them, else on the box's first two standard teams."""
    assert box.default_matchup() == ("new-york", "texas")
    assert load_box(renamed_new_york(box_copy)).default_matchup() == ("brooklyn",
                                                                       "philadelphia")


def test_a_box_needs_two_standard_teams_each_with_its_own_roster(box_copy):
    """Rule 3.0: a game is two teams, each with its own pieces: one standard team is not a
    box, and two standard teams naming one roster are told at the second one."""
    text = (box_copy / "teams.toml").read_text()
    edit(box_copy / "teams.toml", 'key = "philadelphia"', 'key = "philly"')
    edit(box_copy / "teams.toml", 'roster = "philadelphia"', 'roster = "New-York"')
    problems = problems_of(box_copy)
    # (the key as the file spells it: a roster key is read in any case)
    assert any("team 'philly'" in p and "field 'roster'" in p
               and "'New-York' is the roster of New York Highlanders already" in p
               for p in problems), problems
    (box_copy / "teams.toml").write_text(text.replace("standard = true", "standard = false")
                                         .replace("standard = false", "standard = true", 1))
    for name in ("ballplayers.csv", "pitchers.csv"):     # New York's pieces alone
        lines = (box_copy / name).read_text().splitlines()
        (box_copy / name).write_text("\n".join(
            [lines[0]] + [line for line in lines[1:] if line.startswith("new-york,")]) + "\n")
    problems = problems_of(box_copy)
    assert any("teams.toml" in p and "1 standard team with a roster; a game needs two "
               "(rule 3.0)" in p for p in problems), problems


@pytest.mark.parametrize("filename, old, new, said", [
    ("cards.toml", 'name = "Good Wood"', 'name = "Good\\nWood"', "U+000A"),
    ("ballplayers.csv", "new-york,Pruitt,", "new-york,Pru\titt,", "U+0009"),
    ("ballplayers.csv", "new-york,Pruitt,", "new-york,Pru\u200bitt,", "U+200B"),
    ("ballplayers.csv", "new-york,Delacorte,", "new-york,Dela\u0301corte,",
     "writes an accented letter as two characters"),
])
def test_a_name_is_one_line_of_visible_text_typed_as_a_keyboard_does(box_copy, filename, old,
                                                                      new, said):
    """Names are written into one-line game records and typed at the table: a line break, a
    tab or a zero-width mark in one would break its record (it passed the check and the
    record failed to replay), an accent typed apart from its letter would not match the
    name typed at the table."""
    edit(box_copy / filename, old, new)
    (problem,) = problems_of(box_copy)
    assert filename in problem and "field 'name'" in problem and said in problem, problem


def test_a_name_taken_by_another_piece_names_where_the_first_one_is(box_copy):
    """A ballplayer given a pitcher's name (or the other way round) is told with the file and
    line of the piece holding it, and no second problem follows from the refused piece."""
    edit(box_copy / "ballplayers.csv", "new-york,Pruitt,", "new-york,Sabaria,")
    (problem,) = problems_of(box_copy)
    assert "pitchers.csv, line 2 ('Sabaria'), field 'name'" in problem
    assert "'Sabaria' is already on the new-york roster (ballplayers.csv line 3)" in problem
    assert "whatever its case" not in problem


def test_a_name_taken_in_another_case_quotes_the_first_as_written(box_copy):
    """Names are told apart whatever their case (typed at the table): the piece holding one
    is quoted as its line writes it (it quoted the second spelling, and the owner looked
    for it on the first's line)."""
    edit(box_copy / "ballplayers.csv", "new-york,Pruitt,", "new-york,SABARIA,")
    (problem,) = problems_of(box_copy)
    assert "pitchers.csv, line 2 ('Sabaria'), field 'name'" in problem
    assert ("'Sabaria' is already on the new-york roster as 'SABARIA' (ballplayers.csv line "
            "3): each piece of a roster has a name of its own, whatever its case") in problem


@pytest.mark.parametrize("name, said", [
    ("Kanno, Jr.", "a comma"), ("Kanno; Jr", "a semicolon"), ('Kanno "K"', "a quote"),
    ("Van  Kanno", "two spaces after 'Van'"), ("Kanno Van  Ark", "two spaces after 'Van'"),
])
def test_a_name_a_record_cannot_hold_says_what_is_in_it(box_copy, name, said):
    """Names are written into one-line records: the mark that cannot go there is named, so
    a doubled space is found (every such name read alike)."""
    quoted = name.replace('"', '""')
    edit(box_copy / "ballplayers.csv", "new-york,Pruitt,", f'new-york,"{quoted}",')
    (problem,) = problems_of(box_copy)
    assert f"holds {said}: a name may not hold a comma, a semicolon" in problem, problem


def test_a_column_the_companion_does_not_read_is_refused(box_copy):
    """SPEC 8: an added CSV column (a player's notes) would be dropped without a word: it is
    named with the accepted columns; an empty trailing column (a spreadsheet's trailing
    comma) is not a column."""
    path = box_copy / "ballplayers.csv"
    lines = path.read_text().splitlines()
    path.write_text("\n".join([lines[0] + ",notes"] + [line + ",x" for line in lines[1:]])
                    + "\n")
    (problem,) = problems_of(box_copy)
    assert "ballplayers.csv, line 1" in problem and "column(s) 'notes' not known" in problem
    assert "accepted: team,name,position,bats," in problem
    path.write_text("\n".join([lines[0] + ","] + [line + "," for line in lines[1:]]) + "\n")
    load_box(box_copy)


@pytest.mark.parametrize("filename, old, new, said, not_said", [
    ("box.toml", "[box]", "version = 2\n\n[box]", "unknown key 'version'", "unknown table"),
    ("cards.toml", 'effects = [ { marker = "number", up = 2 } ]',
     'effects = [ { marker = "number", upp = 2 } ]', "did you mean 'up'?",
     "give exactly one of 'up' or 'down'"),
    ("ballplayers.csv", "new-york,Pruitt,", "# my notes\nnew-york,Pruitt,",
     "a CSV file has no comment lines: remove it", "double quotes"),
    ("teams.toml", "[team.ballpark]", "[[team.ballpark]]",
     "written as a list of tables ([[team.ballpark]]) where one is meant: [team.ballpark] "
     "in single brackets", "missing Home Ballpark"),
    # its one table read on: its fields are not told missing as well (three more lines)
    ("teams.toml", "[team.ballpark]", "[[team.ballpark]]", "[[team.ballpark]]", "is missing"),
    ("box.toml", "[box]\n", "[[box]]\n", "[[box]]", "is missing"),
    # a card's own field put in its effect: that, not a marker or a move missing too
    ("cards.toml", 'effects = [ { marker = "number", up = 2 } ]',
     "effects = [ { scoring_numbers = [11] } ]", "unknown field of an effect: "
     "'scoring_numbers'; extra scoring numbers are the card's own field, not an effect's: "
     "write scoring_numbers = [11] beside 'effects'", "'marker': is missing"),
    ("cards.toml", 'effects = [ { marker = "number", up = 2 } ]',
     'effects = [ { requires = { batting = "home" } } ]', "a condition on the whole card is "
     "the card's 'requires'", "give exactly one of 'up' or 'down'"),
])
def test_a_slip_is_told_in_the_words_of_what_was_typed(box_copy, filename, old, new, said,
                                                         not_said):
    """SPEC 8: a stray key is a key (not a table), a misspelt 'up' is told once (not as a
    missing move too), a '#' line of a CSV is a comment the format does not have, a
    ballpark written [[team.ballpark]] is one table in single brackets (and [[box]] is
    [box], its fields not told missing as well), and a card's field in an effect is told
    as such, not as the effect's marker missing."""
    edit(box_copy / filename, old, new)
    problems = problems_of(box_copy)
    if filename == "cards.toml" or new.startswith("[["):
        assert len(problems) == 1, problems
    assert any(said in p for p in problems), problems
    assert not any(not_said in p for p in problems), problems


@pytest.mark.parametrize("filename, edits, said", [
    ("teams.toml", [('effects = [\n  { applies = "both", marker = "number", up = 1, when = { '
                     'bats = "L" } },\n]', "effects = 5")],
     "team 'new-york' (line 6), ballpark, field 'effects': 5 is not a list of effects"),
    ("box.toml", [("[box]\n", "[[box]]\n")],
     "box.toml, [box]: written as a list of tables ([[box]]) where one is meant: [box] in "
     "single brackets"),
    ("box.toml", [("[box]\n", "innings = 5\n[box]\n"), ("[innings]\n", "[not_innings]\n")],
     "box.toml, [innings]: 5 is not a table: write [innings] on a line of its own"),
    ("box.toml", [("[box]\n", "scoring_rolls = [1]\n[box]\n"),
                  ("[scoring_rolls]\n", "[not_rolls]\n")],
     "box.toml, [scoring_rolls]: written as a list of tables ([[scoring_rolls]]) where one "
     "is meant: [scoring_rolls] in single brackets"),
    ("box.toml", [("[box]\n", "scoring_number = [1]\n[box]\n"),
                  ("[[scoring_number]]\n", "[[not_scoring]]\n", 12)],
     "box.toml, scoring_number entry 1: 1 is not a table: begin each box with "
     "[[scoring_number]]"),
    ("teams.toml", None, "teams.toml, [[team]]: 5 is not a list of tables: begin each entry "
     "with [[team]] on a line of its own"),
    ("cards.toml", None, "cards.toml, [[card]], entry 1: 1 is not a table: begin each entry "
     "with [[card]]"),
])
def test_a_table_or_list_of_the_wrong_shape_is_told_not_a_traceback(box_copy, filename, edits,
                                                                      said):
    """SPEC 8: a value where a table or a list of tables belongs (a [[box]] for [box], a
    number for a ballpark's effects) is a problem named with its file and entry; it
    ended the check with a Python traceback."""
    if edits is None:                       # the whole file one wrong value
        (box_copy / filename).write_text({"teams.toml": "team = 5\n",
                                          "cards.toml": "card = [1, 2]\n"}[filename])
    for old, new, *count in edits or ():
        edit(box_copy / filename, old, new, *count)
    problems = problems_of(box_copy)
    assert any(said in problem for problem in problems), problems


@pytest.mark.parametrize("old, new, said", [
    ('key = "new-york"', 'key = ""', "team '' (line 6), field 'key' (line 7): '' is not a key"),
    # a key that is no text named as the file writes it, not as Python would
    ('key = "new-york"', 'key = 5', "team 5 (line 6), field 'key' (line 7): 5 is not a key"),
    ('key = "new-york"', 'key = ["new-york"]', 'team ["new-york"] (line 6), field \'key\' '
     '(line 7): ["new-york"] is not a key'),
    ('key = "new-york"', 'key = "new york"', "field 'key' (line 7): 'new york' is not a key "
     "(accepted: "
     "letters, digits and '-', like \"new-york\")"),
    ('key = "new-york"', 'key = "new-york "', "field 'key' (line 7): 'new-york ' is not a "
     "key: a space at its start or end (accepted: letters, digits and '-'"),
    ('key = "new-york"\n', '', "team '#1' (line 6), field 'key': is missing (accepted: "
     "letters, digits and '-'"),
    # a key of thousands of letters wrote records whose header lines do not read back
    ('key = "new-york"', 'key = "' + "s" * 5000 + '"', "characters; a key is at most 40"),
    ('key = "new-york"', 'key = "' + "s" * 41 + '"', "is 41 characters; a key is at most 40 "
     "(it goes into every game record's header line"),
    ('name = "Highlander Field"', 'name = 5', "team 'new-york' (line 6), ballpark, field "
     "'name': 5 is not text (write it in quotes)"),
    ('name = "New York Highlanders"', 'name = "New York\\tHighlanders"',
     "team 'new-york' (line 6), field 'name' (line 8): 'New York\\tHighlanders' holds a "
     "character "
     "that is not seen (U+0009"),
    # the accented letters shown as typed, only the hidden character spelled out
    ('name = "New York Highlanders"', 'name = "Nueva\\tYórk"',
     "field 'name' (line 8): 'Nueva\\tYórk' holds a character that is not seen (U+0009"),
])
def test_a_team_key_and_the_texts_of_a_team_card_are_checked(box_copy, old, new, said):
    """SPEC 8: a team's key names it in commands and in every game record's header (a
    missing one became '#1', one with a space or a line break wrote records that do not
    read back); a ballpark's name, feature and text are texts; a name is one line."""
    edit(box_copy / "teams.toml", old, new)
    problems = problems_of(box_copy)
    assert any(said in problem for problem in problems), problems


def test_a_team_key_may_be_written_in_any_alphabet(box_copy):
    """A key is letters, digits and '-': letters of any alphabet (são-paulo) too."""
    edit(box_copy / "teams.toml", 'key = "florida"', 'key = "são-paulo"')
    assert load_box(box_copy).team("são-paulo") is not None


def test_box_texts_of_another_type_or_empty_are_told(box_copy):
    """SPEC 8: the box's name and a box's flavour are texts; an empty box name is told (the
    check said 'ok:  (...)')."""
    edit(box_copy / "box.toml", 'name = "Demo box"', 'name = " "')
    edit(box_copy / "box.toml", 'flavour = "Two outs, bases empty"', "flavour = 3")
    problems = problems_of(box_copy)
    assert any("[box] (line 5), field 'name' (line 6): is empty" in p for p in problems), \
        problems
    assert any("scoring_number box II (line 20), field 'flavour' (line 23): 3 is not text" in p
               for p in problems), problems


def test_a_box_or_team_name_past_forty_characters_is_told(box_copy, tmp_path):
    """A name printed in a title (the box's on every sheet, a team's on its card) is at most
    40 characters, as a piece's is: an 80-character box name shrank past reading on the
    field. At 40 the tiled field's title gives it two lines, never under 6 pt."""
    from pypdf import PdfReader

    from companion.cli import main
    from printables.text import SMALLEST_NAME

    long_name = "The 1987 Deluxe Anniversary Edition, Expansion Teams and Extras"
    edit(box_copy / "box.toml", 'name = "Demo box"', f'name = "{long_name}"')
    edit(box_copy / "teams.toml", 'name = "Texas Cowboys"', f'name = "{long_name}"')
    problems = problems_of(box_copy)
    assert len(problems) == 2 and all(
        f"'{long_name[:37]}...' is {len(long_name)} characters; a name is at most 40" in p
        for p in problems), problems
    forty = "WOMBAT MEMORIAL WARDROBE MAXIMUM EDITION"     # wide capitals
    assert len(forty) == 40
    edit(box_copy / "box.toml", f'name = "{long_name}"', f'name = "{forty}"')
    edit(box_copy / "teams.toml", f'name = "{long_name}"', 'name = "Texas Cowboys"')
    assert main(["print", "field", "--data", str(box_copy), "--out",
                 str(tmp_path / "f.pdf")]) == 0
    sizes = []
    PdfReader(tmp_path / "f.pdf").pages[0].extract_text(visitor_text=lambda text, cm, tm, font,
                                                         size: sizes.append((text, size)))
    named = [size for text, size in sizes if "WOMBAT" in text or "EDITION" in text]
    assert named and min(named) >= SMALLEST_NAME, sizes


def test_a_csv_field_too_long_to_read_and_toml_nested_too_deep_are_told(box_copy):
    """SPEC 8: what the readers themselves refuse (a CSV field over the reader's limit, a
    TOML list nested thousands deep) is a problem with the file and line, not a
    traceback."""
    path = box_copy / "ballplayers.csv"
    lines = path.read_text().splitlines()
    path.write_text("\n".join([*lines[:3], "new-york,Zed,C,R,4,5,1,2,0,2," + "x" * 200000,
                               *lines[3:]]) + "\n")
    problems = problems_of(box_copy)
    assert any("ballplayers.csv, line 4: cannot be read as CSV (field larger than field "
               "limit" in p for p in problems), problems
    path.write_text("\n".join(lines) + "\n")
    edit(box_copy / "box.toml", "[box]\n", "x = " + "[" * 5000 + "]" * 5000 + "\n[box]\n")
    (problem,) = problems_of(box_copy)
    assert problem.endswith("box.toml: lists or tables nested too deep to read (a box needs "
                            "three levels at most)")


def test_numbers_too_long_or_too_large_to_read_are_told_short(box_copy):
    """SPEC 8: a TOML number of thousands of digits stopped every command with a traceback
    (Python converts at most 4,300); 1e400 was told back as 'inf'; a CSV rating of
    thousands of digits was repeated whole. Each is one problem naming the file, the line
    and the field, the value cut short."""
    edit(box_copy / "box.toml", "boxes = 10", "boxes = 1" + "0" * 5000)
    (problem,) = problems_of(box_copy)
    assert problem.endswith("box.toml: a number of thousands of digits (line 11) is too long "
                            "to read: no number of a box has more than a few")
    edit(box_copy / "box.toml", "boxes = 1" + "0" * 5000, "boxes = 1e400")
    (problem,) = problems_of(box_copy)
    assert problem.endswith("field 'boxes' (line 11): a number too large to read is not a "
                            "whole number (accepted: 1..20)")
    edit(box_copy / "box.toml", "boxes = 1e400", "boxes = 10")
    edit(box_copy / "ballplayers.csv", "new-york,Delacorte,C,R,4,",
         "new-york,Delacorte,C,R,5" + "0" * 5000 + ",")
    (problem,) = problems_of(box_copy)
    assert "field 'offense': '5000" in problem and len(problem) < 300, problem
    assert problem.endswith("... (5003 characters) is outside the accepted range 0..9")


@pytest.mark.parametrize("typed, said", [
    ('"yes"', "field 'standard' (line 10): 'yes' is not true or false"),
    (None, "field 'standard': is missing (accepted: true or false)")])
def test_a_bad_standard_field_is_one_problem(box_copy, typed, said):
    """Rules 3.0 and 8.1.1: a team's 'standard' mistyped or left out was read as an optional
    team, so its roster was refused and every piece of it named an unknown roster (four
    problems, one advising to drop the roster). It is read as its 'roster' says: one
    problem."""
    edit(box_copy / "teams.toml", "standard = true\n",
         "" if typed is None else f"standard = {typed}\n")
    (problem,) = problems_of(box_copy)
    assert problem.endswith("teams.toml, team 'new-york' (line 6), " + said), problem


@pytest.mark.parametrize("typed", ["4_0", "+4", "\uff14", "", " "])
def test_a_rating_is_written_in_digits_0_to_9(box_copy, typed):
    """SPEC 8: a rating is a whole number in plain digits; Python's reading took '4_0' for
    40 (and said '4_0' was out of range), '+4' and a full-width 4 for 4. An empty cell is
    said empty (it read "'' is not a whole number")."""
    path = box_copy / "ballplayers.csv"
    lines = path.read_text().splitlines()
    fields = lines[3].split(",")
    fields[4] = typed
    lines[3] = ",".join(fields)
    path.write_text("\n".join(lines) + "\n")
    (problem,) = problems_of(box_copy)
    said = f"{typed!r} is not a whole number" if typed.strip() else \
        "is empty: give a whole number"
    assert problem.endswith(f"field 'offense': {said} (accepted: 0..9)"), problem


def test_a_column_named_twice_is_told_as_such(box_copy):
    """SPEC 8: a header naming a column twice (clutch,clutch) says so; it said the column
    the second one stands in for ('info') was missing."""
    path = box_copy / "ballplayers.csv"
    text = path.read_text()
    path.write_text(text.replace("speed,clutch,info", "speed,clutch,clutch", 1))
    (problem,) = problems_of(box_copy)
    assert problem.endswith("ballplayers.csv, line 1: column(s) 'clutch' named twice; expected "
                            "team,name,position,bats,offense,defense,power,obp,speed,clutch,"
                            "info"), problem


def test_a_bad_total_of_a_free_roll_is_told_once(box_copy):
    """Rule 4.6.2: a free roll's total out of 2..12 is one problem (the box was also said
    to lack the totals of its free roll)."""
    edit(box_copy / "box.toml", "then = [6, 7]", "then = [0]")
    (problem,) = problems_of(box_copy)
    assert problem.endswith("field 'then' (line 17): 0 is not a dice total (accepted: whole "
                            "numbers 2..12)"), problem


def test_a_name_longer_than_a_piece_holds_is_told(box_copy):
    """A name is printed on a piece or a card and nine make a lineup's record line: one of
    more than 40 characters is told (a box of such names wrote lines the records refuse),
    a card's in a card's words (it spoke of lineups); a frozen box holding one still
    loads."""
    from companion.high_and_tight.box import load_box_texts

    long = "Bartholomew Montgomery-Fitzwilliam the Third"
    edit(box_copy / "ballplayers.csv", "new-york,Vantassel,", f"new-york,{long},")
    (problem,) = problems_of(box_copy)
    assert problem.endswith(f"field 'name': {long[:37] + '...'!r} is {len(long)} characters; "
                            "a name is at most 40 (it is printed on a piece, and nine of them "
                            "make a lineup's line of the record)"), problem
    texts = {name: (box_copy / name).read_text() for name in BOX_FILES}
    assert load_box_texts(texts, strict=False).rosters["new-york"].piece(long) is not None
    edit(box_copy / "ballplayers.csv", f"new-york,{long},", "new-york,Vantassel,")
    edit(box_copy / "cards.toml", 'name = "Wheelhouse"', f'name = "{long}"')
    (problem,) = problems_of(box_copy)
    assert problem.endswith("a name is at most 40 (it is printed in a card's title and "
                            "written into the record's lines that play it)"), problem


@pytest.mark.parametrize("text", ["", "\n\n", "# my box\n  # notes\n"])
def test_an_empty_toml_file_is_told_so_once(box_copy, text):
    """SPEC 8: an empty box.toml listed seven fields 'missing'; the file is told empty, once,
    with where its contents are described. (An empty teams.toml or cards.toml says it holds
    no team or no card, once.)"""
    (box_copy / "box.toml").write_text(text, encoding="utf-8")
    (problem,) = problems_of(box_copy)
    assert problem == (f"{box_copy}/box.toml: the file is empty (or holds only comments): "
                       "docs/data-format.md says what it holds; the demo box's own is a start")
    (box_copy / "box.toml").write_text((DEFAULT_BOX_DIR / "box.toml").read_text(
        encoding="utf-8"), encoding="utf-8")
    (box_copy / "cards.toml").write_text(text, encoding="utf-8")
    (problem,) = problems_of(box_copy)
    assert "cards.toml: holds no card" in problem, problem


def test_a_utf16_file_is_named_as_such(box_copy, tmp_path, capsys):
    """SPEC 8: a CSV saved as an editor's "Unicode" (UTF-16) was told only as byte 0xFF not
    UTF-8; it is named, in a box and in a record alike."""
    from companion.cli import main

    path = box_copy / "ballplayers.csv"
    path.write_text(path.read_text(encoding="utf-8"), encoding="utf-16")
    (problem,) = problems_of(box_copy)
    assert problem.startswith(f"{path}, line 1: is not UTF-8 text (the byte 0xFF, byte 1 of "
                              "the file, cannot be read; it is UTF-16 text, an editor's "
                              "\"Unicode\"): save the file as UTF-8")
    record = tmp_path / "r.txt"
    record.write_text('[Game "High & Tight"]\n[Home "texas"]\n', encoding="utf-16")
    assert main(["replay", str(record)]) == 2
    assert "cannot be read; it is UTF-16 text, an editor's \"Unicode\"): save the file as " \
        "UTF-8" in capsys.readouterr().err


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("name", ["ballplayers.csv", "box.toml"])
def test_utf16_without_its_byte_order_mark_is_named_too(box_copy, tmp_path, capsys, name,
                                                        encoding):
    """SPEC 8: UTF-16 saved without its mark reads as UTF-8 (a NUL beside each letter), and
    was told as a TOML syntax error or a header naming no column; it is named, in a box
    and in a record alike, and the file is read no further."""
    from companion.cli import main

    path = box_copy / name
    path.write_bytes(path.read_text(encoding="utf-8").encode(encoding))
    (problem,) = problems_of(box_copy)
    assert problem == (f"{path}: is not UTF-8 text; it is UTF-16 text saved without its "
                       "byte-order mark: save the file as UTF-8 ("
                       + ("a spreadsheet's \"CSV UTF-8\"; " if name.endswith(".csv") else "")
                       + "a text editor's UTF-8 encoding) and check again")
    record = tmp_path / "r.txt"
    record.write_bytes('[Game "High & Tight"]\n[Home "texas"]\n'.encode(encoding))
    assert main(["replay", str(record)]) == 2
    assert capsys.readouterr().err.strip().endswith(
        "r.txt: is not UTF-8 text; it is UTF-16 text saved without its byte-order mark: save "
        "the file as UTF-8")


def test_a_box_file_that_is_a_pipe_or_a_folder_is_refused_unread(box_copy):
    """A named pipe in a box folder waited for a writer for ever (`data check` hung); a
    folder in a file's place was told as Python's "Is a directory". Each is named."""
    import os

    (box_copy / "cards.toml").unlink()
    os.mkfifo(box_copy / "cards.toml")
    (box_copy / "teams.toml").unlink()
    (box_copy / "teams.toml").mkdir()
    problems = problems_of(box_copy)
    assert problems == [f"{box_copy / 'teams.toml'}: is a folder, not a file: not read",
                        f"{box_copy / 'cards.toml'}: is a named pipe, not a file: not read"]


def test_max_is_measured_against_boxes_only_when_boxes_is_read(box_copy):
    """Rule 4.6.1's track: with boxes refused itself, max is told against 1..20, not 'below
    boxes 1'."""
    edit(box_copy / "box.toml", "boxes = 10\nmax = 20", "boxes = 25\nmax = 0")
    problems = problems_of(box_copy)
    assert any(p.endswith("field 'boxes' (line 11): 25 is outside the accepted range 1..20")
               for p in problems), problems
    assert any(p.endswith("field 'max' (line 12): 0 is outside the accepted range 1..20")
               for p in problems), problems
    assert len(problems) == 2



@pytest.mark.parametrize("written, said", [("true", "true is not a whole number"),
                                           ("1.0", "1.0 is not a whole number")])
def test_boxes_of_true_or_one_point_oh_is_one_problem(box_copy, written, said):
    """Rule 4.6.1's track: boxes = true (or 1.0) is refused, and no more; Python takes
    either for 1, so each pitcher's Stuff rolls were told outside 1..1 too (37 lines)."""
    edit(box_copy / "box.toml", "boxes = 10", f"boxes = {written}")
    (problem,) = problems_of(box_copy)
    assert f"field 'boxes' (line 11): {said}" in problem, problem


def test_values_are_told_as_the_file_writes_them_and_cut_short(box_copy):
    """SPEC 8, a message names the value as the player typed it and fits a screen: a date
    as TOML writes it (not datetime.date(...)), a long list, a CSV cell of thousands of
    characters and a roster key holding a line break each told in one short line."""
    edit(box_copy / "box.toml", "dh_defense = 4", "dh_defense = 1979-05-27")
    (problem,) = problems_of(box_copy)
    assert problem.endswith("field 'dh_defense' (line 7): 1979-05-27 is not a whole number "
                            "(accepted: 0..9)"), problem
    edit(box_copy / "box.toml", "dh_defense = 1979-05-27",
         "dh_defense = [" + ", ".join(["4"] * 3000) + "]")
    (problem,) = problems_of(box_copy)
    assert "[4, 4, 4" in problem and "characters)" in problem and len(problem) < 300, problem
    edit(box_copy / "box.toml", "dh_defense = [" + ", ".join(["4"] * 3000) + "]",
         "dh_defense = 4")
    edit(box_copy / "pitchers.csv", "new-york,Achterberg,CL,", "new-york,Achterberg," +
         "X" * 5000 + ",")
    (problem,) = problems_of(box_copy)
    assert "field 'type'" in problem and "(5002 characters)" in problem, problem
    assert len(problem) < 300
    edit(box_copy / "pitchers.csv", "X" * 5000, "CL")
    edit(box_copy / "teams.toml", 'roster = "texas"', 'roster = "tex\\nas"')
    problems = problems_of(box_copy)
    assert problems and all("\n" not in problem for problem in problems), problems
    assert any("'tex\\nas'" in problem for problem in problems), problems


def test_a_rating_with_a_space_at_an_end_reads_as_the_rating(box_copy):
    """A rating typed 'batter.power ' reads as batter.power, as a marker 'rolls ' or a
    matchup ' same ' is read past its spaces (it was told as no known rating)."""
    edit(box_copy / "cards.toml", 'up = "batter.power" }', 'up = " batter.power " }')
    edited = load_box(box_copy)
    demo = load_box()
    assert edited.cards == demo.cards


def test_two_cards_alike_without_accents_are_warned_of_and_a_cancel_given_twice_refused(
        box_copy):
    """Rule 5.1.1 d: a card cancels a category or not, so one named twice in its list is a
    slip (told, as a scoring total given twice is); two cards whose names read alike
    without accents ('Bad Hop', 'Bád Hop') are warned of, as two pieces are: typed
    without them at the table, neither is meant."""
    edit(box_copy / "cards.toml", 'name = "Web Gem"', 'name = "Bád Hop"')
    box = load_box(box_copy)
    assert any("field 'name': 'Bád Hop' reads as 'Bad Hop' without its accents" in warning
               or "field 'name': 'Bad Hop' reads as 'Bád Hop' without its accents" in warning
               for warning in box.warnings), box.warnings
    edit(box_copy / "cards.toml", 'cancels = ["power"]', 'cancels = ["power", " Power"]')
    (problem,) = problems_of(box_copy)
    assert problem.endswith("field 'cancels' (line 233): 'power' given twice (each "
                            "category once: a card cancels a category or not, rule 5.1.1 d)"
                            ), problem


def test_a_long_name_in_an_entry_s_label_is_cut_short_and_a_broken_link_named(box_copy):
    """SPEC 8: a card name of thousands of characters was repeated whole in the label of
    every problem of its entry; a box file that is a link leading nowhere was told as
    missing, with nothing to find."""
    edit(box_copy / "cards.toml", 'name = "Web Gem"', 'name = "' + "W" * 3000 + '"')
    problems = problems_of(box_copy)
    assert problems and all(len(problem) < 400 for problem in problems), problems
    assert any("(3002 characters)" in problem for problem in problems), problems
    edit(box_copy / "cards.toml", "W" * 3000, "Web Gem")
    (box_copy / "teams.toml").unlink()
    (box_copy / "teams.toml").symlink_to(box_copy / "gone.toml")
    (problem,) = problems_of(box_copy)
    assert problem == (f"{box_copy / 'teams.toml'}: is a link that leads to no file (to "
                       "itself, or to something moved or removed)")


@pytest.mark.parametrize("filename, old, new, said", [
    # A bonus's condition not known: not also 'a bonus reads a rating' (rule 5.1.1 b), which
    # the condition was meant to give.
    ("cards.toml", 'when = { rating = "batter.speed", at_least = 3 }', "when = { outs = 2 }",
     "field 'when': unknown condition 'outs'"),
    # A table under a misspelt name: not also its fields as missing.
    ("box.toml", "[innings]", "[inning]", "unknown table 'inning'; did you mean 'innings'?"),
    ("box.toml", "[scoring_rolls]", "[scoring_roll]", "unknown table 'scoring_roll'"),
    # ... or a list of tables so: not also its entries as missing (no offense cards, no
    # defense cards; a track of 0 boxes), and called a table, not a key
    ("cards.toml", "[[card]]", "[[cards]]", "unknown table 'cards'; did you mean 'card'?"),
    ("box.toml", "[[scoring_number]]", "[[scoring_numbers]]",
     "unknown table 'scoring_numbers'; did you mean 'scoring_number'?"),
])
def test_a_slip_is_told_once_not_again_as_what_it_leaves_out(box_copy, filename, old, new,
                                                             said):
    """SPEC 8: one slip, one line: what a misspelt or unknown key was meant to give is not
    told again as missing (each was a second, misleading line). A list of tables is
    misspelt at every entry, as a player's search and replace does."""
    edit(box_copy / filename, old, new, -1 if old.startswith("[[") else 1)
    (problem,) = problems_of(box_copy)
    assert said in problem, problem


def test_a_ballpark_under_a_misspelt_name_is_not_also_missing(box_copy):
    """Rule 8.1: '[team.balpark]' is told as an unknown field of each team, not also as a
    missing Home Ballpark table."""
    edit(box_copy / "teams.toml", "[team.ballpark]", "[team.balpark]", -1)
    problems = problems_of(box_copy)
    assert len(problems) == 8 and all("unknown field 'balpark'; did you mean 'ballpark'?"
                                      in problem for problem in problems), problems


@pytest.mark.parametrize("filename, kind", [("pitchers.csv", "pitcher"),
                                            ("ballplayers.csv", "ballplayer")])
def test_a_csv_of_its_header_alone_is_told_once(box_copy, filename, kind):
    """A pieces file holding only its column names (the rows deleted in a spreadsheet) is one
    line, as an empty file is: not each roster's missing SPs, closer or lineup (it gave eight
    lines for pitchers.csv)."""
    path = box_copy / filename
    path.write_text(path.read_text().splitlines()[0] + "\n,,,\n")
    (problem,) = problems_of(box_copy)
    assert problem == (f"{box_copy}/{filename}: holds no {kind}: only its line of column "
                       "names; each piece is a line under it (docs/data-format.md)")


@pytest.mark.parametrize("broken", ["box.toml", "teams.toml", "cards.toml"])
def test_a_toml_file_that_does_not_parse_hides_no_other_files_problems(box_copy, broken):
    """SPEC 8: a TOML syntax error is told, and the files that do not hang on the broken
    one are still checked (a rating out of range in ballplayers.csv was told only once the
    TOML was mended: two runs for two slips). The pieces' files hang on teams.toml (their
    rosters), so with it broken they wait."""
    (box_copy / broken).write_text((box_copy / broken).read_text() + "\nx = = 1\n")
    edit(box_copy / "ballplayers.csv", "new-york,Vantassel,IF,R,6,", "new-york,Vantassel,IF,R,12,")
    edit(box_copy / "cards.toml", "copies = 2", "copies = 99")
    said = "\n".join(problems_of(box_copy))
    assert f"{broken}: TOML syntax error" in said
    assert ("field 'offense': '12' is outside the accepted range 0..9" in said) == (
        broken != "teams.toml"), said
    assert ("field 'copies' (line 13): 99 is outside" in said) == (broken != "cards.toml"), said


@pytest.mark.parametrize("path, old, new, where", [
    ("pitchers.csv", "Electric but brief", "Electric\x00but brief",
     r"pitchers\.csv, line 5 \('Okafor'\), field 'info'"),
    ("cards.toml", "He barrels it up.", "He barrels\\u001b it up.",
     r"cards\.toml, card 1 'Good Wood' \(line \d+\), field 'text' \(line 14\)"),
])
def test_a_printed_text_holds_no_control_character(box_copy, path, old, new, where):
    """A NUL in a piece's information, an escape in a card's text: each prints as a box or
    nothing and shows on no screen (data check said only 'no glyph'); refused, named by
    file, entry and field. A card's text may still break its lines."""
    edit(box_copy / path, old, new)
    (problem,) = problems_of(box_copy)
    assert re.search(where + ": '", problem), problem
    assert "holds a control character (U+00" in problem
    edit(box_copy / path, new, old.replace(" ", "\\n", 1) if path == "cards.toml" else old)
    assert load_box(box_copy)


def test_an_empty_condition_is_told(box_copy):
    """Rule 5.1.1: a card's requirement says what the matchup must hold; 'requires = { }'
    (left unwritten, or its fields cut) asked nothing and passed without a word."""
    edit(box_copy / "cards.toml", 'requires = { rating = "batter.power", at_least = 2 }',
         "requires = { }")
    (problem,) = problems_of(box_copy)
    assert re.search(r"cards\.toml, card \d+ '[^']+' \(line \d+\)[^:]*: a condition is empty "
                     r"\(\{ \}\): it asks nothing; write what it asks \(at_least, ", problem), \
        problem


@pytest.mark.parametrize("path, old, new, said", [
    # each condition sound alone, the two together crossing: the card could never be played
    ("cards.toml", 'requires = { rating = "batter.power", at_least = 2 }',
     'requires = [{ rating = "batter.power", at_least = 4 }, { rating = "batter.power", '
     'at_most = 2 }]', "at_least 4 and at_most 2 in two of its conditions: no batter.power "
     "can hold both"),
    ("cards.toml", 'requires = { matchup = "opposite" }',
     'requires = { matchup = "same", bats = "S" }', "no batter and pitcher can meet these "
     "conditions together (a switch hitter bats on the side opposite the pitcher, rule "
     "5.1.1 c)"),
    ("cards.toml", 'requires = { matchup = "opposite" }',
     'requires = [{ matchup = "left-vs-left" }, { throws = "R" }]', "no batter and pitcher "
     "can meet these conditions together (rule 5.1.1 c)"),  # (no switch hitter in it)
    ("teams.toml", 'when = { bats = "L" }', 'when = [{ bats = "L" }, { bats = "R" }]',
     "no batter and pitcher can meet these conditions together"),
    # two scores or two sides batting that exclude each other (they passed: ok)
    ("cards.toml", 'requires = [ { score = "behind" }, { inning_at_least = 7 } ]',
     'requires = [ { score = "tied" }, { score = "ahead" } ]',
     "score = 'tied' and 'ahead' in two of its conditions: no score is both"),
    ("cards.toml", 'requires = [ { score = "ahead" }, { inning_at_least = 7 } ]',
     'requires = [ { score = "not-ahead" }, { score = "ahead", batting = "home" } ]',
     "score = 'not-ahead' and 'ahead' in two of its conditions"),
    ("cards.toml", 'requires = { batting = "home" }',
     'requires = [ { batting = "home" }, { batting = "away" } ]',
     "batting = 'home' and batting = 'away' in two of its conditions: one side bats at a "
     "time"),
    # an entry's 'when' read with the card's 'requires': the entry never applies
    ("cards.toml", 'effects = [ { marker = "number", up = "batter.clutch" } ]\nbonus = [ '
     '{ marker = "rolls", up = 1, when = { rating = "batter.power", at_least = 3 } } ]',
     'requires = { rating = "batter.power", at_most = 1 }\neffects = [ { marker = "number", '
     'up = "batter.clutch" } ]\nbonus = [ { marker = "rolls", up = 1, when = { rating = '
     '"batter.power", at_least = 3 } } ]', "entry 1: at_least 3 and at_most 1 in two of "
     "its conditions: no batter.power can hold both (this entry's 'when' with the card's "
     "'requires': the entry never applies)"),
    ("cards.toml",
     'requires = { batting = "home" }\neffects = [ { marker = "rolls", up = 1 } ]',
     'requires = { batting = "away" }\neffects = [ { marker = "rolls", up = 1, when = { '
     'batting = "home" } } ]', "batting = 'home' and batting = 'away' in two of its "
     "conditions: one side bats at a time (this entry's 'when' with the card's 'requires'"),
    # a ballpark effect applied when one side bats, asking the other
    ("teams.toml", '{ applies = "home", marker = "rolls", up = 1, when = { inning_at_least = '
     '7 } }', '{ applies = "home", marker = "rolls", up = 1, when = { batting = "away" } }',
     "applies = 'home' (when home bats) but its 'when' asks batting = 'away': the effect "
     "never applies"),
    # an empty list asks nothing, as an empty table does
    ("cards.toml", 'requires = { matchup = "opposite" }', "requires = []",
     "the list of conditions is empty ([ ]): it asks nothing"),
    ("teams.toml", 'when = { bats = "L" }', "when = []",
     "the list of conditions is empty ([ ]): it asks nothing"),
    # a card's words are what a player reads on it
    ("cards.toml", 'text = "He barrels it up. Raise the Scoring Number by the batter\'s '
     'Power."', 'text = ""', "field 'text' (line 14): is empty (accepted: the card's words "
     "as printed"),
])
def test_conditions_no_matchup_can_meet_and_empty_texts_are_told(box_copy, path, old, new,
                                                                 said):
    """Rule 5.1.1 c: a card's conditions must all hold. Two that cross (Power 4 or more and
    2 or less, written apart), or handedness no batter and pitcher have, passed the check
    and made a card never played; an empty list of conditions and an empty card text
    passed where an empty table was refused."""
    edit(box_copy / path, old, new)
    problems = problems_of(box_copy)
    assert any(said in problem for problem in problems), problems


def test_a_scoring_track_box_left_out_or_mislabelled_is_named(box_copy):
    """Rules 2.6, 4.6.2: the Scoring Number track's boxes. One left out was told as '12
    boxes, found 11', which one unsaid; a label written for another box ('IV' for the
    fifth) read as a riddle. Each says which box."""
    path = box_copy / "box.toml"
    text = path.read_text()
    entries = text.split("[[scoring_number]]")
    assert len(entries) == 13
    without = "[[scoring_number]]".join(entries[:8] + entries[9:])      # box VIII left out
    path.write_text(without)
    (problem,) = problems_of(box_copy)
    assert problem.endswith("the track needs exactly 12 boxes (I..XII), found 11 (missing: "
                            "VIII)"), problem
    twice = entries[:9] + [entries[8]] + entries[9:]                     # box VIII twice
    path.write_text("[[scoring_number]]".join(twice))
    (problem,) = problems_of(box_copy)
    assert problem.endswith("found 13 (given twice: VIII)"), problem
    rest = entries[12][entries[12].index("\n["):]          # the tables after the track
    for slip in ('[scoring_number]\nbox = "I"\nnumbers = [2]\n',   # single brackets
                 'scoring_number = "I"\n'):                        # a value, not boxes
        # (told, never a crash: the labels were read from any value)
        path.write_text(slip + entries[0] + rest if "=" in slip.split("\n")[0] and
                        not slip.startswith("[") else entries[0] + slip + rest)
        (problem,) = problems_of(box_copy)
        assert "the track needs exactly 12 boxes (I..XII), found " in problem, problem
    path.write_text(text.replace('box = "V"', 'box = "IV"', 1))
    (problem,) = problems_of(box_copy)
    assert problem.endswith("'IV' is not the box's label (accepted: 'V': the track's boxes "
                            "are listed in order, I..XII: entry 5 is box V)"), problem


def test_an_inning_strategy_list_of_the_wrong_length_tells_its_bad_entries_too(box_copy):
    """Rule 5.3's inning strategies: a list of eight with a misspelt entry said only its
    length; fixed, the typo came next. Both are told at once."""
    path = box_copy / "box.toml"
    text = path.read_text()
    start = text.index("strategies = [")
    end = text.index("]", start) + 1
    path.write_text(text[:start] + 'strategies = ["obp", "speed", "powr", "clutch", "power", '
                    '"none", "speed", "obp"]' + text[end:])
    problems = problems_of(box_copy)
    assert len(problems) == 2, problems
    assert "lists 8, not nine" in problems[0]
    assert problems[1].endswith("inning 3: 'powr' is not one of power, speed, obp, clutch, "
                                "none; did you mean 'power'?")


def test_a_name_with_no_letter_is_warned_of(box_copy):
    """A piece named '34' (or a card '7-11'): typed at the table it reads as dice faces or an
    option's number, so it can only be chosen from the list. Warned of (the box loads)."""
    edit(box_copy / "ballplayers.csv", "new-york,Pruitt,", "new-york,34,")
    box = load_box(box_copy)
    assert any("field 'name': '34' has no letter: typed at the table it reads as dice "
               "faces or an option's number" in warning for warning in box.warnings), \
        box.warnings
    assert not any("has no letter" in warning for warning in load_box().warnings)


def test_a_refused_field_keeps_back_only_the_clashes_it_takes_part_in(box_copy):
    """A score misspelt beside handedness no batter and pitcher have: both are told in one
    check (the clash of hands came out only once the score was mended, a second round)."""
    edit(box_copy / "cards.toml", 'requires = [ { score = "behind" }, { inning_at_least = 7 } ]',
         'requires = [ { score = "behing" }, { matchup = "same", bats = "S" } ]')
    problems = problems_of(box_copy)
    assert len(problems) == 2, problems
    assert "'behing' is not one of behind" in problems[0]
    assert "no batter and pitcher can meet these conditions together" in problems[1]


def test_a_category_no_inning_plays_is_warned_of(box_copy):
    """Rule 5.3: a card is played in an inning whose strategy is its category (Special and
    Free cards in any), and extra innings 'any' let the batting side name one (6.2). A box
    whose innings name no speed, OBP or clutch, extra innings 'none', passed the check
    whole, its cards of those categories never playable: each category is warned of (the
    box still loads)."""
    assert not any("no inning plays" in warning for warning in load_box().warnings)
    path = box_copy / "box.toml"
    text = path.read_text()
    line = next(line for line in text.splitlines() if line.startswith("strategies = "))
    edit(path, line, 'strategies = ["none", "none", "power", "none", "power", "none", '
                     '"none", "none", "none"]')
    box = load_box(box_copy)
    assert not any("no inning plays" in warning for warning in box.warnings)  # extra: any
    edit(path, 'extra = "any"', 'extra = "speed"')
    warned = [warning for warning in load_box(box_copy).warnings if "no inning plays" in warning]
    assert [warning.split("no inning plays ")[1].split(" ")[0] for warning in warned] == [
        "obp", "clutch"]
    assert warned[0].endswith("no inning plays obp (nor extra innings, 'extra' = 'speed'), "
                              "so the obp cards of cards.toml (Work the Count, Seeing It "
                              "Well, Leadoff Walk and 5 more) can never be played (rule 5.3)")
    assert "box.toml, [innings] (line " in warned[0]


def test_an_empty_choice_is_told_as_empty_with_what_it_takes(box_copy):
    """An empty cell of a choice ('bats', 'position') read "'' is not one of R, L, S"; an
    empty number cell said "is empty". Both say it so, with what goes there."""
    edit(box_copy / "ballplayers.csv", "new-york,Delacorte,C,R,", "new-york,Delacorte,C,,")
    (problem,) = problems_of(box_copy)
    assert problem.endswith("line 2 ('Delacorte'), field 'bats': is empty: give one of "
                            "R, L, S"), problem


def test_each_colour_refused_is_named(box_copy):
    """A team card's two colours are # and six hex digits: a list with two wrong named only
    the first, so mending it took two rounds of `data check`."""
    edit(box_copy / "teams.toml", 'colours = ["#1c2a4a", "#9ea3a8"]',
         'colours = ["#1c2a4", "navy"]')
    (problem,) = problems_of(box_copy)
    assert problem.endswith("field 'colours' (line 11): [\"#1c2a4\", \"navy\"] is not two "
                            "colours like [\"#1c2a4a\", \"#9ea3a8\"]: '#1c2a4' and 'navy' are "
                            "not # and six hex digits (#rrggbb)"), problem
    edit(box_copy / "teams.toml", '"navy"', '"#9ea3a8"')
    (problem,) = problems_of(box_copy)
    assert problem.endswith(": '#1c2a4' is not # and six hex digits (#rrggbb)"), problem


def test_a_move_given_both_ways_still_has_its_other_fields_checked(box_copy):
    """SPEC 8: an effect with both 'up' and 'down' was told so, and its 'less' out of range
    only on the next `data check` once that was mended: each is told at once."""
    edit(box_copy / "cards.toml", 'effects = [ { marker = "rolls", up = 1 } ]',
         'effects = [ { marker = "rolls", up = 1, down = 1, less = 12 } ]')
    problems = problems_of(box_copy)
    assert len(problems) == 2, problems
    assert problems[0].endswith("give exactly one of 'up' or 'down'") or \
        problems[1].endswith("give exactly one of 'up' or 'down'"), problems
    assert any("field 'less'" in problem and "12" in problem for problem in problems), \
        problems
