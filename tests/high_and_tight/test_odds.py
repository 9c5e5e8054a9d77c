"""Exact run-scoring odds for High & Tight (rules 4.6, 5.1.1 e, 5.7.2)."""

import json
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.high_and_tight.odds import (
    TOTAL_PROBABILITY,
    expected_runs,
    p_at_least_one,
    run_distribution,
    runs_from,
    score_rolls,
    summary,
)

# The 36 equally likely two-dice outcomes, as totals.
PAIR_TOTALS = tuple(a + b for a in range(1, 7) for b in range(1, 7))
TOTALS = range(2, 13)
BOX_I = {"numbers": (), "first": 2, "then": (6, 7)}
TOL = 1e-12


def _ways(total: int) -> int:
    return PAIR_TOTALS.count(total)


def _binomial(n: int, p: float) -> list[float]:
    return [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def _assert_close(actual, expected, tol: float = TOL) -> None:
    assert len(actual) == len(expected)
    for k, (a, e) in enumerate(zip(actual, expected, strict=True)):
        assert abs(a - float(e)) <= tol, (k, a, e)


def _brute_force(n, numbers, first=None, then=(), hit_and_run=False) -> list[Fraction]:
    """Enumerate all 36**n dice sequences, plus every free roll they earn (rule 4.6.2)."""
    numbers = frozenset(numbers)
    counts = [0] * (n + 1)
    depth = 2 * n  # at most one free roll per regular roll: weight leaves by 36**(depth-len)

    def walk(left: int, seq: tuple[int, ...]) -> None:
        if left == 0:
            runs = score_rolls(seq, numbers, first, then, hit_and_run)
            counts[runs] += 36 ** (depth - len(seq))
            return
        for t in PAIR_TOTALS:
            if first is not None and t == first and t not in numbers:
                for f in PAIR_TOTALS:
                    walk(left - 1, seq + (t, f))
            else:
                walk(left - 1, seq + (t,))

    walk(n, ())
    return [Fraction(c, 36**depth) for c in counts]


def _reference_distribution(n, numbers, first=None, then=(), hit_and_run=False) -> list[float]:
    """Plain per-total scatter DP, independent of the module's shift/floor bookkeeping."""
    numbers, then = frozenset(numbers), frozenset(then)

    def after(runs: int, total: int, scoring: frozenset[int]) -> int:
        if total in scoring:
            runs += 1
        if hit_and_run and total == 9:
            runs = max(runs - 1, 0)
        return runs

    dist = [1.0] + [0.0] * n
    for _ in range(n):
        new = [0.0] * (n + 1)
        for runs, pr in enumerate(dist):
            if not pr:
                continue  # unreachable so far: at most one run per roll (rule 4.6)
            for t in TOTALS:
                p_t = pr * _ways(t) / 36
                mid = after(runs, t, numbers)
                if first is not None and t == first and t not in numbers:
                    for f in TOTALS:                # the free roll: `then` or any number
                        new[after(mid, f, then | numbers)] += p_t * _ways(f) / 36
                else:
                    new[mid] += p_t
        dist = new
    return dist


# --- rule 4.6: dice and plain scoring numbers ------------------------------------------


def test_total_probabilities_are_exact_two_dice_odds():
    """Rule 4.6: two dice are rolled and added; each total has probability ways/36."""
    for t in TOTALS:
        assert TOTAL_PROBABILITY[t] == _ways(t) / 36
    assert math.fsum(TOTAL_PROBABILITY.values()) == pytest.approx(1.0, abs=1e-15)


@pytest.mark.parametrize("number", list(TOTALS))
@pytest.mark.parametrize("rolls", [1, 2, 4, 5, 9, 21])
def test_single_number_matches_binomial(number, rolls):
    """Rules 4.6.1/4.6.2 single number: each of `rolls` rolls scores with p = ways/36."""
    p = _ways(number) / 36
    dist = run_distribution(rolls, [number])
    _assert_close(dist, _binomial(rolls, p))
    assert p_at_least_one(dist) == pytest.approx(1 - (1 - p) ** rolls, abs=TOL)
    assert expected_runs(dist) == pytest.approx(rolls * p, abs=TOL)


def test_rule_4_6_2_example_box_iv_scores_two():
    """Rule 4.6.2 example: box "IV", five rolls 3 4, 2 2, 6 1, 3 1, 5 5 score two runs."""
    pairs = [(3, 4), (2, 2), (6, 1), (3, 1), (5, 5)]
    totals = [a + b for a, b in pairs]
    assert totals == [7, 4, 7, 4, 10]
    assert score_rolls(totals, [4]) == 2


def test_seven_or_two_box():
    """Rule 4.6.2 two numbers ("7 or 2"): either total scores, p = (6 + 1)/36 per roll."""
    for rolls in (1, 3, 6, 21):
        _assert_close(run_distribution(rolls, [7, 2]), _binomial(rolls, 7 / 36))
    assert score_rolls([7, 2, 3, 12], [7, 2]) == 2


def test_one_run_per_roll_at_most():
    """Rule 4.6: each roll yields at most one run, so k never exceeds the number of rolls."""
    dist = run_distribution(3, TOTALS)  # every total scores
    _assert_close(dist, [0, 0, 0, 1])


# --- rule 4.6.2: box I (2, then 6 or 7 on a free roll) ---------------------------------


def test_box_one_per_roll_probability():
    """Rule 4.6.2 box I: a 2, then a free 6 or 7: p = (1/36) * (11/36) per scoring roll."""
    p = (1 / 36) * (11 / 36)
    assert run_distribution(1, **BOX_I)[1] == pytest.approx(p, abs=1e-15)
    for rolls in (2, 5, 21):
        _assert_close(run_distribution(rolls, **BOX_I), _binomial(rolls, p))


def test_box_one_free_roll_is_free_and_scores_on_then_or_an_extra_number():
    """Rule 4.6.2 box I: the free roll does not use a roll and scores on 6 or 7; rule 4.6.3:
    an additional scoring number scores on it too, as on every roll (one run at most)."""
    assert score_rolls([2, 6], **BOX_I) == 1
    assert score_rolls([2, 7, 2, 5], **BOX_I) == 1
    assert score_rolls([2, 10], **BOX_I) == 0
    assert score_rolls([2, 10], [10], 2, [6, 7]) == 1
    assert score_rolls([2, 7, 10], [10], 2, [6, 7]) == 2
    assert score_rolls([2, 7], [7], 2, [6, 7]) == 1
    with pytest.raises(ValueError, match="free roll"):
        score_rolls([3, 2], **BOX_I)


def test_box_one_with_extra_ten():
    """Rules 4.6.2 box I + 5.7.2: a 10 also scores, on the free roll too:
    p = 3/36 + (1/36)(14/36) per roll (free roll 6, 7 or 10)."""
    p = 3 / 36 + (1 / 36) * (14 / 36)
    _assert_close(run_distribution(7, [10], first=2, then=[6, 7]), _binomial(7, p))


# --- rules 4.6.3 / 5.7.2: additional scoring numbers -----------------------------------


@pytest.mark.parametrize("rolls", [1, 4, 10, 21])
@pytest.mark.parametrize("box", [{"numbers": [3, 7]}, {"numbers": [4]}, BOX_I])
def test_rally_caps_ten_raises_odds(rolls, box):
    """Rules 4.6.3 and 5.7.2: scoring on each "10" adds 3/36 expected runs per roll (and
    in box I 1/36 * 3/36 more, for a 10 on the free roll)."""
    base = run_distribution(rolls, **box)
    extra = dict(box, numbers=[*box["numbers"], 10])
    more = run_distribution(rolls, **extra)
    gain = 3 / 36 + (1 / 36 * 3 / 36 if box.get("first") else 0.0)
    assert p_at_least_one(more) > p_at_least_one(base)
    assert expected_runs(more) == pytest.approx(expected_runs(base) + rolls * gain, abs=TOL)


def test_rule_5_7_2_example_box_ix_with_ten():
    """Rule 5.7.2 example: box "IX" plus Rally Caps scores on each 3, 7 or 10."""
    assert score_rolls([3, 7, 10, 9, 2], [3, 7, 10]) == 3
    _assert_close(run_distribution(6, [3, 7, 10]), _binomial(6, 11 / 36))


# --- rule 5.1.1 e: Hit & Run ---------------------------------------------------------


def test_rule_5_1_1_e_example_nets_one_run():
    """Rule 5.1.1 e example: box "III", rolls 4 4, 2 1, 3 4, 4 5, 1 2, 5 2 net one run."""
    pairs = [(4, 4), (2, 1), (3, 4), (4, 5), (1, 2), (5, 2)]
    totals = [a + b for a, b in pairs]
    assert totals == [8, 3, 7, 9, 3, 7]
    assert score_rolls(totals, [3], hit_and_run=True) == 1
    assert score_rolls(totals, [3]) == 2


def test_hit_and_run_never_below_zero_and_scoring_nine_nets_zero():
    """Rule 5.1.1 e: a 9 removes one run so far, never below zero; a scoring 9 nets zero."""
    assert score_rolls([9, 9, 3], [3], hit_and_run=True) == 1
    assert score_rolls([3, 9, 9], [3], hit_and_run=True) == 0
    assert score_rolls([3, 9], [3, 9], hit_and_run=True) == 1
    assert score_rolls([9], [9], hit_and_run=True) == 0
    # Free roll 9 (box I with 9 among the `then` totals) also scores first, then erases.
    assert score_rolls([3, 2, 9], [3], 2, [6, 7, 9], hit_and_run=True) == 1
    assert score_rolls([3, 2, 9], [3], 2, [6, 7], hit_and_run=True) == 0


def test_hit_and_run_with_scoring_nine_equals_no_nine_without_hit_and_run():
    """Rule 5.1.1 e: with 9 scoring, every 9 is net zero, as if 9 were not a number at all."""
    for rolls in (1, 5, 21):
        _assert_close(
            run_distribution(rolls, [9, 4], hit_and_run=True), run_distribution(rolls, [4])
        )


BRUTE_FORCE_CONFIGS = [
    pytest.param({"numbers": [3]}, id="III"),
    pytest.param({"numbers": [7, 6]}, id="7-or-6"),
    pytest.param({"numbers": [9]}, id="9-in-numbers"),
    pytest.param({"numbers": [3, 9, 10]}, id="3-9-10"),
    pytest.param(BOX_I, id="box-I"),
    pytest.param({"numbers": [10], "first": 2, "then": [6, 7]}, id="box-I+10"),
    pytest.param({"numbers": [], "first": 2, "then": [6, 7, 9]}, id="box-I-free-9-scores"),
    pytest.param({"numbers": [4], "first": 9, "then": [3]}, id="first-is-9"),
]


@pytest.mark.parametrize("hit_and_run", [True, False], ids=["hit-and-run", "plain"])
@pytest.mark.parametrize("config", BRUTE_FORCE_CONFIGS)
@pytest.mark.parametrize("rolls", [1, 2])
def test_matches_brute_force_enumeration(rolls, config, hit_and_run):
    """Rules 4.6.2 and 5.1.1 e: the DP equals enumeration of all 36**n rolls and free rolls."""
    expected = _brute_force(rolls, hit_and_run=hit_and_run, **config)
    assert sum(expected) == 1
    _assert_close(run_distribution(rolls, hit_and_run=hit_and_run, **config), expected)


@pytest.mark.parametrize(
    "config",
    [
        pytest.param({"numbers": [3]}, id="III"),
        pytest.param({"numbers": [3, 9, 10]}, id="3-9-10"),
        pytest.param(BOX_I, id="box-I"),
        pytest.param({"numbers": [], "first": 2, "then": [6, 7, 9]}, id="box-I-free-9-scores"),
    ],
)
def test_matches_brute_force_enumeration_three_rolls_hit_and_run(config):
    """Rules 4.6.2 and 5.1.1 e: three rolls with Hit & Run, all 36**3 sequences enumerated."""
    expected = _brute_force(3, hit_and_run=True, **config)
    assert sum(expected) == 1
    _assert_close(run_distribution(3, hit_and_run=True, **config), expected)


# --- properties ----------------------------------------------------------------------

totals_sets = st.frozensets(st.integers(2, 12), max_size=6)
box_kinds = st.sampled_from([None, (2, (6, 7)), (2, (6, 7, 9)), (9, (3,))])


@settings(deadline=None)
@given(
    rolls=st.integers(1, 21),
    numbers=totals_sets,
    box=box_kinds,
    hit_and_run=st.booleans(),
)
def test_matches_reference_dp_for_all_roll_counts(rolls, numbers, box, hit_and_run):
    """Rules 4.6 and 5.1.1 e up to 21 rolls: equals a plain per-total reference DP."""
    first, then = box if box else (None, ())
    expected = _reference_distribution(rolls, numbers, first, then, hit_and_run)
    _assert_close(run_distribution(rolls, numbers, first, then, hit_and_run), expected)


@settings(deadline=None)
@given(
    rolls=st.integers(1, 21),
    numbers=totals_sets,
    box_i=st.booleans(),
    hit_and_run=st.booleans(),
    extra=st.integers(2, 12),
)
def test_distribution_properties(rolls, numbers, box_i, hit_and_run, extra):
    """Rules 4.6.1-4.6.3: a probability distribution; adding a number never lowers E[runs]."""
    box = {"first": 2, "then": (6, 7)} if box_i else {}
    dist = run_distribution(rolls, numbers, hit_and_run=hit_and_run, **box)
    assert len(dist) == rolls + 1
    assert abs(math.fsum(dist) - 1.0) <= TOL
    assert all(0.0 <= p <= 1.0 for p in dist)
    assert 0.0 <= p_at_least_one(dist) <= 1.0
    if not hit_and_run:
        more = run_distribution(rolls, numbers | {extra}, **box)
        assert expected_runs(more) >= expected_runs(dist) - TOL


# --- API behaviour -------------------------------------------------------------------


def test_accepts_any_iterable_and_memoizes():
    """Rule 4.6.2: the same box given as list, set, tuple or generator is one cached result."""
    run_distribution.cache_clear()
    a = run_distribution(8, [7, 2])
    b = run_distribution(8, (n for n in (2, 7, 7)))
    c = run_distribution(8, {2, 7}, first=None, then=[6, 7])  # `then` ignored without `first`
    assert a is b is c
    info = run_distribution.cache_info()
    assert (info.hits, info.misses) == (2, 1)


@pytest.mark.parametrize("rolls", [0, 22, -1])
def test_rolls_out_of_range(rolls):
    """Rule 4.6.1: the Scoring Rolls count must be 1..21."""
    with pytest.raises(ValueError, match="between 1 and 21"):
        run_distribution(rolls, [7])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"numbers": [1]},
        {"numbers": [7, 13]},
        {"numbers": [], "first": 13, "then": [6]},
        {"numbers": [], "first": 2, "then": [0]},
    ],
)
def test_numbers_out_of_range(kwargs):
    """Rule 4.6.2: scoring numbers are two-dice totals, 2..12."""
    with pytest.raises(ValueError, match="between 2 and 12"):
        run_distribution(3, **kwargs)
    with pytest.raises(ValueError, match="between 2 and 12"):
        score_rolls([7], **kwargs)


def test_non_integer_inputs_rejected():
    """Rules 4.6.1/4.6.2: rolls and totals are whole numbers."""
    with pytest.raises(ValueError, match="integer"):
        run_distribution(3, ["7"])
    with pytest.raises(ValueError, match="integer"):
        run_distribution(2.0, [7])
    with pytest.raises(ValueError, match="integer"):
        run_distribution(True, [7])
    with pytest.raises(ValueError, match="between 2 and 12"):
        score_rolls([1], [7])


def test_summary_is_json_ready():
    """Rule 4.6.4: runs scored summary: distribution, P(at least one) and expected runs."""
    dist = run_distribution(4, [6])
    out = summary(dist)
    assert set(out) == {"distribution", "p_at_least_one", "expected_runs"}
    assert out["distribution"] == list(dist)
    assert out["p_at_least_one"] == p_at_least_one(dist)
    assert out["expected_runs"] == pytest.approx(4 * 5 / 36, abs=TOL)
    json.dumps(out)


def test_runs_from_the_start_is_the_at_bat_distribution():
    """Rule 4.6: with nothing banked and no free roll owed, the part-way odds are the
    at-bat's odds."""
    for rolls in (1, 3, 7):
        for hit_and_run in (False, True):
            assert runs_from(rolls, (6, 8), 2, (6, 7), hit_and_run) == \
                run_distribution(rolls, (6, 8), 2, (6, 7), hit_and_run)


def test_runs_from_banked_runs_and_a_free_roll():
    """Rules 4.6.2 and 5.1.1 e, counted by hand: two runs banked, box I's free roll owed
    (scoring on 6 or 7), no regular roll left, Hit and Run on."""
    dist = runs_from(0, (), 2, (6, 7), True, banked=2, free_roll=True)
    scores = TOTAL_PROBABILITY[6] + TOTAL_PROBABILITY[7]
    nine = TOTAL_PROBABILITY[9]
    assert dist == pytest.approx((0.0, nine, 1 - scores - nine, scores))
    assert runs_from(0, (), banked=3) == (0.0, 0.0, 0.0, 1.0)


@pytest.mark.parametrize("kwargs, message", [
    ({"rolls": -1}, "rolls must be between 0"),
    ({"rolls": 22}, "rolls must be between 0"),
    ({"rolls": 1, "banked": -1}, "banked runs must be 0 or more"),
])
def test_runs_from_refuses_bad_input(kwargs, message):
    rolls = kwargs.pop("rolls")
    with pytest.raises(ValueError, match=message):
        runs_from(rolls, (6,), **kwargs)
