"""The parser's speed-ups change no result: possessive grammar regexes, C callbacks, reader.

The grammar's line-run terminals are written with possessive quantifiers (and one guard
lookahead) for speed; each must accept exactly what its plain form accepts. The LALR
callbacks are replaced by builtins (``_direct_callbacks``); hands must come out as they do
through Lark's own callbacks. The reader's blank-line regex must cut where the plain one did.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stud_hh.dialects.pokerstars import parser as stars
from stud_hh.events import Hand, ParseError
from stud_hh.reader import _BLANK_RUN, RawHand, read_hands

HANDS = Path(__file__).parent / "hands" / "pokerstars"
STARS = (Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "real" / "cash"
         / "Stars")

#: the lookahead added in front of the mixed-game group of the header
_GUARD = r"(?=[^(\n]* \((?:7 Card Stud|Razz) )"
_NOISE = " .:[]()$0123456789,-+TKcd\n"


def _plain(pattern: str) -> str:
    """``pattern`` with every possessive quantifier made greedy and the guard removed."""
    return re.sub(r"(?<=[)\]])([*+?])\+", r"\1", pattern.replace(_GUARD, ""))


def _texts() -> list[str]:
    paths = sorted(HANDS.glob("*.txt"))
    if STARS.is_dir():
        paths += sorted(STARS.rglob("*.txt"))
    return [raw.text for path in paths for raw in read_hands(path)]


def _samples() -> list[str]:
    """Lines, runs of up to four lines, and damaged copies of them (deterministic)."""
    rng = random.Random(20261129)
    samples = []
    for text in _texts():
        lines = [line + "\n" for line in text.split("\n") if line]
        for i in range(len(lines)):
            for width in (1, 2, 4):
                chunk = "".join(lines[i : i + width])
                samples.append(chunk)
                for _ in range(2):
                    at = rng.randrange(len(chunk))
                    if rng.random() < 0.5:
                        damaged = chunk[:at] + rng.choice(_NOISE) + chunk[at:]
                    else:
                        damaged = chunk[:at] + chunk[at + rng.randint(1, 4) :]
                    samples.append(damaged)
    return samples


@pytest.fixture(scope="module")
def lark_parser() -> Any:
    return stars.build_lark(use_cython=False)


def test_possessive_terminals_match_exactly_like_their_plain_forms(lark_parser: Any) -> None:
    changed = {}
    for terminal in lark_parser.terminals:
        pattern = terminal.pattern.to_regexp()
        if _plain(pattern) != pattern:
            changed[terminal.name] = (re.compile(pattern), re.compile(_plain(pattern)))
    # the line runs, the amounts and cards inside every line, the header
    assert {"TABLE", "ANTES", "THIRD", "RIVER", "DEALS", "ACTIONS", "SUMMARY", "SEAT_RESULTS",
            "SHOW", "COLLECT", "UNCALLED", "HEADER"} <= set(changed)
    samples = _samples()
    assert len(samples) > 1000
    for name, (fast, plain) in changed.items():
        for text in samples:
            got, want = fast.match(text), plain.match(text)
            assert (got and got.span()) == (want and want.span()), (name, text)
            if got and want and name == "HEADER":
                assert got.groupdict() == want.groupdict(), text


def _results(parser: stars.PokerStarsParser, texts: list[str]) -> list[Any]:
    out = []
    for i, text in enumerate(texts):
        result = parser.parse_hand(RawHand("t.txt", i + 1, text))
        assert isinstance(result, Hand | ParseError)
        out.append(msgspec.to_builtins(result))
    return out


def test_direct_callbacks_give_the_hands_lark_callbacks_give(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    direct = stars.PokerStarsParser()
    callbacks = direct._lark.parser.parser_conf.callbacks
    assert sum(1 for f in callbacks.values() if f is list) > 10  # really in use
    monkeypatch.setattr(stars, "_direct_callbacks", lambda parser: None)
    lark_own = stars.PokerStarsParser()
    assert not any(f is list for f in lark_own._lark.parser.parser_conf.callbacks.values())
    texts = _texts()
    rng = random.Random(7)
    damaged = []
    for text in texts:
        lines = text.split("\n")
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines.insert(j, lines.pop(i))  # out of order: syntax errors
        damaged.append("\n".join(lines))
        at = rng.randrange(len(text))
        damaged.append(text[:at] + "x" + text[at:])
    texts += damaged
    got, want = _results(direct, texts), _results(lark_own, texts)
    assert got == want
    assert any(r.get("message") for r in got) and any(r.get("header") for r in got)


_OLD_BLANK_RUN = re.compile(r"\n(?:[ \t\f\v]*\n)+")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="\n \t\f\vab", max_size=60))
def test_blank_run_cuts_where_the_plain_regex_cut(text: str) -> None:
    assert ([m.span() for m in _BLANK_RUN.finditer(text)]
            == [m.span() for m in _OLD_BLANK_RUN.finditer(text)])


def test_cents_memo_converts_like_cents() -> None:
    """The inline ``$12.34`` path of the cents memo gives what ``_cents`` gives, errors too."""
    rng = random.Random(3)
    alphabet = "$€£0123456789.,x- ٣"
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 7)))
        memo = stars._CentsMemo(stars._cents)
        outcomes = []
        for convert in (memo.__getitem__, stars._cents):
            try:
                outcomes.append(("ok", convert(text)))
            except ValueError as exc:
                outcomes.append((type(exc).__name__, str(exc)))
        assert outcomes[0] == outcomes[1], text
    assert stars._CENTS["$12.34"] == 1234 and stars._CENTS["€1,234.5"] == 123450
