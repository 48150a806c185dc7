"""What the server reads out of message content (rest.md §3.7 "Content semantics")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

USER_MENTION = re.compile(r"\[@:(\d{1,19})\]")
EVERYONE = "[@:e]"
ROLE_MENTION = re.compile(r"\[r:(\d{1,19})\]")
QUOTE = re.compile(r"\[q:(\d{1,19})\]")
SILENT_PREFIX = "@silent"
MAX_MENTIONS = 50
MAX_QUOTES = 5


@dataclass
class ParsedContent:
    content: str
    silent: bool = False
    user_ids: list[int] = field(default_factory=list)
    role_ids: list[int] = field(default_factory=list)
    quote_ids: list[int] = field(default_factory=list)
    everyone: bool = False


def _unique(values: list[str], limit: int) -> list[int]:
    seen: list[int] = []
    for value in values:
        number = int(value)
        if number not in seen and number < 2**63:
            seen.append(number)
        if len(seen) >= limit:
            break
    return seen


def parse_content(raw: str | None) -> ParsedContent:
    """Trim, strip a leading ``@silent``, and collect mention / quote tokens."""
    content = (raw or "").strip()
    silent = False
    if content == SILENT_PREFIX or content.startswith(SILENT_PREFIX + " ") or content.startswith(SILENT_PREFIX + "\n"):
        silent = True
        content = content[len(SILENT_PREFIX) :].strip()
    return ParsedContent(
        content=content,
        silent=silent,
        user_ids=_unique(USER_MENTION.findall(content), MAX_MENTIONS),
        role_ids=_unique(ROLE_MENTION.findall(content), MAX_MENTIONS),
        quote_ids=_unique(QUOTE.findall(content), MAX_QUOTES),
        everyone=EVERYONE in content,
    )
