"""State.clone: a copy to play on, equal to a deep copy and sharing nothing that changes."""

import copy
import dataclasses

from companion.engine.session import Session
from companion.high_and_tight.manager import ComputerManager
from companion.high_and_tight.simulate import game_rng, play_out, simulate_game

MUTABLE = (list, dict, set)


def _mutable_fields(obj, path="state"):
    """(path, value) of every list, dict or set held by the state's dataclasses."""
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.name in ("box", "team", "roster"):
            continue                                   # frozen box data, shared on purpose
        if dataclasses.is_dataclass(value):
            yield from _mutable_fields(value, f"{path}.{f.name}")
        elif isinstance(value, MUTABLE):
            yield f"{path}.{f.name}", value
            if isinstance(value, dict):
                for key, item in value.items():
                    if dataclasses.is_dataclass(item):
                        yield from _mutable_fields(item, f"{path}.{f.name}[{key}]")


def test_clone_equals_a_deep_copy_and_shares_nothing_mutable(rules):
    played = simulate_game(rules, "new-york", "texas", "clone", 1)
    replay = Session(rules, played.header)
    for action in played.actions[: len(played.actions) // 2]:
        replay.push(action)
    state = replay.state
    clone = state.clone()
    assert clone == copy.deepcopy(state)
    originals = dict(_mutable_fields(state))
    copies = dict(_mutable_fields(clone))
    assert originals.keys() == copies.keys() and len(originals) > 20
    for path, value in copies.items():
        assert value is not originals[path], path
    assert clone.box is state.box and clone.home.roster is state.home.roster


def test_playing_on_a_clone_leaves_the_original_alone(rules):
    played = simulate_game(rules, "texas", "california", "clone", 2)
    replay = Session(rules, played.header)
    for action in played.actions[:120]:
        replay.push(action)
    before = copy.deepcopy(replay.state)
    trial = Session(rules, played.header)
    trial.state = replay.state.clone(log=False)
    assert trial.state.log == []
    manager = ComputerManager(rules)
    play_out(rules, trial, game_rng("clone", 0), {"home": manager, "away": manager})
    assert trial.state.phase == "over"
    assert replay.state == before
