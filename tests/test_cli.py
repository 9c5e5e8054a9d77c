"""The command line: data check, odds, simulate and replay, with exit codes and messages."""

import json
import os
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.engine.record import parse_record, split_records


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def test_help_says_what_it_does(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "companion odds" in out and "companion simulate" in out
    assert "companion play" in out and "companion follow" in out


def test_data_check_good_box(capsys):
    code, out, _ = run(capsys, "data", "check")
    assert code == 0 and out.startswith("ok: Demo box") and out.count("\n") == 1


def test_data_check_bad_box(capsys, tmp_path):
    import shutil

    from companion.high_and_tight.box import DEFAULT_BOX_DIR
    target = tmp_path / "box"
    shutil.copytree(DEFAULT_BOX_DIR, target)
    path = target / "pitchers.csv"
    path.write_text(path.read_text().replace(",SP,R,4,IV,", ",SP,R,4,XIV,", 1))
    code, _, err = run(capsys, "data", "check", str(target))
    assert code == 2
    assert "pitchers.csv, line" in err and "'stuff_box'" in err and "I..XII" in err


def test_a_box_given_after_the_command_or_missing_or_with_capitalised_headers(
        capsys, box_copy, tmp_path):
    """--data is read after the command as before it; a folder that is not there is said
    so; a spreadsheet's capitalised CSV header ("Team,Name,...") reads as the lower case."""
    path = box_copy / "ballplayers.csv"
    text = path.read_text()
    header, rest = text.split("\n", 1)
    path.write_text(header.title() + "\n" + rest.replace("Throws out runners", "Arm", 1))
    code, out, _ = run(capsys, "simulate", "--games", "1", "--json", "--data", str(box_copy))
    assert code == 0 and json.loads(out)["games"] == 1
    code, out, _ = run(capsys, "data", "check", str(box_copy))
    assert code == 0 and out.startswith("ok: Demo box")
    code, _, err = run(capsys, "odds", "--rolls", "3", "--box", "IV", "--data",
                       str(tmp_path / "gone"))
    assert code == 2 and err.strip().startswith(f"{tmp_path / 'gone'}: no such folder")
    code, _, err = run(capsys, "data", "check", str(path))
    assert code == 2 and "is a file, not a box folder" in err
    (tmp_path / "loop").symlink_to(tmp_path / "loop")      # (a link to itself)
    code, _, err = run(capsys, "data", "check", str(tmp_path / "loop"))
    assert code == 2 and err.splitlines()[0].endswith(
        "loop: is a link that leads to no folder (to itself, or to something moved or "
        "removed)"), err


def test_a_game_file_or_box_named_before_and_after_the_command_must_agree(capsys, box_copy,
                                                                          tmp_path):
    """Two different --db (or --data) values on one line: refused rather than the later
    one taken without a word; the same one twice is no conflict."""
    first, second = tmp_path / "first.db", tmp_path / "second.db"
    code, _, err = run(capsys, "--db", str(first), "series", "list", "--db", str(second))
    assert code == 2
    assert (f"--db is given 2 times with different values ({first}, {second}): give it "
            "once") in err
    assert not first.exists() and not second.exists()
    code, _, err = run(capsys, "--data", str(tmp_path), "odds", "--rolls", "2", "--box", "I",
                       "--data", str(box_copy))
    assert code == 2 and "--data is given 2 times" in err
    code, _, err = run(capsys, "odds", "--rolls", "2", "--box", "I", "--data", str(tmp_path),
                       "--data", str(box_copy))
    assert code == 2 and "--data is given 2 times" in err           # after it, twice
    code, out, _ = run(capsys, "--data", str(box_copy), "odds", "--rolls", "2", "--box", "I",
                       "--data", str(box_copy), "--json")
    assert code == 0 and json.loads(out)["rolls"] == 2


def test_data_check_warns_of_texts_too_long_to_print(capsys, box_copy):
    # the box plays, so it is no problem; but its print would be cut short, so say so
    path = box_copy / "pitchers.csv"
    info = "Workhorse righty who takes the ball every fifth day without complaint"
    path.write_text(path.read_text().replace("Workhorse righty", info, 1))
    code, out, err = run(capsys, "data", "check", str(box_copy))
    assert code == 0 and out.startswith("ok: Demo box") and err == ""
    path.write_text(path.read_text().replace(info, info + " and then asks for more innings "
                                             "when the bullpen is tired", 1))
    code, out, err = run(capsys, "data", "check", str(box_copy))
    assert code == 0 and out.startswith("ok: Demo box")
    assert err == (f"warning: {box_copy}/pitchers.csv, line 2 ('Sabaria', new-york), field 'info': "
                   "too long for the piece: it does not fit the lines under the name at "
                   "4.5 pt and prints cut short with '\u2026'\n")


def test_odds_json(capsys):
    """Rule 4.6.2: box IV with five rolls: P(at least one run) is 1 - (33/36)^5."""
    code, out, _ = run(capsys, "odds", "--rolls", "5", "--box", "IV", "--json")
    report = json.loads(out)
    assert code == 0
    assert report["rolls"] == 5 and report["box"] == "IV" and report["scoring_numbers"] == [4]
    assert report["p_at_least_one"] == pytest.approx(1 - (33 / 36) ** 5, abs=1e-12)
    assert report["expected_runs"] == pytest.approx(5 * 3 / 36, abs=1e-12)
    assert sum(report["distribution"]) == pytest.approx(1.0)


def test_odds_takes_a_box_by_its_place_on_the_track(capsys):
    """Rule 4.6.2: box 4 is the track's fourth box, IV (as the table shows 'IV (4)')."""
    code, out, _ = run(capsys, "odds", "--rolls", "5", "--box", "4", "--json")
    assert code == 0 and out == run(capsys, "odds", "--rolls", "5", "--box", "IV", "--json")[1]
    assert json.loads(out)["box"] == "IV"


def test_odds_also_and_advise(capsys):
    """Rules 4.5 and 5.7.2: box IX with 10s added; the Managerial Move options."""
    code, out, _ = run(capsys, "odds", "--rolls", "5", "--box", "VI", "--also", "10",
                       "--advise", "--json")
    report = json.loads(out)
    assert report["scoring_numbers"] == [6, 10]
    moves = {o["move"]: (o["rolls"], o["box"]) for o in report["options"]}
    assert moves == {"stand pat": (5, "VI"), "+1": (4, "VII"), "+2": (4, "VIII"),
                     "-2": (6, "IV")}


def test_odds_says_a_number_the_box_scores_on_already(capsys):
    """Rule 4.6.3: an additional scoring number the box holds already adds nothing ('scores
    on 4, also 4' read as two); the odds are those of the box alone."""
    code, out, _ = run(capsys, "odds", "--rolls", "3", "--box", "IV", "--also", "4",
                       "--also", "10")
    assert code == 0 and out.splitlines()[0] == ("3 Scoring Rolls in box IV (scores on 4, "
                                                 "also 10; 4 in the box already)")
    alone = run(capsys, "odds", "--rolls", "3", "--box", "IV", "--also", "10", "--json")[1]
    both = run(capsys, "odds", "--rolls", "3", "--box", "IV", "--also", "4", "--also", "10",
               "--json")[1]
    assert json.loads(alone)["distribution"] == json.loads(both)["distribution"]


def test_odds_advise_a_move_up_past_xii_earns_the_bonus_roll(capsys):
    """Rules 4.5 and 5.5.2: from box XI, +2 stops on XII and adds the bonus roll."""
    code, out, _ = run(capsys, "odds", "--rolls", "5", "--box", "XI", "--advise", "--json")
    options = {o["move"]: o for o in json.loads(out)["options"]}
    assert (options["+2"]["rolls"], options["+2"]["box"]) == (4, "XII")
    assert options["+2"]["bonus_roll"] and not options["+1"]["bonus_roll"]
    assert options["+2"]["expected_runs"] > options["+1"]["expected_runs"]
    code, out, _ = run(capsys, "odds", "--rolls", "5", "--box", "XI", "--advise")
    assert code == 0 and "rolls  4+1 box  XII" in out


@pytest.mark.parametrize("argv, needle", [
    (["odds", "--rolls", "21", "--box", "I"], "1..20"),
    (["odds", "--rolls", "3", "--box", "XIII"], "I..XII"),
    (["odds", "--rolls", "3", "--box", "13"], "accepted I..XII (or 1..12)"),
    (["odds", "--rolls", "3", "--box", "0"], "accepted I..XII (or 1..12)"),
    (["odds", "--rolls", "3", "--box", "V", "--also", "13"], "2..12"),
    # the digits 0-9 only, as a box file's numbers are read (another script's passed)
    (["odds", "--rolls", "\u0663", "--box", "IV"], "is not a whole number; accepted range "
     "1..20"),
    (["odds", "--rolls", "3", "--box", "\u0664"], "accepted I..XII (or 1..12)"),
])
def test_odds_bad_arguments(capsys, argv, needle):
    code, _, err = run(capsys, *argv)
    assert code == 2 and needle in err


def test_odds_rolls_stop_where_the_box_track_does(capsys, box_copy):
    """Rule 4.6: a box whose Scoring Rolls track goes to 12 is asked about 12 rolls at most
    (its range was 1..20 whatever the box said)."""
    path = box_copy / "box.toml"
    path.write_text(path.read_text().replace("boxes = 10\nmax = 20", "boxes = 10\nmax = 12"))
    code, _, err = run(capsys, "odds", "--rolls", "13", "--box", "V", "--data", str(box_copy))
    assert (code, err.strip()) == (2, "companion: --rolls: rolls 13 is outside the accepted "
                                      "range 1..12 (the Scoring Rolls of Demo box go to 12, "
                                      "box.toml [scoring_rolls] max)")
    code, _, err = run(capsys, "odds", "--rolls", "12", "--box", "V", "--data", str(box_copy))
    assert code == 0, err


def test_simulate_is_reproducible_and_records_replay(capsys, tmp_path):
    """Every record written by simulate replays to the same final state."""
    record = tmp_path / "games.txt"
    code, first, _ = run(capsys, "simulate", "--games", "4", "--seed", "11", "--json",
                         "--record", str(record))
    assert code == 0
    code, second, _ = run(capsys, "simulate", "--games", "4", "--seed", "11", "--json")
    assert first == second
    summary = json.loads(first)
    assert summary["games"] == 4
    assert summary["home_wins"] + summary["away_wins"] == 4
    assert summary["dice_rolled"] > 4 * 18
    assert len(split_records(record.read_text())) == 4
    code, out, err = run(capsys, "replay", str(record), "--json")
    assert code == 0, err
    games = json.loads(out)
    assert len(games) == 4 and all(g["winner"] in ("home", "away") for g in games)


def test_an_optional_team_card_plays_with_a_roster_the_other_team_does_not_field(capsys,
                                                                                 tmp_path):
    """Rules 3.0, 8.1.1: Seattle takes the Texas pieces; the teams it meets in turn are the
    standard ones whose roster is not Texas, and the records replay."""
    record = tmp_path / "games.txt"
    # (a roster named as its team is: 'TXC', as --away takes it, is the texas roster)
    code, _, err = run(capsys, "simulate", "--games", "4", "--home", "seattle",
                       "--home-roster", "TXC", "--record", str(record))
    assert code == 0, err
    records = [parse_record(text) for text in split_records(record.read_text())]
    assert [(r.header["Home"], r.header["HomeRoster"], r.header["Away"]) for r in records] == \
        [("seattle", "texas", away) for away in ("new-york", "philadelphia", "california",
                                                 "new-york")]
    code, _, err = run(capsys, "replay", str(record))
    assert code == 0, err


def test_a_series_with_an_optional_team_meets_a_team_of_another_roster(capsys, tmp_path):
    """Rules 3.0, 8.1.1: with no --team2 the opponent is one whose pieces team 1 does not
    use (Seattle on the Texas roster does not meet Texas)."""
    code, out, err = run(capsys, "simulate", "--series", "spring", "--team1", "seattle",
                         "--roster1", "Texas Cowboys", "--seed", "2", "--json", "--db",
                         str(tmp_path / "s.db"))
    assert code == 0, err
    report = json.loads(out)
    assert report["teams"] == {"team1": "seattle", "team2": "new-york"}
    code, out, err = run(capsys, "series", "new", "--scenario", "spring", "--team1",
                         "seattle", "--team2", "new-york", "--roster1", "txc", "--db",
                         str(tmp_path / "n.db"))
    assert code == 0, err
    code, out, _ = run(capsys, "export", "1", "--reveal", "--db", str(tmp_path / "n.db"))
    assert '[Team1Roster "texas"]' in out.splitlines()


def test_a_simulated_series_in_a_box_without_new_york_opens_on_its_own_teams(capsys,
                                                                             box_copy,
                                                                             tmp_path):
    """Rule 3.0: with no teams named, a box whose keys are its own (New York renamed)
    plays its first two standard teams (it crashed on the demo's key before)."""
    from tests.high_and_tight.test_box import renamed_new_york

    renamed_new_york(box_copy)
    code, out, err = run(capsys, "--data", str(box_copy), "simulate", "--series", "spring",
                         "--seed", "2", "--json", "--db", str(tmp_path / "s.db"))
    assert code == 0, err
    assert json.loads(out)["teams"] == {"team1": "brooklyn", "team2": "philadelphia"}


def test_simulate_reads_a_box_whose_team_keys_are_not_lower_case(capsys, box_copy):
    """Team keys are matched without regard to case, in the rotation of pairings too."""
    teams = box_copy / "teams.toml"
    teams.write_text(teams.read_text().replace('key = "new-york"', 'key = "New-York"'))
    code, out, err = run(capsys, "--data", str(box_copy), "simulate", "--games", "2",
                         "--json")
    assert code == 0, err
    assert json.loads(out)["games"] == 2


def replay_edited(capsys, tmp_path, games: int, pick, line: str) -> tuple[int, str, int]:
    """Simulated games recorded (seed 3), the line `pick(lines)` chooses put as `line`, and
    the record replayed: its exit code, standard error and the index of the line."""
    record = tmp_path / "games.txt"
    run(capsys, "simulate", "--games", str(games), "--seed", "3", "--record", str(record))
    lines = record.read_text().splitlines()
    index = pick(lines)
    lines[index] = line
    record.write_text("\n".join(lines) + "\n")
    code, _, err = run(capsys, "replay", str(record))
    return code, err, index


def test_replay_names_the_bad_line(capsys, tmp_path):
    code, err, index = replay_edited(capsys, tmp_path, 1, lambda lines: next(
        i for i, line in enumerate(lines) if line.startswith("roll ")), "roll 7 1")
    assert code == 2
    assert f"line {index + 1}" in err and "1..6" in err


def test_a_line_that_does_not_parse_is_quoted_once(capsys, tmp_path):
    """A roll of one die is quoted once ("'roll 5': 'roll 5': dice are..." said it twice),
    by replay and by import alike."""
    code, err, index = replay_edited(capsys, tmp_path, 1, lambda lines: next(
        i for i, line in enumerate(lines) if line.startswith("roll ")), "roll 5")
    assert code == 2 and err.endswith(f": line {index + 1}: 'roll 5': dice are two faces, "
                                      "each 1 to 6, like '3 4' (or 'roll 3 4')\n"), err
    code, _, err = run(capsys, "import", str(tmp_path / "games.txt"), "--db",
                       str(tmp_path / "g.db"))
    assert code == 2 and err.count("'roll 5'") == 1, err


def test_replay_counts_lines_in_the_whole_file(capsys, tmp_path):
    """A bad line of the second game is named by its line in the file, not in its game,
    and the game as import names it (line first, then 'game 2 of 2')."""
    def second_game_roll(lines: list[str]) -> int:
        second = max(i for i, line in enumerate(lines) if line.startswith("[Game "))
        return next(i for i, line in enumerate(lines) if i > second and line.startswith("roll "))

    code, err, index = replay_edited(capsys, tmp_path, 2, second_game_roll, "roll 7 1")
    assert code == 2 and f": line {index + 1}: game 2 of 2: 'roll 7 1'" in err, err


def test_a_stray_line_among_the_header_s_tags_is_named_at_its_line(capsys, tmp_path):
    """A header line overwritten ('garbage' for the Away tag) split the game in two there
    and said 'header Away: is missing' with no line: a line between two tags is a stray
    line of the header, the record stays one game, and the line that broke it is named."""
    code, err, away = replay_edited(capsys, tmp_path, 2, lambda lines: next(
        i for i, line in enumerate(lines) if line.startswith("[Away ")), "garbage line here")
    assert code == 2 and f": line {away + 2}: game 1 of 2: header tag " in err
    assert f"after the record's actions began at line {away + 1} ('garbage line here')" in err


def test_replay_refuses_a_game_cut_short_of_its_result(capsys, tmp_path):
    """Rule 4.8: a record whose Result says the game ended must replay to its end."""
    record = tmp_path / "game.txt"
    run(capsys, "simulate", "--games", "1", "--seed", "3", "--record", str(record))
    lines = record.read_text().splitlines()
    result = next(line for line in lines if line.startswith("[Result "))
    record.write_text("\n".join(lines[:-3]) + "\n")
    code, _, err = run(capsys, "replay", str(record))
    assert code == 2
    # (where it stops, in words: 'the top of the 3rd, 2-1', not the state's own summary)
    assert re.search(rf"line {lines.index(result) + 1}: the record says it ended "
                     rf"{result[9:-2]}, but its actions stop before the end of the game, at "
                     r"the (top|bottom) of the \d+(st|nd|rd|th), \d+-\d+ \(after ", err), err
    header = lines.index("") + 1                    # the tags and the blank line after them
    assert f"after {len(lines) - 3 - header} actions)" in err


def test_a_record_without_its_home_team_says_the_tag_is_missing(capsys, tmp_path):
    """Rule 3.0: a game is two teams; a record that leaves out Home is told so (it read
    "unknown team ''")."""
    record = tmp_path / "game.txt"
    run(capsys, "simulate", "--games", "1", "--seed", "3", "--record", str(record))
    record.write_text("".join(line for line in record.read_text().splitlines(keepends=True)
                              if not line.startswith("[Home ")))
    code, _, err = run(capsys, "replay", str(record))
    # (at the header it is missing from: its first line)
    assert code == 2 and f"{record}: line 1: header Home: is missing: name a team " \
        "by its key; known: new-york, " in err, err


@pytest.mark.parametrize("line", ["roll 3 " + "4" * 100000, "home plays " + "Z" * 100000])
def test_a_line_no_game_writes_is_refused_without_echoing_it_whole(capsys, tmp_path, line):
    """A record line of a length no game writes (a pasted page): its line and length are
    told, its text cut short (a 100,000-digit face was a traceback, a long card name was
    echoed back twice, 200 KB)."""
    record = tmp_path / "game.txt"
    run(capsys, "simulate", "--games", "1", "--seed", "3", "--record", str(record))
    lines = record.read_text().splitlines()
    at = next(n for n, text in enumerate(lines) if text.startswith("roll "))
    lines[at] = line
    record.write_text("\n".join(lines) + "\n")
    code, _, err = run(capsys, "replay", str(record))
    assert code == 2 and len(err) < 300, err[:300]
    assert f"line {at + 1}: a line of {len(line)} characters ({line[:37]!r}"[:-1] \
        in err and "an action or header line is at most 4000" in err, err


def test_replay_refuses_a_record_of_another_box(capsys, tmp_path):
    """Another box reads the record's pieces and cards differently: refused by name."""
    record = tmp_path / "game.txt"
    run(capsys, "simulate", "--games", "1", "--seed", "3", "--record", str(record))
    text = record.read_text()
    fingerprint = text.split('[Box "')[1].split('"')[0]
    record.write_text(text.replace(fingerprint, "deadbeef"))
    code, _, err = run(capsys, "replay", str(record))
    assert code == 2 and (f": the record was made with box deadbeef, but the box in use "
                          f"is Demo box ({fingerprint}): use --data with that box (`companion "
                          "data check DIR` says a folder's box; any edit of a box folder, its "
                          "name too, makes another box; `companion export ID --box DIR` "
                          "writes a stored series' own copy)") in err
    # `data check` names a folder's box as the refusal does: the player finds the one
    code, out, _ = run(capsys, "data", "check")
    assert code == 0 and out.startswith(f"ok: Demo box, box {fingerprint} (")


def test_a_record_saved_with_a_byte_order_mark_replays(capsys, tmp_path):
    record = tmp_path / "game.txt"
    run(capsys, "simulate", "--games", "1", "--seed", "3", "--record", str(record))
    record.write_bytes(b"\xef\xbb\xbf" + record.read_bytes())
    code, out, err = run(capsys, "replay", str(record))
    assert code == 0 and out.startswith("game 1: "), err
    assert out.splitlines()[-1] == "ok: 1 game replayed: every action legal, every Result " \
        "stated reached"


def test_replay_says_what_it_checked(capsys, tmp_path):
    """A replay that passes says so: every action legal (the rules' own check), and each
    Result a record states reached (rule 4.8); a record stating none is counted apart."""
    record = tmp_path / "games.txt"
    run(capsys, "simulate", "--games", "2", "--seed", "3", "--record", str(record))
    text = record.read_text()
    start = text.index("[Result ")
    record.write_text(text[:start] + text[text.index("\n", start) + 1:])
    code, out, err = run(capsys, "replay", str(record))
    assert code == 0, err
    assert out.splitlines()[-1] == ("ok: 2 games replayed: every action legal; 1 reaches "
                                    "the Result stated, 1 states none")
    code, out, _ = run(capsys, "replay", str(record), "--json")
    assert code == 0 and "ok:" not in out                   # (the JSON stays one document)


def test_import_checks_a_record_as_replay_does_before_making_the_file(capsys, tmp_path):
    """The Result a record states, the box, and the failing line by its place in the file:
    checked whole before any game file is made."""
    record = tmp_path / "game.txt"
    run(capsys, "simulate", "--games", "1", "--seed", "3", "--record", str(record))
    lines = record.read_text().splitlines()
    result = next(line for line in lines if line.startswith("[Result "))
    away, home = result[9:-2].split("-")
    at = lines.index(result) + 1                # the Result tag's line: told with it
    cases = [
        ("\n".join(lines).replace(result, f'[Result "{away}-99"]'),
         f"line {at}: the record says {away}-99 but replays to {away}-{home}"),
        ("\n".join(lines[:-3]), f"line {at}: the record says it ended {away}-{home}, "
                                 "but its actions stop before the end of the game, at the "),
        ("\n".join(lines[:19] + ["bogus line"] + lines[20:]), "line 20: 'bogus line'"),
        ("\n".join(lines).replace('[Away "', '[Away "new-york"]\n#[Away "'),
         "line 3: header Home, Away: the two teams must be different team cards"),
        # (an exhibition's Home is its Team1: told by the tag the record gives, and where)
        (re.sub(r'\[Home "[^"]*"\]', '[Home "bogus"]', "\n".join(lines)),
         f"line {next(i for i, line in enumerate(lines, 1) if line.startswith('[Home '))}: "
         "header Home: unknown team 'bogus'"),
    ]
    for text, said in cases:
        record.write_text(text + "\n")
        code, _, err = run(capsys, "import", str(record), "--db", str(tmp_path / "g.db"))
        assert code == 2 and f"{record}: {said}" in err, (said, err)
        assert not (tmp_path / "g.db").exists()


def test_simulate_records_import_as_one_exhibition_each_or_not_at_all(capsys, tmp_path):
    """`simulate --record` writes several games to one file: import makes an exhibition of
    each, and one game failing its check stores none of them, its game and line told."""
    record, db = tmp_path / "games.txt", tmp_path / "g.db"
    run(capsys, "simulate", "--games", "3", "--seed", "5", "--record", str(record))
    text = record.read_text()
    records = split_records(text)
    code, out, err = run(capsys, "import", str(record), "--db", str(db))
    assert code == 0, err
    assert [line.split(" (")[0] for line in out.splitlines()] == [
        f"imported as series {n}" for n in (1, 2, 3)]
    for n, game in enumerate(records, start=1):
        code, exported, _ = run(capsys, "export", f"{n}:1", "--db", str(db))
        assert parse_record(exported).lines == parse_record(game).lines
    lines = text.splitlines()
    start = text[:text.index(records[1])].count("\n") + 1      # game 2's first line
    at = start + next(i for i, line in enumerate(records[1].splitlines())
                      if line.startswith("roll "))
    lines[at - 1] = "bogus line"
    record.write_text("\n".join(lines) + "\n")
    fresh = tmp_path / "h.db"
    code, _, err = run(capsys, "import", str(record), "--db", str(fresh))
    assert code == 2 and f"{record}: line {at}: game 2 of 3: " in err and "'bogus line'" in err
    assert not fresh.exists()
    # A header slip in a later game is told with its game too.
    twice = (text[:text.index(records[1])]
             + records[1].replace("[Away ", '[Away "x"]\n[Away ', 1))
    record.write_text(twice)
    code, _, err = run(capsys, "import", str(record), "--db", str(fresh))
    assert code == 2 and "game 2 of 2: header tag Away is given twice" in err
    # Imported twice, each game says which series holds it already.
    record.write_text(text)
    code, out, err = run(capsys, "import", str(record), "--db", str(db))
    assert code == 0 and [line for line in err.splitlines() if line.startswith("note: ")] == [
        f"note: series {n} already holds this same record; series {n + 3} is another copy "
        f"(companion series delete {n + 3} --db {db} removes it)" for n in (1, 2, 3)]


def test_a_simulation_s_thousands_of_games_are_not_made_series(capsys, tmp_path, monkeypatch):
    """Each game record of a file becomes a series in the home list: past
    IMPORT_GAMES_MOST the file is refused whole, `replay` named for checking them."""
    from companion.store import exchange

    monkeypatch.setattr(exchange, "IMPORT_GAMES_MOST", 2)
    record, db = tmp_path / "games.txt", tmp_path / "g.db"
    run(capsys, "simulate", "--games", "3", "--seed", "5", "--record", str(record))
    code, _, err = run(capsys, "import", str(record), "--db", str(db))
    assert code == 2 and "the file holds 3 game records: at most 2 import" in err
    assert "companion replay FILE" in err and not db.exists()


def test_joined_and_overrun_records_are_told_for_what_they_are(capsys, tmp_path):
    """Two series exports in one file were told "tag 'Series' ... did you mean
    'SeriesGame'?"; a line after a game's end "left over after the series ended"; a
    header with no action line under it, a tag "given twice"; a refused line carried the
    engine's state. Each is said as what it is."""
    db, series = tmp_path / "s.db", tmp_path / "series.txt"
    run(capsys, "simulate", "--series", "spring", "--seed", "3", "--db", str(db))
    series.write_text(run(capsys, "export", "1", "--db", str(db))[1] * 2)
    code, _, err = run(capsys, "import", str(series), "--db", str(tmp_path / "t.db"))
    assert code == 2 and "a series record begins here (its Series tag), after another " \
        "record: a series record is a file of its own" in err and "SeriesGame" not in err
    game = tmp_path / "game.txt"
    run(capsys, "simulate", "--games", "1", "--seed", "2", "--record", str(game))
    text = game.read_text()
    game.write_text(text + "roll 3 4\n")
    code, _, err = run(capsys, "import", str(game), "--db", str(tmp_path / "t.db"))
    assert code == 2 and "1 line was left over after the game ended (rule 4.8)" in err
    code, _, err = run(capsys, "replay", str(game))
    assert code == 2 and err.rstrip().endswith("'roll 3 4': rule 4.8: the game is over")
    header = text.split("\n\n")[0]
    game.write_text(header + "\n\n" + text)
    code, _, err = run(capsys, "replay", str(game))
    assert code == 2 and "is given twice" in err and "a record with no action line ends " \
        "there" in err


def test_records_go_through_a_pipe_with_a_dash(capsys, tmp_path, monkeypatch):
    """`simulate --record -` writes the records to standard output (the summary to standard
    error), and `replay -` and `import -` read them from standard input."""
    import io
    import sys

    code, out, err = run(capsys, "simulate", "--games", "2", "--seed", "4", "--record", "-",
                         "--json")
    assert code == 0 and json.loads(err)["games"] == 2
    assert len(split_records(out)) == 2 and not (Path.cwd() / "-").exists()
    for command in (("replay",), ("import", "--db", str(tmp_path / "g.db"))):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(out.encode())))
        code, said, err = run(capsys, command[0], "-", *command[1:])
        assert code == 0 and len([line for line in said.splitlines()
                                  if not line.startswith("ok: ")]) == 2, err
    # Standard input is named so in every message.
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x\n")))
    code, _, err = run(capsys, "replay", "-")
    assert code == 2 and err.startswith("companion: standard input: holds no game record")
    # A game file given for a record is named so, from a path or standard input.
    db = tmp_path / "g.db"
    code, _, err = run(capsys, "replay", str(db))
    assert code == 2 and f"{db}: is a game file (an SQLite database), not a record" in err
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(db.read_bytes())))
    code, _, err = run(capsys, "import", "-", "--db", str(tmp_path / "h.db"))
    assert code == 2 and "standard input: is a game file (an SQLite database)" in err
    # Standard input or output closed (`<&-`, `>&-`): said, not a traceback.
    monkeypatch.setattr(sys, "stdin", None)
    code, _, err = run(capsys, "replay", "-")
    assert code == 2 and "standard input is closed: no record to read" in err
    monkeypatch.setattr(sys, "stdout", None)
    code, _, err = run(capsys, "simulate", "--games", "1", "--record", "-")
    assert code == 2 and "standard output is closed: nothing was written" in err


def test_simulated_games_imported_are_the_computer_s_on_both_sides(capsys, tmp_path):
    """A simulated game is managed by the computer on both sides: its record says so
    (HomeControl, AwayControl), so the imported exhibition is listed as the computer's
    (the home screen marks a side '(computer)'), as a simulated series is."""
    from companion.store.db import Store
    from companion.store.series_store import list_series

    record = tmp_path / "games.txt"
    run(capsys, "simulate", "--games", "2", "--seed", "3", "--record", str(record))
    header = parse_record(split_records(record.read_text())[0]).header
    assert (header["HomeControl"], header["AwayControl"]) == ("computer", "computer")
    db = tmp_path / "g.db"
    assert run(capsys, "import", str(record), "--db", str(db))[0] == 0
    with Store.open(db, readonly=True) as store:
        rows = list_series(store)
    assert len(rows) == 2 and all(row.header["Team1Control"] == "computer" ==
                                  row.header["Team2Control"] for row in rows)


def test_import_refuses_a_result_for_a_game_the_series_never_reached(capsys, tmp_path):
    db = tmp_path / "s.db"
    run(capsys, "simulate", "--series", "spring", "--seed", "2", "--db", str(db))
    code, out, _ = run(capsys, "export", "1", "--db", str(db))
    record = tmp_path / "series.txt"
    record.write_text(out + '\n[SeriesGame "2"]\n[Result "9-9"]\n')
    code, _, err = run(capsys, "import", str(record), "--db", str(tmp_path / "t.db"))
    assert code == 2 and ("game 2: the record says it ended 9-9, but the series was over "
                          "before it") in err
    assert not (tmp_path / "t.db").exists()


def test_a_bad_header_and_a_bad_rule_name_their_file_and_option(capsys, tmp_path):
    (tmp_path / "bad.txt").write_text('[Home texas]\n\nroll 3 4\n')
    code, _, err = run(capsys, "replay", str(tmp_path / "bad.txt"))
    assert code == 2 and f"{tmp_path / 'bad.txt'}: line 1: header tag" in err
    code, _, err = run(capsys, "series", "new", "--scenario", "spring", "--team1", "texas",
                       "--team2", "new-york", "--rules", "bogus", "--db",
                       str(tmp_path / "r.db"))
    assert code == 2 and "--rules: unknown optional rule(s) bogus; accepted: " in err
    code, _, err = run(capsys, "series", "new", "--scenario", "spring", "--team1", "texas",
                       "--team2", "new-york", "--rules", "Zeta,alpha,Rest", "--db",
                       str(tmp_path / "r.db"))
    assert "unknown optional rule(s) Zeta, alpha; " in err      # as given, not re-sorted


@pytest.mark.parametrize("command", [["series", "new"], ["simulate", "--seed", "1"]])
def test_rest_rules_for_a_single_game_are_refused_as_the_table_does(capsys, tmp_path,
                                                                    command):
    """Rules 8.2.2, 8.2.3: rest is between a series' games; `series new` and `simulate
    --series` refuse it for Spring Training (they stored 'Spring Training (rest)') as the
    New series dialog does, and store nothing."""
    db = tmp_path / "r.db"
    scenario = ["--scenario", "spring"] if command[0] == "series" else ["--series", "spring"]
    code, _, err = run(capsys, *command, *scenario, "--team1", "texas", "--team2", "new-york",
                       "--rules", "short-rest,rest", "--db", str(db))
    assert (code, err.strip()) == (2, "companion: --rules: rest and short-rest are for a "
                                      "series (rules 8.2.2, 8.2.3: rest between its games): "
                                      "Spring Training is one game")
    assert not db.exists()


def test_rule_names_and_series_ids_are_read_as_a_player_types_them(capsys, tmp_path):
    """Optional rules and scenarios are named in any case, as teams and box words are; a
    series id that is not a number is told with the accepted range."""
    db = str(tmp_path / "r.db")
    code, out, err = run(capsys, "series", "new", "--scenario", "Divisional", "--team1",
                         "texas", "--team2", "new-york", "--rules", "Rest,SHORT-Rest", "--db",
                         db)
    assert code == 0, err
    code, out, _ = run(capsys, "series", "show", "1", "--json", "--db", db)
    assert json.loads(out)["rules"] == ["rest", "short-rest"]
    assert json.loads(out)["scenario"] == "divisional"
    for command in ("show", "delete"):
        code, _, err = run(capsys, "series", command, "abc", "--db", db)
        assert code == 2 and "series 'abc' is not a whole number; accepted range 1.." in err


def test_series_new_sets_the_computer_dice_and_cards(capsys, tmp_path):
    """What the New series dialog chooses, `series new` takes as options; the computer
    only with digital cards (it plays from a hand the companion deals), which it gets when
    none are named; otherwise the table's dice and cards, as the dialog opens on."""
    db = str(tmp_path / "t.db")
    code, _, err = run(capsys, "series", "new", "--scenario", "world", "--team1", "texas",
                       "--team2", "new-york", "--computer", "team2", "--cards", "physical",
                       "--db", db)
    assert code == 2 and "--cards, --computer: the computer manages a side only with " \
        "digital cards" in err
    assert not (tmp_path / "t.db").exists()
    code, _, err = run(capsys, "series", "new", "--scenario", "world", "--team1", "texas",
                       "--team2", "new-york", "--computer", "Team2", "--db", db)
    assert code == 0, err
    from companion.store.db import Store
    from companion.store.series_store import get_series_row
    with Store.open(tmp_path / "t.db", readonly=True) as store:
        header = get_series_row(store, 1).header
    assert (header["Team1Control"], header["Team2Control"], header["Dice"],
            header["Cards"]) == ("human", "computer", "physical", "digital")
    # Each series its own dice and deals (a seed of its own), and none is taken for an
    # interrupted simulated series.
    run(capsys, "series", "new", "--scenario", "world", "--team1", "texas", "--team2",
        "new-york", "--db", db)
    with Store.open(tmp_path / "t.db", readonly=True) as store:
        seeds = {get_series_row(store, n).header["Seed"] for n in (1, 2)}
        # SPEC 1: track mode is the default, the table's dice and cards (two players).
        second = get_series_row(store, 2).header
    assert len(seeds) == 2
    assert (second["Dice"], second["Cards"]) == ("physical", "physical")
    code, _, err = run(capsys, "simulate", "--resume", "--db", db)
    assert code == 2 and "no interrupted simulated series" in err


def test_replay_sends_a_series_record_to_import(capsys, tmp_path):
    db = tmp_path / "s.db"
    run(capsys, "simulate", "--series", "spring", "--seed", "2", "--db", str(db))
    code, out, _ = run(capsys, "export", "1", "--db", str(db))
    (tmp_path / "series.txt").write_text(out)
    code, _, err = run(capsys, "replay", str(tmp_path / "series.txt"))
    assert code == 2 and ("is a series record (it opens with a Series or Scenario tag): "
                          "`companion import FILE` reads it into the game file") in err
    # Its Scenario tag misspelt, it is still read as a series record: the slip is told.
    (tmp_path / "series.txt").write_text(out.replace("[Scenario ", "[Scenaro ", 1))
    code, _, err = run(capsys, "import", str(tmp_path / "series.txt"), "--db",
                       str(tmp_path / "t.db"))
    assert code == 2 and "header tag 'Scenaro' is not one series record reads; did you " \
        "mean 'Scenario'?" in err


def test_replay_tells_what_a_file_that_is_no_game_record_is(capsys, tmp_path):
    """replay of a JSON or CSV export, or of any text with no tags, says what it is rather
    than failing on an empty Home tag; the text a scanner reads off a box score's QR code
    (HT1:...) replays as the game record it packs."""
    from companion.high_and_tight.box import load_box
    from companion.high_and_tight.packed import pack

    db = tmp_path / "s.db"
    run(capsys, "simulate", "--series", "spring", "--seed", "2", "--db", str(db))
    for form, kind in (("json", "a JSON"), ("csv", "a CSV")):
        code, out, _ = run(capsys, "export", "1", "--format", form, "--db", str(db))
        (tmp_path / f"x.{form}").write_text(out)
        code, _, err = run(capsys, "replay", str(tmp_path / f"x.{form}"))
        assert code == 2 and f"is {kind} export, a report of the games: only a record " \
            "(export --format record, the default) replays" in err, err
    (tmp_path / "notes (1).md").write_text("# My notes\n\nNew York won.\n")
    code, _, err = run(capsys, "replay", str(tmp_path / "notes (1).md"))
    assert code == 2 and "notes (1).md: holds no game record (it opens with no tag; a " \
        "header of [Key \"value\"] tags" in err, err
    code, record, _ = run(capsys, "export", "1:1", "--db", str(db))
    (tmp_path / "scan.txt").write_text(pack(load_box(), record))
    code, out, err = run(capsys, "replay", str(tmp_path / "scan.txt"))
    assert code == 0, err
    (tmp_path / "game.txt").write_text(record)
    assert run(capsys, "replay", str(tmp_path / "game.txt"))[1] == out


def test_replay_says_plainly_why_a_file_cannot_be_read(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path / "none.txt"))
    assert code == 2 and err.strip().endswith("none.txt: no such file")
    code, _, err = run(capsys, "replay", str(tmp_path))
    assert code == 2 and err.strip().endswith(": is a folder, not a record file")
    (tmp_path / "empty.txt").write_text("\n# nothing\n")
    code, _, err = run(capsys, "replay", str(tmp_path / "empty.txt"))
    assert code == 2 and "empty.txt: holds no game record" in err
    (tmp_path / "same.txt").write_text('[Home "texas"]\n[Away "texas"]\n\nhome draws 6 offense\n')
    code, _, err = run(capsys, "replay", str(tmp_path / "same.txt"))
    # (in the words import and series new use for it)
    assert code == 2 and err.strip().endswith("line 1: header Home, Away: the two teams must "
                                              "be different team cards"), err


def test_simulate_unknown_team(capsys):
    code, _, err = run(capsys, "simulate", "--home", "boston")
    assert code == 2 and "boston" in err


@pytest.mark.parametrize("scenario", ["divisional", "spring"])
def test_series_show_keeps_the_computers_rotation_secret(capsys, tmp_path, scenario):
    """Rule 3.0: `series show` on a series one person plays against the computer tells the
    computer's rotation no more than the table does: its SPs who have not started read
    'rotation secret'; the player's own rows, and a Spring Training draw (made in the
    open), keep their real status."""
    from companion.high_and_tight.box import load_box
    from companion.store.db import Store
    from companion.tui.table import Setup, Table

    path = tmp_path / "s.db"
    with Store.open(path) as store:
        table = Table.create(store, load_box(), Setup(scenario=scenario,
                                                      team2_control="computer"))
        while table.game is None:
            waiting = table.waiting()
            if table.auto_step() is None:
                table.enter(table.suggestion(waiting) or waiting.options[0])
        starters = {team: table.game.state.side(side).starter
                    for side, team in (("home", table.team_of("home")),
                                       ("away", table.team_of("away")))}
    code, out, _ = run(capsys, "--db", str(path), "series", "show", "1", "--json")
    rest = json.loads(out)["rest"]
    assert code == 0
    secret = [row for row in rest["team2"] if row["status"] == "rotation secret"]
    if scenario == "spring":
        assert not secret
        # Rule 3.0: Spring Training draws its starter; the others were not drawn.
        assert all(row["status"] in ("starts", "not-drawn") for row in rest["team1"]
                   if row["kind"] == "SP")
        assert any(row["status"] == "not-drawn" for row in rest["team1"])
    else:
        sps = [row for row in rest["team2"] if row["kind"] == "SP"]
        assert secret == [row for row in sps if row["pitcher"].casefold() != starters["team2"]]
        assert any(row["status"] == "not-in-rotation" for row in rest["team1"])
    assert all(row["status"] != "rotation secret" for row in rest["team1"])


def test_series_show_says_where_the_game_under_way_stands(capsys, tmp_path):
    """`series show` in the middle of a game said only 'next: two dice for a Scoring Roll':
    it says the game, the half inning, the score and who is to act (rule 4.0)."""
    from companion.high_and_tight.box import load_box
    from companion.store.db import Store
    from companion.tui.table import Setup, Table

    path = tmp_path / "s.db"
    with Store.open(path) as store:
        table = Table.create(store, load_box(), Setup(
            scenario="divisional", team1_control="computer", team2_control="computer"))
        while table.game is None or table.game.state.inning < 3:
            table.auto_step()
        while table.game.state.phase != "roll":       # a Scoring Roll: the batting side's
            table.auto_step()
        state, waiting = table.game.state, table.waiting()
        home, away = (table.series.teams[table.team_of(side)] for side in ("home", "away"))
        expected = (f"  next: game 1, {state.half} {state.inning}, {away} "     # as games
                    f"{sum(state.away.runs)} at {home} {sum(state.home.runs)}: "  # are said
                    f"{table.series.teams[waiting.team]} ({waiting.side}): ")
    code, out, _ = run(capsys, "--db", str(path), "series", "show", "1")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("  next: "))
    assert line.startswith(expected), (line, expected)
    code, out, _ = run(capsys, "--db", str(path), "series", "show", "1", "--json")
    assert json.loads(out)["next"]["in_play"]["inning"] == state.inning


def test_series_show_of_a_single_game_in_play_lists_no_empty_staffs(capsys, tmp_path):
    """A game record imported alone (an exhibition, no series' rest to tell, rule 3.0) and
    cut mid-game: `series show` says where it stands without a '<team> pitchers:' heading
    over nothing for each team."""
    record = tmp_path / "game.txt"
    assert run(capsys, "simulate", "--games", "1", "--seed", "alone", "--record",
               str(record))[0] == 0
    lines = [line for line in record.read_text().splitlines()
             if not line.startswith("[Result ")]          # (it ended: not so, cut)
    record.write_text("\n".join(lines[:len(lines) // 2]) + "\n")
    db = str(tmp_path / "g.db")
    assert run(capsys, "import", str(record), "--db", db)[0] == 0
    code, out, _ = run(capsys, "series", "show", "1", "--db", db)
    assert code == 0
    assert "Exhibition game" in out and "  next: game 1, " in out
    assert "pitchers:" not in out, out


def test_bad_paths_are_refused_with_a_message_and_no_file_is_made(capsys, tmp_path):
    """Bad input changes nothing: no traceback, no game file left where none was."""
    cases = [
        (("simulate", "--record", str(tmp_path / "none" / "x.txt")),
         f"cannot write {tmp_path / 'none' / 'x.txt'}: folder {tmp_path / 'none'} does not "
         "exist"),
        (("simulate", "--record", str(tmp_path)), f"{tmp_path} is a folder: give a file name"),
        (("print", "cards", "--out", str(tmp_path)), f"{tmp_path} is a folder: give a file name"),
        (("print", "cards", "--out", str(tmp_path / "cards.txt")),
         f"{tmp_path / 'cards.txt'}: the print is a PDF file: give it a name ending in .pdf"),
        (("series", "list", "--db", str(tmp_path)),
         f"{tmp_path}: is a folder; give the game file's own path (for example games.db)"),
        (("db", "check", "--db", str(tmp_path)), f"{tmp_path}: is a folder; give the game "
                                                 "file's own path (for example games.db)"),
        (("simulate", "--resume", "--db", str(tmp_path / "a.db")),
         f"no interrupted simulated series: no game file at {tmp_path / 'a.db'}"),
        (("simulate", "--series", "world", "--team1", "boston", "--db", str(tmp_path / "b.db")),
         "--team1: unknown team 'boston'; accepted, by key, name or abbreviation: new-york "
         "(New York Highlanders, NYH);"),
        (("series", "new", "--scenario", "spring", "--team1", "texas", "--team2", "TXC",
          "--db", str(tmp_path / "c.db")),
         "--team1, --team2: the two teams must be different team cards"),
        (("series", "new", "--scenario", "spring", "--team1", "seattle", "--team2", "texas",
          "--roster1", "boston", "--db", str(tmp_path / "c.db")),
         "--roster1: 'boston' is not a roster; choose a roster: new-york"),
        (("simulate", "--home", "texas", "--away", "TXC"),
         "--home, --away: the two teams must be different team cards"),
        (("simulate", "--games", "2", "--team1", "texas"),
         "--team1: only with --series SCENARIO (a whole series); single games take --home, "
         "--away, --home-roster, --away-roster and --rules"),
        (("simulate", "--series", "spring", "--games", "5", "--home", "zzz", "--record",
          str(tmp_path / "x.txt"), "--db", str(tmp_path / "d.db")),
         "--games, --home, --record: only for single games; a series (--series, --resume) "
         "takes --team1, --team2, --roster1, --roster2 and --rules and is stored in --db"),
        # Rules 3.0, 8.1.1: an optional team card brings no players; two teams never share
        # a roster (the box has one set of its pieces).
        (("simulate", "--home", "seattle", "--record", str(tmp_path / "y.txt")),
         "--home-roster: Seattle Volcanoes (home) is an optional team card with no players "
         "of its own; choose a roster: philadelphia (Philadelphia Mustangs), california "
         "(California Titans), texas (Texas Cowboys) (rule 8.1.1)"),    # not the away's
        (("simulate", "--home", "seattle", "--home-roster", "texas", "--away", "TXC",
          "--record", str(tmp_path / "y.txt")),
         "--home-roster, --away-roster: both teams would field the roster texas (Texas "
         "Cowboys), and the box holds one set of its pieces: give one of them another roster "
         "(rules 3.0, 8.1.1)"),
        (("simulate", "--series", "world", "--team1", "seattle", "--roster1", "texas",
          "--team2", "texas", "--db", str(tmp_path / "e.db")),
         "--roster1, --roster2: both teams would field the roster texas"),
        (("series", "new", "--scenario", "spring", "--team1", "seattle", "--team2", "chicago",
          "--roster1", "new-york", "--roster2", "NEW-YORK", "--db", str(tmp_path / "f.db")),
         "--roster1, --roster2: both teams would field the roster new-york"),
        (("simulate", "--home-roster", "texas"),
         "--home-roster: give --home too: a roster goes with one team card"),
    ]
    for argv, said in cases:
        code, _, err = run(capsys, *argv)
        assert code == 2 and said in err and "Traceback" not in err, (argv, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_teams_are_named_by_key_name_or_abbreviation(capsys, tmp_path):
    code, out, err = run(capsys, "simulate", "--home", "TXC", "--away", "new york highlanders",
                         "--games", "1", "--record", str(tmp_path / "g.txt"))
    assert code == 0, err
    text = (tmp_path / "g.txt").read_text()
    assert '[Home "texas"]' in text and '[Away "new-york"]' in text


def test_resume_finishes_only_a_simulated_series_never_one_played_at_the_table(capsys,
                                                                              tmp_path):
    """`simulate --resume` is for a simulated series (the computer on both sides); a series
    the players began at the table, with its seed and its managers, is left as it is."""
    from companion.high_and_tight.box import load_box
    from companion.store.db import Store
    from companion.tui.table import Setup, Table

    path = tmp_path / "mixed.db"
    with Store.open(path) as store:
        table = Table.create(store, load_box(), Setup(scenario="spring", dice="physical",
                                                      cards="physical",
                                                      team2_control="human"))
        at_the_table = table.stored.id
    code, _, err = run(capsys, "simulate", "--resume", "--db", str(path))
    assert code == 2 and "no interrupted simulated series" in err
    code, out, err = run(capsys, "simulate", "--series", "spring", "--seed", "4", "--db",
                         str(path))
    assert code == 0, err
    with Store.open(path, readonly=True) as store:
        from companion.store.series_store import get_series_row
        assert get_series_row(store, at_the_table).status == "playing"
        simulated = get_series_row(store, at_the_table + 1).header
    assert simulated["Team1Control"] == simulated["Team2Control"] == "computer"


def test_ctrl_c_stops_with_a_line_not_a_traceback(capsys, monkeypatch):
    import companion.cli as cli

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "cmd_odds", interrupted)
    code, _, err = run(capsys, "odds", "--rolls", "3", "--box", "IV")
    assert code == 130 and err == "companion: interrupted\n"      # (it stores nothing)
    # what each command left, said as it is
    for name, argv, said in (
            ("cmd_import", ("import", "x.txt"), "; nothing was imported (a file imports "
                                                "whole or not at all)"),
            ("cmd_series", ("series", "list"), "; what was stored stays stored"),
            ("cmd_replay", ("replay", "x.txt"), "")):
        monkeypatch.setattr(cli, name, interrupted)
        code, _, err = run(capsys, *argv)
        assert code == 130 and err == f"companion: interrupted{said}\n"
    # a simulated series stopped midway is told how it goes on
    monkeypatch.setattr(cli, "cmd_simulate", interrupted)
    for args in (("--series", "World", "--seed", "3"), ("--resume",)):
        code, _, err = run(capsys, "simulate", *args)
        assert code == 130 and err == ("companion: interrupted; what was stored stays stored; "
                                       "`companion simulate --resume` finishes the series\n")


def test_a_terminal_not_set_to_utf8_is_told_before_a_screen_opens(capsys, monkeypatch,
                                                                   tmp_path):
    """The screens draw dice faces, borders and bars in UTF-8: in a Latin-1 terminal every
    one came out as an escape and the rows ran past the screen. Refused with the fix,
    before any game file is made."""
    import io
    import sys

    latin = io.TextIOWrapper(io.BytesIO(), encoding="iso8859-1")
    monkeypatch.setattr(sys, "__stdout__", latin)
    for command in ("play", "follow"):
        code, _, err = run(capsys, command, "--db", str(tmp_path / "never.db"))
        assert code == 2 and "the terminal's encoding is iso8859-1" in err
        assert "LANG=C.UTF-8" in err
    assert not (tmp_path / "never.db").exists()


@pytest.mark.no_terminal
def test_the_screens_refuse_to_open_without_a_terminal(capsys, monkeypatch, tmp_path):
    """The table draws on standard error and reads its keys from standard input: `play`
    with them a pipe drew its screen into the pipe and ran on unseen at full speed,
    holding the game file until killed. Refused before a screen opens or a file is made,
    saying what reads a series as text."""
    import io
    import sys

    import companion.tui.app as tui

    monkeypatch.setattr(tui, "make_app", lambda *a, **k: pytest.fail("a screen opened"))

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for stdin, stdout, stderr, name in (
            (io.StringIO(), Terminal(), Terminal(), "standard input"),
            # (a terminal's size is read from standard output: piped, it drew at 80x24)
            (Terminal(), io.StringIO(), Terminal(), "standard output"),
            (Terminal(), Terminal(), io.StringIO(), "standard error")):
        monkeypatch.setattr(sys, "__stdin__", stdin)
        monkeypatch.setattr(sys, "__stdout__", stdout)
        monkeypatch.setattr(sys, "__stderr__", stderr)
        for command in ("play", "follow"):
            code, _, err = run(capsys, command, "--db", str(tmp_path / "never.db"))
            assert code == 2 and (f"the screens need a terminal, and {name} is not one (a "
                                  "pipe or a file)") in err, err
            assert "`companion series show` and `companion export`" in err
        # `companion` alone, piped or scripted: what it can do (the table opens at one)
        code, out, err = run(capsys, "--db", str(tmp_path / "never.db"))
        assert code == 0 and out.startswith("usage: companion") and not err
        assert "companion play [--series ID]" in out
    assert not (tmp_path / "never.db").exists()


def test_counts_agree_with_their_unit():
    from companion.print_cli import counted

    assert (counted(1, "pages"), counted(3, "pages"), counted(1, "games")) == \
        ("1 page", "3 pages", "1 game")


def test_a_seed_is_written_so_its_record_reads_back(capsys, tmp_path):
    """A seed goes into the records' headers: a quote in it is escaped in a series export
    too (it round-trips through import and export), and a seed a header line cannot hold
    (a line break, a byte that is not UTF-8) is refused before anything is stored."""
    db = tmp_path / "s.db"
    code, _, _ = run(capsys, "simulate", "--series", "spring", "--seed", 'x"y\\', "--db",
                     str(db))
    assert code == 0
    code, out, _ = run(capsys, "export", "1", "--db", str(db))
    assert '[Seed "x\\"y\\\\"]' in out.splitlines()
    (tmp_path / "series.txt").write_text(out)
    code, _, err = run(capsys, "import", str(tmp_path / "series.txt"), "--db",
                       str(tmp_path / "t.db"))
    assert code == 0, err
    code, again, _ = run(capsys, "export", "1", "--db", str(tmp_path / "t.db"))
    assert again == out
    for seed in ("a\nb", "\udcff"):
        code, _, err = run(capsys, "simulate", "--series", "spring", "--seed", seed, "--db",
                           str(tmp_path / "n.db"))
        assert code == 2 and "is not a seed: one line of printable text" in err
        assert not (tmp_path / "n.db").exists()
    # a seed too long is said by its length, not written back whole
    code, _, err = run(capsys, "simulate", "--seed", "x" * 5000)
    assert code == 2 and "a seed of 5000 characters: one line of printable text, at most " \
        "200 characters" in err and len(err) < 1000
    # an empty seed read as one ('[Seed ""]'), told alone: no usage block above the line
    code, _, err = run(capsys, "simulate", "--series", "spring", "--seed", "", "--db",
                       str(tmp_path / "n.db"))
    assert code == 2 and err == ("companion simulate: error: argument --seed: an empty seed: "
                                 "give at least one character, or leave --seed out\n")
    assert not (tmp_path / "n.db").exists()
    # a record made with one still imports (an earlier version wrote [Seed ""])
    (tmp_path / "empty.txt").write_text(out.replace('[Seed "x\\"y\\\\"]', '[Seed ""]'))
    assert '[Seed ""]' in (tmp_path / "empty.txt").read_text()
    code, _, err = run(capsys, "import", str(tmp_path / "empty.txt"), "--db",
                       str(tmp_path / "e.db"))
    assert code == 0, err
    # a value left out keeps the usage above the line: it shows what goes there
    code, _, err = run(capsys, "simulate", "--games")
    assert code == 2 and err.startswith("usage: companion simulate ")


def test_optional_rules_are_stored_each_once_in_one_order(capsys, tmp_path):
    """Rule 8.0: the optional rules are a set; typed twice or in capitals, the series'
    header holds each once, as the table writes them."""
    db = tmp_path / "s.db"
    code, _, err = run(capsys, "series", "new", "--scenario", "divisional", "--team1",
                       "texas", "--team2", "new-york", "--rules", "short-rest,rest,REST, rest",
                       "--db", str(db))
    assert code == 0, err
    code, out, _ = run(capsys, "export", "1", "--reveal", "--db", str(db))
    assert '[Rules "rest,short-rest"]' in out.splitlines()


@pytest.mark.parametrize("args", [("data", "check", ""), ("simulate", "--record", " "),
                                  ("replay", ""), ("db", "salvage", "--out", ""),
                                  ("--db", "", "series", "list"),
                                  ("print", "cards", "--out", "")])
def test_an_empty_path_is_refused_not_read_as_the_folder_the_command_runs_in(capsys, args):
    """`data check ""` checked '.', `--record ""` said '. is a folder': an empty path is
    refused by the option that holds it."""
    code, _, err = run(capsys, *args)
    assert code == 2 and "an empty path: give a name" in err


@pytest.mark.parametrize("old, new, said", [
    ('[Game "High & Tight"]', '[Game "Chess"]',
     "line 1: header Game: 'Chess' is not 'High & Tight'"),
    ('[Cards "digital"]', '[Rule "ballparks"]',
     "line 5: header tag 'Rule' is not one game record reads; did you mean 'Rules'?"),
    ('[Result "', '[Result "banana"]\n[Old "',
     "line 9: header Result: 'banana' is not the final as away runs-home runs, like 4-3"),
    ('[Home "', '[Home "texas"]\n[Home "', "line 4: header tag Home is given twice (first at "
     "line 3)"),
    # The rules' own header errors, at their tag's line too (they named no line, a bad
    # starter not even its tag).
    ('[Home "new-york"]', '[Home "atlantis"]', "line 3: header Home: unknown team "
     "'atlantis'"),
    ('[Cards "digital"]', '[Cards "digital"]\n[HomeStarter "Nobody"]',
     "line 6: header HomeStarter: rule 3.0: 'Nobody' is not a pitcher of the New York "
     "Highlanders roster"),
])
def test_a_record_header_is_read_whole_or_refused_at_its_line(capsys, tmp_path, old, new,
                                                              said):
    """Record format: each tag once, every tag one the companion reads (a misspelt Rules
    would replay the game without its optional rules), Game, Result as they must be."""
    code, out, _ = run(capsys, "simulate", "--games", "1", "--seed", "tags", "--record",
                       str(tmp_path / "g.txt"))
    text = (tmp_path / "g.txt").read_text()
    assert old in text
    (tmp_path / "bad.txt").write_text(text.replace(old, new, 1))
    code, _, err = run(capsys, "replay", str(tmp_path / "bad.txt"))
    assert code == 2 and f"bad.txt: {said}" in err, err
    code, _, err = run(capsys, "import", str(tmp_path / "bad.txt"), "--db",
                       str(tmp_path / "t.db"))
    # (import tells it in the same words)
    assert code == 2 and f"bad.txt: {said}" in err, err
    assert not (tmp_path / "t.db").exists()


def test_a_series_record_names_a_bad_series_game_tag(capsys, tmp_path):
    db = tmp_path / "s.db"
    run(capsys, "simulate", "--series", "spring", "--seed", "2", "--db", str(db))
    code, out, _ = run(capsys, "export", "1", "--db", str(db))
    assert '[SeriesGame "1"]' in out
    # Rule 3.0: a World Series, the longest, has 7 games (an 8th or a 20-digit one was
    # taken, and exported as it was).
    for bad in ("-4", "8", "99999999999999999999999"):
        (tmp_path / "s.txt").write_text(out.replace('[SeriesGame "1"]',
                                                    f'[SeriesGame "{bad}"]'))
        code, _, err = run(capsys, "import", str(tmp_path / "s.txt"), "--db",
                           str(tmp_path / "t.db"))
        assert code == 2 and (f"header SeriesGame: '{bad}' is not a game number of a series, "
                              "1 to 7 (rule 3.0)") in err, err
    game = run(capsys, "export", "1:1", "--db", str(db))[1]
    assert '[SeriesGame "1"]' in game
    (tmp_path / "g.txt").write_text(game.replace('[SeriesGame "1"]', '[SeriesGame "8"]'))
    code, _, err = run(capsys, "replay", str(tmp_path / "g.txt"))
    assert code == 2 and "header SeriesGame: '8' is not a game number of a series" in err
    (tmp_path / "s.txt").write_text(out.replace('[Scenario "spring"]',
                                                '[Scenario "spring"]\n[Team3 "texas"]'))
    code, _, err = run(capsys, "import", str(tmp_path / "s.txt"), "--db",
                       str(tmp_path / "t.db"))
    assert code == 2 and "header tag 'Team3' is not one series record reads" in err
    assert not (tmp_path / "t.db").exists()


def test_play_and_follow_refuse_a_series_or_file_that_is_not_there(capsys, tmp_path):
    """SPEC 8: `play --series N` and `follow` on a series the file does not hold, or on a
    file that is not there (or not a game file), exit 2 before a screen opens, and a
    missing file is not created for it."""
    db = tmp_path / "s.db"
    run(capsys, "simulate", "--series", "spring", "--seed", "2", "--db", str(db))
    for command in ("play", "follow"):
        code, _, err = run(capsys, command, "--series", "99", "--db", str(db))
        assert code == 2 and f"{db}: no series 99; the file holds series 1" in err
        code, _, err = run(capsys, command, "--series", "0", "--db", str(db))
        assert code == 2 and "series 0 is outside the accepted range 1.." in err
    # (follow on a file not there yet waits for the table to make it: not refused)
    code, _, err = run(capsys, "play", "--series", "1", "--db", str(tmp_path / "no.db"))
    assert code == 2 and "no.db: no such game file (so no series 1 in it)" in err
    assert not (tmp_path / "no.db").exists()
    (tmp_path / "junk.db").write_text("not a game file")
    for command in ("follow", "play", "series"):
        code, _, err = run(capsys, *command.split(), *(["list"] if command == "series" else []),
                           "--db", str(tmp_path / "junk.db"))
        # a text is no damaged game file: no salvage is offered for it
        assert code == 2 and "not a game file of the companion (not an SQLite database" in err
        assert "salvage" not in err
    assert (tmp_path / "junk.db").read_text() == "not a game file"


def test_play_refuses_a_box_folder_that_does_not_load_before_making_the_file(capsys,
                                                                           tmp_path,
                                                                           box_copy):
    """SPEC 8: `play --data DIR` with a folder that is not there, or a box with a problem,
    exits 2 with what `data check` says, before a screen opens or a game file is made."""
    db = tmp_path / "new.db"
    code, _, err = run(capsys, "--data", str(tmp_path / "nowhere"), "play", "--db", str(db))
    assert code == 2 and err.splitlines()[0].endswith("nowhere: no such folder")
    # (the series stored play on their own box: the way to them is said)
    assert err.splitlines()[-1] == ("companion: the box was not read (1 problem); "
                                    "'companion data check DIR' checks a box folder (the "
                                    "series already stored play on their own copy of their "
                                    "box: `companion play` without --data goes on with them)")
    (box_copy / "cards.toml").write_text("[[card]\n")
    code, _, err = run(capsys, "play", "--data", str(box_copy), "--db", str(db))
    assert code == 2 and "cards.toml" in err
    assert not db.exists()
    code, _, err = run(capsys, "data", "check", str(box_copy))      # no play: not said
    assert code == 2 and "series already stored" not in err


def test_data_check_takes_the_folder_as_data_too(capsys, box_copy, tmp_path):
    """`data check --data DIR` checks that folder, as `data check DIR` does; two different
    folders are refused."""
    (box_copy / "cards.toml").write_text("[[card]\n")
    code, _, err = run(capsys, "data", "check", "--data", str(box_copy))
    assert code == 2 and "cards.toml" in err
    code, _, err = run(capsys, "data", "check", str(tmp_path), "--data", str(box_copy))
    assert code == 2 and "two folders given" in err
    code, _, err = run(capsys, "data", "check", str(box_copy / ".." / box_copy.name),
                       "--data", str(box_copy))
    assert "two folders given" not in err           # one folder, spelt two ways


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system, from /proc; 4 s of the clock where
    there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        import time
        time.sleep(4)
        return float("inf")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_ctrl_c_in_a_recorded_simulation_keeps_the_games_finished(tmp_path):
    """Ctrl-C during `simulate --record`: the games finished so far are written (each a
    whole record that replays), and the command says so (it said 'what was stored stays
    stored' and wrote nothing)."""
    import signal
    import time

    from .store.util import popen_companion, run_companion

    record = tmp_path / "games.txt"
    process = popen_companion("simulate", "--games", "100000", "--seed", "stop", "--record",
                              str(record))
    # Once it has worked a while: a fixed 4 s was too short on a loaded machine (the
    # interrupt landed before the command had begun its games). Its CPU time tells.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and cpu_seconds(process.pid) < 2.0:
        time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "interrupted; the " in err and f"game(s) finished are in {record}" in err
    count = int(err.split("the ")[1].split(" game")[0])
    assert count >= 1 and len(split_records(record.read_text())) == count
    replayed = run_companion("replay", str(record))
    assert replayed.returncode == 0 and replayed.stdout.count("\ngame ") + 1 == count


def test_small_command_line_slips_are_read_or_said_plainly(capsys, tmp_path):
    """'A4' as the paper is named; a number given twice to --also scores once; 'export 2:'
    (no game number) and a game of a series that has none yet are said plainly; the help
    lists db unlock."""
    code, out, _ = run(capsys, "print", "scoresheet", "--paper", "A4", "--out",
                       str(tmp_path / "s.pdf"))
    assert code == 0 and (tmp_path / "s.pdf").exists()
    code, out, _ = run(capsys, "odds", "--rolls", "2", "--box", "IV", "--also", "7",
                       "--also", "7", "--json")
    assert json.loads(out)["scoring_numbers"] == [4, 7]
    db = tmp_path / "e.db"
    run(capsys, "series", "new", "--scenario", "spring", "--team1", "texas", "--team2",
        "new-york", "--db", str(db))
    code, _, err = run(capsys, "export", "2:", "--db", str(db))
    assert code == 2 and "'2:' is not SERIES or SERIES:GAME" in err
    code, _, err = run(capsys, "export", "1:1", "--db", str(db))
    assert code == 2 and "series 1 has no game 1: no game of it has begun yet" in err
    code, out, _ = run(capsys, "--help")
    assert "companion db unlock" in out


def test_a_record_file_with_marks_or_a_foreign_encoding(capsys, tmp_path):
    """Two records saved with byte-order marks and joined into one file read as two; a
    file in another encoding is named by the line of its first unreadable byte."""
    run(capsys, "simulate", "--games", "1", "--seed", "bom", "--record", str(tmp_path / "g.txt"))
    text = (tmp_path / "g.txt").read_text()
    (tmp_path / "two.txt").write_bytes(("\ufeff" + text + "\ufeff" + text).encode("utf-8"))
    code, out, err = run(capsys, "replay", str(tmp_path / "two.txt"))
    assert code == 0 and out.startswith("game 1: ") and out.count("\ngame ") == 1, err
    lines = text.splitlines()
    lines[3] = lines[3].replace('"', '"\u00e9', 1)
    (tmp_path / "latin.txt").write_bytes(("\n".join(lines) + "\n").encode("latin-1"))
    code, _, err = run(capsys, "replay", str(tmp_path / "latin.txt"))
    assert code == 2 and "latin.txt: line 4: is not UTF-8 text (the byte 0xE9, byte " in err


def test_an_imported_game_exports_as_its_record_and_imports_again(capsys, tmp_path):
    """One game's record is imported as an exhibition; exporting that series gives the
    game's record back (a series header with no lines ran into the game's header, and
    import refused the file it had written)."""
    run(capsys, "simulate", "--games", "1", "--seed", "ex", "--record", str(tmp_path / "g.txt"))
    code, _, err = run(capsys, "import", str(tmp_path / "g.txt"), "--db", str(tmp_path / "a.db"))
    assert code == 0, err
    code, out, _ = run(capsys, "export", "1", "--db", str(tmp_path / "a.db"))
    assert out == (tmp_path / "g.txt").read_text()
    (tmp_path / "again.txt").write_text(out)
    code, _, err = run(capsys, "import", str(tmp_path / "again.txt"), "--db",
                       str(tmp_path / "b.db"))
    assert code == 0, err


def test_importing_the_same_record_again_says_which_series_holds_it(capsys, tmp_path):
    """A record imported twice is a second copy (a player may play it on differently),
    said so with the series that already holds it (and how to remove the copy from this
    file); a record that stops earlier is another record."""
    db = str(tmp_path / "a.db")
    run(capsys, "simulate", "--games", "1", "--seed", "ex", "--record", str(tmp_path / "g.txt"))
    code, out, err = run(capsys, "import", str(tmp_path / "g.txt"), "--db", db)
    assert code == 0 and out.startswith("imported as series 1 (") and "note" not in err
    code, out, err = run(capsys, "import", str(tmp_path / "g.txt"), "--db", db)
    assert code == 0 and out.startswith("imported as series 2 (")
    assert ("note: series 1 already holds this same record; series 2 is another copy "
            f"(companion series delete 2 --db {db} removes it)") in err
    lines = (tmp_path / "g.txt").read_text().splitlines()
    (tmp_path / "part.txt").write_text("\n".join(
        line for line in lines[:-5] if not line.startswith("[Result")) + "\n")
    code, out, err = run(capsys, "import", str(tmp_path / "part.txt"), "--db", db)
    assert code == 0 and "note" not in err
    # A record cut short reads as a game in play: where it stands, with how to go on with it.
    assert re.fullmatch(r"imported as series 3 \((top|bottom) \d+, (tied|[a-z-]+) \d+-\d+; "
                        + re.escape(f"`companion play --series 3 --db {db}` goes on with it)\n"),
                        out), out
    code, out, err = run(capsys, "import", str(tmp_path / "g.txt"), "--db", db)
    assert "note: series 1, 2 already hold this same record; series 4 is" in err


def test_importing_a_game_of_a_stored_series_says_which_game_it_is(capsys, tmp_path):
    """A game exported from a series (ID:N) and imported back is a copy of that game: the
    import says which series and game hold it, as it does for a whole record."""
    db = str(tmp_path / "a.db")
    run(capsys, "simulate", "--series", "divisional", "--seed", "3", "--db", db)
    code, out, _ = run(capsys, "export", "1:2", "--db", db)
    (tmp_path / "g2.txt").write_text(out)
    code, out, err = run(capsys, "import", str(tmp_path / "g2.txt"), "--db", db)
    assert code == 0 and out.startswith("imported as series 2 (")
    assert ("note: game 2 of series 1 is this same game; series 2 is another copy "
            f"(companion series delete 2 --db {db} removes it)") in err
    code, out, err = run(capsys, "import", str(tmp_path / "g2.txt"), "--db", db)
    assert ("note: series 2 already holds this same record; game 2 of series 1 is this same "
            "game; series 3 is another copy") in err
    code, out, _ = run(capsys, "export", "1:1", "--db", db)
    (tmp_path / "g1.txt").write_text(out)
    code, out, err = run(capsys, "import", str(tmp_path / "g1.txt"), "--db", db)
    assert "game 1 of series 1 is this same game" in err and "game 2" not in err


@pytest.mark.parametrize("target, said", [
    ("99999999999999999999999", "series 99999999999999999999999 is outside the accepted "
     "range 1..1000000000"),
    ("0", "series 0 is outside the accepted range 1..1000000000"),
    ("1:99999999999999999999", "game 99999999999999999999 is outside the accepted range "
     "1..7 (a series has at most 7 games)"),
])
def test_export_and_boxscore_give_the_range_of_a_series_or_game_number(capsys, tmp_path,
                                                                        target, said):
    """A number past SQLite's integers ended `export` and `print boxscore` with a
    traceback (OverflowError); every command taking a series names the same range."""
    db = str(tmp_path / "g.db")
    code, _, err = run(capsys, "series", "new", "--scenario", "spring", "--team1", "new-york",
                       "--team2", "texas", "--db", db)
    assert code == 0, err
    for args in (("export", target), ("print", "boxscore", target, "--out",
                                      str(tmp_path / "b.pdf"))):
        code, out, err = run(capsys, *args, "--db", db)
        assert (code, out, err.strip()) == (2, "", f"companion: {said}")


def test_a_series_game_exported_alone_replays_with_its_number_in_the_series(capsys,
                                                                           tmp_path):
    """`export 1:2` writes game 2 of a series; `replay` said 'game 1:' of it (the first
    of the file), as if it were the series' first: it says both."""
    db = str(tmp_path / "g.db")
    code, _, err = run(capsys, "simulate", "--series", "divisional", "--seed", "4",
                       "--db", db)
    assert code == 0, err
    code, out, err = run(capsys, "export", "1:2", "--db", db)
    assert code == 0 and '[SeriesGame "2"]' in out.splitlines(), err
    record = tmp_path / "game-2.txt"
    record.write_text(out)
    code, out, err = run(capsys, "replay", str(record))
    assert code == 0, err
    assert out.startswith("game 1 (series game 2): ")
    code, out, err = run(capsys, "replay", str(record), "--json")
    assert code == 0 and [game["series_game"] for game in json.loads(out)] == [2]


@pytest.mark.parametrize("answer, deleted", [("y", True), ("", False), (EOFError, False),
                                             (KeyboardInterrupt, False), ("no", False)])
def test_series_delete_asks_at_a_terminal_and_keeps_the_series_on_anything_but_yes(
        capsys, monkeypatch, tmp_path, answer, deleted):
    """At a terminal `series delete` asks first; Enter, Ctrl-D, Ctrl-C or a no keep the
    series (no traceback), y deletes it. The file is only read while the question waits."""
    from companion.store.db import Store
    from companion.store.series_store import list_series

    db = tmp_path / "games.db"
    code, _, _ = run(capsys, "series", "new", "--scenario", "spring", "--team1", "new-york",
                     "--team2", "texas", "--db", str(db))
    assert code == 0
    asked = []

    def reply(prompt):
        with Store.open(db, readonly=True) as store:      # nobody holds the file meanwhile
            asked.append((prompt, list(store.db.query("SELECT * FROM lock"))))
        if isinstance(answer, type):
            raise answer
        return answer

    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", reply)
    code, out, err = run(capsys, "series", "delete", "1", "--db", str(db))
    assert code == 0, err
    assert asked[0][0].startswith("Delete series 1: Spring Training, New York Highlanders v "
                                  "Texas Cowboys (not begun), with its whole record?")
    # the copy it offers is read from this game file, not the default one (plain: the
    # table's own dice and cards between two players keep no secret of the companion's)
    assert f"(`companion export 1 --db {db}` keeps a copy first) [y/N] " in asked[0][0]
    assert asked[0][1] == []
    assert out.strip().endswith("deleted series 1: Spring Training, New York Highlanders v "
                                "Texas Cowboys (not begun)" if deleted else
                                "kept: nothing was deleted")
    with Store.open(db, readonly=True) as store:
        assert [row.id for row in list_series(store)] == ([] if deleted else [1])


def test_series_delete_offers_a_plain_export_for_a_finished_series(capsys, monkeypatch,
                                                                   tmp_path):
    """A finished series keeps no secret, so the copy offered before deleting it is a plain
    export (`--reveal` is for a series in play)."""
    db = tmp_path / "games.db"
    assert run(capsys, "simulate", "--series", "spring", "--db", str(db))[0] == 0
    asked = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or "n")
    code, out, _ = run(capsys, "series", "delete", "1", "--db", str(db))
    assert code == 0 and "kept" in out
    assert f"(`companion export 1 --db {db}` keeps a copy first) [y/N] " in asked[0]


def test_series_delete_offers_reveal_only_when_the_export_would_need_it(capsys, monkeypatch,
                                                                      tmp_path):
    """The copy offered before a delete carries `--reveal` only when a plain export would be
    refused: a series in play with the table's own dice and cards between two players at
    the table holds no secret of the companion's (it offered `--reveal` for any series in
    play), while one against the computer, whose cards the companion deals, does (its
    seed)."""
    db = tmp_path / "games.db"
    for cards, computer in (("physical", []), ("digital", ["--computer", "team2"])):
        code, _, err = run(capsys, "series", "new", "--scenario", "spring", "--team1",
                           "new-york", "--team2", "texas", "--dice", "physical", "--cards",
                           cards, *computer, "--db", str(db))
        assert code == 0, err
    asked = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or "n")
    for series in ("1", "2"):
        assert run(capsys, "series", "delete", series, "--db", str(db))[0] == 0
    assert f"(`companion export 1 --db {db}` keeps a copy first)" in asked[0]
    assert f"(`companion export 2 --reveal --db {db}` keeps a copy first)" in asked[1]
    # and what each offers is what export itself does
    assert run(capsys, "export", "1", "--db", str(db))[0] == 0
    assert run(capsys, "export", "2", "--db", str(db))[0] == 2
    # Switched to the companion's dice at the table since: its seed is a secret now, as
    # export reads it (the prompt offered a plain export that export refused).
    from companion.store.db import Store
    from companion.store.series_store import DICE_NOTE, StoredSeries

    with Store.open(db) as store:
        StoredSeries.load(store, 1).keep_note(DICE_NOTE, "digital")
    assert run(capsys, "series", "delete", "1", "--db", str(db))[0] == 0
    assert f"(`companion export 1 --reveal --db {db}` keeps a copy first)" in asked[2]
    assert run(capsys, "export", "1", "--db", str(db))[0] == 2


def test_a_suggested_command_quotes_a_game_file_path_as_a_shell_needs(capsys, monkeypatch,
                                                                      tmp_path):
    """A command the companion suggests names the game file so that it can be pasted: a
    folder with a space ('my games') is quoted (it read `--db .../my games/games.db`)."""
    import shlex

    folder = tmp_path / "my games"
    folder.mkdir()
    db = folder / "games.db"
    assert run(capsys, "simulate", "--series", "spring", "--db", str(db))[0] == 0
    asked = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or "n")
    assert run(capsys, "series", "delete", "1", "--db", str(db))[0] == 0
    suggested = asked[0].split("`")[1]
    assert suggested == f"companion export 1 --db {shlex.quote(str(db))}"
    assert shlex.split(suggested)[-1] == str(db)


def test_data_check_warns_of_a_card_that_moves_against_its_side_or_moves_nothing(capsys,
                                                                                 box_copy):
    """Rule 5.1: offense cards push the markers up for the batter, defense cards down. A move
    the other way, a move of 0 or of a rating less more than it ever is are most likely
    slips: the box loads (exit 0) and each is warned of with its card, field and entry."""
    cards = box_copy / "cards.toml"
    text = cards.read_text()
    text = text.replace('effects = [ { marker = "number", up = 2 } ]',
                        'effects = [ { marker = "number", down = 2 } ]', 1)        # Wheelhouse
    text = text.replace('up = "batter.power" }', 'up = "batter.power", less = 5 }', 1)
    cards.write_text(text)
    code, out, err = run(capsys, "data", "check", str(box_copy))
    assert code == 0 and out.startswith("ok: ")
    warnings = err.splitlines()
    assert any("'Wheelhouse'" in w and "field 'effects', entry 1: an offense card moving "
               "the number marker down: offense cards move markers up (rule 5.1)" in w
               for w in warnings), warnings
    assert any("'Good Wood'" in w and "batter.power less 5 is never more than 0 "
               "(batter.power is at most 5), so it moves nothing" in w for w in warnings), \
        warnings
    assert all(w.startswith(f"warning: {box_copy}/cards.toml, card ") for w in warnings)


@pytest.mark.parametrize("filename, old, new, said", [
    # A misspelt marker in a bonus: the misspelling alone, not also "marker is missing" and
    # "a bonus moves the Scoring Rolls marker only" (rule 5.1.1 b) of the marker assumed.
    ("cards.toml", 'bonus = [ { marker = "rolls", up = 1,', 'bonus = [ { maker = "rolls", up = 1,',
     "field 'bonus' (line 24), entry 1: unknown field of an effect: 'maker'; did you mean "
     "'marker'?"),
    ("cards.toml", 'bonus = [ { marker = "rolls", up = 1,', 'bonus = [ { marker = "rols", up = 1,',
     "field 'bonus' (line 24), entry 1, field 'marker': 'rols' is not one of number, rolls; "
     "did you mean 'rolls'?"),
    # A side not known: no warning that an "offense" card (the side assumed) moves down.
    ("cards.toml", 'name = "Keep It in the Yard"\nside = "defense"',
     'name = "Keep It in the Yard"\nside = "defence"',
     "field 'side' (line 203): 'defence' is not one of offense, defense; did you mean "
     "'defense'?"),
    # A misspelt key of a team: not also "field 'abbrev': is missing".
    ("teams.toml", 'abbrev = "NYH"', 'abrev = "NYH"',
     "unknown field 'abrev' (line 9); did you mean 'abbrev'?"),
    ("teams.toml", 'abbrev = "NYH"\n', '',
     "field 'abbrev': is missing (accepted: 1..6 letters or digits, like \"NYH\")"),
    # A comma before an inline table's }: the fix, not "each line is key = value".
    ("cards.toml", '"batter.power", at_least = 2 }', '"batter.power", at_least = 2, }',
     "a comma after the last value of an inline table { ... }: TOML allows none before its }"),
    # A } too many: not a comma or a ] missing, as the parser's words would have it.
    ("cards.toml", 'at_most = 1 } } ]', 'at_most = 1 } } } ]',
     "Unclosed array (at line 24, column 91); the line reads 'bonus = [ { marker = "
     "\"rolls\", up = 1, when = { rating = \"pit...': a } too many: each { is closed by "
     "one }"),
    # A number as a word: digits, not the quotes a text takes.
    ("cards.toml", 'copies = 2', 'copies = two',
     "a number is written in digits (copies = 3)"),
    # A rating of another piece, or named without whose it is.
    ("cards.toml", 'requires = { rating = "batter.power"', 'requires = { rating = "batter.k"',
     "did you mean 'pitcher.k'?"),
    ("cards.toml", 'requires = { rating = "batter.power"', 'requires = { rating = "speed"',
     "'speed' is not a rating such as 'batter.power'; a rating is named with whose it is: "
     "'batter.speed' or 'fielder.speed'"),
    ("cards.toml", 'copies = 2', 'copies = "2"',
     "field 'copies' (line 13): '2': a number in quotes is read as text: write it without "
     "them (accepted: 1..50)"),
    # A ballpark effect's misspelt key: not also "give exactly one of 'up' or 'down'" or
    # "needs a marker move" (rule 8.1).
    ("teams.toml", 'marker = "number", up = 1, when = { bats = "L" }',
     'marker = "number", upp = 1, when = { bats = "L" }', "unknown field 'upp'; did you "
     "mean 'up'?"),
    ("teams.toml", 'marker = "number", up = 1, when = { bats = "L" }',
     'markr = "number", up = 1, when = { bats = "L" }', "unknown field 'markr'; did you "
     "mean 'marker'?"),
    # A card's misspelt name or effects: not also "name is missing" or "does nothing".
    ('cards.toml', 'name = "Good Wood"', 'nme = "Good Wood"',
     "unknown field 'nme' (line 10); did you mean 'name'?"),
    ('cards.toml', 'effects = [ { marker = "number", up = 2 } ]',
     'efects = [ { marker = "number", up = 2 } ]',
     "unknown field 'efects' (line 42); did you mean 'effects'?"),
    # Rule 5.3: a strategy a short, and how many were given.
    ("box.toml", '"speed", "obp", "clutch"]', '"speed", "obp"]',
     "lists 8, not nine: give a list of nine, one an inning"),
    # A card's name left out: what to write, not "accepted: text".
    ('cards.toml', 'name = "Good Wood"\n', '',
     "field 'name': is missing: write it as text in double quotes"),
    # A move written as a negative amount: the other direction named.
    ('cards.toml', 'effects = [ { marker = "number", up = 2 } ]',
     'effects = [ { marker = "number", up = -2 } ]',
     "field 'up': -2 is outside 0..20; a move the other way is written down = 2"),
    # Rule 8.1: a ballpark's name is the title of the card's back (it printed none).
    ("teams.toml", 'name = "Highlander Field"\n', '',
     "ballpark, field 'name': the ballpark's name is missing: give it in quotes, as the "
     "card's back prints it (rule 8.1)"),
    # A comma missing inside an inline table: the fix, not the parser's words alone.
    ("cards.toml", 'bonus = [ { marker = "rolls", up = 1,', 'bonus = [ { marker = "rolls" '
     'up = 1,', "Unclosed inline table (at line 24, column 30); the line reads 'bonus = [ "
     "{ marker = \"rolls\" up = 1, when = { rating = \"pitc...': an inline table { ... } "
     "is not closed: a comma is missing between two of its values"),
    # Curly quotes round a text holding a comma: named as such.
    ("ballplayers.csv", "new-york,Delacorte,C,R,4,5,1,2,0,2,", "new-york,Delacorte,C,R,4,5,1,"
     "2,0,2,\u201cPull, power\u201d",
     "has 12 fields, expected 11 (team,name,position,bats,offense,defense,power,obp,speed,"
     "clutch,info); a text holding a comma goes in straight double quotes (\"); these are "
     "curly ones"),
])
def test_data_check_tells_a_slip_once(capsys, box_copy, filename, old, new, said):
    """SPEC 8: one slip is one line naming it and its fix; what it left out or made the
    companion assume (a marker, a side, a key) is not told again as problems of their own."""
    path = box_copy / filename
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    code, out, err = run(capsys, "data", "check", str(box_copy))
    line, summary = err.splitlines()
    assert code == 2 and said in line, line
    assert summary == f"1 problem in {box_copy}"


def test_data_check_an_empty_teams_file_is_one_problem(capsys, box_copy):
    """A teams.toml holding no team is said so once (not a line for every roster the
    pieces name, each with an empty list of the known ones)."""
    (box_copy / "teams.toml").write_text("# my teams\n")
    code, out, err = run(capsys, "data", "check", str(box_copy))
    assert code == 2
    assert err.splitlines() == [f"{box_copy}/teams.toml: holds no team: each team is a "
                                "[[team]] entry (docs/data-format.md), and a box needs two",
                                f"1 problem in {box_copy}"]


def test_data_check_a_ballpark_effect_of_nothing_or_of_no_dice_total(capsys, box_copy):
    """Rule 8.1: a ballpark's move of 0 is warned of as a card's is (it passed unsaid); a
    scoring number that is no dice total is one problem, not also 'needs a marker move
    or scoring_numbers' (it was given)."""
    teams = box_copy / "teams.toml"
    text = teams.read_text()
    text = text.replace('{ applies = "both", scoring_numbers = [10], when = { inning_at_least '
                        '= 7 } }', '{ applies = "both", marker = "rolls", up = 0 }', 1)
    teams.write_text(text)
    code, out, err = run(capsys, "data", "check", str(box_copy))
    assert code == 0 and out.startswith("ok: ")
    (warning,) = err.splitlines()
    assert warning.startswith(f"warning: {box_copy}/teams.toml, team 'chicago'")
    assert warning.endswith("effect 1 (line 99): moves the marker by 0, which does nothing")
    teams.write_text(text.replace('marker = "rolls", up = 0', "scoring_numbers = []"))
    code, _, err = run(capsys, "data", "check", str(box_copy))
    assert code == 2 and "effect 1 (line 99): needs a marker move or scoring_numbers" in err
    teams.write_text(text.replace('marker = "rolls", up = 0', "scoring_numbers = [13]"))
    code, _, err = run(capsys, "data", "check", str(box_copy))
    assert code == 2
    problem, summary = err.splitlines()
    assert problem.endswith("field 'scoring_numbers': 13 is not a dice total (accepted: whole "
                            "numbers 2..12)"), problem
    assert summary.startswith("1 problem in ")


def test_data_check_warns_of_a_letter_the_printed_fonts_cannot_print(capsys, box_copy):
    """The printed pieces and cards use the PDF standard fonts: accented Western European
    letters print, a letter outside them (Ł, ř, kanji, an emoji) would print as a box, so
    data check names it with its file, entry and field (the box is still good)."""
    path = box_copy / "ballplayers.csv"
    path.write_text(path.read_text().replace("new-york,Pruitt,", "new-york,Dvořák,", 1)
                    .replace("new-york,Delacorte,", "new-york,Núñez,", 1)
                    .replace("Calls a smart game", "Calls a smart game → α ≥ ★", 1))
    code, out, err = run(capsys, "data", "check", str(box_copy))
    assert code == 0 and out.startswith("ok: ")
    assert err.splitlines() == [
        f"warning: {box_copy}/ballplayers.csv, line 3 ('Dvořák', new-york), field 'name': "
        "'ř' has no glyph in the printed fonts (Western European letters, Greek, arrows and "
        "dingbats) and prints as a box"]


def test_a_series_box_is_exported_for_its_records_after_the_box_is_edited(capsys, box_copy,
                                                                          tmp_path):
    """A series keeps the box it began with; once the box folder is edited its records no
    longer replay on it. `export ID --box DIR` writes the series' own box, with which the
    exported record imports again; a folder already holding files is refused."""
    db = str(tmp_path / "s.db")
    code, _, err = run(capsys, "--data", str(box_copy), "simulate", "--series", "spring",
                       "--seed", "2", "--db", db)
    assert code == 0, err
    code, record, _ = run(capsys, "export", "1", "--db", db)
    (tmp_path / "series.txt").write_text(record)
    teams = box_copy / "teams.toml"
    teams.write_text(teams.read_text().replace("New York Highlanders", "Brooklyn Bridgers"))
    code, _, err = run(capsys, "import", str(tmp_path / "series.txt"), "--data",
                       str(box_copy), "--db", db)
    assert code == 2 and "box" in err
    kept = tmp_path / "kept-box"
    code, out, err = run(capsys, "export", "1", "--box", str(kept), "--db", db)
    assert code == 0 and out.startswith("wrote the box of series 1 (Demo box, "), err
    code, out, err = run(capsys, "import", str(tmp_path / "series.txt"), "--data", str(kept),
                         "--db", db)
    assert code == 0, err
    code, _, err = run(capsys, "export", "1", "--box", str(kept), "--db", db)
    assert code == 2 and "give a new or empty folder" in err
    code, _, err = run(capsys, "export", "1:1", "--box", str(tmp_path / "b2"), "--db", db)
    assert code == 2 and "--box writes the box of a whole series: give its ID (1)" in err
    code, _, err = run(capsys, "export", "1", "--box", str(tmp_path / "b3"), "--format",
                       "csv", "--db", db)
    assert code == 2 and "--format is for a record or a report" in err
    assert not (tmp_path / "b2").exists() and not (tmp_path / "b3").exists()


def test_a_game_file_under_a_file_says_which_is_no_folder(capsys, tmp_path):
    (tmp_path / "text.db").write_text("a file")
    code, _, err = run(capsys, "series", "new", "--scenario", "spring", "--team1", "texas",
                       "--team2", "new-york", "--db", str(tmp_path / "text.db" / "x.db"))
    assert code == 2 and f"({tmp_path / 'text.db'} is a file, not a folder)" in err


def test_a_simulated_series_the_file_stops_taking_says_how_to_go_on(capsys, tmp_path,
                                                                    monkeypatch):
    """A full disk half-way through `simulate --series`: every step before is stored, and
    the message says `--resume` goes on from there; it does, once the file takes writes."""
    from companion.store import series_store
    from companion.store.db import StoreError

    db = tmp_path / "sim.db"
    real = series_store.StoredSeries.push
    taken = []

    def push(self, line):
        if len(taken) == 120:
            raise StoreError(f"{db}: the game file could not be written (database or disk "
                             "is full); nothing of this step was recorded")
        taken.append(line)
        return real(self, line)

    monkeypatch.setattr(series_store.StoredSeries, "push", push)
    code, _, err = run(capsys, "simulate", "--series", "spring", "--seed", "3", "--db",
                       str(db))
    assert code == 2 and "disk is full" in err
    assert f"`companion simulate --resume --db {db}` goes on from there" in err
    monkeypatch.setattr(series_store.StoredSeries, "push", real)
    code, out, err = run(capsys, "simulate", "--resume", "--db", str(db))
    assert code == 0 and "winner" in out, err


def test_the_record_formats_example_replays_on_the_demo_box(capsys, tmp_path):
    """docs/record-format.md opens with a record's first lines: they replay as they stand
    (its Box is the demo box's fingerprint, not a made-up one a reader's replay refuses)."""
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "record-format.md").read_text()
    block = doc.split("```\n", 2)[1]
    lines = [line for line in block.splitlines() if line != "..."]
    (tmp_path / "example.txt").write_text("\n".join(lines) + "\n")
    code, out, err = run(capsys, "replay", str(tmp_path / "example.txt"))
    assert code == 0, err
    assert out.startswith("game 1: philadelphia at new-york: ") and "(8 actions)" in out


def test_an_output_never_writes_over_a_game_file_or_a_file_of_another_kind(capsys, tmp_path):
    """`simulate --record` and `print --out` wrote over whatever the name held: a game file
    (the one being printed from, too) or a box file became a record or a PDF. A game file is
    never written over, and an existing file only by one of its own kind (an older record,
    an older PDF); a refusal leaves the file as it was and exits 2."""
    from tests.store.util import sha256

    game = tmp_path / "games.db"
    assert run(capsys, "simulate", "--series", "spring", "--seed", "1", "--db", str(game))[0] == 0
    notes = tmp_path / "notes.txt"
    notes.write_text("pitching plans for Saturday\n", encoding="utf-8")
    cards = tmp_path / "game.pdf"                       # a game file with a PDF's name
    cards.write_bytes(game.read_bytes())
    for argv, target, kind in (
            (("simulate", "--games", "1", "--seed", "1", "--record", str(game)), game,
             "a game file (an SQLite database)"),
            (("simulate", "--games", "1", "--seed", "1", "--record", str(notes)), notes,
             "a file that is no game record"),
            (("print", "boxscore", "1", "--db", str(cards), "--out", str(cards)), cards,
             "a game file (an SQLite database)")):
        before = sha256(target)
        code, _, err = run(capsys, *argv)
        assert code == 2 and f"{target} is {kind}: it is not written over" in err, err
        assert sha256(target) == before
    # Files opening with a comment or a tag that are no game record: a box's TOML (every
    # one opens with a comment), notes under a Markdown heading, a series kept as a record.
    box_file = tmp_path / "box.toml"
    from companion.high_and_tight.box import DEFAULT_BOX_DIR
    box_file.write_bytes((DEFAULT_BOX_DIR / "box.toml").read_bytes())
    heading = tmp_path / "notes.md"
    heading.write_text("# My league\n\nGame 3 on Saturday\n", encoding="utf-8")
    kept = tmp_path / "series.txt"
    code, out, _ = run(capsys, "export", "1", "--db", str(game))
    assert code == 0
    kept.write_text(out, encoding="utf-8")
    chess = tmp_path / "game.pgn"           # another game's record
    chess.write_text('[Game "Chess"]\n[White "Fischer"]\n\n1. e4 e5\n', encoding="utf-8")
    tagged = tmp_path / "tagged.txt"        # notes under this game's tag
    tagged.write_text('[Game "High & Tight"]\nMy notes about the league\n', encoding="utf-8")
    for target in (box_file, heading, kept, chess, tagged):
        before = sha256(target)
        code, _, err = run(capsys, "simulate", "--games", "1", "--seed", "1",
                           "--record", str(target))
        # (the series kept said as what it is)
        kind = ("a series record (an export kept)" if target == kept
                else "a file that is no game record")
        assert code == 2 and f"{target} is {kind}: it is not written over" in err, err
        assert sha256(target) == before
    reordered = tmp_path / "by-hand.txt"      # a record's tags in another order: still one
    reordered.write_text('# typed in by hand\n[Home "texas"]\n[Game "High & Tight"]\n'
                         "home keeps\n", encoding="utf-8")
    assert run(capsys, "simulate", "--games", "1", "--seed", "1",
               "--record", str(reordered))[0] == 0
    assert reordered.read_text(encoding="utf-8").startswith('[Game "High & Tight"]')
    record = tmp_path / "games.txt"
    pdf = tmp_path / "box.pdf"
    for seed in ("1", "2"):                 # the second of each writes over the first
        assert run(capsys, "simulate", "--games", "1", "--seed", seed,
                   "--record", str(record))[0] == 0
        assert f'[Seed "{seed}:0"]' in record.read_text(encoding="utf-8")
        assert run(capsys, "print", "boxscore", "1", "--db", str(game),
                   "--out", str(pdf))[0] == 0
        assert pdf.read_bytes().startswith(b"%PDF-")


def test_paths_the_system_refuses_are_said_by_name_without_a_traceback(capsys, tmp_path):
    """A name longer than the system takes, an output on a full disk: each command said it
    with a Python traceback (exit 1); now by name, exit 2, and nothing is made."""
    long = tmp_path / ("a" * 300 + ".db")
    for argv in (("series", "list", "--db", str(long)),
                 ("series", "new", "--scenario", "spring", "--team1", "texas",
                  "--team2", "new-york", "--db", str(long)),
                 ("data", "check", str(long)),
                 ("print", "cards", "--out", str(long) + ".pdf")):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "File name too long" in err and str(long) in err, (argv, err)
        assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []
    if Path("/dev/full").exists():
        import subprocess

        from tests.store.util import ROOT, companion_command

        with open("/dev/full", "w") as full:
            result = subprocess.run([*companion_command(), "odds", "--rolls", "3", "--box",
                                     "V", "--json"], stdout=full, stderr=subprocess.PIPE,
                                    text=True, timeout=60, cwd=ROOT)
        assert result.returncode == 2, result.stderr
        assert result.stderr == ("companion: the output could not be written: No space left "
                                 "on device\n")


def test_a_device_a_pipe_or_a_file_on_the_way_is_refused_by_name(capsys, tmp_path):
    """--db on a pipe or a device (/dev/null) was opened by SQLite, which failed late as a
    'disk I/O error' and left a journal beside it; `export --box` through a file said the
    system's errno; `db salvage --out` a folder said 'the file exists'. Each is said by what
    is in the way, exit 2, and nothing is made."""
    pipe = tmp_path / "pipe.db"
    os.mkfifo(pipe)
    for argv in (("series", "list"), ("series", "new", "--scenario", "spring", "--team1",
                                      "texas", "--team2", "new-york")):
        code, _, err = run(capsys, *argv, "--db", str(pipe))
        assert code == 2 and err == (f"companion: {pipe}: is no regular file (a device or a "
                                     "pipe); give a game file's path (for example games.db); "
                                     "nothing was changed\n"), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.db"]
    game = tmp_path / "games.db"
    assert run(capsys, "simulate", "--series", "spring", "--seed", "1", "--db", str(game))[0] == 0
    (tmp_path / "afile").write_text("x")
    code, _, err = run(capsys, "export", "1", "--db", str(game), "--box",
                       str(tmp_path / "afile" / "sub"))
    assert code == 2 and err.endswith(f"the folder cannot be made ({tmp_path / 'afile'} is a "
                                      "file, not a folder); nothing was written\n"), err
    # a folder in a folder that is not there: refused, as --db and --out refuse it (a slip
    # in the path made every folder it named)
    code, _, err = run(capsys, "export", "1", "--db", str(game), "--box",
                       str(tmp_path / "nowhere" / "box"))
    assert code == 2 and err.endswith(f"folder {tmp_path / 'nowhere'} does not exist; make "
                                      "it first; nothing was written\n"), err
    assert not (tmp_path / "nowhere").exists()
    (tmp_path / "folder").mkdir()
    code, _, err = run(capsys, "db", "salvage", "--db", str(game), "--out",
                       str(tmp_path / "folder"))
    assert code == 2 and "folder: is a folder; give a new file's name in it" in err, err
    assert list((tmp_path / "folder").iterdir()) == []


def test_a_game_file_the_user_may_not_read_is_refused_by_name(capsys, tmp_path, monkeypatch):
    """A game file of another user (mode 600): SQLite's 'unable to open database file' came
    out as a traceback from every command, and `play` drew its screen first. Said by name,
    exit 2, before any screen."""
    import companion.store.db as db
    import companion.tui.app as tui

    game = tmp_path / "games.db"
    assert run(capsys, "series", "new", "--scenario", "spring", "--team1", "texas",
               "--team2", "new-york", "--db", str(game))[0] == 0
    real_access = os.access
    monkeypatch.setattr(db.os, "access", lambda path, mode: (
        False if Path(path) == game and mode & os.R_OK else real_access(path, mode)))
    monkeypatch.setattr(tui, "make_app", lambda *a, **k: pytest.fail("a screen opened"))
    for argv in (("series", "list"), ("export", "1"), ("play",), ("follow",)):
        code, _, err = run(capsys, "--db", str(game), *argv)
        assert (code, err) == (2, f"companion: {game}: this user may not read the game file "
                                  "(its permissions); nothing was changed\n"), argv


def test_play_refuses_a_file_that_is_no_game_file_before_its_screen(capsys, tmp_path,
                                                                    monkeypatch):
    """`play` drew the home screen, closed it, then said the file was no game file."""
    import companion.tui.app as tui

    monkeypatch.setattr(tui, "make_app", lambda *a, **k: pytest.fail("a screen opened"))
    noise = tmp_path / "noise.db"
    noise.write_bytes(bytes(range(256)) * 20)
    code, _, err = run(capsys, "--db", str(noise), "play")
    assert code == 2 and "not an SQLite database at all" in err
    code, _, err = run(capsys, "--db", str(tmp_path), "play")
    assert code == 2 and "is a folder" in err
    # An SQLite file with no tables yet (a companion stopped before its first series was
    # stored) is a game file to a writer: the table opens on it, as `series new` takes it.
    import sqlite3

    fresh = tmp_path / "fresh.db"
    conn = sqlite3.connect(fresh)
    conn.execute("PRAGMA journal_mode=WAL").fetchone()
    conn.executescript("CREATE TABLE gone (a); DROP TABLE gone;")
    conn.close()
    assert fresh.read_bytes().startswith(b"SQLite format 3")
    opened = []

    class Table:
        fatal = None
        return_code = 0

        def run(self):
            opened.append(True)

    monkeypatch.setattr(tui, "make_app", lambda *a, **k: Table())
    code, _, err = run(capsys, "--db", str(fresh), "play")
    assert (code, opened) == (0, [True]), err


def test_an_unknown_option_is_offered_the_nearest_known_one(capsys):
    """A misspelt option ('--bd' for '--db') exits 2 with argparse's line and the option
    meant, as a misspelt name is offered everywhere else; a word near no option gets none."""
    code, _, err = run(capsys, "play", "--bd", "x.db")
    assert code == 2
    assert err.strip().endswith("unrecognized arguments: --bd x.db (did you mean --db for "
                                "--bd?)")
    code, _, err = run(capsys, "simulate", "--games", "1", "--sed=3")
    assert code == 2 and "(did you mean --seed for --sed?)" in err
    code, _, err = run(capsys, "play", "--zzzzzz")
    assert code == 2 and "did you mean" not in err


def test_another_command_s_option_is_told_with_this_command_s_usage_and_options(capsys):
    """An option of another command ('--json' to `series list`) was offered itself ('did
    you mean: --json -> --json?') under the usage of the whole line: it is said to be none
    of this command's, under this command's usage, with the options it has; a command group
    with no command lists its commands (not 'required: series_command')."""
    code, _, err = run(capsys, "series", "list", "--json")
    assert code == 2 and err.startswith("usage: companion series list ")
    assert err.strip().endswith("unrecognized arguments: --json (`companion series list` "
                                "takes no --json; its options: --db)")
    code, _, err = run(capsys, "replay", "game.txt", "--db", "x.db")
    assert code == 2 and "`companion replay` takes no --db; its options: --json, --data" in err
    code, _, err = run(capsys, "series")
    assert code == 2 and err.strip().endswith(
        "companion series: error: give one of its commands: new, list, show, delete")
    # the command is what was parsed, not a word that names one (a box folder 'data')
    code, _, err = run(capsys, "--data", "data", "series", "list", "--json")
    assert code == 2 and "`companion series list` takes no --json" in err


@pytest.mark.parametrize("words, said", [
    (("--version",), "companion: error: unrecognized arguments: --version"),
    (("--dta",), "companion: error: unrecognized arguments: --dta (did you mean --data for "
                 "--dta?)"),
    (("-x",), "companion: error: unrecognized arguments: -x")])
def test_an_unknown_option_with_no_command_is_told_once(capsys, words, said):
    """An unknown option and no command: the whole line's usage and the option told (the
    error was sent back to the parser it came from: a RecursionError, or a hang as each
    round added a suggestion to the message)."""
    code, _, err = run(capsys, *words)
    assert code == 2 and err.strip().endswith(said) and "Traceback" not in err


def held_elsewhere(capsys, tmp_path):
    """A game file with a series, held for writing by a companion on another machine."""
    import sqlite3

    game = tmp_path / "games.db"
    assert run(capsys, "series", "new", "--scenario", "spring", "--team1", "texas",
               "--team2", "new-york", "--db", str(game))[0] == 0
    conn = sqlite3.connect(game)
    with conn:
        conn.execute("DELETE FROM lock")
        conn.execute("INSERT INTO lock (id, pid, host, since, token) VALUES (1, ?, ?, ?, ?)",
                     [4242, "other-machine", "2026-12-05T03:00:00+00:00", "feedface"])
    conn.close()
    return game


def test_series_delete_refuses_a_held_file_before_asking_for_yes(capsys, tmp_path):
    """`series delete` on a file a table holds said "add --yes", then, given it, that the
    file is open elsewhere: now the holder is said first, and nothing is deleted."""
    game = held_elsewhere(capsys, tmp_path)
    before = game.read_bytes()
    code, _, err = run(capsys, "--db", str(game), "series", "delete", "1")
    assert code == 2 and "is open for writing by process 4242 on other-machine" in err
    assert "--yes" not in err
    assert game.read_bytes() == before


def test_play_refuses_a_read_only_game_file_before_its_screen(capsys, tmp_path, monkeypatch):
    """A game file on a read-only disk (or in a read-only folder) drew the home screen for a
    moment, then closed it on the error: said before any screen, as `series new` says it.
    (The disk's refusal is os.access's: a test run as root is refused nothing by chmod.)"""
    import os

    import companion.store.db as db_module
    import companion.tui.app as tui

    path = tmp_path / "games.db"
    code, _, _ = run(capsys, "--db", str(path), "series", "new", "--scenario", "spring",
                     "--team1", "texas", "--team2", "new-york")
    assert code == 0
    before = path.read_bytes()
    real_access = os.access

    def read_only_disk(target, mode, *args, **kwargs):
        if mode & os.W_OK and str(target).startswith(str(tmp_path)):
            return False
        return real_access(target, mode, *args, **kwargs)

    monkeypatch.setattr(db_module.os, "access", read_only_disk)
    monkeypatch.setattr(tui, "make_app", lambda *a, **k: pytest.fail("a screen opened"))
    code, _, err = run(capsys, "--db", str(path), "play")
    assert code == 2 and f"{path}: the game file or its folder is read-only" in err
    code, _, err = run(capsys, "--db", str(tmp_path / "new.db"), "play")
    assert code == 2 and "new.db: its folder is read-only, so no game file can be made " \
        "there; give another path (--db)" in err
    assert path.read_bytes() == before and not (tmp_path / "new.db").exists()
    code, out, _ = run(capsys, "--db", str(path), "series", "list")     # read as ever
    assert code == 0 and "texas" in out.casefold()


def test_play_refuses_a_file_another_companion_holds_before_its_screen(capsys, tmp_path,
                                                                       monkeypatch):
    """A second `play` on a file another companion has open drew the home screen with none
    of the series (they looked gone), then closed and said who holds it: now said first,
    no screen; `follow`, which only reads, still opens beside it."""
    import companion.tui.app as tui
    import companion.tui.follow as follow

    game = held_elsewhere(capsys, tmp_path)
    before = game.read_bytes()
    monkeypatch.setattr(tui, "make_app", lambda *a, **k: pytest.fail("a screen opened"))
    code, _, err = run(capsys, "--db", str(game), "play")
    assert code == 2 and "is open for writing by process 4242 on other-machine" in err
    assert game.read_bytes() == before
    followed = []
    monkeypatch.setattr(follow.FollowApp, "run", lambda self: followed.append(True))
    assert run(capsys, "--db", str(game), "follow")[0] == 0 and followed == [True]


def test_a_code_that_unpacks_to_gigabytes_is_refused_not_read(capsys, tmp_path):
    """A box score code (HT1:) is a compressed record: one made to unpack to gigabytes (a
    few megabytes of text) ran on, filling the memory. Unpacking stops at 8 MB, said (the
    code here unpacks to 50 MB, kept small for the test's own memory)."""
    import tracemalloc

    from companion.high_and_tight.box import load_box
    from companion.high_and_tight.packed import pack

    bomb = tmp_path / "bomb.txt"
    bomb.write_text(pack(load_box(), "\n" * 50_000_000))
    assert bomb.stat().st_size < 200_000
    tracemalloc.start()
    code, _, err = run(capsys, "replay", str(bomb))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert code == 2 and "the HT1: code unpacks to more than 8 MB" in err, err
    assert peak < 40_000_000


def test_a_device_is_refused_not_read_for_ever_and_a_pipe_is_read(capsys, tmp_path,
                                                                    box_copy):
    """A record or a box file that is a device (/dev/zero) was read for ever, filling the
    memory; each is refused by name at once. A pipe carries a record as a file does
    (`replay <(cat game.txt)`, /dev/stdin): read to its end."""
    import subprocess

    from tests.store.util import ROOT, companion_command

    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    for argv in (("replay", "/dev/zero"), ("import", "/dev/zero", "--db",
                                            str(tmp_path / "g.db"))):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "/dev/zero: is a device, not a file: not read" in err, err
    (box_copy / "box.toml").unlink()
    (box_copy / "box.toml").symlink_to("/dev/zero")
    code, _, err = run(capsys, "data", "check", str(box_copy))
    assert code == 2 and f"{box_copy / 'box.toml'}: is a device, not a file: not read" in err
    assert not (tmp_path / "g.db").exists()
    record = tmp_path / "game.txt"
    assert run(capsys, "simulate", "--games", "1", "--record", str(record))[0] == 0
    piped = subprocess.run([*companion_command(), "replay", "/dev/stdin"], cwd=ROOT,
                           input=record.read_text(), capture_output=True, text=True,
                           timeout=120)
    assert piped.returncode == 0 and piped.stdout == run(capsys, "replay", str(record))[1]


def test_a_db_in_a_missing_folder_is_refused_not_made(capsys, tmp_path):
    """`--db` naming a folder that is not there: the writers made every folder of the path
    (a slip in it left a game file somewhere unexpected), while --out and --record refuse.
    Now each command that would make the file refuses it by name, exit 2, and makes
    nothing; one that reads says there is no game file; one that never opens it runs."""
    game = tmp_path / "typo" / "deeper" / "games.db"
    record = tmp_path / "game.txt"
    assert run(capsys, "simulate", "--games", "1", "--record", str(record))[0] == 0
    for argv in (("simulate", "--series", "spring"),
                 ("series", "new", "--scenario", "spring", "--team1", "texas",
                  "--team2", "new-york"),
                 ("import", str(record))):
        code, _, err = run(capsys, *argv, "--db", str(game))
        assert (code, err) == (2, f"companion: --db {game}: folder {game.parent} does not "
                               "exist; make it first (or leave out --db: the default game "
                               "file goes in the user's data folder)\n"), argv
    code, _, err = run(capsys, "series", "list", "--db", str(game))
    assert (code, err) == (2, f"companion: {game}: no game file there yet (a series made "
                              "at the table or by `companion series new` makes it)\n")
    assert run(capsys, "--db", str(game), "replay", str(record))[0] == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.txt"]


def test_series_list_of_a_game_file_with_no_series_says_so(capsys, tmp_path):
    """`series list` of a game file whose series were all deleted printed nothing at all:
    the listing stays empty (a script reads no line) and the companion says on stderr that
    there is none, and how to start one."""
    game = tmp_path / "games.db"
    assert run(capsys, "series", "new", "--scenario", "spring", "--team1", "texas",
               "--team2", "new-york", "--db", str(game))[0] == 0
    assert run(capsys, "series", "delete", "1", "--yes", "--db", str(game))[0] == 0
    assert run(capsys, "series", "list", "--db", str(game)) == (
        0, "", f"companion: no series in {game}; start one with 'companion series new' or "
               "at the table (companion play)\n")
    assert run(capsys, "series", "new", "--scenario", "spring", "--team1", "texas",
               "--team2", "new-york", "--db", str(game))[0] == 0
    code, out, err = run(capsys, "series", "list", "--db", str(game))
    assert code == 0 and err == "" and out.startswith("   2  ")


def test_a_game_file_edited_by_hand_is_said_not_a_traceback(capsys, tmp_path):
    """A series header that is no JSON, or a lock row whose process number is no number
    (the file edited by hand): `series list`, `export` and `series new` ended in a
    JSONDecodeError or TypeError traceback. The header is said with the way out (salvage);
    a lock no companion could have written holds no live writer, so it is taken over."""
    import socket
    import sqlite3

    game = tmp_path / "games.db"
    assert run(capsys, "simulate", "--series", "spring", "--db", str(game))[0] == 0
    conn = sqlite3.connect(game)
    with conn:
        conn.execute("INSERT INTO lock (id, pid, host, since, token) VALUES "
                     "(1, 'abc', ?, 'x', 't')", [socket.gethostname()])
    code, out, err = run(capsys, "series", "new", "--scenario", "spring", "--team1", "texas",
                         "--team2", "new-york", "--db", str(game))
    assert code == 0 and out.startswith("series 2: "), err
    with conn:
        conn.execute("INSERT INTO lock (id, pid, host, since, token) VALUES "
                     "(1, 99999999999999999, ?, 'x', 't')", [socket.gethostname()])
        conn.execute("UPDATE series SET header = '{broken' WHERE id = 1")
    conn.close()
    said = ("companion: series 1: its header in the game file cannot be read (was the file "
            f"edited by hand?); `companion db salvage --db {game} --out NEW.db` copies what "
            "can still be read into a new file\n")
    for argv in (("series", "list"), ("export", "1")):
        code, out, err = run(capsys, *argv, "--db", str(game))
        assert (code, err) == (2, said)
    # (the list goes on past it: series 2 is listed, series 1 marked)
    listed = run(capsys, "series", "list", "--db", str(game))[1].splitlines()
    assert [line.split()[0] for line in listed] == ["1", "2"]
    assert listed[0].endswith("damaged") and not listed[1].endswith("damaged")


@pytest.mark.parametrize("column, value, tag", [("scenario", "mars", "Scenario"),
                                                ("team1", "mars", "Team1"),
                                                ("winner", "mars", "winner")])
def test_a_listing_edited_by_hand_is_marked_damaged_and_the_rest_listed(capsys, tmp_path,
                                                                         column, value, tag):
    """The listing's columns of a series (its scenario, teams and winner, kept beside its
    record for the home list) edited by hand: `series list` ended in a KeyError traceback
    for a scenario no companion knows and listed a team 'mars' as it stood, while `db check`
    said all was well. Now the series is listed as damaged, the others as before (exit 2,
    why on stderr, with the way out), `db check` names it, opening it refuses, and it can
    still be deleted."""
    import sqlite3

    game = tmp_path / "games.db"
    for seed in ("1", "2"):
        assert run(capsys, "simulate", "--series", "spring", "--seed", seed,
                   "--db", str(game))[0] == 0
    conn = sqlite3.connect(game)
    with conn:
        conn.execute(f"UPDATE series SET {column} = ? WHERE id = 1", [value])
    conn.close()
    code, out, err = run(capsys, "series", "list", "--db", str(game))
    # (a team renamed takes the winner's name from the listing too, when he was that team)
    tags = err.split("record (", 1)[1].split(";", 1)[0]
    assert tags in (tag, f"{tag}, winner"), err
    said = (f"series 1: its listing in the game file does not agree with its record ({tags}; "
            f"was the file edited by hand?); `companion db salvage --db {game} --out NEW.db` "
            "copies what can still be read into a new file")
    assert (code, err) == (2, f"companion: {said}\n")
    first, second = out.splitlines()
    assert first.endswith("damaged") and not second.endswith("damaged")
    code, out, err = run(capsys, "db", "check", "--db", str(game))
    assert code == 2 and "replayed=1" in out and err == f"companion: {said}\n"
    assert run(capsys, "export", "1", "--db", str(game))[:3:2] == (2, f"companion: {said}\n")
    code, out, _ = run(capsys, "series", "delete", "1", "--yes", "--db", str(game))
    assert code == 0 and out.startswith("deleted series 1: ") and "(damaged)" in out
    assert run(capsys, "series", "list", "--db", str(game))[0] == 0


def test_import_tells_what_a_file_that_is_no_record_is_as_replay_does(capsys, tmp_path):
    """`import` of notes or of a JSON export said "header Team1: is missing"; it now says
    what the file is, as `replay` does, and makes no game file."""
    db = tmp_path / "s.db"
    run(capsys, "simulate", "--series", "spring", "--seed", "2", "--db", str(db))
    code, out, _ = run(capsys, "export", "1", "--format", "json", "--db", str(db))
    (tmp_path / "x.json").write_text(out)
    (tmp_path / "notes.md").write_text("# My notes\n\nNew York won.\n")
    target = tmp_path / "new.db"
    for name, said in (("x.json", "is a JSON export, a report of the games: only a record "
                                  "(export --format record, the default) is imported"),
                       ("notes.md", "holds no game record (it opens with no tag; ")):
        code, _, err = run(capsys, "import", str(tmp_path / name), "--db", str(target))
        assert code == 2 and f"{tmp_path / name}: {said}" in err, err
    assert not target.exists()


def test_a_record_whose_box_tags_disagree_says_so(capsys, tmp_path):
    """One Box tag of a series record edited: the message read "made with box 0000...,
    5916..., but the box in use is 5916...", the box in use among those it was "made
    with". It now says the record's tags disagree."""
    db = tmp_path / "s.db"
    run(capsys, "simulate", "--series", "spring", "--seed", "2", "--db", str(db))
    record = run(capsys, "export", "1", "--db", str(db))[1]
    fingerprint = record.split('[Box "', 1)[1][:16]
    edited = tmp_path / "edited.txt"
    edited.write_text(record.replace(f'[Box "{fingerprint}"]', '[Box "0000000000000000"]', 1))
    code, _, err = run(capsys, "import", str(edited), "--db", str(tmp_path / "new.db"))
    assert code == 2 and (f"the record's Box tags disagree (0000000000000000, {fingerprint})"
                          in err), err


def test_export_of_a_series_in_play_keeps_the_table_s_secrets_unless_revealed(capsys,
                                                                              tmp_path):
    """Rules 3.0 and 5.2.1: two players at one table keep their rotations (and, with the
    companion's cards, their hands) from each other, and the table's views keep them; an
    export of the series in play printed both rotations. The record and the JSON are
    refused (exit 2) unless --reveal; the CSV box scores (what was played in the open) are
    given; once the series is over, all of it."""
    game = tmp_path / "games.db"
    code, out, err = run(capsys, "series", "new", "--scenario", "divisional", "--team1",
                         "texas", "--team2", "new-york", "--db", str(game))
    assert code == 0, err
    # Not begun, it holds no secret yet: exported as it is.
    code, out, err = run(capsys, "export", "1", "--db", str(game))
    assert code == 0 and out.startswith('[Series "High & Tight"]'), err
    from companion.store.db import Store
    from companion.tui.table import Table
    with Store.open(game) as store:
        table = Table(store, 1)
        table.enter(table.waiting().options[0])             # a rotation set (rule 3.0)
    for form in ("record", "json"):
        code, out, err = run(capsys, "export", "1", "--format", form, "--db", str(game))
        assert code == 2 and out == "" and ("series 1 is in play, and its " + form
                                            + " names what the table keeps secret") in err
        # (only the team that set it)
        assert "(kept for Texas Cowboys): the rotation (rule 3.0). `--reveal`" in err
    # The companion's dice and cards follow from the Seed: not begun, its export would let
    # a player replay the computer's hands to come.
    code, _, err = run(capsys, "series", "new", "--scenario", "divisional", "--team1",
                       "texas", "--team2", "new-york", "--computer", "team2", "--dice",
                       "digital", "--cards", "digital", "--db", str(game))
    assert code == 0, err
    code, out, err = run(capsys, "export", "2", "--db", str(game))
    assert code == 2 and "(kept for New York Highlanders): the Seed the companion's dice " \
        "and cards are drawn with. `--reveal`" in err
    assert err.startswith("companion: series 2 is not begun, and its record names"), err
    # The game in play exported alone: its header names the starters the rotations give,
    # secret until placed after the draws (rule 3.0); its JSON holds the series' Seed.
    code, _, err = run(capsys, "series", "new", "--scenario", "divisional", "--team1",
                       "texas", "--team2", "new-york", "--dice", "digital", "--cards",
                       "digital", "--db", str(game))
    assert code == 0, err
    with Store.open(game) as store:
        table = Table(store, 3)
        while table.game is None:
            table.enter(table.waiting().options[0])         # both rotations, game 1 opened
    code, _, err = run(capsys, "export", "3:1", "--db", str(game))
    assert code == 2 and "(kept for Texas Cowboys and New York Highlanders): the starter " \
        "not yet placed (rule 3.0)" in err
    code, _, err = run(capsys, "export", "3:1", "--format", "json", "--db", str(game))
    assert code == 2 and "the Seed the companion's dice and cards are drawn with" in err
    code, out, _ = run(capsys, "export", "1", "--reveal", "--db", str(game))
    assert code == 0 and out.startswith('[Series "High & Tight"]')
    assert run(capsys, "export", "1", "--format", "csv", "--db", str(game))[0] == 0
    # A series the computer plays alone keeps nothing from anybody.
    simulated = tmp_path / "sim.db"
    assert run(capsys, "simulate", "--series", "divisional", "--db", str(simulated))[0] == 0
    code, out, _ = run(capsys, "export", "1", "--db", str(simulated))
    assert code == 0 and " rotation " in out


def test_data_check_tells_the_warnings_with_the_problems(capsys, box_copy):
    """SPEC 8, docs/data-format.md: a check that finds a problem lists the warnings too (a
    move of 0 in a ballpark, rule 8.1); they came only once the problem was fixed, a second
    round for the player typing his box in."""
    teams = box_copy / "teams.toml"
    text = teams.read_text()
    teams.write_text(text.replace('{ applies = "both", scoring_numbers = [10], when = { '
                                  'inning_at_least = 7 } }',
                                  '{ applies = "both", marker = "rolls", up = 0 }', 1))
    edit_ratings = box_copy / "ballplayers.csv"
    edit_ratings.write_text(edit_ratings.read_text().replace("new-york,Delacorte,C,R,4,",
                                                             "new-york,Delacorte,C,R,40,", 1))
    code, _, err = run(capsys, "data", "check", str(box_copy))
    lines = err.splitlines()
    assert code == 2 and lines[-1] == f"1 problem in {box_copy}"
    assert "field 'offense': '40' is outside the accepted range" in lines[0]
    assert lines[1].startswith(f"warning: {box_copy}/teams.toml, team 'chicago'")
    assert lines[1].endswith("moves the marker by 0, which does nothing")


def test_a_terminal_without_the_box_s_letters_gets_the_record_whole_and_no_traceback(
        box_copy, tmp_path):
    """A terminal (or redirect) in ASCII, cp1252 or Latin-1 and a box with other letters
    (an accented player): `export` writes the record in UTF-8, the records' own encoding,
    so that it imports again; a message naming such a file is written escaped. Both ended
    in a UnicodeEncodeError traceback after the work was done."""
    import subprocess

    from .store.util import companion_command, run_companion

    players = box_copy / "ballplayers.csv"
    players.write_text(players.read_text().replace("Delacorte", "Délacorté ⚾"),
                       encoding="utf-8")
    db = tmp_path / "g.db"
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    made = run_companion("--data", box_copy, "simulate", "--series", "spring", "--team1",
                         "new-york", "--team2", "texas", "--seed", "5", "--db", db, env=env)
    assert made.returncode == 0, made.stderr
    exported = subprocess.run([*companion_command(), "export", "1", "--db", str(db)],
                              capture_output=True, env=env, timeout=120)
    assert exported.returncode == 0 and b"Traceback" not in exported.stderr
    record = exported.stdout.decode("utf-8")
    assert "Délacorté ⚾" in record
    (tmp_path / "s.txt").write_bytes(exported.stdout)
    imported = run_companion("--data", box_copy, "import", tmp_path / "s.txt", "--db", db,
                             env=env)
    assert imported.returncode == 0, imported.stderr
    printed = run_companion("print", "scoreboard", "--out", tmp_path / "é.pdf", env=env)
    assert printed.returncode == 0 and "Traceback" not in printed.stderr
    assert "\\xe9.pdf" in printed.stdout + printed.stderr and (tmp_path / "é.pdf").exists()


def test_a_reader_gone_is_no_success(monkeypatch, tmp_path):
    """The reader of the output went away (`data check DIR 2>&1 | head`): the command stops
    quietly with the shell's code for it (141), never 0, which told a script a bad box was
    good."""
    sink = open(tmp_path / "out", "w")          # (the stream's descriptor is replaced)

    class Closed:
        def write(self, text):
            raise BrokenPipeError

        def flush(self):
            pass

        def fileno(self):
            return sink.fileno()

    monkeypatch.setattr("sys.stdout", Closed())
    try:
        assert main(["odds", "--rolls", "3", "--box", "V"]) == 141
    finally:
        sink.close()


def test_a_team_renamed_in_the_box_is_found_by_its_names_and_its_rosters_key(
        capsys, box_copy, tmp_path):
    """Rules 3.0 and 8.1.1 with a player's own box: New York renamed Boston Beaneaters
    (BOB, key 'boston', its pieces still the 'new-york' roster) and Seattle spelled
    'Séattle': --roster takes the roster by its team's key, name or abbreviation (it took
    the roster key alone, and said so in a refusal naming the team it refused), a team is
    found by its roster key, and by its name typed without accents."""
    teams = box_copy / "teams.toml"
    text = teams.read_text(encoding="utf-8")
    text = text.replace('key = "new-york"\nname = "New York Highlanders"\nabbrev = "NYH"',
                        'key = "boston"\nname = "Boston Beaneaters"\nabbrev = "BOB"', 1)
    text = text.replace('name = "Seattle Volcanoes"', 'name = "Séattle Volcanoes"', 1)
    teams.write_text(text, encoding="utf-8")
    data = ("--data", str(box_copy))
    for number, roster in enumerate(("Boston Beaneaters", "BOB", "boston", "new-york",
                                     "NEW-YORK"), start=1):
        db = tmp_path / f"{number}.db"
        code, out, err = run(capsys, *data, "--db", str(db), "series", "new", "--scenario",
                             "spring", "--team1", "texas", "--team2", "Seattle Volcanoes",
                             "--roster2", roster)
        assert code == 0, (roster, err)
        code, out, err = run(capsys, *data, "--db", str(db), "export", "1")
        assert '[Team2 "seattle"]\n[Team2Roster "new-york"]' in out, (roster, out)
    out_pdf = tmp_path / "pieces.pdf"
    code, _, err = run(capsys, *data, "print", "pieces", "--team", "new-york", "--out",
                       str(out_pdf))
    assert code == 0 and out_pdf.exists(), err
    code, _, err = run(capsys, *data, "--db", str(tmp_path / "x.db"), "series", "new",
                       "--scenario", "spring", "--team1", "texas", "--team2", "seattle",
                       "--roster2", "Highlanders")
    assert code == 2 and "'Highlanders' is not a roster; choose a roster: " in err


def test_a_damaged_series_does_not_stop_an_import_of_another(capsys, tmp_path):
    """An import looks for a series holding the same record (to say so): one whose listing
    was edited by hand is passed over, not the cause of the new import's refusal; an
    exhibition's listing is read against its header's Home and Away."""
    import sqlite3

    record, game = tmp_path / "game.txt", tmp_path / "games.db"
    assert run(capsys, "simulate", "--games", "1", "--seed", "1", "--record",
               str(record))[0] == 0
    assert run(capsys, "import", str(record), "--db", str(game))[0] == 0
    conn = sqlite3.connect(game)
    with conn:
        conn.execute("UPDATE series SET winner = 'mars' WHERE id = 1")
    conn.close()
    code, out, err = run(capsys, "import", str(record), "--db", str(game))
    assert code == 0 and "series 2" in out, err
    conn = sqlite3.connect(game)
    with conn:
        conn.execute("UPDATE series SET team1 = 'mars' WHERE id = 2")
    conn.close()
    code, out, err = run(capsys, "series", "list", "--db", str(game))
    assert code == 2 and "series 2: its listing in the game file does not agree with its " \
        "record (Team1" in err


def test_a_stray_tag_among_the_actions_is_named_at_its_line(capsys, tmp_path):
    """A header tag put among a game's actions ('[Comment "x"]' at line 101) was read as
    the start of another record: the game before it was said to stop short of its Result
    (at its Result tag's line) and the tag was never named. The tag is named, at its line."""
    code, err, tag = replay_edited(capsys, tmp_path, 1, lambda lines: 100, '[Comment "x"]')
    assert code == 2 and f": line {tag + 1}: header tag '[Comment \"x\"]' after the " \
        "record's actions began at line " in err, err


def test_an_optional_team_with_no_roster_tag_is_said_at_its_team_s_line(capsys, tmp_path):
    """Rule 8.1.1: a record whose optional team card has no roster tag was refused at its
    first line, 'header HomeRoster' naming a tag the record does not hold: it is said at
    the team's own tag, the line to put the roster under."""
    record = tmp_path / "game.txt"
    run(capsys, "simulate", "--games", "1", "--seed", "3", "--record", str(record))
    lines = record.read_text().splitlines()
    home = next(i for i, line in enumerate(lines) if line.startswith("[Home "))
    lines[home] = '[Home "seattle"]'
    record.write_text("\n".join(lines) + "\n")
    code, _, err = run(capsys, "replay", str(record))
    assert code == 2 and f": line {home + 1}: header Home, HomeRoster: Seattle Volcanoes " \
        "(home) is an optional team card with no players of its own; choose a roster: " in err


def test_single_games_are_simulated_under_the_optional_rules_given(capsys, tmp_path):
    """Rule 8.0 for `simulate --games`: a player trying his box's ballparks (8.1) had no way
    to switch them on for single games; `--rules` does, written into each record's header,
    which replays. Rest and short rest are the days between a series' games (8.2.2,
    8.2.3): refused for single games, as an unknown rule is."""
    record = tmp_path / "parks.txt"
    code, _, _ = run(capsys, "simulate", "--games", "2", "--seed", "parks", "--rules",
                     "Ballparks,advanced-fatigue", "--record", str(record))
    assert code == 0
    headers = [line for line in record.read_text().splitlines() if line.startswith("[Rules ")]
    assert headers == ['[Rules "advanced-fatigue,ballparks"]'] * 2
    code, out, _ = run(capsys, "replay", str(record))
    assert code == 0 and out.startswith("game 1:") and "2 games replayed" in out
    code, _, err = run(capsys, "simulate", "--games", "1", "--seed", "1", "--rules", "rest")
    assert code == 2 and "--rules: rest is for a series (rules 8.2.2, 8.2.3" in err
    code, _, err = run(capsys, "simulate", "--games", "1", "--seed", "1", "--rules", "parks")
    assert code == 2 and "--rules: unknown optional rule(s) parks; accepted: ballparks" in err


def test_series_show_says_when_the_box_folder_changed_since_the_series_began(capsys,
                                                                           tmp_path,
                                                                           box_copy):
    """A series plays on the copy of the box it began with: the table said a box folder
    edited since; `series show` said nothing, and the player wondered why his edit did not
    show. It names the files that differ in the box in use, and that a new series would
    take them."""
    db = str(tmp_path / "g.db")
    assert run(capsys, "--data", str(box_copy), "--db", db, "series", "new", "--scenario",
               "spring", "--team1", "texas", "--team2", "new-york")[0] == 0
    code, out, _ = run(capsys, "--data", str(box_copy), "--db", db, "series", "show", "1")
    assert code == 0 and "box:" not in out
    cards = box_copy / "cards.toml"
    cards.write_text(cards.read_text().replace("Good Wood", "Good Woods"))
    code, out, _ = run(capsys, "--data", str(box_copy), "--db", db, "series", "show", "1")
    said = (f"  box: the series plays the copy it began with; the box in use now ({box_copy}) "
            "differs in cards.toml: a new series would take it")
    assert code == 0 and out.splitlines()[1] == said
    code, out, _ = run(capsys, "--data", str(box_copy), "--db", db, "series", "show", "1",
                       "--json")
    assert json.loads(out)["box_differs"] == ["cards.toml"]
    # --data after the command, as every command reading a box takes it (it was refused:
    # "`companion series show` takes no --data")
    code, after, _ = run(capsys, "--db", db, "series", "show", "1", "--data", str(box_copy))
    assert code == 0 and after.splitlines()[1] == said


def test_series_show_lines_up_its_pitchers_whatever_the_names_length(capsys, tmp_path,
                                                                       box_copy):
    """A pitcher's name of 14 letters or more (a box's own) pushed his line's columns out of
    the others' in the rest table: one column, the longest name's width."""
    pitchers = box_copy / "pitchers.csv"
    pitchers.write_text(pitchers.read_text().replace("texas,Crowder,", "texas,Hildebrandtsonn,"))
    from companion.high_and_tight.box import load_box
    from companion.store.db import Store
    from companion.tui.table import Setup, Table

    db = str(tmp_path / "s.db")
    with Store.open(db) as store:
        table = Table.create(store, load_box(box_copy), Setup(
            scenario="divisional", team1_control="computer", team2_control="computer"))
        while table.game is None or table.game.state.inning < 2:    # the rotations set
            table.auto_step()
    code, out, _ = run(capsys, "--data", str(box_copy), "--db", db, "series", "show", "1")
    rows = [line for line in out.splitlines() if re.match(r"    \S+ +(SP|RP|CL)  ", line)]
    assert any("Hildebrandtsonn" in row for row in rows) and len(rows) == 18
    assert len({re.search(r" (SP|RP|CL)  ", row).start() for row in rows}) == 1, rows
