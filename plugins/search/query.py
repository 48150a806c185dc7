"""The search box's language: words, "quoted phrases", -excluded words and filters
(``from:``, ``in:``, ``has:``, ``mentions:``, ``before:``, ``after:``, ``during:``, ``pinned:``),
parsed into a :class:`Query`. Words are cut where the indexes cut them (letters and digits), so
nothing of the box ever reaches SQL as syntax."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from core.errors import ApiError

MAX_LENGTH = 200
MAX_TERMS = 16
MAX_FILTER_VALUES = 10
HAS_VALUES = ("link", "file", "image", "embed", "poll")
FILTERS = ("from", "in", "has", "mentions", "before", "after", "during", "pinned")

_PIECE = re.compile(r'(-?)(?:(\w+):)?(?:"([^"]*)"?|(\S*))')
_WORD = re.compile(r"[^\W_]+")


def words_of(text: str) -> list[str]:
    """The indexable words of ``text``, folded as the indexes fold them (case, accents)."""
    return [fold(word) for word in _WORD.findall(text)]


def fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@dataclass
class Query:
    words: list[str] = field(default_factory=list)  # every one must match
    phrases: list[list[str]] = field(default_factory=list)  # each must match as written
    excluded: list[list[str]] = field(default_factory=list)  # none may match (a word or a phrase)
    prefix: bool = False  # the last word was still being typed: match it as a prefix
    longer: list[str] | None = None  # SQLite: the indexed words the prefix stands for (service)
    authors: list[str] = field(default_factory=list)
    channels: list[str] = field(default_factory=list)
    has: list[str] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)
    before: datetime | None = None
    after: datetime | None = None
    pinned: bool | None = None

    @property
    def has_text(self) -> bool:
        return bool(self.words or self.phrases)

    @property
    def highlighted(self) -> list[str]:
        return [*self.words, *(word for phrase in self.phrases for word in phrase)]

    @property
    def is_empty(self) -> bool:
        return not (
            self.has_text
            or self.excluded
            or self.authors
            or self.channels
            or self.has
            or self.mentions
            or self.before
            or self.after
            or self.pinned is not None
        )


def _day(value: str, name: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ApiError(400, f"{name}: must be a date like 2026-01-31.", "q") from None


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def parse(text: str) -> Query:
    if len(text) > MAX_LENGTH:
        raise ApiError(400, f"q must be at most {MAX_LENGTH} characters long.", "q")
    query = Query()
    ends_in_word = bool(text) and not text[-1].isspace() and not text.endswith('"')
    last_was_word = False
    for match in _PIECE.finditer(text):
        if not match.group():
            continue
        negated, name, quoted, bare = match.group(1) == "-", match.group(2), match.group(3), match.group(4)
        value = quoted if quoted is not None else bare or ""
        last_was_word = False
        if name is not None and name.lower() in FILTERS:
            _apply_filter(query, name.lower(), value)
            continue
        if name is not None:  # "word:thing" that is no filter: its words, as typed
            value = f"{name}:{value}"
        words = words_of(value)
        if not words:
            continue
        if negated:
            query.excluded.append(words)
        elif quoted is not None and len(words) > 1:
            query.phrases.append(words)
        elif quoted is not None:
            query.words.extend(words)
        else:
            query.words.extend(words)
            last_was_word = True
    query.prefix = ends_in_word and last_was_word
    if len(query.words) + sum(map(len, query.phrases)) + len(query.excluded) > MAX_TERMS:
        raise ApiError(400, f"A search may hold at most {MAX_TERMS} words.", "q")
    return query


def _apply_filter(query: Query, name: str, value: str) -> None:
    value = value.strip()
    if not value:
        raise ApiError(400, f"{name}: needs a value.", "q")
    if name == "from":
        _add(query.authors, value.lstrip("@"), name)
    elif name == "mentions":
        _add(query.mentions, value.lstrip("@"), name)
    elif name == "in":
        _add(query.channels, value.lstrip("#"), name)
    elif name == "has":
        if value.lower() not in HAS_VALUES:
            raise ApiError(400, f"has: must be one of {', '.join(HAS_VALUES)}.", "q")
        _add(query.has, value.lower(), name)
    elif name == "pinned":
        if value.lower() not in ("true", "false"):
            raise ApiError(400, "pinned: must be true or false.", "q")
        query.pinned = value.lower() == "true"
    elif name == "before":
        query.before = _earliest(query.before, _midnight(_day(value, name)))
    elif name == "after":
        query.after = _latest(query.after, _midnight(_day(value, name)) + timedelta(days=1))
    elif name == "during":
        start = _midnight(_day(value, name))
        query.after = _latest(query.after, start)
        query.before = _earliest(query.before, start + timedelta(days=1))


def _add(values: list[str], value: str, name: str) -> None:
    if len(values) >= MAX_FILTER_VALUES:
        raise ApiError(400, f"{name}: may be given at most {MAX_FILTER_VALUES} times.", "q")
    if value not in values:
        values.append(value)


def _earliest(current: datetime | None, new: datetime) -> datetime:
    return new if current is None or new < current else current


def _latest(current: datetime | None, new: datetime) -> datetime:
    return new if current is None or new > current else current
