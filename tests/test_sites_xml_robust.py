"""XML hand histories that are cut off, broken, hostile or huge (issue 19): clear errors
naming the file, the line and the hand, flat memory, nothing lost, no entity ever expanded
and no file named by one ever read.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_sites_damage import _edit, damage

from stud_hh.events import Hand, OtherGame, ParseError
from stud_hh.parse import parse_bytes, parse_file

HANDS = Path(__file__).parent / "hands"
TOUR = HANDS / "ipoker" / "tour-razz-allin-sidepot.xml"
MERGE = HANDS / "merge" / "stud-allin-sidepot.txt"
CASH = HANDS / "ipoker" / "cash-stud8-eur-cp1252.xml"


def _session(games: int) -> bytes:
    """An iPoker session of ``games`` copies of the hand-written tournament game."""
    text = TOUR.read_bytes()
    head, _, rest = text.partition(b"<game ")
    game, _, tail = rest.partition(b"</game>")
    body = b"".join(b"<game " + game.replace(b"9000000011", str(9100000000 + i).encode())
                    + b"</game>" for i in range(games))
    return head + body + tail


def _kinds(results: list[Hand | ParseError | OtherGame]) -> list[str]:
    return [type(r).__name__ for r in results]


# --- cut off, broken --------------------------------------------------------------------------


def test_a_file_cut_inside_its_last_game_gives_the_rest_and_an_incomplete_hand() -> None:
    data = _session(3)
    cut = data[: data.rindex(b'<round no="4">')]
    results = list(parse_bytes(cut, "cut.xml"))
    assert _kinds(results) == ["Hand", "Hand", "ParseError"]
    error = results[-1]
    assert isinstance(error, ParseError) and error.incomplete
    assert error.hand_id == "9100000002" and error.path == "cut.xml"
    assert error.text.splitlines()[1].startswith('<game gamecode="9100000002">')
    assert cut.count(b"\n") - 1 <= error.line <= cut.count(b"\n") + 1


def test_a_file_without_its_closing_tag_loses_nothing() -> None:
    data = _session(2)
    results = list(parse_bytes(data[: data.rindex(b"</session>")], "open.xml"))
    assert _kinds(results) == ["Hand", "Hand"]


@pytest.mark.parametrize("path, broken", [
    (TOUR, (b'<round no="3">', b'<round no="3>')),
    (TOUR, (b"</round>", b"</rund>")),
    (TOUR, (b'type="23" sum="320"', b'type="23" sum="3,2.0"')),
    (MERGE, (b'<round id="FIFTH_STREET" sequence="5">', b'<round id="FIFTH_STREET" <')),
    (MERGE, (b'type="CALL"', b'type="CALLS"')),
])
def test_a_broken_game_is_one_error_with_its_text_and_the_others_are_read(
    path: Path, broken: tuple[bytes, bytes]
) -> None:
    data = path.read_bytes()
    if path == TOUR:
        data = _session(3)
        first_game = data.index(b"<game ")
        second = data.index(b"<game ", first_game + 1)
        at = data.index(broken[0], second)
        data = data[:at] + broken[1] + data[at + len(broken[0]):]
    else:
        data = data.replace(broken[0], broken[1], 1)
    results = list(parse_bytes(data, "broken.xml"))
    errors = [r for r in results if isinstance(r, ParseError)]
    assert len(errors) == 1 and len(results) == (3 if path == TOUR else 2), results
    error = errors[0]
    assert error.hand_id == ("9100000001" if path == TOUR else "90000001-1")
    assert broken[1].decode() in error.text and not error.incomplete
    line = data[: data.index(broken[1])].count(b"\n") + 1
    assert error.line in (line, line + 1), (error, line)  # where the parser noticed it
    assert str(error).startswith(f"broken.xml:{error.line}")


# --- hostile XML ----------------------------------------------------------------------------


LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE session [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<session sessioncode="1">
<general><gametype>7 Card Stud L $0.05/$0.10</gametype><tablename>&lol9;</tablename></general>
<game gamecode="77"><general><startdate>&lol9;</startdate></general></game>
</session>
"""


def test_a_billion_laughs_is_refused_not_expanded() -> None:
    results = list(parse_bytes(LAUGHS, "laughs.xml"))
    assert results and all(isinstance(r, ParseError) for r in results)
    assert "document type declaration" in results[0].message  # type: ignore[union-attr]
    assert results[0].line == 2  # type: ignore[union-attr]
    assert all(len(r.text) < len(LAUGHS) + 200 for r in results)  # type: ignore[union-attr]
    assert not any("lollol" in r.text for r in results)  # type: ignore[union-attr]
    # the game after the declaration is still reported, as a hand that names an entity
    assert any(isinstance(r, ParseError) and r.hand_id == "77" for r in results)


def test_an_external_entity_is_never_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    for doctype in (f'<!DOCTYPE session [<!ENTITY xxe SYSTEM "file://{secret}">]>',
                    f'<!DOCTYPE session SYSTEM "file://{secret}">',
                    f'<!DOCTYPE session [<!ENTITY % p SYSTEM "file://{secret}"> %p;]>'):
        data = TOUR.read_bytes().replace(b'<session', doctype.encode() + b"\n<session", 1)
        data = data.replace(b"<tablename>", b"<tablename>&xxe;", 1)
        before = secret.stat().st_atime_ns
        results = list(parse_bytes(data, "xxe.xml"))
        assert any(isinstance(r, ParseError) and "document type" in r.message for r in results)
        text = " ".join(getattr(r, "text", "") + str(r) for r in results)
        assert "TOP-SECRET" not in text
        assert secret.stat().st_atime_ns == before  # not even opened for reading


def test_an_undeclared_entity_in_a_game_is_that_game_only() -> None:
    data = _session(3)
    second = data.index(b"<game ", data.index(b"<game ") + 1)
    at = data.index(b"<startdate>", second) + len(b"<startdate>")
    data = data[:at] + b"&xxe;" + data[at:]
    results = list(parse_bytes(data, "entity.xml"))
    assert _kinds(results) == ["Hand", "ParseError", "Hand"]
    assert "undefined entity" in results[1].message  # type: ignore[union-attr]


# --- damaged, hypothesis ------------------------------------------------------------------------


def _samples() -> list[bytes]:
    samples = [p.read_bytes() for site in ("ipoker", "merge")
               for p in sorted((HANDS / site).iterdir())]
    return [*samples, _session(2)]


SAMPLES = _samples()


def check(data: bytes) -> None:
    # lines as the reader counts them (a lone CR ends a line too), and one past the end for
    # a file cut short
    total_lines = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").count(b"\n") + 2
    for result in parse_bytes(data, "damaged.xml"):
        assert isinstance(result, Hand | OtherGame | ParseError)
        if isinstance(result, ParseError):
            assert result.path == "damaged.xml"
            assert 1 <= result.line <= total_lines, result
            assert result.message and result.text
            assert not result.message.startswith("internal parser error"), result


_xml_edit = st.one_of(_edit, st.tuples(
    st.just("text"), st.integers(0, 10**6),
    st.sampled_from([b"<", b">", b"/>", b"</game>", b"<game ", b'"', b"&", b"&amp;",
                     b"<!--", b"-->", b"<![CDATA[", b"]]>", b"\xff", b"\x00", b"\xe2\x82",
                     b'<?xml version="1.0"?>', b"<!DOCTYPE x>", b"&lt;", b'type="7"',
                     b'sum="-1"', b"X", b"10"])))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.lists(_xml_edit, min_size=1, max_size=4))
def test_damaged_xml_gives_hands_other_games_or_parse_errors(
    index: int, edits: list[tuple[str, int, object]]
) -> None:
    check(damage(SAMPLES[index % len(SAMPLES)], edits))


@given(st.binary(max_size=400))
@settings(max_examples=200, deadline=None)
def test_any_bytes_after_an_ipoker_head(tail: bytes) -> None:
    check(b'<session sessioncode="1">\n' + tail)
    check(b'<description type="Razz" stakes="Limit $1/$2"/>\n' + tail)


# --- huge: flat memory --------------------------------------------------------------------------


_MEASURE = textwrap.dedent("""
    import resource, sys
    from stud_hh.parse import parse_file
    from stud_hh.events import Hand
    hands = sum(isinstance(r, Hand) for r in parse_file(sys.argv[1]))
    print(hands, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
""")


def _peak(path: Path) -> tuple[int, int]:
    """(hands read, peak resident set in KiB) of parsing ``path`` in a fresh process."""
    out = subprocess.run([sys.executable, "-c", _MEASURE, str(path)], check=True,
                         capture_output=True, text=True).stdout.split()
    return int(out[0]), int(out[1])


@pytest.mark.slow
def test_a_200_mb_file_is_read_in_flat_memory(tmp_path: Path) -> None:
    small, big = tmp_path / "small.xml", tmp_path / "big.xml"
    game = _session(1)
    per_game = len(game) - len(_session(0))
    small.write_bytes(_session(2_000))
    games = 200 * 2**20 // per_game
    with big.open("wb") as out:  # written a block at a time: the test's memory stays flat too
        head, _, rest = _session(1000).partition(b"<game ")
        body, _, tail = rest.rpartition(b"</game>")
        block = b"<game " + body + b"</game>"
        out.write(head)
        for _ in range(games // 1000):
            out.write(block)
        out.write(tail)
    assert big.stat().st_size > 190 * 2**20
    small_hands, small_peak = _peak(small)
    big_hands, big_peak = _peak(big)
    assert (small_hands, big_hands) == (2_000, games // 1000 * 1000)
    print(f"peak RSS: {small_peak // 1024} MiB for {small.stat().st_size // 2**20} MB, "
          f"{big_peak // 1024} MiB for {big.stat().st_size // 2**20} MB")
    assert big_peak < small_peak + 40 * 1024, (small_peak, big_peak)


def test_line_numbers_of_real_games_are_the_files(corpus_dir: Path) -> None:
    path = corpus_dir / "tour/iPoker/Stud/7-StudHi-USD-STT-5-201103.txt"
    lines = path.read_bytes().split(b"\n")
    for hand in parse_file(path):
        assert isinstance(hand, Hand) and hand.source is not None
        assert re.search(rb'<game gamecode="%s"' % hand.hand_id.encode(),
                         lines[hand.source.line - 1])


def test_a_broken_game_is_quarantined_with_its_xml_by_the_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import duckdb

    from stud_hh.cli import main

    data = _session(3)
    second = data.index(b"<game ", data.index(b"<game ") + 1)
    at = data.index(b"</round>", second)
    (tmp_path / "session.xml").write_bytes(data[:at] + b"</rund>" + data[at + 8:])
    db = tmp_path / "q.duckdb"
    main(["import", "--db", str(db), str(tmp_path / "session.xml")])
    capsys.readouterr()
    con = duckdb.connect(str(db), read_only=True)
    try:
        stored = con.execute("SELECT count(*) FROM hands").fetchone()
        rows = con.execute("SELECT file, line, hand_line, hand_id, error, raw_text "
                           "FROM quarantine").fetchall()
    finally:
        con.close()
    assert stored == (2,)
    [(file, line, hand_line, hand_id, error, raw_text)] = rows
    assert file.endswith("session.xml") and hand_id == "9100000001"
    assert hand_line < line and "mismatched tag" in error
    assert '<game gamecode="9100000001">' in raw_text and "</rund>" in raw_text
