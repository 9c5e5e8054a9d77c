"""Records made by an earlier version (tests/fixtures, README there) still replay to the
same end: the rules' reading has not moved under a stored game (SPEC 7, DESIGN: a series
keeps the box it began with, and its record replays)."""

import json
import re
from pathlib import Path

from companion.engine.record import split_records

from .test_cli import run

FIXTURES = Path(__file__).parent / "fixtures"


def test_two_recorded_games_replay_to_their_results(capsys):
    """Rule 4.8: each game of the record replays to its end, the score its [Result] tag
    names (away-home)."""
    text = (FIXTURES / "two_games.txt").read_text()
    records = split_records(text)
    assert len(records) == 2 and all('[Result "' in record for record in records)
    code, out, err = run(capsys, "replay", str(FIXTURES / "two_games.txt"))
    assert code == 0, err
    results = [record.split('[Result "')[1].split('"')[0].split("-") for record in records]
    *finals, said = out.splitlines()
    assert len(finals) == 2 and said == "ok: 2 games replayed: every action legal, every " \
        "Result stated reached"
    for (away, home), final in zip(results, finals, strict=True):
        assert ": over " in final and f" away {away} home {home} " in final, final


def test_a_recorded_world_series_imports_to_the_same_games_and_exports_alike(capsys,
                                                                             tmp_path):
    """Rules 7.0 and 8 (all six optional rules): the series imports, ends as it did when
    recorded (texas 4-2, the six scores of tests/fixtures/README.md), and exports back to
    the very same text."""
    source = FIXTURES / "world_series.txt"
    db = str(tmp_path / "f.db")
    code, out, err = run(capsys, "import", str(source), "--db", db)
    assert code == 0, err
    code, out, err = run(capsys, "series", "show", "1", "--json", "--db", db)
    report = json.loads(out)
    assert report["winner"] == "texas"
    assert (report["wins"]["team1"], report["wins"]["team2"]) == (2, 4)
    assert [(g["away"], g["away_runs"], g["home"], g["home_runs"], g["innings"])
            for g in report["games"]] == [
        ("texas", 6, "new-york", 4, 9), ("texas", 8, "new-york", 4, 9),
        ("new-york", 9, "texas", 8, 12), ("new-york", 9, "texas", 13, 10),
        ("new-york", 12, "texas", 5, 9), ("texas", 5, "new-york", 3, 9)]
    code, out, err = run(capsys, "export", "1", "--db", db)
    assert code == 0, err
    # The very same text, with each finished game's Result an export writes since
    # 2026-12-06 (the record was made without them).
    results = re.findall(r'^\[Result "(\d+)-(\d+)"\]\n', out, re.MULTILINE)
    assert [(int(a), int(h)) for a, h in results] == [
        (g["away_runs"], g["home_runs"]) for g in report["games"]]
    assert re.sub(r'^\[Result "\d+-\d+"\]\n', "", out, flags=re.MULTILINE) == \
        source.read_text()
