"""Where a message's text matches the query, as ``[start, end)`` offsets in UTF-16 code units
(what JavaScript's ``String.slice`` counts), found by folding each word of the text the way the
indexes fold it."""

from __future__ import annotations

import re

from plugins.search.query import Query, fold

_WORD = re.compile(r"[^\W_]+")


def _utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def highlights(content: str | None, query: Query) -> list[list[int]]:
    terms = set(query.highlighted)
    if not content or not terms:
        return []
    last = query.words[-1] if query.prefix and query.words else None
    found: list[list[int]] = []
    position, units = 0, 0
    for match in _WORD.finditer(content):
        word = fold(match.group())
        if word in terms or (last is not None and word.startswith(last)):
            units += _utf16_length(content[position : match.start()])
            length = _utf16_length(match.group())
            found.append([units, units + length])
            units += length
            position = match.end()
    return found
