"""The doctested examples of the engine and the rule sets run with the default test run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "stud_hh.rules",
    "stud_hh.engine.state",
    "stud_hh.engine.structure",
    "stud_hh.engine.dealing",
    "stud_hh.engine.pots",
    "stud_hh.engine.showing",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    if name != "stud_hh.engine.showing":
        assert result.attempted > 0
