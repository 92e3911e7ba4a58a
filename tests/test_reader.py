"""Reading files: every encoding a client writes, CRLF, streaming in chunks, exact lines."""

from __future__ import annotations

import codecs
import io
import re
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stud_hh.events import Hand
from stud_hh.parse import parse_bytes, parse_file
from stud_hh.reader import decode_chunks, read_hands, read_text_hands, sniff_encoding

HANDS = Path(__file__).parent / "hands" / "pokerstars"
# hands whose names cp1252 can encode (the file with CJK names is for the Unicode encodings)
LATIN = HANDS / "tournament-razz-side-pots.txt"
UNICODE = HANDS / "cash-mixed-hilo.txt"


def _reference(path: Path) -> list[Hand]:
    hands = [h for h in parse_file(path) if isinstance(h, Hand)]
    assert hands
    return hands


def _events(hands: list[Hand]) -> list[tuple[object, ...]]:
    return [(h.header, h.seats, h.events) for h in hands]


@pytest.mark.parametrize(
    ("path", "encoding", "bom"),
    [
        (UNICODE, "utf-8", b""),
        (UNICODE, "utf-8", codecs.BOM_UTF8),
        (UNICODE, "utf-16-le", codecs.BOM_UTF16_LE),
        (UNICODE, "utf-16-be", codecs.BOM_UTF16_BE),
        (UNICODE, "utf-16-le", b""),  # no BOM: recognised by its NUL bytes
        (LATIN, "cp1252", b""),
    ],
)
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_every_encoding_and_line_ending_reads_the_same(
    tmp_path: Path, path: Path, encoding: str, bom: bytes, newline: str
) -> None:
    text = path.read_text(encoding="utf-8")
    data = bom + text.replace("\n", newline).encode(encoding)
    target = tmp_path / "hh.txt"
    target.write_bytes(data)
    hands = [h for h in parse_file(target) if isinstance(h, Hand)]
    reference = _reference(path)
    assert _events(hands) == _events(reference)
    assert [h.source.line for h in hands] == [h.source.line for h in reference]  # type: ignore[union-attr]


def test_cp1252_fallback_keeps_non_ascii_names() -> None:
    data = LATIN.read_text(encoding="utf-8").encode("cp1252")
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    hands = [h for h in parse_bytes(data) if isinstance(h, Hand)]
    assert "Jörg Müller" in hands[0].players()


def test_sniff_encoding() -> None:
    assert sniff_encoding(codecs.BOM_UTF8 + b"P") == ("utf-8", 3)
    assert sniff_encoding(codecs.BOM_UTF16_LE + b"P\x00") == ("utf-16-le", 2)
    assert sniff_encoding(codecs.BOM_UTF16_BE + b"\x00P") == ("utf-16-be", 2)
    assert sniff_encoding("PokerStars".encode("utf-16-be")) == ("utf-16-be", 0)
    assert sniff_encoding(b"PokerStars Hand") == ("utf-8", 0)


@pytest.mark.parametrize("chunk_size", [1, 2, 3, 7, 64, 1 << 20])
def test_chunk_boundaries_never_change_the_split(chunk_size: int) -> None:
    """CRLF, multibyte characters and blank runs cut at every possible byte boundary."""
    text = "A1\r\nA2 é\r\n\r\n\r\n  \r\nB1 名\r\nB2\r\n\r\nC1\rC2\r\r\rD1"
    data = codecs.BOM_UTF8 + text.encode("utf-8")
    raws = list(read_text_hands(io.BytesIO(data), "f", chunk_size=chunk_size))
    assert [(r.line, r.text) for r in raws] == [
        (1, "A1\nA2 é\n"), (6, "B1 名\nB2\n"), (9, "C1\nC2\n"), (13, "D1\n")]


def test_utf16_chunks_split_inside_a_character() -> None:
    text = "Hand one Ω\n\nHand two 名\n"
    data = codecs.BOM_UTF16_LE + text.encode("utf-16-le")
    raws = list(read_text_hands(io.BytesIO(data), None, chunk_size=3))
    assert [r.text for r in raws] == ["Hand one Ω\n", "Hand two 名\n"]


def test_invalid_bytes_never_raise() -> None:
    data = b"PokerStars \x81\x8d\x90 junk\xff\xfe\n\nsecond\x00 \xc3\n"
    raws = list(read_text_hands(io.BytesIO(data), None, chunk_size=5))
    assert len(raws) == 2
    assert raws[1].text.startswith("second")


def test_boundary_splits_hands_glued_without_blank_lines() -> None:
    glued = "PokerStars Hand #1: a\nline\nPokerStars Hand #2: b\nline\n"
    boundary = re.compile(r"PokerStars Hand #")
    raws = list(read_text_hands(io.BytesIO(glued.encode()), None, boundary))
    assert [(r.line, r.text) for r in raws] == [
        (1, "PokerStars Hand #1: a\nline\n"), (3, "PokerStars Hand #2: b\nline\n")]


def test_bom_in_the_middle_of_a_concatenated_file() -> None:
    one = UNICODE.read_text(encoding="utf-8")
    data = codecs.BOM_UTF8 + one.encode() + b"\n\n" + codecs.BOM_UTF8 + one.encode()
    hands = list(parse_bytes(data))
    assert len(hands) == 6 and all(isinstance(h, Hand) for h in hands)


def test_line_numbers_point_at_each_hand_start(stars_files: list[Path]) -> None:
    for path in stars_files:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
        for raw in read_hands(path):
            assert lines[raw.line - 1] == raw.text.split("\n", 1)[0]


def test_memory_stays_flat_on_a_large_file(tmp_path: Path) -> None:
    """Streaming: reading 20x more hands must not cost 20x the memory."""
    hand = UNICODE.read_text(encoding="utf-8").split("\n\n\n\n")[0] + "\n\n\n"
    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    small.write_text(hand * 100, encoding="utf-8")
    big.write_text(hand * 2000, encoding="utf-8")

    def peak(path: Path) -> int:
        tracemalloc.start()
        count = sum(1 for _ in read_hands(path, chunk_size=1 << 16))
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert count == (100 if path is small else 2000)
        return top

    assert peak(big) < 3 * peak(small) + (1 << 18)


def test_decode_chunks_joins_crlf_split_across_reads() -> None:
    data = b"a\r" + b"\nb\r\n"
    chunks = list(decode_chunks(io.BytesIO(data), chunk_size=2))
    assert "".join(chunks) == "a\nb\n"


def test_endless_text_without_blank_lines_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 'hand' that never ends (garbage, a binary file) is cut, not held whole in memory."""
    import stud_hh.reader as reader

    monkeypatch.setattr(reader, "MAX_HAND_CHARS", 1000)
    data = ("x" * 50 + "\n") * 200  # 10,200 characters, no blank line
    raws = list(read_text_hands(io.BytesIO(data.encode()), None, chunk_size=256))
    assert len(raws) > 5
    assert "".join(r.text for r in raws) == data
    assert all(len(r.text) <= 1000 + 256 for r in raws)
    lines = [r.line for r in raws]
    assert lines[0] == 1 and lines == sorted(lines)
    assert all(r.line - 1 == sum(x.text.count("\n") for x in raws[:i])
               for i, r in enumerate(raws))


def test_boundary_cuts_only_at_line_starts_in_any_case() -> None:
    from stud_hh.dialects import hand_starts

    glued = ("POKERSTARS GAME #1: x\nline a PokerStars Hand #2: y\npokerstars hand #3: z\n"
             "PokerStars Home Game Hand #4: {Club} w\n")
    raws = list(read_text_hands(io.BytesIO(glued.encode()), None, hand_starts()))
    assert [(r.line, r.text.split(":")[0]) for r in raws] == [
        (1, "POKERSTARS GAME #1"), (3, "pokerstars hand #3"), (4, "PokerStars Home Game Hand #4")]


_PIECES = ["PokerStars Hand #1: x\n", "PokerStars Game #22:\n", "a PokerStars Hand #3:\n",
           "line\n", "\n", " \n", "PokerStars \n", "x", "POKERSTARS GAME #4:\n"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14))
def test_boundary_cuts_where_a_line_starting_regex_matches(pieces: list[str]) -> None:
    """A hand is cut before every line the boundary matches, and nowhere else."""
    import stud_hh.reader as reader
    from stud_hh.dialects import hand_starts

    text = "".join(pieces)
    hands = list(reader.split_hands(iter([text]), "f", hand_starts()))
    kept = [line for hand in hands for line in hand.text.split("\n") if line.strip()]
    assert kept == [line for line in text.split("\n") if line.strip()]
    for hand in hands:
        for line in hand.text.split("\n")[1:]:
            assert not hand_starts().match(line)


def test_every_text_dialect_declares_the_leads_of_its_first_lines() -> None:
    """Without a dialect's leads the boundary's prefilter is off (correct but slow)."""
    from stud_hh.dialects import dialects

    text = [d for d in dialects() if d.hand_start is not None]
    assert text and all(getattr(d, "hand_leads", ()) for d in text)


def _plain_hand_starts() -> re.Pattern[str]:
    """``hand_starts`` without its prefilter: the dialects' patterns alone (the oracle)."""
    from stud_hh.dialects import dialects

    parts = [f"(?i:{d.hand_start.pattern})" if d.hand_start.flags & re.IGNORECASE
             else f"(?:{d.hand_start.pattern})" for d in dialects() if d.hand_start is not None]
    return re.compile("|".join(parts))


def test_boundary_prefilter_matches_where_the_dialects_patterns_do(corpus_dir: Path) -> None:
    """Every line of the real corpus (and its upper- and lower-case forms) is a hand's
    first line for ``hand_starts`` exactly when it is for the dialects' own patterns: the
    leads are a necessary condition, never a filter that loses a hand."""
    from stud_hh.dialects import hand_starts

    fast, plain = hand_starts(), _plain_hand_starts()
    seen = 0
    for path in sorted(p for p in corpus_dir.rglob("*") if p.is_file()):
        for raw in read_hands(path):
            for line in raw.text.split("\n"):
                for form in (line, line.upper(), line.lower()):
                    assert bool(fast.match(form)) == bool(plain.match(form)), (path, form)
                seen += plain.match(line) is not None
    assert seen > 100


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="PpOoKkSsTtAaRr #1:\u212a\u017f\u0130\u0131GameHndFulI*-", max_size=30))
def test_boundary_prefilter_keeps_case_insensitive_starts(line: str) -> None:
    from stud_hh.dialects import hand_starts

    assert bool(hand_starts().match(line)) == bool(_plain_hand_starts().match(line))


#: The blank-run pattern before the text was normalised first (white space allowed on a
#: blank line): the oracle for the literal ``\n\n`` search on normalised text.
_WHITE_BLANK_RUN = re.compile(r"\n[ \t\f\v]*\n(?:[ \t\f\v]*\n)*+")
_MESSY = ["PokerStars Hand #1: x", "Seat 1: a", "\n", "\r\n", "\r", " ", "\t", "\f", "\v",
          "\xa0", "\ufeff", "\x00", " \n", "\t\r\n", "\n \n", "\n\t \n\n", "\u3000", "é",
          "Game #2 starts.", "#Game No : 2"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_MESSY), max_size=40), st.sampled_from([1, 3, 7, 64, 1 << 20]),
       st.sampled_from(["utf-8", "utf-16-le", "cp1252"]), st.booleans())
def test_blank_runs_are_the_same_as_with_white_space_on_blank_lines(
    pieces: list[str], chunk_size: int, encoding: str, boundary: bool,
) -> None:
    """The reader cuts hands where the whitespace-tolerant blank-run regex cut them, at the
    same lines, whatever the encoding, line ends, padding and read size."""
    import stud_hh.reader as reader
    from stud_hh.dialects import hand_starts

    data = "".join(pieces).encode(encoding, "replace")
    starts = hand_starts() if boundary else None
    fast = list(read_text_hands(io.BytesIO(data), "f", starts, chunk_size))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reader, "_BLANK_RUN", _WHITE_BLANK_RUN)
        assert fast == list(read_text_hands(io.BytesIO(data), "f", starts, chunk_size))
