"""The text the screens show, read back against the engine's own facts."""

from __future__ import annotations

import asyncio
import io
import re
from dataclasses import replace

import pytest
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from companion.engine.errors import IllegalAction
from companion.high_and_tight.box import load_box
from companion.high_and_tight.boxscore import box_score
from companion.high_and_tight.rules import GAME_END_RULES
from companion.store.db import Store
from companion.tui import views
from companion.tui.table import Setup, Table

from ..high_and_tight.test_scoring import (
    box_one_at_bat,
    box_xi_at_the_managerial_move,
    home_ahead_in_its_last_half,
)
from .test_app import make_app, new_series, plain, wait_until
from .test_snapshots import first_game_over, play_until
from .test_table import take_first_choice


def test_series_screen_box_score_has_pitchers_halves_runs_and_cards(tmp_path):
    """Issue 4's series screen: a finished game's box score, not only its line score. Each
    pitcher's innings and runs, each half inning's batter, fielder, pitcher and runs (rule
    4.6), and the cards played in it (rules 5.3-5.7), as boxscore.py replays them."""
    path = tmp_path / "box.db"
    series_id = new_series(path, seed="snap-4", scenario="divisional",
                           team1_control="computer", team2_control="computer")
    play_until(path, series_id, first_game_over)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        game = table.session.games[0]
        score = box_score(table.session.rules, game)
        text = Text.from_markup(views.series_summary(table)).plain
        wide = Text.from_markup(views.series_summary(
            table, columns=views.page_columns(120))).plain

    # A page of 120 columns keeps every half inning on one line (at 80 some wrapped; at 120
    # the same ones did, beside half the page empty).
    assert views.page_columns(80) == views.HALF_LINE_MOST and views.page_columns(120) == 100
    halves_wide = [line for line in wide.splitlines() if re.match(r"  [TB]\d+ ", line)]
    assert len(halves_wide) == len(score.halves)
    assert all(line.rstrip().endswith(("run", "runs")) for line in halves_wide)

    lines = text.splitlines()
    for pitcher in score.pitchers:
        row = next(line for line in lines if f" {pitcher.kind} {pitcher.name} " in line)
        assert row.split()[3:5] == [str(pitcher.innings), str(pitcher.runs)], row

    # A half's line too long for an 80-column screen puts its markers and runs on the next
    # line, under the names (the dialog wrapped "3 runs" apart, "runs" alone at its edge).
    at = [number for number, line in enumerate(lines) if re.match(r"  [TB]\d+ ", line)]
    halves = []
    for number in at:
        line = lines[number]
        if not line.rstrip().endswith(("run", "runs")):
            follows = lines[number + 1]
            assert follows.startswith(" " * 13) and follows.strip()[0].isdigit(), follows
            line += "  " + follows.strip()
            assert len(lines[number]) <= views.HALF_LINE_MOST
        halves.append(line)
    assert len(halves) == len(score.halves) >= 17
    assert any(len(line) > views.HALF_LINE_MOST for line in halves)    # (one at least)
    runs = {"away": 0, "home": 0}
    for line, half in zip(halves, score.halves, strict=True):
        tired = f" +{half.fatigue}" if half.fatigue else ""       # as the printed one
        assert f"{half.batter} v {half.fielder} ({half.pitcher}{tired})" in line
        assert line.rstrip().endswith(f"{half.runs} run{'s' if half.runs != 1 else ''}")
        runs[half.batting] += half.runs
    assert runs == score.totals

    # The fatigue column is named over a marker (8.2.1) only: an empty one read as missing.
    # (this game's pitchers all left within their Fatigue: no column)
    assert not any(p.fatigue or p.exceeded_fatigue or p.in_groove for p in score.pitchers)
    header = next(line for line in lines if line.split()[:2] == ["Pitchers", "IP"])
    assert header.split() == ["Pitchers", "IP", "R"]

    played = sum(len(half.cards) for half in score.halves)
    assert played > 0
    card_lines = [line for line in lines if line.strip().startswith("cards:")]
    assert sum(line.count(";") + 1 for line in card_lines) == played


def test_ballplayer_and_pitcher_options_carry_their_ratings(tmp_path):
    """A manager choosing a Batter or Fielder (rule 4.2) or a reliever (rule 4.2.1) sees the
    ratings on the option itself; the DH fields at the marker's Defense (rule 4.3.1); the
    fielder's batting ratings too, as he bats in the bottom half (rule 4.2.2 b)."""
    path = tmp_path / "labels.db"
    series_id = new_series(path, seed="labels-1", scenario="divisional",
                           team1_control="human", team2_control="computer")

    def choosing_a_player(table: Table) -> bool:
        waiting = table.waiting()
        return not waiting.computer and any(" fields " in line or " bats " in line
                                            for line in waiting.options)
    play_until(path, series_id, choosing_a_player)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        state = table.game.state
        seen = 0
        for line in table.waiting().options:
            side_name, verb, name = re.match(r"(home|away) (bats|fields) (.+)", line).groups()
            side = state.side(side_name)
            key, player = next((k, p) for k, p in side.roster.ballplayers.items()
                               if p.name == name)
            text = plain(views.option_text(table, line))
            assert text.startswith(line)
            defense = state.box.dh_defense if key == side.dh else player.defense
            if verb == "fields":        # he bats in the bottom half too (rule 4.2.2 b)
                assert text.endswith(f" D{defense} O{player.offense} P{player.power} "
                                     f"OBP{player.obp} Sp{player.speed} Cl{player.clutch} "
                                     f"bats {player.bats}")
            else:
                assert text.endswith(f"O{player.offense} P{player.power} OBP{player.obp} "
                                     f"Sp{player.speed} Cl{player.clutch} bats {player.bats}")
            seen += 1
        assert seen >= 2
        assert views.option_text(table, "home stands pat") == "home stands pat"
        # Rally Caps say what they do (rule 5.7.2), on the option and in the palette.
        assert plain(views.option_text(table, "home rallies tens")).startswith(
            "home rallies tens  every roll of 10 also scores, this at-bat; P(run) ")
        assert views.action_help(table, "away rallies card") == \
            "Rally Caps (rule 5.7.2): play one more strategy card this phase"


def test_percent_never_rounds_to_a_certainty():
    assert views.percent(0.003) == "<1%"
    assert views.percent(0.997) == ">99%"
    assert views.percent(0.0) == "0%" and views.percent(1.0) == "100%"
    assert views.percent(0.456) == "46%"


def test_setting_the_rotation_shows_the_starting_pitchers(tmp_path):
    """Rule 3.0: a human setting his secret rotation sees each SP's ratings beside the
    choice; the computer's side is not listed."""
    path = tmp_path / "rotation.db"
    series_id = new_series(path, seed="rot-1", scenario="divisional",
                           team1_control="human", team2_control="computer")
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        waiting = table.waiting()
        assert waiting.scope == "series" and waiting.team == "team1"
        text = plain(views.board(table))
        box = table.session.box
        sps = [p for p in box.rosters[table.series.rosters["team1"]].pitchers.values()
               if p.kind == "SP"]
        assert len(sps) >= 3
        for pitcher in sps:
            label = box.scoring_boxes[pitcher.stuff_box - 1].label
            assert f"{pitcher.name:<11} {pitcher.throws} {pitcher.stuff_rolls}/{label:<4} " \
                   f"F{pitcher.fatigue} K{pitcher.k}" in text
        assert f"Starting pitchers of {table.team_name('team2')}" not in text
        # Series lines read with the team's name, in the options and in the log.
        line = waiting.options[0]
        assert views.option_text(table, line) == \
            line.replace("team1", "New York Highlanders", 1)


def test_the_computers_choice_is_offered_as_a_hint(tmp_path):
    """For the human's decisions (series and game) the companion names what its own manager
    would do: always one of the legal options, never for the computer's turns."""
    path = tmp_path / "hint.db"
    series_id = new_series(path, seed="hint-1", scenario="divisional",
                           team1_control="human", team2_control="computer")
    hints = 0
    store = Store.open(path)
    try:
        table = Table(store, series_id)
        for _ in range(400):
            waiting = table.waiting()
            if waiting.kind == "over":
                break
            hint = table.suggestion(waiting)
            if waiting.kind == "decision" and not waiting.computer:
                assert hint in waiting.options
                hints += 1
                table.enter(hint)
            else:
                assert hint is None
                if table.auto_step() is None:
                    table.roll()            # the human's own dice, rolled digitally
    finally:
        store.close()
    assert hints > 20


def test_the_hand_keys_the_star_only_when_a_card_has_it(tmp_path):
    """Rules 5.3-5.7: in a Strategy Card phase the hand's header explains the star of the
    playable cards, and says nothing of it when no card of the hand is playable."""
    path = tmp_path / "star.db"
    series_id = new_series(path, seed="star-1", scenario="spring",
                           team1_control="computer", team2_control="computer")
    seen = set()

    def card_phase(table: Table) -> bool:
        game = table.game
        if game is None or game.state.phase != "cards":
            return False
        side = game.state.actor
        lines = views.hand_lines(table, side)
        starred = any(line.startswith("[green]*") for line in lines[1:])
        if len(lines) > 1:
            seen.add(starred)
            assert ("playable now" in plain(lines[0])) == starred, lines
        return seen == {True, False}

    play_until(path, series_id, card_phase)
    assert seen == {True, False}


def dugouts_read(path, series_id: int):
    """The stored series' table and its dugouts' lines, as the window shows them."""
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        return table, plain(views.dugouts(table)).splitlines()


def test_dugouts_say_how_near_a_reliever_comes_to_his_rest(tmp_path):
    """Rule 8.2.2: a reliever rests after pitching his limit of games in a row. The series
    view said how near each comes ('has pitched 1 game in a row, 2 more before a rest');
    the dugouts, where a player picks a reliever mid-game, said only 'available'."""
    from .test_snapshots import play_until

    path = tmp_path / "rest.db"
    series_id = new_series(path, seed="dug-rest-3", scenario="divisional", rules=["rest"],
                           team1_control="computer", team2_control="computer")
    play_until(path, series_id, lambda table: len(table.series.results) >= 1
               and table.game is not None and table.game.state.phase == "bat")
    table, lines = dugouts_read(path, series_id)
    pens = [line for line in lines if line.startswith("  Bullpen: ")]
    said = 0
    for side, pen in zip(("away", "home"), pens, strict=True):
        rows = table.session.series_rules.rest_table(table.series, table.team_of(side))
        for row in rows:        # (the bullpen lists the starters of this game only)
            if row.kind == "SP":
                continue
            if row.status == "available" and row.reason:
                assert f"{row.pitcher} {row.kind} available ({row.reason}, 8.2.2)" in pen, pen
                said += 1
            elif row.status == "unavailable" and row.reason:
                assert f"{row.pitcher} {row.kind} resting (8.2.2): {row.reason}" in pen, pen
    assert said >= 2, pens
    assert "Achterberg CL available (has pitched 1 game in a row, 1 more before a rest, " \
        "8.2.2)" in pens[0]


def test_dugouts_at_a_final_say_each_reliever_s_standing_for_the_next_game(tmp_path):
    """Rule 8.2.2 at a game's final: the players plan the next game's bullpen there, and
    the dugouts said nothing of rest till its first step (the series view said it). Each
    reliever's line ends with his standing for the next game; none after the series'
    last game."""
    from .test_snapshots import play_until

    path = tmp_path / "final-rest.db"
    series_id = new_series(path, seed="dug-rest-3", scenario="divisional", rules=["rest"],
                           team1_control="human", team2_control="human", dice="digital",
                           cards="digital")
    play_until(path, series_id, lambda table: len(table.series.results) == 1)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        table.held = table.final_to_hold()      # (as the screen holds it, rule 4.8)
        table.follow_game()
        assert table.held == 1 and table.game.state.phase == "over"
        lines = plain(views.dugouts(table)).splitlines()
    pens = " ".join(line for line in lines if line.startswith("  Bullpen: "))
    assert ("Tremaine RP finished the game, inn 2 of F2, R0; next game: available - has "
            "pitched 1 game in a row, 2 more before a rest (rule 8.2.2)") in pens, pens
    assert "Castellan RP available;" in pens            # (no standing to say: none said)


def test_dugouts_show_the_lineup_the_used_and_the_bench(tmp_path):
    """Rules 3.0, 4.2.1.1 and 4.2.2: the dugout holds the lineup's ballplayers still to play,
    those used are listed apart, the roster's others sit out the game; the bullpen gives
    the pitcher on the mound with his innings against his Fatigue."""
    path = tmp_path / "dugouts.db"
    series_id = new_series(path, seed="dug-1", scenario="spring",
                           team1_control="computer", team2_control="computer")
    with Store.open(path, readonly=True) as store:      # before game 1: said, not blank
        assert plain(views.dugouts(Table(store, series_id))).startswith(
            "No game has begun yet: the dugouts and bullpens fill once game 1 is set up")

    def third_inning(table: Table) -> bool:         # its batter and fielder in play
        return (table.game is not None and table.game.state.inning >= 3
                and table.game.state.phase == "cards")
    play_until(path, series_id, third_inning)
    table, text = dugouts_read(path, series_id)
    state = table.game.state
    for side in (state.away, state.home):
        at = text.index(side.team.name)
        block = text[at + 1:at + 5]
        names = {k: p.name for k, p in side.roster.ballplayers.items()}
        dugout = next(line for line in block if line.startswith("  Dugout: "))
        used = next(line for line in block if line.startswith("  Used: "))
        bench = next(line for line in block if line.startswith("  Not in the lineup"))
        in_play = [line for line in block if line.startswith("  In play this inning: ")]
        for key in side.available:
            assert names[key] in dugout
            # ... and each with his ratings, for the innings ahead (rules 4.2, 5.3)
            p = side.roster.ballplayers[key]
            assert any(line.startswith(f"    {p.name} {p.position} ({p.bats}) O{p.offense} "
                                       f"D{p.defense} P{p.power} OBP{p.obp} Sp{p.speed} "
                                       f"Cl{p.clutch}") for line in text[at + 1:]), p.name
        assert used == "  Used: " + ", ".join(names[k] for k in side.used)
        assert len(side.used) == 2
        assert in_play == [f"  In play this inning: {names[side.player]}"]
        out = [names[k] for k in names if k not in side.lineup]
        assert out and bench == "  Not in the lineup (rule 3.0): " + ", ".join(out)
        assert not any(name in dugout or name in used for name in out)
        # The pitcher on the mound with his innings against his Fatigue (rule 4.2.1.1);
        # the batting team's pitcher is its pitcher, not on the mound.
        pitcher = side.current_pitcher()
        pen = next(line for line in text[at + 1:] if line.startswith("  Bullpen: "))
        where = "on the mound" if side.name == state.fielding else "pitching (his team bats)"
        assert (f"{pitcher.name} {pitcher.kind} {where}, "
                f"inn {side.lines[side.pitcher].innings} of F{pitcher.fatigue}") in pen
        assert pen.count(" on the mound") == (side.name == state.fielding)
        # The board says it in short (inn 2/F7): the inning he pitches now counts.
        board = plain(views.board(table)).splitlines()
        assert any(line.startswith(f"{side.team.abbrev} {pitcher.kind} {pitcher.name} ")
                   and f" inn {side.lines[side.pitcher].innings}/F{pitcher.fatigue}" in line
                   for line in board), board
        # ... and the runs he allowed, as the board's R2 says them.
        assert f"of F{pitcher.fatigue}" in pen and (
            f", R{side.lines[side.pitcher].runs}" in pen.split(pitcher.name, 1)[1])
    # Once the game is over neither is on the mound: each team's last pitcher finished it
    # ('the team's last pitcher' read as its last arm, with relievers unused); a pitcher
    # who left has his innings and runs (4.2.1.1, as the box score).
    play_until(path, series_id, lambda table: table.session.is_over())
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        text = plain(views.dugouts(table))
        state = table.game.state
    assert " on the mound" not in text and text.count(" finished the game, inn ") == 2
    removed = [(side, key) for side in (state.home, state.away)
               for key in side.pitchers_removed]
    assert removed
    for side, key in removed:
        line, name = side.lines[key], side.roster.pitchers[key].name
        assert f"{name} {side.roster.pitchers[key].kind} used, {line.innings} inn, " \
               f"R{line.runs}" in text


def test_dugouts_before_the_lineups_list_each_roster_rated(tmp_path):
    """Rule 3.0: while a lineup is chosen its dugout read 'Dugout: -' for both teams, the
    player choosing saw no one to choose from there; each roster is listed, rated, until
    its lineup is set, and the dugout from then on."""
    path = tmp_path / "dugouts-setup.db"
    series_id = new_series(path, seed="dug-2", scenario="spring",
                           team1_control="computer", team2_control="computer")
    play_until(path, series_id, lambda table: table.game is not None
               and table.game.state.phase == "lineup")
    table, text = dugouts_read(path, series_id)
    state = table.game.state
    for side in (state.away, state.home):
        at = text.index(side.team.name)
        block = text[at + 1:]
        if side.lineup:
            assert block[0].startswith("  Dugout: ") and block[0] != "  Dugout: -"
            continue
        assert block[0] == "  Lineup not set yet (rule 3.0); the roster, rated:"
        for p, line in zip(side.roster.ballplayers.values(), block[1:], strict=False):
            assert line.startswith(f"    {p.name} {p.position} ({p.bats}) O{p.offense} "), line
        assert not any(line.startswith(("  Dugout: ", "  Used: ")) for line in
                       block[:len(side.roster.ballplayers) + 1])
    assert not all(side.lineup for side in (state.away, state.home))


SECRET_ENTRIES = [("1", "home draws 1 offense"), ("1", "deal Web Gem"),
                  ("1", "away draws 1 defense"), ("1", "deal Punchout"),
                  ("1", "home exchanges Web Gem for offense"), ("1", "deal Good Wood"),
                  ("series", "team1 rotation Sabaria, Okafor, Lindqvist"),
                  ("series", "team2 rotation Flee, Lozano, Crowder"),
                  ("1", "home plays Web Gem"), ("series", "team2 starts Flee")]


@pytest.mark.parametrize("controls, hidden", [
    (("human", "human"), {"team1", "team2"}),          # two players share the screen
    (("human", "computer"), {"team2"}),                # the computer's hand and rotation
    (("computer", "computer"), set()),                 # watching the computer play
])
def test_hidden_teams_cards_and_rotations_stay_off_the_screen(tmp_path, controls, hidden):
    """Rules 3.0, 5.2.1: the cards dealt to or exchanged by a team whose hand this screen
    must not show, and its secret rotation (a starter named on short rest too), are not
    named in logs and notices; a deal
    belongs to the side that drew or exchanged just before it. Series lines name the
    team either way."""
    from companion.high_and_tight.series_session import Entry

    path = tmp_path / "secret.db"
    series_id = new_series(path, seed="sec-1", scenario="divisional",
                           team1_control=controls[0], team2_control=controls[1])
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        assert table.hidden_teams() == hidden
        home = table.team_of_game("1", "home")
        shown = views.shown_lines(table, [Entry(*e) for e in SECRET_ENTRIES])
        away = "team2" if home == "team1" else "team1"
        names = {team: table.team_name(team) for team in ("team1", "team2")}
        assert shown == [
            "home draws 1 offense",
            "deal to home (hidden)" if home in hidden else "deal Web Gem",
            "away draws 1 defense",
            "deal to away (hidden)" if away in hidden else "deal Punchout",
            "home exchanges a card" if home in hidden else "home exchanges Web Gem for offense",
            "deal to home (hidden)" if home in hidden else "deal Good Wood",
            f"{names['team1']} sets the rotation" if "team1" in hidden
            else f"{names['team1']} rotation Sabaria, Okafor, Lindqvist",
            f"{names['team2']} sets the rotation" if "team2" in hidden
            else f"{names['team2']} rotation Flee, Lozano, Crowder",
            "home plays Web Gem",
            # short rest's choice of starter (8.2.3 a) would tell the rotation's turn
            f"{names['team2']} names its starter" if "team2" in hidden
            else f"{names['team2']} starts Flee"]
        # Context: a deal whose draw came before the lines shown is still attributed.
        entries = [Entry(*e) for e in SECRET_ENTRIES[:2]]
        assert views.shown_lines(table, entries[1:], before=entries[:1]) == [shown[1]]


def test_the_games_notes_keep_a_hidden_teams_exchanged_card_secret():
    """Rule 5.2.2: the engine's note of a hidden team's exchange does not name the card."""
    from types import SimpleNamespace

    log = [("5.2.2", "home exchanges Web Gem for a defense card"),
           ("5.2.2", "home exchanges Good Wood for an offense card"),
           ("5.2.2", "away exchanges Good Wood for an offense card"),
           ("5.5", "away plays Good Wood: Scoring Rolls +1"),
           ("4.2.2, 4.2.3", "away bats Marty; home fields Kanno")]
    table = SimpleNamespace(
        session=SimpleNamespace(games=[SimpleNamespace(state=SimpleNamespace(log=log))]),
        hidden_teams=lambda: frozenset({"team1"}),
        team_of_game=lambda scope, side: "team1" if side == "home" else "team2")
    (notes,) = views.game_notes(table)
    assert [plain(line) for line in notes] == [
        "rule 5.2.2 home exchanges a card for a defense card",
        "rule 5.2.2 home exchanges a card for an offense card",
        "rule 5.2.2 away exchanges Good Wood for an offense card",
        "rule 5.5 away plays Good Wood: Scoring Rolls +1",
        "rules 4.2.2, 4.2.3 away bats Marty; home fields Kanno"]     # (two rules cited)


def test_managerial_options_show_the_bonus_roll_and_leave_the_markers(rules):
    """Rules 4.5, 5.5.2: the Managerial Move lines on the board weigh each move without
    touching the table; +2 from box XI with 4 rolls reads 3+1 rolls in box XII."""
    session = box_xi_at_the_managerial_move(rules)
    before = session.state.summary()
    head, *rows, weighs = views.managerial_options(session.state)
    assert head.split() == ["move", "rolls", "box", "P(run)", "runs"]
    assert weighs.startswith("  [dim]suggested: ")
    lines = {line.split()[0]: line.split()[1:] for line in rows}
    assert lines["+2"][:2] == ["3+1", "XII"] and lines["+1"][:2] == ["3", "XII"]
    widths = {len(line) for line in rows}
    assert len(widths) == 1 and widths.pop() <= 36     # one column each, fits 80 columns
    assert session.state.summary() == before and not session.state.atbat.bonus
    # In the options' order (the legal actions'), so the two lists read alike.
    legal = [str(action).split()[-1] for action in rules.legal_actions(session.state)]
    assert [line.split()[0] for line in rows] == legal


def test_the_board_says_what_the_suggested_managerial_move_weighs(rules):
    """Rule 4.5: the suggestion is the move of the most runs expected, or, from the 7th with
    its side tied or a run behind, of the best chance of one run: the board says which (a
    move of a lower P(run) suggested looked like a slip)."""
    session = box_xi_at_the_managerial_move(rules)
    state = session.state
    side = state.actor
    other = "away" if side == "home" else "home"
    weighs = {}
    for inning, lead in ((3, 0), (8, 0), (8, -1), (8, 1), (8, -2)):
        state.inning = inning               # the side to move `lead` runs ahead
        state.side(side).runs = [max(lead, 0)]
        state.side(other).runs = [max(-lead, 0)]
        weighs[inning, lead] = views.managerial_options(state)[-1]
    one_run = "  [dim]suggested: the best P(run), one run matters[/dim]"
    most = "  [dim]suggested: the most runs[/dim]"
    assert weighs == {(3, 0): most, (8, 0): one_run, (8, -1): one_run, (8, 1): most,
                      (8, -2): most}


def test_the_board_says_why_the_rolls_go_on_once_the_home_side_leads(rules):
    """Rules 4.6.4, 4.8, 6.3: the game ends between halves, so the home side ahead during
    its last half still rolls its rolls (a player saw the win figure at >99% and more rolls
    asked for, with no word why); the board says so, and that a Hit and Run 9 may still
    take a run back."""
    state = home_ahead_in_its_last_half(rules)
    home = state.home.team.abbrev
    assert views.walk_off_line(state) == f"{home} ahead; roll the half out (4.6.4)"
    state.atbat.hit_and_run = True
    assert views.walk_off_line(state).endswith("(4.6.4); a 9 takes a run back")
    state.atbat.rolls_left, state.phase = 0, "free-roll"    # box I's free roll still owed
    assert views.walk_off_line(state).startswith(f"{home} ahead; roll the half out")
    state.atbat.rolls_left, state.phase = 2, "roll"
    state.atbat.runs = 1                        # tied: the half decides nothing yet
    assert views.walk_off_line(state) == ""
    state.atbat.runs, state.inning = 2, 8       # not the last half
    assert views.walk_off_line(state) == ""


def test_the_board_carries_the_walk_off_line(tmp_path):
    """Rules 4.6.4, 4.8: the board itself says it, under the rolls left."""
    from companion.store.db import Store
    from companion.tui.table import Table

    from .test_app import at_batter_up

    path = tmp_path / "walk-off.db"
    series_id = at_batter_up(path, seed="walk-off")
    store = Store.open(path)
    try:
        table = Table(store, series_id)
        state = table.game.state
        state.inning, state.half, state.phase = 9, "bottom", "roll"
        state.away.runs, state.home.runs = [1], [0]
        state.atbat.rolls, state.atbat.number = 3, 5
        state.atbat.rolls_left, state.atbat.runs = 1, 2
        lines = plain(views.board(table)).splitlines()
    finally:
        store.close()
    at = next(i for i, line in enumerate(lines) if line.startswith("Rolls left 1"))
    assert lines[at + 1] == views.walk_off_line(state) != ""


def test_the_board_shows_the_last_half_s_lead_and_tie_of_each_managerial_move(rules):
    """Rules 4.5, 4.8, 6.3: in the home side's last half the options show, in the place of
    the runs expected, each move's chance to end the half ahead (the game won) and tied
    (extra innings), what the suggestion weighs (a tie as half a win); a single 'win'
    figure read 65% beside the board's 55% for the game. The bottom of the 9th, two runs
    behind; tied."""
    from companion.high_and_tight.manager import manage_outcomes

    session = box_xi_at_the_managerial_move(rules)
    state = session.state
    state.inning = 9
    state.away.runs, state.home.runs = [2], [0]
    head, *rows, weighs = views.managerial_options(state)
    assert head.split() == ["move", "rolls", "box", "P(run)", "lead", "tie"]
    assert weighs == ("  [dim]suggested: the best lead + tie/2 (last at-bat, 2 runs "
                      "behind)[/dim]")
    names = {0: "pat", 1: "+1", 2: "+2", -2: "-2"}
    assert {line.split()[0]: line.split()[-2:] for line in rows} == {
        names[shift]: [views.percent(ahead), views.percent(tie)]
        for shift, (ahead, tie) in manage_outcomes(state).items()}
    widths = {len(line) for line in rows} | {len(head)}
    assert len(widths) == 1 and widths.pop() <= 36     # fits the 80-column board
    state.home.runs = [2]
    assert views.managerial_options(state)[-1] == (
        "  [dim]suggested: the best lead + tie/2 (last at-bat, tied)[/dim]")
    state.half = "top"              # the away side's 9th: the home side bats after it
    assert views.managerial_options(state)[0].split()[-1] == "runs"


@pytest.mark.parametrize("controls", [("human", "human"), ("computer", "computer"),
                                      ("human", "computer")])
def test_series_view_keeps_a_hidden_teams_rotation_secret(tmp_path, controls):
    """Rule 3.0: until an SP starts, the series view does not tell a hidden team's rotation
    from the other SPs; watching the computer play both, it does; one player against the
    computer sees his own rotation, not the computer's."""
    path = tmp_path / "rot.db"
    series_id = new_series(path, seed="rot-1", scenario="divisional",
                           team1_control=controls[0], team2_control=controls[1])
    store = Store.open(path)
    try:
        table = Table(store, series_id)
        while set(table.series.rotations) != {"team1", "team2"}:
            waiting = table.waiting()
            table.enter(table.suggestion(waiting) or waiting.options[0])
        text = Text.from_markup(views.series_summary(table)).plain
        hidden = table.hidden_teams()
        assert hidden == {("human", "human"): {"team1", "team2"},
                          ("computer", "computer"): set(),
                          ("human", "computer"): {"team2"}}[controls]
        for team in ("team1", "team2"):
            names = ", ".join(table.session.series_rules._pitcher(table.series, team, k).name
                              for k in table.series.rotations[team])
            count = len(table.series.rotations[team])
            shown = f"{count} starters, set (secret until they start)" if team in hidden \
                else names
            assert f"Rotation of {table.team_name(team)}: {shown}" in " ".join(text.split())
        for team in ("team1", "team2"):
            after = text.split(f"Pitchers of {table.team_name(team)}")[1]
            block = after.split("Pitchers of")[0].splitlines()[1:]
            rows = {line.split()[0].casefold(): line for line in block
                    if len(line.split()) > 1 and line.split()[1] == "SP"}
            rotation = table.series.rotations[team]
            assert rotation and set(rotation) < set(rows)      # and SPs left out of it
            for key, line in rows.items():
                if team in hidden:          # nothing tells the rotation from the others
                    assert line.endswith("SP rotation secret"), line
                else:
                    assert ("out of the rotation" in line) == (key not in rotation), line
        # Once game 1's starters are on the mound, the whole table knows them.
        while table.game is None or not (table.game.state.home.starter
                                         and table.game.state.away.starter):
            waiting = table.waiting()
            if table.auto_step() is None:
                table.enter(table.suggestion(waiting) or waiting.options[0])
        text = Text.from_markup(views.series_summary(table)).plain
        for side in ("home", "away"):
            team = table.team_of(side)
            block = text.split(f"Pitchers of {table.team_name(team)}")[1]
            starter = table.game.state.side(side).current_pitcher().name
            row = next(line for line in block.splitlines() if line.split()[:1] == [starter])
            assert "secret" not in row, row
            # The rotation names him in his place, the rest of it still unknown.
            places = [starter] + ["?"] * (len(table.series.rotations[team]) - 1)
            rotation = (", ".join(places) + " (each ? secret until he starts)"
                        if team in hidden else None)
            if rotation:
                assert f"Rotation of {table.team_name(team)}: {rotation}" in text
    finally:
        store.close()


@pytest.mark.parametrize("pick", [0, 1])
def test_a_starter_named_for_the_next_game_stays_secret_until_placed(tmp_path, pick):
    """Rules 3.0 and 8.2.3 a: where short rest lets a team choose its next starter, the
    choice is its secret until he is placed after the draws. The rest table a shared view
    shows (series view, board, `series show`) stays as before the choice: 'starts in game
    4' beside the man moved up on short rest told the other player, and so did its absence
    beside the rotation's own man. Once on the mound, he is everybody's to see."""
    path = tmp_path / "pick.db"
    series_id = new_series(path, seed="sr-1", scenario="world", team1_control="human",
                           team2_control="human", rules=frozenset({"rest", "short-rest"}),
                           dice="digital", cards="digital")
    store = Store.open(path)
    try:
        table = Table(store, series_id)
        while True:
            waiting = table.waiting()
            if waiting.scope == "series" and sum(" starts " in option
                                                 for option in waiting.options) > 1:
                break
            if table.auto_step() is None:
                if waiting.kind == "chance":
                    table.roll()
                else:
                    table.enter(table.suggestion(waiting) or waiting.options[0])
        team, session = waiting.team, table.session
        before = session.shared_rest_table(team)
        table.enter(waiting.options[pick])
        named = waiting.options[pick].rpartition(" starts ")[2]
        assert session.shared_rest_table(team) == before
        text = Text.from_markup(views.series_summary(table)).plain
        block = text.split(f"Pitchers of {table.team_name(team)}")[1].split("Pitchers of")[0]
        assert [line.split()[0] for line in block.splitlines() if "starts in game" in line] \
            == [row.pitcher for row in before if row.status == "starts"]
        # Placed on the mound after the draws: his start is public.
        number = table.series.next_game
        side = "home" if session.series_rules.home_team(table.series, number) == team \
            else "away"

        def placed() -> bool:
            game = session.current_game
            return (game is not None and len(session.games) == number
                    and bool(game.state.side(side).starter))

        while not placed():
            waiting = table.waiting()
            assert session.shared_rest_table(team) == before
            if table.auto_step() is None:
                table.enter(table.suggestion(waiting) or waiting.options[0])
        starts = [row.pitcher for row in session.shared_rest_table(team)
                  if row.status == "starts"]
        assert starts == [named]
    finally:
        store.close()


def test_the_computers_notable_moves_are_told_with_the_engines_words(rules):
    """Rules 4.2.1.1, 4.5, 5.5, 5.7, 6.2, 8.2.1: the computer's card, Rally Caps, Managerial
    Move, pitching change, a tired pitcher kept in and an extra inning's strategy are told
    as the engine noted them, without
    the notes of the steps that follow; passes, draws and a fresh pitcher kept are not."""
    from companion.high_and_tight.series_session import Entry

    from ..high_and_tight.util import STAY, at, drive, new_game, play

    def told(session, line):
        state = session.state
        start = len(state.log)
        session.push_text(line)
        return views.computer_move(Entry("1", line), state.log[start:])

    session = new_game(rules, header={"Rules": "advanced-fatigue"})
    before = len(session.state.log)
    assert told(session, "home brings in Wexley") == "home: Wexley relieves Sabaria"
    # Told at the table by team, as the board names it, the relief's 'home:' too.
    home = session.state.home.team.abbrev
    assert views.computer_move(Entry("1", "home brings in Wexley"),
                               session.state.log[before:], session.state) == (
        f"{home}: Wexley relieves Sabaria")
    play(session, "away bats Hampton\nhome fields Kanno")
    assert told(session, "away plays Leadoff Walk").startswith("away plays Leadoff Walk: ")
    assert told(session, "home passes") is None
    assert told(session, "away rallies tens") == (
        "away uses Rally Caps: every roll of 10 scores this at-bat")
    play(session, "away passes\nhome passes")
    said = told(session, "away manages +1")
    atbat = session.state.atbat          # the markers the move left, as a card's note has
    assert said.startswith("away Managerial Move: ") and said.endswith(
        f" -> rolls {atbat.rolls}{'+1' if atbat.bonus else ''}, "
        f"box {session.state.scoring_box().label}")
    drive(session, until=at(2, "top", "mound"))
    assert told(session, f"home {STAY}") == "Wexley pitches past his Fatigue: Fatigue +100"
    drive(session, until=at(2, "bottom", "draw"))
    for quiet in ("home draws 1 offense", "away keeps"):
        assert views.computer_move(Entry("1", quiet), session.state.log) is None
    assert views.computer_move(Entry("series", "team2 starts Flee"), []) is None
    # Rule 6.2: the strategy the computer names for an extra inning's half (it sets the
    # cards either side may play; the status line alone showed it)
    drive(session, until=at(10, "top", "name"))
    assert told(session, "away names obp") == "away names obp as the strategy for this half"


def test_the_end_of_a_half_is_told_with_the_dice_that_made_it(rules):
    """Rule 4.6.4: the half's runs are recorded and the screen moves on to the next half, so
    the notice that tells the runs also shows the box and the Scoring Rolls' dice of that
    at-bat (the computer's and the last roll too), oldest first; other steps tell nothing."""
    from ..high_and_tight.util import QUIET, new_game, quiet_step

    session = new_game(rules)
    state = session.state
    while state.phase not in ("roll", "free-roll"):
        quiet_step(session)
    rolled = []
    while (state.inning, state.half) == (1, "top"):
        start = len(state.log)
        assert views.half_over(session, state.log[start:]) is None
        box = state.scoring_box()           # the box the dice are read against (4.6.2)
        assert state.scoring_numbers() == box.numbers and not state.atbat.hit_and_run
        session.push_text(QUIET)
        rolled.append(tuple(int(face) for face in QUIET.split()[1:]))
        told = views.half_over(session, state.log[start:])
        if (state.inning, state.half) == (1, "top"):
            assert told is None
    assert told == (f"{state.away.team.abbrev} scores 0 runs in the top of inning 1 on box "
                    f"{box.label} ({box.describe()})\nDice "
                    + "  ".join(f"{views.DIE[a]}{views.DIE[b]} {a + b}" for a, b in rolled))


def test_the_board_s_dice_say_how_many_earlier_rolls_they_leave_out():
    """Rule 4.6: an at-bat may roll more dice than the board has room for; the board keeps
    the latest BOARD_DICE and says how many came before (they were dropped unsaid, the
    roll that earned box I's free roll among them); the half's notice shows them all."""
    rolls = [(1, 1), (3, 4), (1, 2), (1, 1), (2, 5), (6, 6), (6, 6), (4, 4)]
    shown = views.dice_line(rolls, views.BOARD_DICE)
    assert shown.startswith(f"Dice ({len(rolls) - views.BOARD_DICE + 2} earlier) … ⚁⚄ 7  ")
    assert shown.endswith("⚃⚃ 8") and shown.count("  ") == views.BOARD_DICE - 3
    # no wider than the rolls it stands for (a board may be 40 columns)
    assert len(shown) <= len(views.dice_line([(6, 6)] * views.BOARD_DICE))
    assert views.dice_line(rolls[:views.BOARD_DICE], views.BOARD_DICE) == views.dice_line(
        rolls[:views.BOARD_DICE]) == "Dice ⚀⚀ 2  ⚂⚃ 7  ⚀⚁ 3  ⚀⚀ 2  ⚁⚄ 7  ⚅⚅ 12"


def test_the_dice_say_what_each_roll_did():
    """Rules 4.6.2 and 5.1.1 e: a roll that scored ends in a tick, one whose 9 took a run
    away in a cross, the 2 that earned box I's free roll in an arrow, the free roll says
    so; the signs are the engine's marks, one for each."""
    from companion.high_and_tight.state import ROLL_MARKS

    assert set(views.ROLL_SIGNS) == set(ROLL_MARKS)
    rolls = [(1, 1), (3, 4), (4, 5), (1, 2)]
    marks = [("earns",), ("free", "run"), ("nine",), ()]
    assert views.dice_line(rolls, marks=marks) == "Dice ⚀⚀ 2→  free ⚂⚃ 7✓  ⚃⚄ 9✗  ⚀⚁ 3"
    # the earlier rolls left out are counted, the marks kept with their own rolls
    assert views.dice_line(rolls * 2, 4, marks=marks * 2).endswith("⚃⚄ 9✗  ⚀⚁ 3")
    # a narrow board breaks between rolls, a mark and 'free' kept with theirs
    assert views.dice_line(rolls, width=16, marks=marks).split("\n") == [
        "Dice ⚀⚀ 2→", "     free ⚂⚃ 7✓", "     ⚃⚄ 9✗  ⚀⚁ 3"]


def test_the_half_s_notice_marks_its_runs_and_box_i_s_free_roll(rules):
    """Rules 4.6.2 and 4.6.4: the half's notice (and the half told again on a table opened
    anew) marks which rolls ran and the free roll a 2 earned in box I."""
    session = box_one_at_bat(rules)
    state = session.state
    start = len(state.log)
    for line in ("roll 1 1", "roll 3 3", "roll 1 2", "roll 2 2", "roll 1 2"):
        session.push_text(line)
    assert state.half == "bottom"
    told = views.half_over(session, state.log[start:])
    assert told.replace("\n     ", "  ").endswith("\nDice ⚀⚀ 2→  free ⚂⚂ 6✓  ⚀⚁ 3  ⚁⚁ 4  ⚀⚁ 3")
    assert views.last_half(session) == told


def test_a_notices_dice_break_between_rolls_never_inside_one():
    """Rule 4.6: a long at-bat's dice in a notice go on as many lines as they need, each
    roll whole (the notice wrapped the total 10 onto a line of its own, away from its
    faces), the lines after the first under the first roll."""
    rolls = [(1, 2), (3, 4), (5, 6), (6, 6), (2, 2), (1, 1), (4, 5), (6, 5), (3, 3), (6, 4)]
    lines = views.dice_line(rolls, width=views.NOTICE_TEXT).split("\n")
    assert len(lines) >= 2 and all(len(line) <= views.NOTICE_TEXT for line in lines)
    assert lines[0].startswith("Dice ⚀⚁ 3  ") and all(line.startswith("     ⚀⚀ 2"[:5])
                                                      for line in lines[1:])
    shown = [roll for line in lines for roll in line.removeprefix("Dice ").strip().split("  ")]
    assert shown == [f"{views.DIE[a]}{views.DIE[b]} {a + b}" for a, b in rolls]
    assert views.dice_line(rolls) == "Dice " + "  ".join(shown)      # no width: one line


def test_the_undo_notice_keeps_the_order_taken_and_counts_the_rest():
    """Undo takes back the player's decision and the replies after it: the notice names
    them in the order they were taken, the player's first, and counts the ones not named."""
    def notice(steps):
        return views.steps_notice("undone", steps)

    assert notice(["home plays Pitchout"]) == "undone: home plays Pitchout"
    steps = ["home passes", "away passes", "away stands pat", "home keeps", "away keeps"]
    assert notice(steps[:3]) == "undone: home passes; away passes; away stands pat"
    assert notice(steps) == ("undone: home passes; away passes; away stands pat; "
                             "then 2 more steps")
    # One more is named, not counted ('and 1 more step after' read as another thing).
    assert notice(steps[:4]) == ("undone: home passes; away passes; away stands pat; "
                                 "home keeps")
    # Rolls in a row read as one: four rolled at once (R) were told as three and the
    # fourth among '6 more steps', the computer's.
    rolls = ["roll 2 3", "roll 6 2", "roll 5 6", "roll 1 1"]
    assert notice(rolls + steps) == ("undone: rolls 2 3, 6 2, 5 6, 1 1; home passes; "
                                     "away passes; then 3 more steps")
    assert notice(["roll 3 4"]) == "undone: roll 3 4"


def test_an_undo_back_into_the_last_game_names_the_game_its_steps_were_of(tmp_path):
    """Undo from the first steps of game 2 goes back to game 1's final: the notice's
    'home draws ...' was game 2's home team while the screen shows game 1's, so it says
    the game and who was at home there (rule 3.0's schedule); steps of the game shown are
    told as before."""
    path = tmp_path / "undo-game.db"
    series_id = new_series(path, seed="undo-game", scenario="divisional")
    with Store.open(path) as store:
        table = Table(store, series_id)
        take_suggestions_until(table, lambda table: len(table.session.games) == 2 and sum(
            e.scope == "2" for e in table.session.entries) >= 2)
        undone = []
        while table.session.entries[-1].scope == "2":
            undone.append(table.stored.undo())
        table.held = table.final_to_hold()          # as undo_to_player leaves the screen
        assert table.game_number() == 1
        # Rule 3.0: a Divisional Series' game 2 is at Team 2's park (Texas here).
        assert views.steps_verb(table, "undone", undone) == "undone in game 2 (TXC at home)"
        last = table.stored.undo()                  # a step of game 1, the game shown
        assert last.scope == "1" and views.steps_verb(table, "undone", [last]) == "undone"


@pytest.mark.parametrize(("seed", "innings", "rule"), [("views-final", 9, "4.8"),
                                                       ("views-final-7", 10, "6.3")])
def test_a_finished_game_shows_its_final_score_not_the_last_at_bats_markers(tmp_path, seed,
                                                                            innings, rule):
    """Rules 4.8 and 6.3: once the last game is over (the screen keeps it) the board gives
    the final score instead of the markers of an at-bat no longer played, citing the rule
    that ended it (6.3 for extra innings)."""
    path = tmp_path / "final.db"
    series_id = new_series(path, seed=seed, scenario="spring",
                           team1_control="computer", team2_control="computer")
    play_until(path, series_id, first_game_over)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        state = table.game.state
        assert state.phase == "over" and state.inning == innings
        text = Text.from_markup(views.board(table)).plain
    winner, loser = state.side(state.winner), state.side(
        "away" if state.winner == "home" else "home")
    assert (f"Final: {winner.team.abbrev} win {winner.total}-{loser.total} in "
            f"{innings} innings ({rule})") in text
    assert "Scoring Rolls" not in text and "Rolls left" not in text


@pytest.mark.parametrize("cards", ["physical", "digital"])
def test_a_game_s_first_draw_with_the_table_s_cards_says_to_reshuffle(tmp_path, cards):
    """Rule 3.0, Game Setup, step 1: before a game's first draw with the table's own cards
    the board says to reshuffle them all (a hand kept from the last game went on unseen:
    every draw after it read wrong), on one line the 39-column board holds; gone once the
    first card is drawn. The companion's own deal needs no word."""
    path = tmp_path / "setup.db"
    series_id = new_series(path, seed="views-setup", scenario="spring", cards=cards,
                           team2_control="human")
    play_until(path, series_id, lambda table: table.game is not None)
    said = "New game: reshuffle all cards (3.0)"
    assert len(said) <= 38
    with Store.open(path) as store:
        table = Table(store, series_id)
        board = Text.from_markup(views.board(table)).plain
        assert (said in board) == (cards == "physical"), board
        table.enter(table.waiting().options[0])             # the home draw
        assert said not in Text.from_markup(views.board(table)).plain


def test_a_spring_training_starter_drawn_with_physical_dice_reads_as_a_draw(tmp_path):
    """Rule 3.0, Spring Training: each team's starter is drawn at random, in the open; with
    physical dice the players say which was drawn, and the options and the series view
    read as a draw by the team's name (not the record's 'team1 rotation ...')."""
    path = tmp_path / "spring.db"
    store = Store.open(path)
    try:
        from companion.high_and_tight.box import load_box
        table = Table.create(store, load_box(), Setup(scenario="spring", dice="physical"))
        waiting = table.waiting()
        assert waiting.kind == "chance" and waiting.scope == "series"
        first = waiting.options[0]
        name = first.split(" rotation ")[1]
        assert views.drawn_starter(table, first) == (
            f"{table.team_name(waiting.team)}: {name} drawn to start")
        table.enter(first)
        text = " ".join(Text.from_markup(views.series_summary(table)).plain.split())
        assert f"Starter of {table.team_name(waiting.team)} (rule 3.0): {name}" in text
        assert "secret" not in text.split("Pitchers of")[0]
        drawn = [name]
        while table.waiting().scope == "series":         # the other team's draw
            line = table.waiting().options[0]
            drawn.append(line.split(" rotation ")[1])
            table.enter(line)
        assert table.hidden_teams() == {"team2"}        # the computer's, drawn in the open
        text = Text.from_markup(views.series_summary(table)).plain
        rows = [line for line in text.splitlines() if line.split()[:1] in ([n] for n in drawn)]
        assert len(rows) == 2 and not any("secret" in row for row in rows), rows
    finally:
        store.close()


@pytest.mark.parametrize("scenario, dice, cards, controls", [
    ("divisional", "digital", "digital", ("human", "computer")),
    ("spring", "physical", "physical", ("human", "human")),
    ("spring", "physical", "digital", ("computer", "human")),
    ("spring", "digital", "physical", ("human", "human")),
])
def test_every_view_renders_at_every_step_of_random_play(tmp_path, scenario, dice, cards,
                                                         controls):
    """Random legal play through a whole series in each mode of dice and cards: every text
    the screens show is worked out at every step and is valid markup, options read as
    players say them, and a hidden team's hand is never on the board."""
    import random

    from companion.high_and_tight.box import load_box

    rng = random.Random(f"views:{scenario}:{dice}:{cards}")
    store = Store.open(tmp_path / "random.db")
    try:
        table = Table.create(store, load_box(), Setup(
            scenario=scenario, dice=dice, cards=cards, team1_control=controls[0],
            team2_control=controls[1]))
        for _ in range(20_000):
            waiting = table.waiting()
            game = table.game
            texts = [views.line_score(table), views.status(table), views.board(table),
                     views.dugouts(table), views.series_summary(table),
                     *(views.game_notes(table)[-1] if table.session.games else [])]
            if len(table.session.entries) % 50 == 0:     # (the whole log: now and then)
                texts += views.log_lines(table)
            texts += [views.option_text(table, line) for line in waiting.options[:40]]
            texts += [escape(line) for line in views.shown_lines(
                table, table.session.entries[-4:], before=table.session.entries[:-4])]
            if game is not None and cards == "digital":
                for side in ("home", "away"):
                    if table.team_of(side) not in table.hidden_teams():
                        texts.append(views.board(table, side))
                        texts += views.hand_lines(table, side, texts=True)
            board = Text.from_markup(views.board(table)).plain
            for text in texts:
                Text.from_markup(text)              # a markup error would raise here
            if game is not None:
                for side in ("home", "away"):
                    if table.team_of(side) in table.hidden_teams():
                        assert f"{game.state.side(side).team.abbrev} hand" not in board
            if waiting.kind == "over":
                break
            if table.auto_step() is not None:
                continue
            mark = len(game.state.log) if game is not None else 0
            if waiting.kind == "chance" and not waiting.options:
                if table.dice == "digital":
                    table.roll()                    # the companion's dice (typed: refused)
                else:
                    table.enter(f"{rng.randint(1, 6)} {rng.randint(1, 6)}")
            else:
                table.enter(rng.choice(waiting.options))
            if game is not None:
                views.half_over(game, game.state.log[mark:])
        else:
            raise AssertionError("the series never ended")
        assert table.series.winner in ("team1", "team2")
    finally:
        store.close()


def test_the_log_holds_every_game_of_the_series_each_kept_from_hidden_teams(tmp_path):
    """The log screen's engine notes cover every game so far, each in its own tab; a
    hidden team's exchanged cards stay unnamed in each game, whichever side it had there
    (rules 4.8, 5.2.2)."""
    path = tmp_path / "log.db"
    series_id = new_series(path, seed="log-1", scenario="divisional")   # team2: computer

    def in_game_two(table: Table) -> bool:
        return len(table.session.games) == 2 and table.game.state.inning >= 2
    play_until(path, series_id, in_game_two)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        sections = [[plain(line) for line in lines] for lines in views.game_notes(table)]
        games = table.session.games
        assert len(sections) == len(games) == 2
        assert any(line.startswith("rule 4.8 ") for line in sections[0])
        for number, section in enumerate(sections, start=1):
            computer = next(s for s in ("home", "away")
                            if table.team_of_game(str(number), s) == "team2")
            log = games[number - 1].state.log
            assert len(section) == len(log)
            for line, (rule, text) in zip(section, log, strict=True):
                if rule == "5.2.2" and text.startswith(f"{computer} exchanges "):
                    assert line.startswith(f"rule 5.2.2 {computer} exchanges a card for ")
                else:
                    assert line == f"rule{'s' if ',' in rule else ''} {rule} {text}"


def take_suggestions_until(table: Table, condition) -> None:
    """Play on, the person at the table taking each suggestion (or the first option) and
    rolling digitally, until `condition(table)`."""
    while not condition(table):
        if table.auto_step() is None:
            waiting = table.waiting()
            if waiting.kind == "chance":
                table.roll()
            else:
                table.enter(table.suggestion(waiting) or waiting.options[0])


def deck_words(card) -> str:
    return f"{card.side[:3]} {card.category}"


def test_the_boards_hand_says_why_in_a_few_words_the_window_in_full(tmp_path):
    """Rules 4.4-5.3: on the board each card that cannot be played says why in a few words
    with its rule, except the other deck's cards (rule 5.1), listed last, whose deck says
    it; the hand window (`h`) gives the whole reason and the card's text."""
    path = tmp_path / "hand.db"
    series_id = new_series(path, seed="views-hand", scenario="spring")

    def blocked_card(table: Table) -> bool:
        waiting = table.waiting()
        if waiting.phase != "cards" or waiting.computer or table.game is None:
            return False
        state, rules = table.game.state, table.session.rules
        blocks = [rules.card_block(state, waiting.side, k)
                  for k, n in state.side(waiting.side).hand.items() if n]
        return {block[0] == "5.1" for block in blocks if block} == {True, False}
    with Store.open(path) as store:         # the human takes the suggestions: both decks
        table = Table(store, series_id)
        take_suggestions_until(table, blocked_card)
        side = table.waiting().side
        state, rules = table.game.state, table.session.rules
        board = [plain(line) for line in views.hand_lines(table, side)]
        window = " ".join(plain(line) for line in views.hand_lines(table, side, texts=True))
        seen = set()
        for key, count in state.side(side).hand.items():
            block = count and rules.card_block(state, side, key)
            if not block:
                continue
            name = state.box.cards[key].name
            row = next(line for line in board if line[2:].startswith(name))
            seen.add(block[0] == "5.1")
            if block[0] == "5.1":           # the other deck's: its deck says why, and last
                assert row.endswith(f"{deck_words(state.box.cards[key])}"), row
                assert board.index(row) > max(
                    (board.index(r) for r in board[1:] if " - " in r), default=0)
            else:
                assert row.endswith(f" - {views.short_block(block)} ({block[0]})"), row
            assert f"{name}" in window and f"{block[1]} (rule {block[0]})" in window
        assert seen == {True, False}        # both kinds of row were read


def test_the_board_tells_the_one_card_limit_from_the_inning_s_strategy(box):
    """Rule 5.3 keeps a card back for two reasons: the inning's strategy, and the one card
    a side plays a phase (Rally Caps may allow another). The board's few words tell which."""
    from companion.high_and_tight.rules import CARD_BLOCKS

    limit = ("5.3", CARD_BLOCKS["limit"][1])
    strategy = ("5.3", "Power cards are not eligible in a Speed inning")
    assert views.short_block(limit) == "one card a phase, played"
    assert views.short_block(strategy) == "not this inning"


def test_a_wrapped_line_keeps_its_indent():
    """The dugouts, the hand window and the series view: a long indented line wraps under
    its own first word (after a playable card's mark too), never back at the left edge."""
    from rich.console import Console

    text = ("[b]Texas Cowboys[/b]\n"
            "  Bullpen: Greaves SP on the mound, inn 2 of F7; Contadez RP available; Szabo RP "
            "available\n"
            "[green]*[/green] Hit and Run off speed\n"
            "    The runner goes with the pitch. Batter needs Speed 2 or more, and more words.")
    console = Console(width=40, record=True, color_system=None)
    console.print(views.hanging(text))
    shown = [line.rstrip() for line in console.export_text().splitlines()]
    assert shown[0] == "Texas Cowboys"
    bullpen = shown[1:shown.index("* Hit and Run off speed")]
    assert len(bullpen) > 1 and bullpen[0].startswith("  Bullpen: ")
    assert all(line.startswith("  ") and not line.startswith("   ") for line in bullpen[1:])
    card_text = shown[shown.index("* Hit and Run off speed") + 1:]
    assert len(card_text) > 1 and all(line.startswith("    ") for line in card_text)
    assert " ".join(line.strip() for line in card_text) == (
        "The runner goes with the pitch. Batter needs Speed 2 or more, and more words.")


def test_a_style_that_spans_lines_does_not_break_the_window():
    """A card text written over two lines in cards.toml: its dim style spans them."""
    from rich.console import Console

    console = Console(width=40, record=True, color_system=None)
    console.print(views.hanging("  Card off power\n    [dim]first line\nsecond line[/dim]"))
    shown = [line.rstrip() for line in console.export_text().splitlines()]
    assert shown == ["  Card off power", "    first line", "second line"]


def test_the_options_say_what_short_rest_and_keeping_a_tired_pitcher_cost(rules):
    """Rules 8.2.1 and 8.2.3 b: before the choice, not after it, the list says that a
    reliever on short rest enters at +100, and what keeping the pitcher costs."""
    from types import SimpleNamespace

    from ..high_and_tight.util import at, drive, new_game

    session = new_game(rules, header={"Rules": "advanced-fatigue,rest,short-rest",
                                      "HomeShortRest": "Castellan"})
    table = SimpleNamespace(game=session, session=SimpleNamespace(rules=rules))
    state = session.state
    assert (state.phase, state.actor) == ("mound", "home")
    assert views.option_text(table, "home brings in Castellan").endswith(
        "- short rest: enters at +100 (rule 8.2.3 b)[/dim]")
    assert "short rest" not in views.option_text(table, "home brings in Wexley")
    # Every rating a defense card may read (5.1.1 a) is on the option (rule 4.2.1).
    wexley = rules.box.rosters["new-york"].pitchers["wexley"]
    assert plain(views.option_text(table, "home brings in Wexley")).endswith(
        f"Gopher {wexley.gopher} Control {wexley.control} K {wexley.k} Clutch "
        f"{wexley.clutch} WHIP {wexley.whip}")
    assert views.option_text(table, "home stays with the pitcher").endswith(
        "[dim]fresh[/dim]")
    state.home.fatigue = 100                # (as on short rest): fresh, still marked
    assert views.option_text(table, "home stays with the pitcher").endswith(
        "[dim]stays at +100[/dim]")
    state.home.fatigue = 0
    drive(session, until=at(8, "top", "mound"))          # Sabaria, Fatigue 7, is tired
    assert views.option_text(table, "home stays with the pitcher").endswith(
        "[dim]tired: at +100 (8.2.1)[/dim]")


def test_the_fielder_line_says_what_the_matchup_did_to_the_scoring_number(rules):
    """Rule 4.3: the Scoring Number moves by the batter's Offense less the fielder's
    Defense as the fielder comes; the board's fielder line says by how much (the marker
    moved and only the log said why), the DH's Defense 4 read as the rule reads it (4.3.1)."""
    from ..high_and_tight.util import drive, new_game

    session = new_game(rules)
    state = session.state
    drive(session, until=lambda s: s.inning == 1 and s.phase == "cards")
    batting, fielding = state.side(state.batting), state.side(state.fielding)
    batter = batting.roster.ballplayers[batting.player]
    fielder = fielding.roster.ballplayers[fielding.player]
    defense = 4 if fielding.player == fielding.dh else fielder.defense
    line = next(line for line in views._pieces(state, None) if line.startswith("Fld "))
    noted = next(text for rule, text in state.log if rule == "4.3")
    shift = batter.offense - defense
    assert line.endswith(f"D{defense}  number {shift:+d} (4.3)") or line.endswith(
        f"D{defense} (DH)  number {shift:+d} (4.3)")
    assert f"Scoring Number {shift:+d} to " in noted      # the engine's own note agrees


def test_a_starter_in_his_groove_past_his_fatigue_reads_so_not_fresh(rules):
    """Rule 8.4.1: an SP past his Fatigue inning who has allowed one run or fewer carries
    no Fatigue marker; keeping him reads as his groove, not as a fresh arm."""
    from types import SimpleNamespace

    from ..high_and_tight.util import at, drive, new_game

    session = new_game(rules, header={"Rules": "advanced-fatigue,good-bad-day"})
    table = SimpleNamespace(game=session, session=SimpleNamespace(rules=rules))
    state = session.state
    assert views.option_text(table, "home stays with the pitcher").endswith(
        "[dim]fresh[/dim]")                         # the 1st inning: within his Fatigue
    drive(session, until=at(8, "top", "mound"))          # Sabaria, Fatigue 7, is past it
    own = state.home
    own.lines[own.pitcher].runs = 1
    assert views.option_text(table, "home stays with the pitcher").endswith(
        "[dim]in his groove: past his Fatigue, no marker (8.4.1)[/dim]")

    def mound() -> str:                 # the board's line of the home pitcher
        return next(line for line in views._pieces(state, None)
                    if line.startswith(f"{own.team.abbrev} SP "))

    # ... and the board's line says it (past his Fatigue and unmarked, he read as fresh)
    assert mound().endswith(" inn 7/F7 groove R1")     # (the 8th: his, once kept)
    own.lines[own.pitcher].runs = 2                     # no groove: tired (8.2.1)
    assert views.option_text(table, "home stays with the pitcher").endswith(
        "[dim]tired: at +100 (8.2.1)[/dim]")
    assert "groove" not in mound()


def test_a_starter_on_short_rest_says_so_in_the_list(box):
    """Rule 8.2.3 a: the starter who may go on short rest reads so before he is chosen."""
    from types import SimpleNamespace

    rules = SimpleNamespace(starter_choices=lambda series, team: [("lindqvist", 0),
                                                                  ("sabaria", 100)])
    table = SimpleNamespace(
        series=SimpleNamespace(rosters={"team1": "new-york"}, teams={"team1": "new-york"}),
        session=SimpleNamespace(series_rules=rules, box=box),
        team_name=lambda team: "New York Highlanders")
    table.short_rest_start = lambda line: Table.short_rest_start(table, line)
    assert views.option_text(table, "team1 starts Sabaria") == (
        "New York Highlanders starts Sabaria  [dim]short rest: starts at +100 (rule 8.2.3 a)"
        "[/dim]")
    assert views.option_text(table, "team1 starts Lindqvist") == (
        "New York Highlanders starts Lindqvist")


@pytest.mark.parametrize("scenario, human, games", [("divisional", "team1", 1),
                                                     ("spring", "team1", 1),
                                                     ("divisional", "team2", 2)])
def test_a_finished_games_figure_is_its_result(tmp_path, scenario, human, games):
    """Rule 4.8: the game over, its figure is the result, known at once, from the player's
    side whoever is at home; the series' figure is its result once decided, else the one
    worked out for this final (the games still to play), marked '…' until then."""
    path = tmp_path / "final.db"
    other = "team2" if human == "team1" else "team1"
    series_id = new_series(path, seed="views-final", scenario=scenario,
                           **{f"{human}_control": "human", f"{other}_control": "computer"})
    play_until(path, series_id, lambda table: len(table.series.results) >= games
               or table.series.winner is not None)
    with Store.open(path) as store:
        table = Table(store, series_id)
        table.held = len(table.series.results)
        table.win_history, table.win_steps, table.win_game = [0.4], [3], table.held
        table.win_series, table.win_series_step = 0.45, 3
        result = table.series.results[-1]
        assert table.figure_team() == human
        mine = table.figure_team()

        def win() -> str:
            return next(line for line in plain(views.board(table)).splitlines()
                        if line.startswith("Win "))
        abbrev = table.session.box.teams[table.series.teams[mine]].abbrev
        assert win().startswith(f"Win {abbrev} {'100' if result.winner == mine else '0'}%")
        # the game's sparkline stays whole, the next game opened or not: its figure, then
        # the result
        assert len(table.session.games) == games + (table.series.winner is None)
        assert len(win().split()[3]) == 2
        # the worker's figure for the final step is the result: not shown twice
        final = float(result.winner == "team1")
        table.win_history, table.win_steps = [0.4, final], [3, len(table.game.actions)]
        assert len(win().split()[3]) == 2
        if table.series.winner is None:
            assert "series" not in win() and win().endswith(views.STALE_MARK)
            table.win_series_step = len(table.game.actions)     # worked out for the final
            assert win().endswith(f"series {'45' if mine == 'team1' else '55'}%")
        elif table.series.scenario.games == 1:          # one game: its figure said once
            assert "series" not in win()
        else:
            assert win().endswith(f"series {'100' if table.series.winner == mine else '0'}%")


def test_the_board_keeps_the_cards_played_this_half(tmp_path):
    """Rule 5.4: the cards played face up this half inning stay on the board (the
    computer's too, after its notice is gone) until the half is over."""
    path = tmp_path / "played.db"
    series_id = new_series(path, seed="played-1", scenario="spring",
                           team1_control="human", team2_control="computer")
    play_until(path, series_id, lambda table: table.game is not None
               and len(table.game.state.atbat.played) >= 2)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        state = table.game.state
        played = [f"{state.side(side).team.abbrev} {name}" for side, name in state.atbat.played]
        assert "Played " + "; ".join(played) in plain(views.board(table)).splitlines()


def test_the_board_marks_a_card_cancelled(tmp_path):
    """Rule 5.1.1 d: an offense card cancelled stays on the board as played (face up, and
    its one card used), marked cancelled: its markers are back where they were."""
    path = tmp_path / "cancel.db"
    series_id = new_series(path, seed="cancel-1", scenario="world",
                           team1_control="computer", team2_control="computer")
    play_until(path, series_id, lambda table: table.game is not None
               and table.game.state.atbat.cancelled)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        state = table.game.state
        (number,) = state.atbat.cancelled
        side, name = state.atbat.played[number]
        line = next(line for line in plain(views.board(table)).splitlines()
                    if line.startswith("Played "))
    team = state.side(side).team.abbrev
    # (after a pass the card is said 'played': 'TXC passed; NYH played ...')
    assert f"{team} {name} (cancelled)" in line or f"{team} played {name} (cancelled)" in line
    assert line.count("(cancelled)") == 1


def test_the_board_says_who_passed_last_in_the_card_phase(tmp_path):
    """Rule 5.4: one pass leaves the phase open (a second ends it): the board says who
    passed, so a player sees the computer declined rather than waiting for it."""
    path = tmp_path / "passed.db"
    series_id = new_series(path, seed="passed-1", scenario="spring",
                           team1_control="computer", team2_control="computer")
    play_until(path, series_id, lambda table: table.game is not None
               and table.game.state.phase == "cards" and table.game.state.atbat.passes == 1
               and table.game.state.atbat.played)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        state = table.game.state
        passed = state.side("home" if state.atbat.turn == "away" else "away").team.abbrev
        line = next(line for line in plain(views.board(table)).splitlines()
                    if line.startswith("Played "))
    assert line.endswith(f"; {passed} passed")


def test_the_board_says_what_the_home_ballpark_did_to_the_half(tmp_path):
    """Rule 8.1: the home ballpark's effect on a half's markers is on the board beside them,
    as the log noted it (the markers shown already hold it), from Batter vs Fielder (4.3)
    to the half's last roll; before that, and without the optional rule, no such line."""
    store = Store.open(tmp_path / "park.db")
    try:
        seen = {"told": 0, "none": 0, "before": 0}
        for rules in (["ballparks"], []):
            table = Table.create(store, load_box(), Setup(
                scenario="spring", team1="texas", team2="new-york", rules=rules,
                team1_control="computer", team2_control="computer"))
            while not table.session.is_over():
                game = table.game
                if game is not None and game.state.inning:
                    state = game.state
                    parks = [line for line in plain(views.board(table)).splitlines()
                             if line.startswith("Ballpark: ")]
                    notes = []
                    for rule, text in reversed(state.log):
                        if rule in ("4.3", "4.6.4"):
                            break
                        if rule == "8.1":
                            notes.insert(0, text)
                    if not rules or state.phase not in ("cards", "manage", "roll", "free-roll"):
                        assert parks == []
                        seen["before"] += bool(rules)
                    else:
                        assert parks == [f"Ballpark: {note.split(': ', 2)[2]}"
                                         .split(" -> ")[0] + " (8.1)" for note in notes]
                        # why, as the team card says it (Texas: the batter's Power 2+)
                        assert all(park.endswith("(the batter's Power 2 or more) (8.1)")
                                   for park in parks), parks
                        seen["told" if parks else "none"] += 1
                table.auto_step()
        assert seen["told"] > 10 and seen["before"] > 10
    finally:
        store.close()


def test_at_take_the_mound_the_board_says_why_a_reliever_is_not_offered(tmp_path):
    """Rules 4.2.1, 8.2, 8.2.2, 8.3: when a pitcher must be relieved, every unused RP and
    CL of the bullpen is either among the options or on the board with the rule that keeps
    him out, the same rule the engine names when he is sent in anyway."""
    store = Store.open(tmp_path / "mound.db")
    try:
        table = Table.create(store, load_box(), Setup(
            scenario="league", rules=["advanced-fatigue", "rest", "closer-saves"],
            team1_control="computer", team2_control="computer"))
        held, rules_seen = 0, set()
        while not table.session.is_over():
            game = table.game
            if game is not None and game.state.phase == "mound" and \
                    "Closer to save" not in table.waiting().prompt:     # 8.3 names him
                state = game.state
                rules = table.session.rules
                own = state.side(state.actor)
                shown = plain(views.board(table)).splitlines()
                offered = {line.split(" brings in ")[1] for line in table.waiting().options
                           if " brings in " in line}
                for key, pitcher in own.roster.pitchers.items():
                    if pitcher.kind == "SP" or key == own.pitcher or \
                            key in own.pitchers_removed or pitcher.name in offered:
                        continue
                    line = next(line for line in shown
                                if line.startswith(f"{own.team.abbrev} {pitcher.kind} "
                                                   f"{pitcher.name} "))
                    # (the rule in brackets, then why he rests when the series says it)
                    rule = re.search(r"\((\d+(?:\.\d+)+(?: [a-z])?)\)", line).group(1)
                    with pytest.raises(IllegalAction) as refused:
                        rules.apply(state.clone(), rules.parse_action(
                            state, f"{state.actor} brings in {pitcher.name}"))
                    assert refused.value.rule == rule, (line, refused.value)
                    held += 1
                    rules_seen.add(rule)
                for name in offered:        # (another's reason may name him: 8.3)
                    assert not any(line.startswith(f"{own.team.abbrev} {kind} {name} ")
                                   and line.endswith(")")
                                   for line in shown for kind in ("RP", "CL"))
            table.auto_step()
        assert held >= 3 and {"8.2", "8.3"} <= rules_seen, (held, rules_seen)
    finally:
        store.close()


def test_the_boards_hand_keeps_to_the_rows_left_with_the_rest_named(tmp_path):
    """At 80x24 the board's hand (last on it) shows the cards that fit, the playable first,
    and one line saying how many more the hand window (h) holds; nothing of the board
    above it gives way, and a taller terminal shows every card."""
    from companion.tui.app import GameScreen

    path = tmp_path / "rows.db"
    series_id = new_series(path, seed="views-rows", scenario="spring")
    with Store.open(path) as store:
        table = Table(store, series_id)
        def human() -> str:
            return next(s for s in ("home", "away") if table.team_of(s) == "team1")
        take_suggestions_until(table, lambda table: table.game is not None
                               and table.game.state.inning >= 2
                               and table.game.state.side(human()).hand_size() >= 9)
        side = human()
        full = [plain(line) for line in views.hand_lines(table, side)]
        capped = [plain(line) for line in views.hand_lines(table, side, most=2)]
    assert capped[:3] == full[:3]
    # the cards left out counted by their copies ("Good Wood x2" is two)
    copies = sum(int(m.group(1)) if (m := re.search(r" x(\d+) ", line)) else 1
                 for line in full[3:])
    assert capped[3:] == [f"  {copies} more: the hand window (h)"]
    with Store.open(path) as store:                 # no room for a card: one line
        table = Table(store, series_id)
        (line,) = [plain(line) for line in views.hand_lines(table, side, most=0)]
        in_phase = table.game.state.phase == "cards"

    def copies_of(line: str) -> int:
        return int(m.group(1)) if (m := re.search(r" x(\d+) ", line)) else 1

    total = copies + sum(copies_of(line) for line in full[1:3])
    # (no card under it: no key to the star; how many are playable, within 80 columns)
    ready = sum(copies_of(line) for line in full[1:] if line.startswith("*"))
    header = full[0].replace("  (* playable now)", "")
    assert line == f"{header}: {total} cards, " + (f"{ready} playable now (h)" if in_phase
                                                   else "h shows them")
    assert len(line) <= 38

    async def look(size):
        app = make_app(db=path, series_id=series_id, auto_delay=3600)
        async with app.run_test(size=size) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.pause(0.2)
            screen = app.screen
            board = screen.query_one("#board")
            shown = [plain(line) for line in screen.board_markup.splitlines()]
            # the rows its text takes at its width, measured apart from the screen's code
            width = board.content_region.width
            console = Console(width=width, file=io.StringIO())
            rows = len(console.render_lines(views.hanging(screen.board_markup),
                                            console.options.update_width(width), pad=False))
            return shown, rows, screen.query_one("#board-pane").content_region.height

    shown, rows, room = asyncio.run(look((80, 24)))
    assert rows <= room
    hand_at = next(i for i, line in enumerate(shown) if line.endswith(" hand")
                   or " hand  (" in line)
    assert shown[hand_at + 1:-1] == full[1:len(shown) - hand_at - 1]
    assert shown[-1].endswith("more: the hand window (h)"), "\n".join(shown)
    shown, rows, room = asyncio.run(look((100, 40)))
    assert not shown[-1].endswith("(h)") and shown[-len(full):] == full


def test_the_end_of_a_half_tells_a_bombed_pitchers_marker(rules):
    """Rule 8.4.2: a pitcher bombed in the half earns the Pitching Tired +100 at its end;
    the half's notice says so, so the table puts the marker on (the board showed it with no
    word why)."""
    from companion.high_and_tight.simulate import simulate_game

    for game in range(200):
        session = simulate_game(rules, "new-york", "texas", "bombed", game,
                                {"Rules": "good-bad-day"})
        log = session.state.log
        at = next((i for i, (rule, _) in enumerate(log) if rule == "8.4.2"), None)
        if at is None:
            continue
        start = max(i for i, (rule, _) in enumerate(log[:at])
                    if rule in ("4.6.4", *GAME_END_RULES)) + 1
        end = next(i for i, (rule, _) in enumerate(log) if i > at and rule == "4.6.4") \
            if not any(rule == "4.6.4" for rule, _ in log[start:at]) else at + 1
        told = views.half_over(session, log[start:end + 1])
        assert (f"{log[at][1]} on his Pitching Tired marker (each 100 gives the batters "
                "one more Scoring Roll, rule 8.4.2)") in told, told
        assert " is bombed: Fatigue +100" in told
        return
    raise AssertionError("no sample game bombed a pitcher")


def test_the_half_told_again_at_a_restart_keeps_the_bombed_pitchers_marker(rules):
    """Rule 8.4.2 across a restart: the table opened again just after a half in which a
    pitcher was bombed tells that half again ('Back at the table'); it said the runs and
    dice but not the +100 the half's own notice had said."""
    from companion.engine.session import Session
    from companion.high_and_tight.simulate import simulate_game

    for number in range(200):
        whole = simulate_game(rules, "new-york", "texas", "bombed", number,
                              {"Rules": "good-bad-day"})
        game = Session(rules, whole.header)
        for action in whole.actions:
            before = len(game.state.log)
            game.push(action)
            new = [rule for rule, _ in game.state.log[before:]]
            if "8.4.2" in new and "4.6.4" in new and game.state.phase != "over":
                told = views.last_half(game)
                bombed = next(text for rule, text in game.state.log[before:]
                              if rule == "8.4.2")
                assert f"{bombed} on his Pitching Tired marker" in told, told
                assert told == views.half_over(game, [note for note in game.state.log[before:]
                                                      if note[0] in ("8.4.2", "4.6.4")])
                return
    raise AssertionError("no sample game bombed a pitcher")


def test_the_line_score_says_which_game_of_the_series_is_on_the_table(tmp_path):
    """Rule 7.0: in a series of several games the line score's corner names the game on
    the table (the held final's, then the next); a one-game series needs no number."""
    path = tmp_path / "corner.db"
    series_id = new_series(path, seed="snap-4", scenario="divisional",
                           team1_control="computer", team2_control="computer")
    play_until(path, series_id, lambda table: len(table.session.games) == 2
               and table.game.state.inning >= 1)
    spring = new_series(path, seed="corner", scenario="spring",
                        team1_control="computer", team2_control="computer")
    play_until(path, spring, lambda table: table.game is not None)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        assert views.line_score(table).splitlines()[0].startswith("Game 2  1  2  3")
        table.held = 1
        assert views.line_score(table).splitlines()[0].startswith("Game 1  1  2  3")
        first = views.line_score(Table(store, spring)).splitlines()[0]
        assert first.startswith("        1  2  3")


def test_the_line_score_marks_the_bottom_half_the_home_team_did_not_need():
    """Rule 4.8: ahead after the top of the 9th, the home team does not bat; the table's
    line score shows an x there, as the printed box score does (one line_cells for both)."""
    from companion.high_and_tight.box import load_box
    from companion.high_and_tight.rules import HighAndTight
    from companion.high_and_tight.simulate import simulate_game

    rules = HighAndTight(load_box())
    state = next(game.state for number in range(200)
                 if (game := simulate_game(rules, "new-york", "texas", "x", number))
                 and game.state.winner == "home"
                 and len(game.state.home.runs) < len(game.state.away.runs))
    home = views._line_score_of(state).splitlines()[2].split()
    assert home == [state.home.team.abbrev, *map(str, state.home.runs), "x",
                    str(state.home.total)]


def test_the_line_score_shows_the_runs_of_an_at_bat_still_rolling_dimmed(rules):
    """Rule 4.6.4: a half's runs go on the scoreboard when it ends; while its at-bat still
    rolls, the line score gives the runs so far in the inning's cell, dimmed (its R column
    read 0 beside the board's 'runs so far 1', a run seemingly not counted)."""
    from companion.engine.session import Session
    from companion.high_and_tight.simulate import simulate_game

    game = simulate_game(rules, "new-york", "texas", "dim", 0)
    replay = Session(rules, game.header)
    for action in game.actions:
        replay.push(action)
        state = replay.state
        if state.phase == "roll" and state.atbat.runs and state.atbat.rolls_left:
            break
    else:
        raise AssertionError("no at-bat scored before its last roll")
    side = state.side(state.batting)
    row = views._line_score_of(state).splitlines()[1 if state.batting == "away" else 2]
    runs = f"{state.atbat.runs:>3}"
    assert f"[dim]{runs}[/dim]" in row
    assert row.endswith(f"  {side.total:>3}")             # the R column: the half's end's
    plain_row = Text.from_markup(row).plain
    assert plain_row[6 + 3 * (state.inning - 1):6 + 3 * state.inning] == runs
    batting, inning = state.batting, state.inning
    while replay.state.phase in ("roll", "free-roll"):  # on to the half's end
        replay.push(game.actions[len(replay.actions)])
    after = views._line_score_of(replay.state)
    assert "[dim]" not in after
    row = after.splitlines()[1 if batting == "away" else 2]
    scored = replay.state.side(batting).runs[inning - 1]     # the marker, on (4.6.4)
    assert row[6 + 3 * (inning - 1):6 + 3 * inning] == f"{scored:>3}" and scored >= 1


def test_a_long_extra_inning_line_score_folds_its_first_innings_to_fit(rules):
    """Rules 4.6.4, 6.0: a line score wider than its columns (a 24-inning game at 80
    columns) folds its first innings into one column of their runs summed, so that every
    row stays one line with the latest innings and the R total; one that fits is as ever."""
    from companion.high_and_tight.simulate import simulate_game

    state = simulate_game(rules, "new-york", "texas", "long", 0).state
    away, home = [1, 0, 2, 0, 0, 0, 0, 0, 1] + [0] * 15, [0, 3, 0, 0, 0, 0, 0, 1, 0] + [0] * 14
    home += [1]
    state = replace(state, inning=24, away=replace(state.away, runs=away),
                    home=replace(state.home, runs=home), winner="home")
    wide = views._line_score_of(state, "Game 3").splitlines()
    assert len(wide[0]) == views.LINE_SCORE_EDGES + 3 * 24 > 78
    assert views._line_score_of(state, "Game 3", columns=200).splitlines() == wide
    rows = views._line_score_of(state, "Game 3", columns=78).splitlines()
    assert max(len(row) for row in rows) <= 78 and len(rows) == 3
    folded = int(rows[0].split()[2].split("-")[1])          # 'Game 3 1-N ...'
    assert rows[0].split()[3:] == [*map(str, range(folded + 1, 25)), "R"]
    for row, runs, total in ((rows[1], away, state.away.total),
                             (rows[2], home, state.home.total)):
        assert row.split()[1:] == [str(sum(runs[:folded])), *map(str, runs[folded:]),
                                   str(total)]
    # a width too narrow for more than the fold still keeps the last inning
    assert views._line_score_of(state, columns=10).splitlines()[0].split()[-2:] == ["24", "R"]
    # the series page's box score folds it as well, to the page's columns
    from types import SimpleNamespace

    from companion.tui.views import HALF_LINE_MOST, box_score_lines
    game = simulate_game(rules, "new-york", "texas", "long", 0)
    game.state.inning, game.state.away.runs, game.state.home.runs = 24, away, home
    table = SimpleNamespace(session=SimpleNamespace(rules=rules, box=rules.box))
    head, *rows = box_score_lines(table, 1, game)[1:4]
    assert head.split()[0].startswith("1-") and head.split()[-2:] == ["24", "R"], head
    assert all(len(line) <= HALF_LINE_MOST for line in (head, *rows)), (head, *rows)


def test_between_two_games_the_board_shows_the_series_not_the_last_game_s_pieces(tmp_path):
    """Rules 3.0, 4.8: once a game's final is let go and the next game's setup is the
    series' step (a World Series' starter for game 4), the last game's pitchers, batter,
    fielder and hand are off the table: the board gives its final and the series (standing,
    schedule, rotations) instead. A held final, or the next game once open, shows as ever."""
    from companion.store.series_store import create_series

    store = Store.open(tmp_path / "between.db")
    try:
        header = Setup(scenario="world", team1_control="human", team2_control="computer",
                       rules=["rest", "short-rest"]).header()
        header["Seed"] = "between"
        table = Table(store, create_series(store, load_box(), header))
        take_suggestions_until(table, lambda t: len(t.series.results) >= 1
                               and t.session.current_game is None
                               and t.waiting().scope == "series")
        assert table.waiting().prompt.startswith("name the starter for game")
        table.held = None
        between = plain(views.board(table, show_hand="home"))
        table.held = len(table.series.results)
        held = plain(views.board(table, show_hand="home"))
    finally:
        store.close()
    assert "Final: " in between and "Schedule (away at home):" in between
    assert not any(line.startswith(("Bat ", "Fld ")) for line in between.splitlines())
    assert " hand" not in between
    assert "Schedule (away at home):" not in held and "Final: " in held


def test_the_board_tells_rally_caps_for_the_10s_on_the_scoring_number(tmp_path):
    """Rule 5.7.2: Rally Caps used for the 10s are in play for the at-bat; the board tells
    them where they count, on the Scoring Number line ("also 10"), with no line of their
    own (at 80x24 one more line pushed the win figure off)."""
    path = tmp_path / "tens.db"
    series_id = new_series(path, seed="tens-1", scenario="world",
                           team1_control="computer", team2_control="computer")
    play_until(path, series_id, lambda table: table.game is not None
               and table.game.state.phase == "cards" and table.game.state.atbat.tens)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        line = next(line for line in plain(views.board(table)).splitlines()
                    if line.strip().startswith("Scoring Number "))
    assert "also 10" in line, line


def test_a_draw_or_an_exchange_shows_the_strategies_ahead(rules):
    """Rules 5.2, 5.3 and 6.2: which cards a hand will play depends on the innings to come:
    the setup's draw and exchange (and each inning's) see their strategies to the 9th, the
    10th's 'Any' told as a tied game's only (a list running on to the 17th read as if the
    game went on); in extra innings the repeats after it as rule 6.2 has them."""
    state = rules.new_state({"Game": "High & Tight", "Home": "new-york", "Away": "texas",
                             "Cards": "digital"})
    assert state.phase == "draw"
    expected = ", ".join(f"{n} {s.upper()}" for n, s in enumerate(rules.box.strategies, 1))
    extra = f"; if tied after 9: 10 {rules.box.extra_strategy.upper()} (rule 6.2)"
    assert views.strategies_ahead(state) == f"Strategies ahead: {expected}{extra}"
    state.inning, state.strategy = 9, rules.box.strategies[8]
    assert views.strategies_ahead(state) == (
        f"Strategies ahead: 9 {rules.box.strategies[8].upper()}{extra}")
    state.inning, state.strategy, state.half = 10, rules.box.extra_strategy, "bottom"
    ahead = views.strategies_ahead(state, most=3)
    assert ahead == (f"Strategies ahead: 10 {rules.box.extra_strategy.upper()}, 11 "
                     f"{rules.box.strategies[0].upper()}, 12 "
                     f"{rules.box.strategies[1].upper()}")
    # In the 10th the batting side names the half's strategy (6.2): the named one is said,
    # and in the top, that the home side names the bottom's ('10 SPEED' read as the
    # inning's, though the home side named power).
    state.strategy = "clutch"
    assert views.strategies_ahead(state, most=2) == (
        f"Strategies ahead: 10 CLUTCH, 11 {rules.box.strategies[0].upper()}")
    state.half = "top"
    assert views.strategies_ahead(state, most=2) == (
        f"Strategies ahead: 10 CLUTCH (the top's), 11 {rules.box.strategies[0].upper()}")
    state.inning = 11                   # the 1st's strategy again: one for both halves
    state.strategy = rules.box.strategies[0]
    assert "(the top's)" not in views.strategies_ahead(state, most=2)
    state.inning, state.strategy = 20, rules.box.extra_strategy     # the 10th's again
    assert views.strategies_ahead(state, most=1).endswith("20 ANY (the top's)")


def test_a_box_whose_extra_innings_name_one_strategy_says_no_half_of_it(box_copy):
    """Rule 6.2 as a box may have it: an extra inning with a strategy of its own (not ANY)
    is one strategy for both halves, and the top's is not told apart."""
    from companion.high_and_tight.box import load_box
    from companion.high_and_tight.rules import HighAndTight

    text = (box_copy / "box.toml").read_text(encoding="utf-8")
    assert 'extra = "any"' in text
    (box_copy / "box.toml").write_text(text.replace('extra = "any"', 'extra = "clutch"'),
                                       encoding="utf-8")
    rules = HighAndTight(load_box(box_copy))
    state = rules.new_state({"Game": "High & Tight", "Home": "new-york", "Away": "texas",
                             "Cards": "digital"})
    state.inning, state.strategy, state.half = 10, "clutch", "top"
    assert views.strategies_ahead(state, most=1) == "Strategies ahead: 10 CLUTCH"


def test_the_half_s_moves_are_told_by_team_in_the_order_made(rules):
    """Rules 4.5, 5.1.1 d, 5.5 and 5.7.2: the half's end tells its cards (a cancel with the
    card it answered), Rally Caps uses and Managerial Move, each by its team, read from the
    game's actions."""
    from ..high_and_tight.test_cards import CLUTCH_AWAY, CLUTCH_HOME
    from ..high_and_tight.util import QUIET, first_legal, new_game, play, reach

    session = new_game(rules, away_cards=CLUTCH_AWAY, home_cards=CLUTCH_HOME)
    reach(session, 4, reserve=("Rusk", "Orlick"))
    play(session, """
        away bats Rusk
        home fields Orlick
        away plays Ducks on the Pond
        home plays Web Gem
        away rallies tens
        away passes
        home passes
        away manages +2
    """)
    state = session.state
    while (state.inning, state.half) == (4, "top"):
        session.push_text(QUIET)
    assert views.half_moves(session) == (
        "Played TXC Ducks on the Pond; NYH Web Gem cancels Ducks on the Pond; TXC Rally Caps "
        "for the 10s; TXC Managerial Move +2")
    # A half of only a Managerial Move played no card (rule 4.5): it is said as a move.
    while session.state.phase != "cards":      # the bottom half's batter and fielder
        session.push_text(first_legal(session))
    play(session, """
        home passes
        away passes
        home manages -2
    """)
    state = session.state
    while (state.inning, state.half) == (4, "bottom"):
        session.push_text(QUIET)
    assert views.half_moves(session) == "NYH Managerial Move -2"


def test_the_mound_line_keeps_to_the_board_s_width_its_figures_whole(rules):
    """Rules 4.2.1.1 and 8.2.1: the board's pitcher line carries his Stuff, his innings of
    his Fatigue, its marker and his runs. A long name with a marker wrapped the line's last
    figure ('R0') onto a line of its own at 80 columns, pushing the board's foot off. Short
    of room the line gives up the word 'inn', then his type, then his hand, then cuts his
    name; the figures always stay."""
    from tests.high_and_tight.util import at, drive, new_game

    session = new_game(rules)
    drive(session, until=at(3, "top", "bat"))
    state = session.state
    own = state.home
    own.fatigue, own.lines[own.pitcher].runs = 2, 3
    whole = views.mound_line(state, own)
    assert whole == "NYH SP Sabaria R 4/IV inn 3/F7 +2 R3"
    assert views.mound_line(state, own, len(whole)) == whole
    assert views.mound_line(state, own, len(whole) - 1) == "NYH SP Sabaria R 4/IV 3/F7 +2 R3"
    assert views.mound_line(state, own, 31) == "NYH Sabaria R 4/IV 3/F7 +2 R3"
    assert views.mound_line(state, own, 28) == "NYH Sabaria 4/IV 3/F7 +2 R3"
    assert views.mound_line(state, own, 27) == "NYH Sabaria 4/IV 3/F7 +2 R3"
    assert views.mound_line(state, own, 25) == "NYH Saba… 4/IV 3/F7 +2 R3"
    assert views.mound_line(state, own, 5).endswith("S… 4/IV 3/F7 +2 R3")
    # measured in cells: a name of wide letters cut to the columns, not to its letters
    from rich.cells import cell_len

    pitcher = own.current_pitcher()
    object.__setattr__(pitcher, "name", "大谷翔平投手大谷翔平")
    try:
        line = views.mound_line(state, own, 30)
        assert cell_len(line) <= 30 and line.startswith("NYH 大谷") and "…" in line
    finally:
        object.__setattr__(pitcher, "name", "Sabaria")
    for width in (38, 30, 24):
        mound = [line for line in views._pieces(state, None, width)
                 if line.startswith(("NYH ", "TXC ")) and "/F" in line]
        assert len(mound) == 2 and all(len(line) <= width for line in mound), mound


def test_the_keys_panels_board_legend_reads_a_pitcher_of_the_demo_box(rules):
    """The `?` panel teaches the board's pitcher line by an example: it must be a pitcher as
    the demo box has him (it named Okafor with Sabaria's Fatigue 7), in the board's own
    form."""
    import re

    from companion.high_and_tight.box import roman
    from companion.tui.app import GameScreen

    found = re.search(r"'SP (\w+) ([LR]) (\d+)/([IVX]+) inn \d+/F(\d+) ", GameScreen.LEGEND)
    assert found, GameScreen.LEGEND
    name, throws, rolls, box, fatigue = found.groups()
    pitcher = next(p for roster in rules.box.rosters.values()
                   for p in roster.pitchers.values() if p.name == name)
    assert (pitcher.kind, pitcher.throws, pitcher.stuff_rolls, roman(pitcher.stuff_box),
            pitcher.fatigue) == ("SP", throws, int(rolls), box, int(fatigue))


@pytest.mark.parametrize("batter, speed", [("Delacorte", 0), ("Haverty", 4)])
def test_a_card_offered_says_the_chance_it_leaves_or_that_it_moves_nothing(rules, batter,
                                                                           speed):
    """Rules 5.3 and 5.5: Good Jump raises the Scoring Number by the batter's Speed. In the
    2nd (a SPEED inning) it is playable for Delacorte (Speed 0) too, and spent for nothing
    (rulings.md); the option says 'moves nothing now'. For Haverty (Speed 4) it says the
    chance of a run before and after, as the exact odds have them."""
    from types import SimpleNamespace

    from companion.high_and_tight.manager import at_bat_odds, markers_odds

    from ..high_and_tight.util import new_game, quiet_half, quiet_step, reach

    session = new_game(rules)
    reach(session, 2, "top", reserve=(batter,))
    while session.state.phase != "field":
        quiet_step(session, {batter.casefold()})
    session.push_text(f"home fields {batter}")          # he bats in the bottom (4.2.2 b)
    quiet_half(session)
    state = session.state
    while not (state.phase == "cards" and state.atbat.turn == "home"):
        quiet_step(session)
    assert state.side("home").roster.ballplayers[state.home.player].speed == speed
    table = SimpleNamespace(game=session, session=SimpleNamespace(rules=rules))
    said = views.option_text(table, "home plays Good Jump")
    if speed == 0:
        assert said == "home plays Good Jump  [dim]moves nothing now[/dim]"
        return
    atbat = state.atbat
    after = markers_odds(rules.box, atbat.rolls, min(12, atbat.number + speed), atbat.bonus,
                         atbat.extra_numbers, atbat.tens, atbat.hit_and_run)[1]
    assert atbat.number + speed <= 12
    # (the figures one word: an option that wraps never parts them)
    assert said == (f"home plays Good Jump  [dim]P(run) {at_bat_odds(state)[1]:.0%}\u2192"
                    f"{after:.0%}[/dim]")


def test_a_cancel_offered_says_the_chance_goes_back_to_before_the_card_it_answers(rules):
    """Rule 5.1.1 d: right after Ducks on the Pond (box IV to VIII), Web Gem offered to the
    fielder says the chance of a run goes back to what it was before Ducks on the Pond,
    the markers it puts back; the same card with nothing to cancel says it moves nothing."""
    from types import SimpleNamespace

    from companion.high_and_tight.manager import at_bat_odds

    from ..high_and_tight.test_cards import CLUTCH_AWAY, CLUTCH_HOME
    from ..high_and_tight.util import new_game, play, reach

    session = new_game(rules, away_cards=CLUTCH_AWAY, home_cards=CLUTCH_HOME)
    reach(session, 4, reserve=("Rusk", "Orlick"))
    play(session, "away bats Rusk\nhome fields Orlick")
    table = SimpleNamespace(game=session, session=SimpleNamespace(rules=rules))
    before = at_bat_odds(session.state)[1]
    play(session, "away passes")
    assert views.option_text(table, "home plays Web Gem") == (
        "home plays Web Gem  [dim]moves nothing now[/dim]")
    session.undo()
    play(session, "away plays Ducks on the Pond")
    ducks = at_bat_odds(session.state)[1]
    assert ducks > before
    shown = f"P(run) {ducks:.0%}\u2192{before:.0%}"
    assert views.option_text(table, "home plays Web Gem") == (
        f"home plays Web Gem  [dim]{shown}[/dim]")
    # Rally Caps for the 10s weighed as a card is: 10 added to the numbers that score.
    from companion.high_and_tight.manager import markers_odds

    atbat = session.state.atbat
    tens = markers_odds(rules.box, atbat.rolls, atbat.number, atbat.bonus,
                        atbat.extra_numbers, True, atbat.hit_and_run)[1]
    assert tens > ducks
    assert views.option_text(table, "away rallies tens").endswith(
        f"; P(run) {ducks:.0%}\u2192{tens:.0%}[/dim]")


def test_the_rolls_to_come_name_box_ones_free_roll_first(rules):
    """Rules 4.6, 4.6.2: the dice still to roll, as the dice dialog says them: the Scoring
    Rolls left and the runs so far; after a 2 in box I the free roll first, which is no
    Scoring Roll of the count, with the rolls left after it (none after the last)."""
    session = box_one_at_bat(rules)
    state = session.state
    assert views.rolls_to_come(state) == "4 rolls left, runs so far 0"
    session.push_text("roll 1 1")
    assert views.rolls_to_come(state) == ("the free roll (rule 4.6.2), then 3 rolls left, "
                                          "runs so far 0")
    for line in ("roll 3 3", "roll 2 5", "roll 2 5"):
        session.push_text(line)
    assert views.rolls_to_come(state) == "1 roll left, runs so far 1"
    session.push_text("roll 1 1")
    assert views.rolls_to_come(state) == "the free roll (rule 4.6.2), runs so far 1"


def test_a_tired_pitcher_kept_for_want_of_a_reliever_is_told(rules):
    """Rules 8.2.1 a and 6.1: with the whole bullpen resting, Sabaria (Fatigue 7) is kept in
    for the 8th by the step that reaches Take the Mound, no one choosing it: that step's
    note is told for his side (the table moves his Fatigue marker); a manager's own
    'stays' is told with his decision, not again."""
    from ..high_and_tight.test_optional_rules import NEW_YORK_RPS
    from ..high_and_tight.util import STAY, at, drive, new_game

    session = new_game(rules, header={"Rules": "advanced-fatigue,rest",
                                      "HomeResting": ", ".join([*NEW_YORK_RPS, "Achterberg"])})
    before = len(drive(session, until=at(7, "bottom", "roll")).log)
    state = drive(session, until=at(8, "top", "bat"))
    notes = state.log[before:]
    assert ("8.2.1", "Sabaria pitches past his Fatigue: Fatigue +100") in notes
    said = ("Sabaria pitches past his Fatigue: Fatigue +100 (no reliever may come in, so he "
            "stays; rule 8.2.1): move his Pitching Tired marker")
    assert views.kept_tired(session, ["away keeps"], notes) == ("home", said)
    assert views.kept_tired(session, [f"home {STAY}", "away keeps"], notes) is None
    assert views.kept_tired(session, ["away keeps"],
                            [n for n in notes if n[0] != "8.2.1"]) is None


def test_the_boards_card_phase_line_keeps_rally_caps_and_every_pass_in_order(tmp_path):
    """Rules 5.4 and 5.7.2: the board's line of the card phase named the cards and only
    the last pass, so Rally Caps used for the 10s went unsaid and an earlier pass vanished.
    It tells the phase as made: each card, pass and Rally Caps use in order, by team; once
    the phase is over, its cards and Rally Caps."""
    path = tmp_path / "rally.db"
    series_id = new_series(path, seed="rally-line-1", scenario="world",
                           team1_control="computer", team2_control="computer")

    def rallied_then_passed(table) -> bool:
        state = table.game.state if table.game is not None else None
        if state is None or state.phase != "cards":
            return False
        moves = [move for _, move in state.atbat.moves]
        return "tens" in moves and moves[-1] == "pass" and "pass" in moves[:-1]
    play_until(path, series_id, rallied_then_passed)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        state = table.game.state
        names = iter(name for _, name in state.atbat.played)
        said = {"play": lambda: next(names), "pass": lambda: "passed",
                "tens": lambda: "Rally Caps for the 10s",
                "card": lambda: "Rally Caps for an extra card"}
        moves = state.atbat.moves
        # a card after a pass or Rally Caps is said 'played' ('TXC passed; NYH played Web
        # Gem'); the line opens 'Played' on a card only
        expected = "; ".join(f"{state.side(side).team.abbrev}"
                             + (" played" if move == "play" and number
                                and moves[number - 1][1] != "play" else "")
                             + f" {said[move]()}"
                             for number, (side, move) in enumerate(moves))
        line = next(line for line in plain(views.board(table)).splitlines()
                    if "Rally Caps" in line)
    assert line == ("Played " if moves[0][1] == "play" else "") + expected


@pytest.mark.parametrize("boxes, most", [(10, 20), (8, 16)])
def test_the_board_names_the_flipped_rolls_markers_side_by_the_boxs_track(tmp_path,
                                                                         box_copy, boxes,
                                                                         most):
    """Rule 5.5.1: past the track's last box the Scoring Rolls marker flips to its +N side,
    N the track's boxes (the printed track's words); the board said '+10 side' whatever
    the box's track."""
    toml = box_copy / "box.toml"
    toml.write_text(toml.read_text().replace("boxes = 10\nmax = 20",
                                             f"boxes = {boxes}\nmax = {most}"))
    with Store.open(tmp_path / "flip.db") as store:
        table = Table.create(store, load_box(box_copy), Setup(
            scenario="spring", team1_control="human", team2_control="human",
            dice="digital", cards="physical"))
        while table.game is None or table.game.state.phase != "cards":
            if table.auto_step() is None:
                waiting = table.waiting()
                table.enter(waiting.options[0]) if waiting.kind == "decision" else table.roll()
        table.game.state.atbat.rolls = boxes + 1            # (shown, not stored)
        line = next(line for line in plain(views.board(table)).splitlines()
                    if line.startswith("Scoring Rolls"))
    assert line.startswith(f"Scoring Rolls {boxes + 1} (+{boxes} side)"), line


def test_a_hand_with_no_room_says_rally_caps_may_free_one_more_card(tmp_path):
    """Rule 5.7.2: its card played, a side may use Rally Caps to play one more; the
    board's one-line hand said '0 playable now' beside the option that does it."""
    path = tmp_path / "rally-hand.db"
    series_id = new_series(path, seed="rally-hand-1", scenario="world",
                           team1_control="computer", team2_control="computer")

    def may_rally_for_a_card(table) -> bool:
        waiting = table.waiting()
        return (table.game is not None and waiting.phase == "cards"
                and f"{waiting.side} rallies card" in waiting.options)
    play_until(path, series_id, may_rally_for_a_card)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        side = table.waiting().side
        (line,) = views.hand_lines(table, side, most=0)
        other = "away" if side == "home" else "home"
        (others,) = views.hand_lines(table, other, most=0)
    assert plain(line).endswith(", one more with Rally Caps (h)"), line
    assert "Rally Caps" not in others                # (not his turn: nothing to free)


def test_a_card_after_a_pass_or_rally_caps_is_said_played():
    """Rules 5.4 and 5.7.2: the card phase's line read 'Played TXC passed; NYH Web Gem'
    when a pass came first: a card after a pass or a Rally Caps use is said 'played', and
    the line opens 'Played' only on a card."""
    from types import SimpleNamespace

    teams = {"home": "NYH", "away": "TXC"}
    def state(moves, played, phase="cards"):
        atbat = SimpleNamespace(moves=moves, played=played, cancelled=())
        return SimpleNamespace(atbat=atbat, phase=phase, side=lambda side: SimpleNamespace(
            team=SimpleNamespace(abbrev=teams[side])))

    assert views.card_phase_line(state(
        [("away", "pass"), ("home", "play")], [("home", "Web Gem")])) == \
        "TXC passed; NYH played Web Gem"
    assert views.card_phase_line(state(
        [("away", "play"), ("home", "pass"), ("away", "tens"), ("away", "play")],
        [("away", "Bad Hop"), ("away", "Good Wood")])) == \
        "Played TXC Bad Hop; NYH passed; TXC Rally Caps for the 10s; TXC played Good Wood"
    # once the phase is over its passes go: a card first opens 'Played' again
    assert views.card_phase_line(state(
        [("away", "pass"), ("home", "play")], [("home", "Web Gem")], "roll")) == \
        "Played NYH Web Gem"


def test_a_chance_moved_less_than_a_whole_percent_is_told_with_a_decimal():
    """Rule 4.6's odds beside a card (Fight Off Pitches in box I: a roll more, 2.6% to
    3.4%): figures a whole percent would show alike ('3%→3%', read as a card that moves
    nothing) take a decimal; others stay whole, and equal ones say so."""
    assert views.chance_moved(0.026, 0.034) == "P(run) 2.6%\u21923.4%"
    assert views.chance_moved(0.45, 0.56) == "P(run) 45%\u219256%"
    assert views.chance_moved(0.3, 0.3) == "P(run) 30%\u219230%"


def test_before_take_the_mound_the_board_says_when_the_markers_come(tmp_path):
    """Rule 4.2.1: a half's Scoring Rolls and Number are set at Take the Mound; before it
    (the inning strategy named, a pitcher kept or relieved) the board says so in a line of
    its own, and names the relievers held back, not a heading with nothing under it."""
    path = tmp_path / "mound.db"
    series_id = new_series(path, seed="mound-1", scenario="spring",
                           team1_control="computer", team2_control="computer")

    def at_the_mound(table: Table) -> bool:
        return (table.game is not None and table.game.state.inning >= 2
                and table.game.state.phase == "mound")
    play_until(path, series_id, at_the_mound)
    with Store.open(path, readonly=True) as store:
        text = plain(views.board(Table(store, series_id))).splitlines()
    assert "Markers: set at Take the Mound (4.2.1)" in text
    assert not any(line.startswith("Scoring Rolls") for line in text)


@pytest.mark.parametrize("other", ["computer", "human"])
def test_naming_a_starter_shows_where_each_one_stands(tmp_path, other):
    """Rules 8.2.2 and 8.2.3: naming game 4's starter, the list of starting pitchers says
    beside each one's ratings whose turn it is, who may start on short rest and who
    rests, as the rest table below it does (that table ran off the board at 30 rows). Two
    players share the board: a starter of a secret rotation (rule 3.0) who has not yet
    started says nothing, as in the rest table ('his turn' told the rotation). One free
    to take a resting SP's turn says so (he said nothing, the one suggested)."""
    path = tmp_path / "starter.db"
    series_id = new_series(path, seed="between-1", scenario="world", team1_control="human",
                           team2_control=other, dice="digital", cards="digital",
                           rules=("rest", "short-rest"))

    def naming_game_4(table: Table) -> bool:
        waiting = table.waiting()
        return (table.series.next_game >= 4 and waiting.scope == "series"
                and waiting.kind == "decision" and not waiting.computer
                and bool(waiting.team))
    play_until(path, series_id, naming_game_4)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        team = table.waiting().team
        text = plain(views.series_summary(table, box_scores=False)).splitlines()
        rows = {row.pitcher: row.status for row in
                table.session.series_rules.rest_table(table.series, team)}
        secret = table.session.secret_starters(team)
    start = text.index(f"Starting pitchers of {table.team_name(team)} (Stuff, Fatigue, K, "
                       "Control, Gopher):")
    listed = {line.split()[0]: line for line in text[start + 1:start + 5]}
    assert len(listed) == 4 and set(listed) <= set(rows)
    said = {"starts": "his turn", "short-rest": "short rest", "unavailable": "resting",
            "waits": "waits his turn", "done": "no turn left",
            # (a rotation set: free to start is a resting SP's turn to take, 8.2.3 a)
            "available": "may take the turn" if team in table.series.rotations else ""}
    for name, line in listed.items():
        word = "" if name.casefold() in secret else said[rows[name]]
        assert re.search(r"G\d" + (f"  {word}$" if word else "$"), line), (line, word)
    if other == "computer":         # the player's own rotation: every one of them told
        assert not secret
        assert {rows[name] for name in listed} >= {"starts", "short-rest", "unavailable"}
    else:                           # the screen shared: the rotation's turn kept back
        assert secret and any(name.casefold() in secret for name in listed)
        assert any(line.endswith("  resting") for line in listed.values())


def test_a_starter_free_to_take_a_resting_sp_s_turn_says_so(tmp_path):
    """Rules 3.0 and 8.2.3 a: an SP moved up on short rest leaves the rotation's next turn
    to an SP who still rests; a rested SP of the rotation may take it. Beside his ratings
    he said nothing (among 'resting' and 'short rest', the one the companion suggests);
    he says 'may take the turn'."""
    path = tmp_path / "free.db"
    series_id = new_series(path, seed="avail-0", scenario="world", team1_control="human",
                           team2_control="computer", dice="digital", cards="digital",
                           rules=("rest", "short-rest"))

    def short_rest_when_offered(table: Table) -> None:
        waiting = table.waiting()
        if waiting.scope == "series" and waiting.kind == "decision" and waiting.options:
            table.enter(waiting.options[-1])        # (short rest comes last)
        else:
            take_first_choice(table)

    def free(table: Table) -> bool:
        waiting = table.waiting()
        return (waiting.scope == "series" and waiting.kind == "decision"
                and not waiting.computer and waiting.team in table.series.rotations
                and any(row.status == "available" and row.kind == "SP" for row in
                        table.session.series_rules.rest_table(table.series, waiting.team)))

    play_until(path, series_id, free, short_rest_when_offered)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        team = table.waiting().team
        rows = {row.pitcher: row.status for row in
                table.session.series_rules.rest_table(table.series, team) if row.kind == "SP"}
        text = plain(views.series_summary(table, box_scores=False)).splitlines()
    for name, status in rows.items():
        line = next(line for line in text if line.startswith(f"  {name} "))
        if status == "available":
            assert line.endswith("  may take the turn"), line
        else:
            assert not line.endswith("may take the turn"), line


@pytest.mark.parametrize("cards", ["digital", "physical"])
def test_a_hand_before_the_first_draw_says_it_holds_no_cards(tmp_path, cards):
    """Rule 3.0: the hands are drawn at setup; before that the board's hand said only
    'TXC hand', a heading with nothing under it."""
    path = tmp_path / "empty.db"
    series_id = new_series(path, seed="empty-hand", scenario="spring", cards=cards,
                           team1_control="human", team2_control="human")
    play_until(path, series_id, lambda table: table.waiting().phase == "draw")
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        side = table.waiting().side
        abbrev = table.game.state.side(side).team.abbrev
        assert plain("\n".join(views.hand_lines(table, side))) == f"{abbrev} hand: no cards"


def test_a_status_line_too_long_for_its_columns_gives_way_a_step_at_a_time(tmp_path):
    """Rule 4.2.2 b's batter sent up (and every other step): the status line is whole
    where it fits the columns; longer, it gives up the team's name for its abbreviation,
    then the side, then the rule cited, each only while it is still too long, so at 80
    columns it keeps to one row and the board under it stays put."""
    path = tmp_path / "s.db"
    series_id = new_series(path, seed="status-80", scenario="spring",
                           team1_control="human", team2_control="human", dice="digital",
                           cards="digital")
    seen = []

    def look(table: Table) -> bool:
        game = table.game
        if game is None:
            return False
        full, short = plain(views.status(table)), plain(views.status(table, columns=78))
        assert plain(views.status(table, columns=200)) == full
        seen.append((game.state.phase, full, short))
        if len(full) <= 78:
            assert short == full
        else:
            assert len(short) <= 78 and len(short) < len(full)
        return game.state.inning == 2 and game.state.phase == "manage"

    play_until(path, series_id, look)
    cut = {(phase, short) for phase, full, short in seen if short != full}
    assert {phase for phase, _ in cut} >= {"bat", "field", "cards", "manage"}
    # The side dropped only where the abbreviation is not enough, the rule last of all.
    assert ("bat", "Top 1 OBP  B TXC: send a batter up; he fields the bottom half") in cut
    assert ("cards", "Top 1 OBP  D NYH (home): play a card, use Rally Caps or pass "
                     "(rules 5.4, 5.7)") in cut
    assert ("cards", "Top 2 SPEED  D NYH: play a card, use Rally Caps or pass (rules 5.4, "
                     "5.7)") in cut


def test_a_card_suggested_before_the_caps_says_the_caps_may_follow(tmp_path):
    """Rules 5.4 and 5.7.2: the manager plays a card worth playing before it weighs Rally
    Caps, and the same phase lets the caps follow. Beside the 10s' better P(run), the
    reason read 'caps kept for later: +0.42 runs' while the next step suggested the caps:
    it says the card comes first and the caps may follow; here they do."""
    from companion.high_and_tight.actions import parse_action

    path = tmp_path / "first.db"
    series_id = new_series(path, seed="cf-0", scenario="spring", team1_control="human",
                           team2_control="human", dice="digital", cards="digital")

    def card_first(table: Table) -> bool:
        waiting = table.waiting()
        return (waiting.kind == "decision" and table.game.state.phase == "cards"
                and views.suggestion_why(table, waiting, table.suggestion(waiting))
                == "a card first: the caps may follow")

    def take_suggestion(table: Table) -> None:
        waiting = table.waiting()
        if waiting.kind == "chance":
            table.roll()
        else:
            table.enter(table.suggestion(waiting) or waiting.options[0])

    play_until(path, series_id, card_first, choose=take_suggestion)
    with Store.open(path) as store:
        table = Table(store, series_id)
        waiting = table.waiting()
        side, suggested = waiting.side, table.suggestion(waiting)
        assert parse_action(suggested).kind == "play"
        tens = f"{side} rallies tens"
        assert tens in waiting.options        # (the caps' better P(run) beside the card)
        table.enter(suggested)
        while table.game.state.phase == "cards" and table.waiting().side != side:
            take_suggestion(table)
        # Back to the same side in the same phase: the caps follow the card.
        assert table.game.state.phase == "cards"
        assert table.suggestion(table.waiting()) == tens


def test_a_suggestion_the_p_run_shown_does_not_explain_says_why(tmp_path):
    """Rule 5.4's Strategy Card phase: the options show each card's P(run), and Rally Caps
    for the 10s' (5.7.2); the suggestion weighs expected runs, keeps a card worth less
    than CARD_GAIN_FLOOR of them and the caps worth less than TENS_EARLY_GAIN before the
    late innings. Where the suggestion is not the best P(run) shown, a short reason says so
    (a pass beside a card that lowers the other side's chance of a run read as a slip; a
    pass beside the caps' 3%->33% was said nothing of); nowhere else."""
    from companion.high_and_tight.actions import parse_action
    from companion.high_and_tight.manager import (
        CARD_GAIN_FLOOR,
        TENS_EARLY_GAIN,
        at_bat_odds,
        card_odds,
        markers_odds,
        tens_worth_a_cap,
    )

    path = tmp_path / "why.db"
    series_id = new_series(path, seed="why-13", scenario="spring", team1_control="human",
                           team2_control="human", dice="digital", cards="digital")
    checked = []

    def odds_of(state, rules, matchup, line):
        action = parse_action(line)
        if action.kind == "pass":
            return at_bat_odds(state)
        if action.kind == "play":
            return card_odds(rules, state, state.box.card(action.args[0]), matchup)
        atbat = state.atbat
        return markers_odds(state.box, atbat.rolls, atbat.number, atbat.bonus,
                            atbat.extra_numbers, True, atbat.hit_and_run)

    def look(table: Table) -> bool:
        waiting = table.waiting()
        game = table.game
        if game is None or game.state.phase != "cards" or waiting.kind != "decision":
            return False
        state, rules = game.state, table.session.rules
        suggested = table.suggestion(waiting)
        why = views.suggestion_why(table, waiting, suggested)
        side = state.atbat.turn
        sign = 1 if side == state.batting else -1
        matchup = rules.matchup(state, side)
        chance = {line: odds_of(state, rules, matchup, line) for line in waiting.options
                  if parse_action(line).kind in ("pass", "play")
                  or line.endswith(" rallies tens")}
        best = max(sign * odds[1] for odds in chance.values())
        checked.append(why)
        # Any line asked about: a card short of the best P(run) gives the expected runs.
        top = max(chance, key=lambda line: sign * chance[line][1])
        for line in chance:
            if (parse_action(line).kind == "play" and sign * chance[line][1] < best - 0.005
                    and parse_action(top).kind != "rally"):
                weighed.append(views.suggestion_why(table, waiting, line))
                assert weighed[-1] == (f"{'more' if sign > 0 else 'fewer'} runs: "
                                       f"{chance[line][0]:.2f} v {chance[top][0]:.2f}")
        assert (why is not None) == (sign * chance[suggested][1] < best - 0.005)
        if why is not None and parse_action(top).kind == "rally":
            gain = chance[top][0] - at_bat_odds(state)[0]
            if parse_action(suggested).kind == "play" and tens_worth_a_cap(state, side,
                                                                             gain):
                # the card is worth playing first; the caps may follow in the same phase
                assert why == "a card first: the caps may follow"
                reasons.add("card first")
            else:
                assert why == f"caps kept: the 10s add {gain:.2f} runs"
                assert 0 < gain < TENS_EARLY_GAIN and state.inning < 7
                reasons.add("caps")
        elif why is not None:
            assert parse_action(suggested).kind == "pass" and sign < 0
            assert why == f"keep: no card saves {CARD_GAIN_FLOOR} runs"
            assert 0 < at_bat_odds(state)[0] - min(e for e, _ in chance.values()) \
                < CARD_GAIN_FLOOR
            reasons.add("keep")
        return {"caps", "keep"} <= reasons

    weighed, reasons = [], set()
    play_until(path, series_id, look)
    assert checked[-1] is not None and checked.count(None) >= 10
    assert weighed


def test_a_refusal_names_the_sides_by_their_teams(tmp_path):
    """Rule 4.2.2 refused out of turn said "it is away's turn, not home's: the game awaits
    away: ..." under a board that names teams: at a shared screen the teams are named, the
    side kept beside (the record's word, as the options type it)."""
    store = Store.open(tmp_path / "sides.db")
    try:
        table = Table.create(store, load_box(), Setup(scenario="spring"))
        while table.game is None or table.game.state.phase != "bat":
            if table.auto_step() is None:
                waiting = table.waiting()
                table.roll() if waiting.kind == "chance" else table.enter(waiting.options[0])
        state = table.game.state
        batting, fielding = state.batting, state.fielding
        other = next(iter(state.side(fielding).roster.ballplayers.values())).name
        with pytest.raises(IllegalAction) as refused:
            table.enter(f"{fielding} bats {other}")
        said = views.sides_by_team(state, refused.value.brief)
        team = {side: state.side(side).team.abbrev for side in ("home", "away")}
        assert f"it is {team[batting]}'s ({batting}) turn, not {team[fielding]}'s: the game " \
            f"awaits {team[batting]} ({batting}): " in said, said
        # A card not in a hand (5.4) is said of the team's hand too.
        assert views.sides_by_team(state, "'Hit and Run' is not in away's hand") == (
            f"'Hit and Run' is not in {team['away']}'s hand")
        # and a hand of the table's own cards holding none of a deck (5.2.2)
        assert views.sides_by_team(state, "away holds no defense card") == (
            f"{team['away']} (away) holds no defense card")
    finally:
        store.close()


def test_a_status_line_still_too_long_gives_up_the_prompt_s_asides_last(tmp_path):
    """Rule 8.2.1 (Advanced Fatigue): 'Sturgis tired: keep him at +100 (Stuff +1 roll) or
    relieve' wrapped at 80 columns once the team, side and rule had given way, the board
    under it pushed down a row. Last of all it gives up its asides in brackets (the
    options say them)."""
    path = tmp_path / "tired.db"
    series_id = new_series(path, seed="status-tired", scenario="spring",
                           rules=["advanced-fatigue"], team1_control="human",
                           team2_control="human", dice="digital", cards="digital")
    play_until(path, series_id, lambda table: "tired: keep him at +" in table.waiting().prompt)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        ruled = plain(views._status(table, False, 3))
        assert "(Stuff +" in ruled and "(rule" not in ruled
        short = plain(views.status(table, columns=len(ruled) - 1))
        assert short == ruled.replace(re.search(r" \(Stuff \+\d rolls?\)", ruled).group(), "")
        assert short.endswith(" or relieve") and "tired: keep him at +" in short
