"""Reading a page's preview tags with the standard library's ``html.parser``: ``og:*``
properties, ``twitter:*`` names, ``<title>`` and ``<meta name="description">``.
Called in a worker thread (parsing a large page is CPU work)."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

MAX_VALUE = 1000


@dataclass
class PageTags:
    og: dict[str, str] = field(default_factory=dict)
    twitter: dict[str, str] = field(default_factory=dict)
    title: str | None = None
    description: str | None = None
    charset: str | None = None


class _TagReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags = PageTags()
        self._in_title = False
        self._title: list[str] = []
        self.done = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "body":
            # Preview tags live in <head>; stop before the (possibly huge) body.
            self.done = True
            return
        if tag == "title" and self.tags.title is None:
            self._in_title = True
            return
        if tag != "meta":
            return
        values = {name.lower(): (value or "") for name, value in attrs}
        if "charset" in values and self.tags.charset is None:
            self.tags.charset = values["charset"].strip()
        key = (values.get("property") or values.get("name") or "").strip().lower()
        content = values.get("content", "").strip()
        if not key or not content:
            return
        if key.startswith("og:"):
            self.tags.og.setdefault(key[3:], content)
        elif key.startswith("twitter:"):
            self.tags.twitter.setdefault(key[8:], content)
        elif key == "description" and self.tags.description is None:
            self.tags.description = content

    def handle_endtag(self, tag: str) -> None:
        if tag == "title" and self._in_title:
            self._in_title = False
            self.tags.title = " ".join("".join(self._title).split()) or None
        elif tag == "head":
            self.done = True

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self._title.append(data)


def read_tags(html: str) -> PageTags:
    reader = _TagReader()
    # Feed in pieces so a page whose <head> ends early is not parsed to the end.
    stream = io.StringIO(html)
    while not reader.done:
        chunk = stream.read(16384)
        if not chunk:
            break
        try:
            reader.feed(chunk)
        except Exception:
            break
    if reader._in_title and reader.tags.title is None:
        reader.tags.title = " ".join("".join(reader._title).split()) or None
    return reader.tags


def truncate(value: Any) -> Any:
    return value[:MAX_VALUE] if isinstance(value, str) else value
