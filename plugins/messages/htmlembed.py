"""HTML embeds (entities.md §6.5): restricted HTML → sanitised → JSON tree → zlib → base64.

Sanitising (nh3, the Rust ammonia library) keeps a small set of tags and inline styles; scripts,
event handlers, ``javascript:`` URLs and anything that loads from elsewhere (img, iframe, url())
never survive. The tree is what clients render, never the raw string.
"""

from __future__ import annotations

import base64
import json
import zlib
from html.parser import HTMLParser
from typing import Any

import nh3

MAX_LENGTH = 5000
TAGS = {
    "div",
    "span",
    "p",
    "b",
    "i",
    "u",
    "s",
    "strong",
    "em",
    "br",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "a",
    "code",
    "pre",
    "blockquote",
    "small",
    "sub",
    "sup",
}
ATTRIBUTES = {"*": {"style", "class"}, "a": {"href", "title"}}
STYLE_PROPERTIES = {
    "color",
    "background-color",
    "font-weight",
    "font-style",
    "font-size",
    "text-align",
    "text-decoration",
    "padding",
    "margin",
    "border",
    "border-radius",
    "border-color",
    "display",
    "flex-direction",
    "gap",
    "align-items",
    "justify-content",
    "width",
    "height",
    "max-width",
    "opacity",
    "line-height",
}


class HtmlEmbedError(ValueError):
    pass


def sanitise(html: str) -> str:
    return nh3.clean(
        html,
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes={"https", "http"},
        filter_style_properties=STYLE_PROPERTIES,
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
    )


class _TreeBuilder(HTMLParser):
    VOID = {"br", "hr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root: dict[str, Any] = {"tag": "div", "attributes": {}, "content": []}
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = {"tag": tag, "attributes": {k: v or "" for k, v in attrs}, "content": []}
        self.stack[-1]["content"].append(node)
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth]["tag"] == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        if data:
            self.stack[-1]["content"].append(data)


def encode_html_embed(html: str) -> str:
    clean = sanitise(html)
    if not clean.strip():
        raise HtmlEmbedError("HTML embed has no content after sanitising.")
    builder = _TreeBuilder()
    builder.feed(clean)
    builder.close()
    tree = builder.root["content"]
    return base64.b64encode(zlib.compress(json.dumps(tree, separators=(",", ":")).encode())).decode()


def decode_html_embed(encoded: str) -> list[Any]:
    return json.loads(zlib.decompress(base64.b64decode(encoded)))
