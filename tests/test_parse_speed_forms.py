"""The parser's speed-ups change no result: possessive grammar regexes, runs merged into the
token before them, C callbacks, reader.

The grammar's line-run terminals are written with possessive quantifiers (and one guard
lookahead) for speed; each must accept exactly what its plain form accepts. Runs merged into
the token before them must give what their own tokens gave, errors included. The LALR
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


def _moved_line(text: str, rng: random.Random) -> list[str]:
    """The lines of ``text`` with one moved elsewhere: out of order, a syntax error."""
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines.insert(j, lines.pop(i))
    return lines


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
    assert sum(1 for f in callbacks.values() if f in (list, stars._first)) > 10  # in use
    monkeypatch.setattr(stars, "_direct_callbacks", lambda parser: None)
    lark_own = stars.PokerStarsParser()
    assert not any(f is list for f in lark_own._lark.parser.parser_conf.callbacks.values())
    texts = _texts()
    rng = random.Random(7)
    damaged = []
    for text in texts:
        damaged.append("\n".join(_moved_line(text, rng)))
        at = rng.randrange(len(text))
        damaged.append(text[:at] + "x" + text[at:])
    texts += damaged
    got, want = _results(direct, texts), _results(lark_own, texts)
    assert got == want
    assert any(r.get("message") for r in got) and any(r.get("header") for r in got)


@pytest.fixture(scope="module")
def plain_runs() -> stars.PokerStarsParser:
    """A parser on the grammar without merged runs: every run of lines its own token."""
    parser = stars.PokerStarsParser()
    parser._lark = stars.build_lark(plain_runs=True)
    parser._parse = stars._fast_parse(parser._lark)
    return parser


#: lines whose names make them readable as two line kinds, put where runs are merged
_LOOK_ALIKES = {
    "*** 3rd STREET ***": ["Uncalled bet ($1) returned to X: checks", "Dealt to X: folds [Ah]"],
    "*** 4th STREET ***": ["Dealt to Y [Mittel]: folds [Ah]", "Uncalled bet (x: checks"],
    "*** SHOW DOWN ***": [
        "Bob: mucks [Ah] collected $1 from pot", "A: shows [Ah]: mucks [Kd]",
        "X collected $1 from pot: doesn't show hand", "Z: shows [Ah] (a: mucks hand)",
        "Uncalled bet ($1) returned to Bob collected $1 from pot", "Q: mucks hand",
        "Seat 1: A: shows [2c 3c]", "R collected $2 from side pot-2",
    ],
    "Uncalled bet (": ["Uncalled bet ($1) returned to B collected $1 from pot",
                       "A: calls $1 collected $1 from pot", "C collected $1.234 from pot"],
}


def _look_alike_texts() -> list[str]:
    """Hand-written hands with look-alike lines right after a merged token's first part, and
    one line later (deterministic)."""
    out = []
    for path in sorted(HANDS.glob("*.txt")):
        for raw in read_hands(path):
            lines = raw.text.split("\n")
            for start, extra in _LOOK_ALIKES.items():
                found = [i for i, line in enumerate(lines) if line.startswith(start)]
                if not found:
                    continue
                at = found[0] + 1
                while lines[at].startswith("Dealt to "):
                    at += 1
                for line in extra:
                    for where in (at, at + 1):
                        out.append("\n".join([*lines[:where], line, *lines[where:]]))
            for i, line in enumerate(lines):  # an ante, or a seat, that looks like the other
                if ": posts the ante " in line:
                    seat = "Seat 9: A ($1 in chips) out of hand" + line[line.index(":") :]
                    out.append("\n".join([*lines[:i], seat, *lines[i:]]))
                    out.append("\n".join([*lines[:i], "Seat " + line, *lines[i:]]))
                    break
    return out


def test_merged_runs_give_the_hands_and_errors_separate_runs_give(
    plain_runs: stars.PokerStarsParser,
) -> None:
    """A run merged into the token before it (antes, betting, the showdown's lines) gives
    the events its own token gave, line errors on the same lines, and syntax errors as the
    plain grammar reports them."""
    merged = stars.PokerStarsParser()
    third = merged._lark.get_terminal("THIRD").pattern.to_regexp()
    street = "*** 3rd STREET ***\nDealt to A [Ah]\nA: brings in for 5\nB: folds\n"
    assert re.fullmatch(third, street)  # the merge is really there
    assert not re.fullmatch(plain_runs._lark.get_terminal("THIRD").pattern.to_regexp(), street)
    texts = _texts()
    rng = random.Random(11)
    damaged = []
    for text in texts:
        lines = _moved_line(text, rng)
        damaged.append("\n".join(lines))
        del lines[rng.randrange(len(lines)) :]  # cut short
        damaged.append("\n".join(lines))
        at = rng.randrange(len(text))
        damaged.append(text[:at] + rng.choice(["x", "$1.234", "\n", "[Zz]"]) + text[at:])
    texts += damaged + _look_alike_texts()
    got, want = _results(merged, texts), _results(plain_runs, texts)
    assert got == want
    errors = [r for r in got if r.get("message")]
    assert len(errors) > 50 and any(r.get("header") for r in got)
    assert any("expected" in r["message"] for r in errors)


def test_syntax_errors_list_what_the_plain_grammar_expects(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After a merged street the parser is in the state of its banner, whose expected
    terminals differ from the state after a run of betting (and a hand cut short ends at
    its last token): errors come from the plain grammar, as before runs were merged."""
    cut = ("PokerStars Hand #1:  7 Card Stud Limit ($1/$2 USD) - 2020/01/01 10:00:00 ET\n"
           "Table 'T' 8-max\nSeat 1: A ($10 in chips)\nSeat 2: B ($10 in chips)\n"
           "A: posts the ante $0.10\nB: posts the ante $0.10\n*** 3rd STREET ***\n"
           "Dealt to A [Ah]\nDealt to B [Kd]\nA: brings in for $0.50\nB: calls $0.50\n")
    parser = stars.PokerStarsParser()
    error = parser.parse_hand(RawHand("t.txt", 1, cut))
    assert isinstance(error, ParseError) and error.message.startswith("hand ends too early")
    assert "FIFTH" in error.expected  # the plain grammar's state after ACTIONS
    monkeypatch.setattr(stars.PokerStarsParser, "_plain_error", lambda self, text: None)
    merged_only = stars.PokerStarsParser().parse_hand(RawHand("t.txt", 1, cut))
    assert isinstance(merged_only, ParseError)
    # the merged grammar would put the end of the hand at the last token's first line
    assert (error.line, merged_only.line) == (10, 7)
    assert "FIFTH" not in merged_only.expected


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
