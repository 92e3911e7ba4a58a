"""The catalogue is complete, documented, and covers every refusal the engine can give."""

from __future__ import annotations

import doctest
from pathlib import Path

import msgspec
import pytest

import stud_hh.faults
import stud_hh.validate.catalogue
import stud_hh.validate.money
from stud_hh.engine.types import Code as EngineCode
from stud_hh.events import Street
from stud_hh.validate import CATALOGUE, Violation
from stud_hh.validate.catalogue import violation
from stud_hh.validate.findings import catalogue_code

DOCS = Path(__file__).resolve().parent.parent / "docs" / "violations.md"

REQUIRED = {
    "WRONG_BRING_IN_PLAYER", "WRONG_BRING_IN_AMOUNT", "WRONG_FIRST_ACTOR", "OUT_OF_TURN",
    "ACTION_AFTER_FOLD", "ACTION_BY_ALL_IN_PLAYER", "CHECK_FACING_BET", "BET_SIZE",
    "RAISE_BEFORE_COMPLETION", "RAISE_CAP_EXCEEDED", "BIG_BET_WITHOUT_OPEN_PAIR",
    "SMALL_RAISE_AFTER_BIG_BET", "BET_EXCEEDS_STACK", "ANTE_MISSING", "ANTE_AMOUNT",
    "DUPLICATE_CARD", "WRONG_CARD_COUNT", "UNCALLED_RETURN_MISMATCH", "POT_TOTAL_MISMATCH",
    "COLLECTED_MISMATCH", "WRONG_WINNER", "SHOWDOWN_ORDER", "INCOMPLETE_HAND",
}


def test_required_codes_are_catalogued() -> None:
    assert set(CATALOGUE) >= REQUIRED
    assert [c for c in CATALOGUE if CATALOGUE[c].severity.value == "warning"] == [
        "SHOWDOWN_ORDER"]


def test_every_entry_is_complete() -> None:
    for code, entry in CATALOGUE.items():
        assert entry.code == code and code.isupper()
        assert entry.rule[0].isdigit(), code  # a rule-book section
        assert entry.template and entry.summary


def test_every_code_is_documented() -> None:
    text = DOCS.read_text(encoding="utf-8")
    missing = [code for code in CATALOGUE if f"`{code}`" not in text]
    assert missing == []


def test_every_engine_refusal_has_a_place() -> None:
    """Each engine code maps to its own catalogue code or to the record checks; the generic
    ILLEGAL_ACTION is only the safety net for codes the engine adds later."""
    generic = [c.value for c in EngineCode if catalogue_code(c.value) == "ILLEGAL_ACTION"]
    assert generic == []
    mapped = {catalogue_code(c.value) for c in EngineCode} - {None}
    assert mapped <= set(CATALOGUE)
    assert catalogue_code("SOMETHING_NEW") == "ILLEGAL_ACTION"


def test_violation_fills_template_and_section() -> None:
    v = violation("42", "RAISE_CAP_EXCEEDED", street=Street.FIFTH, action_index=9,
                  player="Ann", count=4, cap=3)
    assert v == Violation("42", "RAISE_CAP_EXCEEDED", "error", Street.FIFTH, 9, "Ann",
                          "5 raise cap", "Ann made raise number 4 on 5th Street; the cap is 3")


def test_violation_rejects_unknown_code() -> None:
    with pytest.raises(KeyError):
        violation("42", "NOT_A_CODE", street=None, action_index=None, player=None)


def test_violation_round_trips_json() -> None:
    v = violation("42", "ANTE_MISSING", street=None, action_index=None, player="Bob")
    assert msgspec.json.decode(msgspec.json.encode(v), type=Violation) == v


@pytest.mark.parametrize("module", [stud_hh.validate.catalogue, stud_hh.validate.money,
                                    stud_hh.faults])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 0
