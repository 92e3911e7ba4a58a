"""A site's Lark grammar -> its LALR parser, whose parse returns the hand's line tokens.

Every text site's grammar (``grammars/<site>.lark``) has one terminal per line kind (or per
run of lines of one kind) and rules that say in which order they may come. The parser runs
with the transformer inline (``Lark(transformer=...)``: no tree is built) and each rule
gives the flat list of its line tokens, in text order; the dialect then reads the lines.

The compiled grammar is cached by Lark (``cache=True``: a file in the temporary directory,
keyed by the grammar text, the options and the Lark and Python versions), which takes the
parser's start-up from about a second to a tenth of one. ``lark-cython`` (the ``fast``
extra) runs the lexer and LALR loop compiled, through Lark's documented ``_plugins``
option; pure Lark is used when it is not installed, or when asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.resources import files
from typing import Any, Protocol

import lark

try:  # the compiled lexer and parser loop (the ``fast`` extra)
    import lark_cython

    _CYTHON: dict[str, Any] | None = lark_cython.plugins
except ImportError:  # pragma: no cover - exercised only where lark-cython is absent
    _CYTHON = None


class LineToken(Protocol):
    """A token as both Lark and lark-cython make it (lark-cython's is not a ``str``)."""

    @property
    def type(self) -> str: ...

    @property
    def value(self) -> str: ...

    @property
    def line(self) -> int: ...

    @property
    def start_pos(self) -> int: ...


class LineTokens(lark.Transformer[Any, list[Any]]):
    """The inline transformer: rules -> flat lists of line tokens.

    A site's subclass names its rules: runs of lines (``lines: line | lines line``, left
    recursive, so that Lark builds no tree node per line) take ``run``, any other rule
    ``flatten``. A ``?rule`` of one line kind out of several needs nothing: Lark passes its
    token up.
    """

    __visit_tokens__ = False

    def run(self, children: list[Any]) -> list[Any]:
        """``lines: line | lines line``: the run so far, grown by one token."""
        if len(children) == 1:
            return [children[0]]
        tokens: list[Any] = children[0]
        tokens.append(children[1])
        return tokens

    def flatten(self, children: list[Any]) -> list[Any]:
        """Tokens and runs of tokens -> one flat list, in order."""
        tokens: list[Any] = []
        for child in children:
            if type(child) is list:
                tokens += child
            else:
                tokens.append(child)
        return tokens


def grammar_text(site: str) -> str:
    """The grammar shipped in the ``grammars`` package (inside the wheel too)."""
    return files("grammars").joinpath(f"{site}.lark").read_text(encoding="utf-8")


def build_parser(
    site: str,
    transformer: LineTokens,
    use_cython: bool | None = None,
    *,
    start: tuple[str, ...] = ("start",),
    ignored: dict[str, Callable[[Any], object]] | None = None,
) -> lark.Lark:
    """The LALR parser of ``grammars/<site>.lark`` (contextual lexer, cached grammar).

    ``use_cython``: None takes lark-cython when it is installed, True requires it, False
    runs pure Lark. ``start``: the rules a parse may start from (``Lark.parse(text,
    start)``). ``ignored``: what to do with the tokens of each ``%ignore`` terminal (Lark's
    ``lexer_callbacks``: the parser never sees them).
    """
    if use_cython and _CYTHON is None:
        raise RuntimeError("lark-cython is not installed (pip install 'stud_hh[fast]')")
    options: dict[str, Any] = {}
    if use_cython is not False and _CYTHON is not None:
        options["_plugins"] = _CYTHON  # lark-cython's documented way in
    return lark.Lark(grammar_text(site), parser="lalr", lexer="contextual",
                     transformer=transformer, start=list(start),
                     lexer_callbacks=ignored or {}, cache=True, **options)


__all__ = ["LineToken", "LineTokens", "build_parser", "grammar_text"]
