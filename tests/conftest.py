"""Shared fixtures: the demo box and its rules, loaded once per test run."""

import pytest

from companion.high_and_tight.box import load_box
from companion.high_and_tight.rules import HighAndTight


@pytest.fixture(scope="session")
def box():
    return load_box()


@pytest.fixture(scope="session")
def rules(box):
    return HighAndTight(box)
