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
