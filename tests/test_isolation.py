"""The test run stays away from the player's own files (conftest.py)."""

import os
from pathlib import Path


def test_a_test_s_undo_leaves_the_player_s_settings_and_folders_alone(monkeypatch,
                                                                     own_settings,
                                                                     away_from_the_player_s_folders):
    """A test that undid its own patches (`monkeypatch.undo()`) undid the settings file
    of its own too, and the New series dialog then wrote the test's choices into the
    player's settings: the run's settings and home are kept apart from the test's patches."""
    import companion.tui.chrome

    monkeypatch.setattr(companion.tui.chrome, "settings_path", lambda: Path("/nowhere"))
    monkeypatch.undo()
    assert companion.tui.chrome.settings_path() == own_settings
    home = away_from_the_player_s_folders
    assert Path(os.environ["HOME"]) == home == Path.home()
    from platformdirs import user_config_dir, user_data_dir

    assert Path(user_config_dir()).is_relative_to(home)
    assert Path(user_data_dir()).is_relative_to(home)
