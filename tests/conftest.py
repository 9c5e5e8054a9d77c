"""Shared fixtures: the demo box and its rules, loaded once per test run."""

import shutil

import pytest

from companion.high_and_tight.box import DEFAULT_BOX_DIR, load_box
from companion.high_and_tight.rules import HighAndTight


@pytest.fixture(scope="session")
def box():
    return load_box()


@pytest.fixture(scope="session")
def rules(box):
    return HighAndTight(box)


@pytest.fixture()
def box_copy(tmp_path):
    """A copy of the demo box folder a test may edit."""
    target = tmp_path / "box"
    shutil.copytree(DEFAULT_BOX_DIR, target)
    return target


@pytest.fixture(autouse=True)
def seeded_new_series(request, monkeypatch):
    """A series a test sets up (the New series dialog's Setup, `series new`) takes its seed
    from the test's name, a new one for each series it makes, where a player's comes from
    `secrets`: the dice, deals and draws of a test are the same every run (a test that
    needs an at-bat of several rolls found one, or not, by the luck of the run)."""
    import hashlib
    import itertools
    import types

    import companion.cli
    import companion.tui.table

    made = itertools.count()

    def token_hex(nbytes: int = 8) -> str:
        said = f"{request.node.nodeid}:{next(made)}".encode()
        return hashlib.sha256(said).hexdigest()[:2 * nbytes]

    seeded = types.SimpleNamespace(token_hex=token_hex)
    monkeypatch.setattr(companion.tui.table, "secrets", seeded)
    monkeypatch.setattr(companion.cli, "secrets", seeded)


@pytest.fixture(autouse=True)
def own_settings(tmp_path_factory, monkeypatch):
    """Each test keeps the player's settings (the theme, the last New series choices) in
    a file of its own: a dialog a test opens starts from the defaults, whatever another
    test or the person running the tests chose."""
    import companion.tui.chrome

    path = tmp_path_factory.mktemp("settings") / "settings.json"
    monkeypatch.setattr(companion.tui.chrome, "settings_path", lambda: path)
