"""The command line: data check, odds, simulate and replay, with exit codes and messages."""

import json

import pytest

from companion.cli import main
from companion.engine.record import split_records


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
    assert err == (f"warning: {box_copy}/pitchers.csv, 'Sabaria' (new-york), field 'info': "
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


def test_odds_also_and_advise(capsys):
    """Rules 4.5 and 5.7.2: box IX with 10s added; the Managerial Move options."""
    code, out, _ = run(capsys, "odds", "--rolls", "5", "--box", "VI", "--also", "10",
                       "--advise", "--json")
    report = json.loads(out)
    assert report["scoring_numbers"] == [6, 10]
    moves = {o["move"]: (o["rolls"], o["box"]) for o in report["options"]}
    assert moves == {"stand pat": (5, "VI"), "+1": (4, "VII"), "+2": (4, "VIII"),
                     "-2": (6, "IV")}


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
    (["odds", "--rolls", "3", "--box", "V", "--also", "13"], "2..12"),
])
def test_odds_bad_arguments(capsys, argv, needle):
    code, _, err = run(capsys, *argv)
    assert code == 2 and needle in err


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


def test_replay_names_the_bad_line(capsys, tmp_path):
    record = tmp_path / "game.txt"
    run(capsys, "simulate", "--games", "1", "--seed", "3", "--record", str(record))
    lines = record.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("roll "))
    lines[index] = "roll 7 1"
    record.write_text("\n".join(lines) + "\n")
    code, _, err = run(capsys, "replay", str(record))
    assert code == 2
    assert f"line {index + 1}" in err and "1..6" in err


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
    else:
        sps = [row for row in rest["team2"] if row["kind"] == "SP"]
        assert secret == [row for row in sps if row["pitcher"].casefold() != starters["team2"]]
        assert any(row["status"] == "not-in-rotation" for row in rest["team1"])
    assert all(row["status"] != "rotation secret" for row in rest["team1"])
