"""The doctested examples of the equity and fairness modules run with the default tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "stud_hh.equity",
    "stud_hh.equity.compute",
    "stud_hh.equity.model",
    "stud_hh.evaluate.batch",
    "stud_hh.fairness.exact",
    "stud_hh.fairness.audit",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
