"""XML hand histories (iPoker, Merge) cut into hands by a real XML parser, streaming and
hardened against hostile XML.

**Hardened.** Every parser here is Python's expat (``pyexpat``) set up the way
``defusedxml`` sets it up with ``forbid_dtd=True``: a document type declaration is refused
outright (no hand history has one), so no entity is ever declared, expanded (the "billion
laughs") or fetched from a file or the network (external entities); parameter entities are
never parsed. What is refused is a ``ParseError`` of the hand (or of the stretch of file) it
stands in, never an exception and never a read of another file.

**Streaming.** ``split_games`` feeds the decoded text (the shared reader's: byte-order marks,
UTF-16, cp1252 files that claim UTF-8, line ends) to expat chunk by chunk and keeps only the
bytes since the game it is reading began: memory is flat whatever the file's size. Each
``<game>`` element becomes one ``RawHand``: the game's own XML text, exactly as written,
after one line of context (the session header it was played under: iPoker's ``<session>``
tag and ``<general>`` block, Merge's ``<description/>``), so that a hand's text is a document
of its own, readable again from the quarantine. ``RawHand.line`` is set so that the game's
lines keep their numbers in the file (the context line counts as the line before).

**Nothing lost.** Expat stops at the first error of a document. A broken game is cut from
its start to the next ``<game`` tag and handed on as it is (its parse is the ``ParseError``
that carries its text); the parser starts again at that tag. Text outside the games that is
more than closing tags and white space (a second document glued on, junk) is handed on the
same way. A file that stops inside a game hands on what it has (the hand ends too early).

>>> import io
>>> doc = b'<?xml version="1.0"?>\\n<session sessioncode="7">\\n<general><x>1</x></general>\\n'
>>> doc += b'<game gamecode="1">\\n<a/>\\n</game><game gamecode="2"><a>\\n</session>'
>>> for raw in split_games(io.BytesIO(doc), "f.xml", CONTEXT_TAGS):
...     print(raw.line, raw.text.splitlines()[1:])
3 ['<game gamecode="1">', '<a/>', '</game></session>']
5 ['<game gamecode="2"><a>', '</session>']
>>> raw.text.splitlines()[0]
'<session sessioncode="7"><general><x>1</x></general>'
>>> try:
...     elements(raw.text)
... except XmlError as exc:
...     print(exc, "at line", exc.line, "of the hand")
not well-formed XML: mismatched tag at line 3 of the hand
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from pyexpat import ExpatError, ParserCreate, XMLParserType, errors
from typing import BinaryIO
from xml.etree import ElementTree

from stud_hh.reader import MAX_HAND_CHARS, RawHand, decode_chunks

#: The elements outside the games that say how they were played: they make the context
#: line of every game after them (a later one replaces an earlier one of the same name).
CONTEXT_TAGS = frozenset({"session", "general", "description"})
#: The synthetic root the parser is started with where the text has none (Merge files are
#: a run of top-level elements; a restart after an error begins mid-document).
_ROOT = b"<stud-hh-xml>"
#: where the parser starts again after an error: a game, or what sets the games' context
_RESTART = re.compile(rb"<(?:game|session|description)[\s>/]")
#: XML that holds nothing (closing tags, declarations, comments, white space)
_EMPTY = re.compile(rb"(?:\s+|</[^<>]*>|<\?[^<>]*\?>|<!--.*?-->)*", re.DOTALL)
_SPACE_RUN = re.compile(r"\s*\n\s*")


class XmlRefused(ValueError):
    """XML a hand history never holds and stud_hh never reads: a DTD, an entity."""


_DTD_REFUSED = ("a document type declaration (DTD) is refused: stud_hh never declares, "
                "expands or fetches XML entities")


def _refuse_dtd(*_: object) -> None:
    raise XmlRefused(_DTD_REFUSED)


def _refuse_entity(*_: object) -> None:
    raise XmlRefused("an XML entity declaration or external reference is refused")


def _refuse_reference(*_: object) -> int:
    raise XmlRefused("an XML external entity reference is refused: it is never read")


def hardened_parser() -> XMLParserType:
    """An expat parser that reads UTF-8 bytes (whatever the text declares) and refuses DTDs
    and entities (``defusedxml``'s ``forbid_dtd``, ``forbid_entities``, ``forbid_external``)."""
    parser = ParserCreate(encoding="utf-8")
    parser.StartDoctypeDeclHandler = _refuse_dtd
    parser.EntityDeclHandler = _refuse_entity
    parser.UnparsedEntityDeclHandler = _refuse_entity
    parser.ExternalEntityRefHandler = _refuse_reference
    parser.SetParamEntityParsing(0)  # XML_PARAM_ENTITY_PARSING_NEVER
    parser.buffer_text = True
    return parser


#: one element of a hand (ElementTree's: ``tag``, ``attrib``, ``text``)
Element = ElementTree.Element


def line_of(text: str, found: list[Element], element: Element) -> int:
    """The 1-based line of ``element`` in ``text``, the hand ``found`` was read from: the
    ``nth`` ``<tag`` of the text is the ``nth`` element ``tag`` in document order (looked
    up only when asked: for an error, or the hand's source line)."""
    tag = element.tag
    nth = 0
    for other in found:
        if other is element:
            break
        nth += other.tag == tag
    for i, match in enumerate(re.finditer(rf"<{re.escape(tag)}[\s/>]", text)):
        if i == nth:
            return text.count("\n", 0, match.start()) + 1
    return 1


def text_of(element: Element | None) -> str:
    """An element's text, stripped ("" for none)."""
    return (element.text or "").strip() if element is not None else ""


class XmlError(ValueError):
    """The hand's text is not well-formed XML, or holds what the hardened parser refuses."""

    def __init__(self, message: str, line: int, ended_early: bool) -> None:
        super().__init__(message)
        self.line = line
        self.ended_early = ended_early


#: what only a document type declaration brings: refused before any parser sees it
_DTD = re.compile(r"<!(?:DOCTYPE|ENTITY)")


def elements(text: str, root: bool = False) -> list[Element]:
    """Every element of ``text`` in document order (``root``: wrap it in a root first, for
    a run of top-level elements; the root itself is left out); raises ``XmlError`` naming
    the line.

    A hand as the splitter writes it (its context line, its game, the session's end tag)
    is read in two parts: the context line's elements once per context (a file's hands
    share it: for iPoker it is a quarter of a hand's elements), the game's for each hand;
    exactly what ``whole_elements`` of the text gives, to which any other text goes.
    """
    head, newline, body = text.partition("\n")
    if newline and not head.startswith("<game"):
        tail = "</session>" if body.endswith("</session>\n") else ""
        game = body[: len(body) - len(tail) - 1]
        if game.startswith("<game") and body.endswith("\n") and not _DTD.search(text):
            before = _context_elements(head, tail, root)
            if before is not None:
                try:
                    tree = ElementTree.fromstring(game)
                except ElementTree.ParseError:
                    tree = None
                if tree is not None and tree.tag == "game":
                    return [*before, *tree.iter()]
    return whole_elements(text, root)


@lru_cache(maxsize=16)
def _context_elements(head: str, tail: str, root: bool) -> tuple[Element, ...] | None:
    """The elements before the game of ``head``, a context line (``None``: with a game
    after it and ``tail``, it is no document)."""
    try:
        found = whole_elements(f"{head}\n<game/>{tail}", root)
    except XmlError:
        return None
    tags = [e.tag for e in found]
    return tuple(found[: tags.index("game")]) if tags.count("game") == 1 else None


def whole_elements(text: str, root: bool = False) -> list[Element]:
    """Every element of ``text`` in document order (``root``: wrap it in a root first, for
    a run of top-level elements; the root itself is left out); raises ``XmlError`` naming
    the line.

    One hand is small: it is parsed whole, by ElementTree's C parser (expat). A document
    type declaration is refused first, so no entity can be declared, expanded or fetched
    (``hardened_parser``'s rule, without Python in the parser's loop).
    """
    refused = _DTD.search(text)
    if refused:
        raise XmlError(_DTD_REFUSED, text.count("\n", 0, refused.start()) + 1, False)
    body = f"<stud-hh-xml>{text}</stud-hh-xml>" if root else text
    try:
        tree = ElementTree.fromstring(body)
    except ElementTree.ParseError as exc:
        line, column = exc.position
        message = errors.messages.get(exc.code, str(exc).partition(":")[0])
        raise XmlError(f"not well-formed XML: {message}", line,
                       _ended_early(message, body.encode("utf-8", "replace"), line,
                                    column)) from None
    found = list(tree.iter())
    return found[1:] if root else found


def _ended_early(message: str, body: bytes, line: int, column: int) -> bool:
    """Whether the text stops before its elements close: the parser ran out, or the first
    tag it could not match is the closing tag the text ends with (the root's)."""
    if message in (errors.XML_ERROR_NO_ELEMENTS, errors.XML_ERROR_UNCLOSED_TOKEN,
                   errors.XML_ERROR_PARTIAL_CHAR):
        return True
    if message != errors.XML_ERROR_TAG_MISMATCH:
        return False
    last = body.rstrip().rfind(b"</")
    line_start = body.rfind(b"\n", 0, last) + 1
    return (line, column) == (body.count(b"\n", 0, last) + 1,
                              len(body[line_start:last].decode("utf-8", "replace")))


class _Split:
    """The state of one file's split: the bytes kept, where games and context start."""

    def __init__(self, path: str | None, context_tags: frozenset[str]) -> None:
        self.path = path
        self.context_tags = context_tags
        self.buf = bytearray()
        self.base = 0  # absolute byte index of buf[0]
        self.base_line = 1  # file line of buf[0]
        self.shift = 0  # absolute index of the current parser's byte 0
        self.depth = 0
        self.game_start: int | None = None
        self.game_depth = 0
        self.context: dict[str, str] = {}  # tag -> one-line XML
        self.context_start: tuple[str, int, int] | None = None  # (tag, start, depth)
        self.done: list[RawHand] = []
        self.parser = self._new_parser()
        self.last = 0  # absolute index after the last game, context element or closing tag
        self.mark = (0, 1)  # (absolute index, its file line): the last line counted

    # --- positions and text --------------------------------------------------------------------

    def _new_parser(self) -> XMLParserType:
        parser = hardened_parser()
        parser.ordered_attributes = True  # (a list: cheaper, and the split reads none)
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        return parser

    def _at(self) -> int:
        return self.parser.CurrentByteIndex + self.shift

    def _slice(self, start: int, end: int) -> bytes:
        return bytes(self.buf[max(start - self.base, 0) : max(end - self.base, 0)])

    def _line(self, at: int) -> int:
        """The file line of byte ``at``, counted on from the last one asked for (games come
        in order: the newlines of a chunk are counted once, not once per game)."""
        mark, line = self.mark
        if not self.base <= mark <= at:
            mark, line = self.base, self.base_line
        line += self.buf.count(b"\n", mark - self.base, max(at - self.base, 0))
        self.mark = (max(at, self.base), line)
        return line

    def _tag_end(self, at: int) -> int:
        """The index just after the end tag that starts at ``at`` (or the empty tag ending
        there)."""
        close = self.buf.find(b">", at - self.base)
        return at if close < 0 or self.buf[at - self.base : at - self.base + 2] != b"</" \
            else close + 1 + self.base

    # --- the parser's callbacks ----------------------------------------------------------------

    def _start(self, tag: str, attrs: list[str]) -> None:
        self.depth += 1
        if self.game_start is None:
            if tag == "game":
                self.last = self.game_start = self._at()
                self.game_depth = self.depth
                # inside a game only its end matters: no call per element until the text
                # fed reaches a "</game" (``_parse``)
                self.parser.StartElementHandler = None
                self.parser.EndElementHandler = None
            elif tag in self.context_tags and self.context_start is None:
                self.last = at = self._at()
                self.context_start = (tag, at, self.depth)
                if tag == "session":  # the root: its start tag alone
                    end = self.buf.find(b">", at - self.base) + 1 + self.base
                    self.context = {"session": self._one_line(self._slice(at, end))}
                    self.context_start = None

    def _game_end(self, tag: str) -> None:
        """An element inside a game ends: the game itself, or nothing to do (games do not
        hold games: a ``</game>`` is the game's)."""
        if tag == "game" and self.game_start is not None:
            self.parser.StartElementHandler = self._start
            self.parser.EndElementHandler = self._end
            self.last = end = self._tag_end(self._at())
            self._emit(self.game_start, end)
            self.game_start = None
            self.depth = self.game_depth - 1

    def _end(self, tag: str) -> None:
        """(Only a game's or a context element's end is looked at: a hand has dozens of
        elements, and this runs for each of them.)"""
        depth = self.depth
        self.depth = depth - 1
        if self.game_start is not None:
            if depth == self.game_depth and tag == "game":
                self.last = end = self._tag_end(self._at())
                self._emit(self.game_start, end)
                self.game_start = None
        elif self.context_start is not None and self.context_start[2] == depth:
            self.last = end = self._tag_end(self._at())
            name, start, _ = self.context_start
            self.context[name] = self._one_line(self._slice(start, end))
            self.context_start = None
        elif depth <= 2:  # the closing tags between and after the games
            self.last = self._tag_end(self._at())

    @staticmethod
    def _one_line(xml: bytes) -> str:
        return _SPACE_RUN.sub(" ", xml.decode("utf-8", "replace")).strip()

    def _emit(self, start: int, end: int, whole: bool = True) -> None:
        """The text at ``start:end`` (a game, or a broken stretch) after its context line
        (``whole``: a game that closed, so the session it was in is closed after it)."""
        piece = self._slice(start, end)
        skip = len(piece) - len(piece.lstrip())
        text = piece[skip:].decode("utf-8", "replace").rstrip()
        line = self._line(start + skip)
        head = "".join(self.context.values())
        if head:
            tail = "</session>" if "session" in self.context and whole else ""
            self.done.append(RawHand(self.path, line - 1, f"{head}\n{text}{tail}\n"))
        else:
            self.done.append(RawHand(self.path, line, text + "\n"))

    # --- feeding and recovering ----------------------------------------------------------------

    def feed(self, data: bytes, final: bool) -> None:
        self.buf += data
        try:
            self._parse(data, final)
        except (ExpatError, XmlRefused):
            self._recover(final)
        self._trim()

    def _parse(self, data: bytes, final: bool) -> None:
        """Feed ``data`` to the parser in pieces cut before each ``</game``. Inside a game
        no callback runs (expat reads it at C speed) until the piece that may close it;
        from there one per element end, the game's being the one looked for (a "</game"
        in a comment closes nothing: the callbacks go on until the game's own end tag)."""
        at = 0
        cut = data.find(b"</game", 1)
        while cut >= 0:
            self._parse_piece(data[at:cut], False)
            at, cut = cut, data.find(b"</game", cut + 1)
        self._parse_piece(data[at:] if at else data, final)

    def _parse_piece(self, piece: bytes, final: bool) -> None:
        parser = self.parser
        if self.game_start is not None and not isinstance(parser, _Waiting):
            parser.EndElementHandler = self._game_end
        parser.Parse(piece, final)

    def _recover(self, final: bool) -> None:
        """Hand on the broken stretch and start a new parser at the next game (or session,
        or description: the context of the games after it)."""
        error = self.parser.ErrorByteIndex
        error = self._at() if error < 0 else error + self.shift
        start = self.game_start if self.game_start is not None else self.last
        if self.game_start is None and start < error:
            start = self._tag_end(start) if self.buf[start - self.base:].startswith(b"</") \
                else start
        found = _RESTART.search(self.buf, max(error, start + 1) - self.base)
        if found is None and not final:  # the next game may be in the next chunk: wait
            self._wait_from = start
            self.parser = _Waiting()  # type: ignore[assignment]
            return
        stop = found.start() + self.base if found else self.base + len(self.buf)
        self._broken(start, stop)
        self._restart(stop)

    def _broken(self, start: int, stop: int) -> None:
        piece = self._slice(start, stop)
        if self.game_start is not None or not _EMPTY.fullmatch(piece):
            # (only closing tags, declarations and space between or after games: nothing)
            self._emit(start, stop, whole=False)
        self.game_start = None
        self.context_start = None

    def _restart(self, at: int) -> None:
        self.parser = self._new_parser()
        self.shift = at - len(_ROOT)
        self.depth = 0
        self.last = at
        rest = self._slice(at, self.base + len(self.buf))
        if rest:
            try:
                self.parser.Parse(_ROOT, False)
                self._parse(rest, False)
            except (ExpatError, XmlRefused):
                self._recover(False)

    def resume(self, final: bool) -> None:
        """After waiting for the next game: look again now that more text is in."""
        if isinstance(self.parser, _Waiting):
            start = self._wait_from
            found = _RESTART.search(self.buf, start + 1 - self.base)
            if found is None and not final:
                return
            stop = found.start() + self.base if found else self.base + len(self.buf)
            self._broken(start, stop)
            self._restart(stop)

    def _trim(self) -> None:
        """Drop the bytes no game or context element still needs."""
        keep = self.last
        if self.game_start is not None:
            keep = min(keep, self.game_start)
            if self._at() - self.game_start > 4 * MAX_HAND_CHARS:  # not a hand any more
                self._broken(self.game_start, self._at())
                keep = self._at()
        if self.context_start is not None:
            keep = min(keep, self.context_start[1])
        if isinstance(self.parser, _Waiting):
            keep = min(keep, self._wait_from)
        cut = keep - self.base
        if cut > 0:
            self.base_line += self.buf.count(b"\n", 0, cut)
            del self.buf[:cut]
            self.base = keep

    def finish(self) -> None:
        if isinstance(self.parser, _Waiting):
            self.resume(True)
            return
        try:
            self.parser.Parse(b"", True)
        except (ExpatError, XmlRefused):
            if self.game_start is not None:  # the file stops inside a game
                self._emit(self.game_start, self.base + len(self.buf), whole=False)
                self.game_start = None


class _Waiting:
    """Stands in for the parser while the text after an error is read up to a game."""

    ErrorByteIndex = -1
    CurrentByteIndex = 0

    def Parse(self, data: bytes, final: bool = False) -> int:
        return 1


def split_games(stream: BinaryIO, path: str | None,
                context_tags: frozenset[str] = CONTEXT_TAGS,
                root: bool = False) -> Iterator[RawHand]:
    """The games of an XML hand-history file, in order (see the module docstring);
    ``root``: the file is a run of top-level elements (Merge), not one document."""
    split = _Split(path, context_tags)
    if root:
        split.shift = -len(_ROOT)
        split.parser.Parse(_ROOT, False)
    for chunk in decode_chunks(stream):
        split.feed(chunk.encode("utf-8"), False)
        split.resume(False)
        yield from split.done
        split.done.clear()
    split.finish()
    yield from split.done


__all__ = ["CONTEXT_TAGS", "Element", "XmlError", "XmlRefused", "elements",
           "hardened_parser", "line_of", "split_games", "text_of", "whole_elements"]
