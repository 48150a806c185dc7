"""The link a message is previewed by: its first http(s) URL (rest.md §3.7), read the way the
web client's markup tokenizer reads links (trailing punctuation and an unbalanced closing
bracket belong to the sentence)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

URL = re.compile(r"https?://[^\s<>\"'`]+", re.IGNORECASE)
MAX_URL = 2048


def _trim(url: str) -> str:
    end = len(url)
    while True:
        before = end
        while end > 0 and url[end - 1] in ".,:;!?|*_~":
            end -= 1
        while end > 0 and url[end - 1] == ")" and url[:end].count("(") < url[:end].count(")"):
            end -= 1
        if end == before:
            return url[:end]


def first_link(content: str | None) -> str | None:
    """The first http(s) URL with a host in ``content``, or None."""
    for match in URL.finditer(content or ""):
        url = _trim(match.group(0))
        if len(url) > MAX_URL:
            continue
        try:
            parts = urlsplit(url)
            if parts.scheme.lower() in ("http", "https") and parts.hostname:
                return url
        except ValueError:
            continue
    return None
