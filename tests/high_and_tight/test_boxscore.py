"""The box score of a game, replayed from its actions."""

from companion.high_and_tight.boxscore import box_score, csv_rows
from companion.high_and_tight.simulate import simulate_game


def test_rally_caps_are_listed_with_the_cards_of_their_half(rules):
    """Rule 5.7.2: a Rally Caps use shows in its half inning beside the cards played; so
    does a Managerial Move (rule 4.5: the series window showed the markers it left, not the
    move)."""
    for game in range(40):
        session = simulate_game(rules, "new-york", "texas", "rally", game)
        rallies = [a for a in session.actions if a.kind == "rally"]
        if rallies:
            break
    else:
        raise AssertionError("no game of the sample used Rally Caps")
    score = box_score(rules, session)
    listed = [entry for half in score.halves for entry in half.cards if "Rally Caps" in entry]
    expected = [f"{a.side}: Rally Caps ({'10s score' if a.args[0] == 'tens' else 'one more card'})"
                for a in rallies]
    assert listed == expected
    plays = sum(1 for a in session.actions if a.kind == "play")
    # Rule 4.5: a Managerial Move made (not standing pat) is listed there too
    moves = [f"{a.side}: Managerial Move {a.args[0]:+d}" for a in session.actions
             if a.kind == "manage" and a.args[0]]
    assert moves and [entry for half in score.halves for entry in half.cards
                      if "Managerial Move" in entry] == moves
    assert sum(len(half.cards) for half in score.halves) == plays + len(rallies) + len(moves)
    # the CSV export's rows: a move of its own kind, not a card
    rows = csv_rows(1, score)
    assert [row["name"] for row in rows if row["kind"] == "move"] == [
        move.split(": ", 1)[1] for move in moves]
    assert not any(row["name"].startswith("Managerial") for row in rows
                   if row["kind"] == "card")


def test_a_bombed_pitcher_relieved_at_once_keeps_his_marker_in_the_box_score(rules):
    """Rule 8.4.2: the +100 a pitcher earns at the end of the half he was bombed in is his
    Fatigue marker in the box score, though the next Take the Mound relieves him before the
    next half starts (the box score read the marker at each half's start only)."""
    for game in range(200):
        session = simulate_game(rules, "new-york", "texas", "bombed", game,
                                {"Rules": "good-bad-day"})
        bombed = [text.split(" is bombed")[0] for rule, text in session.state.log
                  if rule == "8.4.2"]
        if not bombed:
            continue
        score = box_score(rules, session)
        for name in bombed:
            (line,) = [p for p in score.pitchers if p.name == name]
            assert line.fatigue >= 100, (game, name, line)
            assert "bombed" in line.marker_why, line          # told from a short rest's
        # Nobody else came by a marker here: no one was bombed or kept in tired.
        assert all(not p.marker_why for p in score.pitchers if p.name not in bombed
                   and not p.exceeded_fatigue)
        starting = {half.pitcher for half in score.halves if half.fatigue}
        if set(bombed) - starting:          # one relieved before another half began
            return
    raise AssertionError("no sample game relieved a bombed pitcher before the next half")


def test_a_cancelled_card_is_marked_in_the_box_score(rules):
    """Rule 5.1.1 d: the offense card a defense card cancelled is listed with its half's
    cards as played, marked cancelled (its one card used, its moves undone), as the board
    marks it."""
    for game in range(200):
        session = simulate_game(rules, "new-york", "texas", "cancel", game)
        cancels = [n for n, (rule, _) in enumerate(session.state.log) if rule == "5.1.1 d"]
        if cancels:
            break
    else:
        raise AssertionError("no game of the sample cancelled a card")
    said = [text for rule, text in session.state.log if rule == "5.1.1 d"]
    cancelled = [text.split(" cancels ")[1].split(":")[0] for text in said]
    score = box_score(rules, session)
    marked = [entry for half in score.halves for entry in half.cards
              if entry.endswith(" (cancelled)")]
    assert [entry.split(": ", 1)[1].removesuffix(" (cancelled)") for entry in marked] \
        == cancelled


def test_a_starter_on_short_rest_has_his_marker_said_so(rules):
    """Rule 8.2.3 a: a starter on short rest begins at +100; the box score says why he had
    the marker ("short rest"), as it says "bombed" for 8.4.2 and "tired" for 8.2.1."""
    from .util import at, drive, new_game

    session = new_game(rules, header={"Rules": "rest,short-rest", "HomeStarter": "Sabaria",
                                      "HomeStarterFatigue": "100"})
    drive(session, until=at(3, "top", "bat"))
    (sabaria,) = [p for p in box_score(rules, session).pitchers if p.name == "Sabaria"]
    assert (sabaria.fatigue, sabaria.marker_why) == (100, ("short rest",))
    (flee,) = [p for p in box_score(rules, session).pitchers if p.name == "Flee"]
    assert (flee.fatigue, flee.marker_why) == (0, ())


def test_a_fatigue_note_names_its_pitcher_by_its_own_form(rules):
    """Rules 8.2.1, 8.4.2, 6.1: the side whose pitcher a marker note names is read from the
    note's form (the name first; 6.1 the side first), never from a name found anywhere in
    it: a name inside another ('Sabaria' in 'Sabarias') or one named in passing (a closer
    who may not relieve) names no one."""
    from companion.high_and_tight.rules import fatigue_note_side

    from .util import new_game

    state = new_game(rules).state                   # Sabaria (home) and Flee (away) start
    assert fatigue_note_side(state, "8.4.2", "Sabaria is bombed: Fatigue +100") == "home"
    assert fatigue_note_side(state, "8.2.1", "Flee pitches past his Fatigue: +100") == "away"
    assert fatigue_note_side(state, "8.4.2", "Sabarias is bombed: Fatigue +100") is None
    assert fatigue_note_side(state, "6.1", "away has no RP left to relieve him (Sabaria "
                                           "may not): Flee stays with Fatigue +200") == "away"
    assert fatigue_note_side(state, "4.6.4", "Sabaria is bombed") is None
