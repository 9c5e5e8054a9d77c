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


@pytest.fixture(scope="session", autouse=True)
def away_from_the_player_s_folders(tmp_path_factory):
    """The whole run, and every command it starts, has a home of its own: no test reads or
    writes the settings, game file or Documents of the person running the tests (a test
    that undid its patches once wrote its New series choices into theirs)."""
    import os

    home = tmp_path_factory.mktemp("home")
    names = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DOCUMENTS_DIR")
    before = {name: os.environ.get(name) for name in names}
    os.environ.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
                      XDG_DATA_HOME=str(home / ".local" / "share"),
                      XDG_DOCUMENTS_DIR=str(home / "Documents"))
    yield home
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture(autouse=True)
def seeded_new_series(request):
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
    # (a patch of its own: a test's `monkeypatch.undo()` leaves it in place)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(companion.tui.table, "secrets", seeded)
        patch.setattr(companion.cli, "secrets", seeded)
        yield


@pytest.fixture(autouse=True)
def at_a_terminal(request):
    """`play` and `follow` open only on a terminal (`cli._a_terminal`); the tests' own
    standard input and error are captured, so the commands' other checks are tested as at
    one. A test marked `no_terminal` keeps the check."""
    if request.node.get_closest_marker("no_terminal") is not None:
        yield
        return
    import companion.cli

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(companion.cli, "_a_terminal", lambda: None)
        yield


@pytest.fixture(autouse=True)
def own_settings(tmp_path_factory):
    """Each test keeps the player's settings (the theme, the last New series choices) in
    a file of its own: a dialog a test opens starts from the defaults, whatever another
    test or the person running the tests chose."""
    import companion.tui.chrome

    path = tmp_path_factory.mktemp("settings") / "settings.json"
    with pytest.MonkeyPatch.context() as patch:     # (as seeded_new_series)
        patch.setattr(companion.tui.chrome, "settings_path", lambda: path)
        yield path
