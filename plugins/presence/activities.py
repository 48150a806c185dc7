"""``user:update_activity`` payload rules (realtime.md §4.3): invalid items are skipped,
long texts truncated, out-of-range optional fields dropped."""

from __future__ import annotations

import math
from typing import Any

MAX_PER_SOCKET = 5  # Hearth's cap; snapshots and broadcasts show at most 5 anyway


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _ellipsis(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def clean_activity(item: Any) -> dict[str, Any] | None:
    if not isinstance(item, dict):
        return None
    name, action = item.get("name"), item.get("action")
    if not isinstance(name, str) or not isinstance(action, str):
        return None
    activity: dict[str, Any] = {"name": _ellipsis(name, 80), "action": action[:30]}
    for key in ("startedAt", "endsAt", "updatedAt"):
        value = item.get(key)
        if value is None:
            continue
        if not _number(value):
            return None
        activity[key] = value
    speed = item.get("speed")
    if _number(speed) and -100 <= speed <= 100:
        activity["speed"] = speed
    for key in ("link", "imgSrc"):
        value = item.get(key)
        if isinstance(value, str) and len(value) < 300:
            activity[key] = value
    for key in ("title", "subtitle"):
        value = item.get(key)
        if isinstance(value, str):
            activity[key] = _ellipsis(value, 80)
    emoji = item.get("emoji")
    if isinstance(emoji, str) and len(emoji) < 50:
        activity["emoji"] = emoji
    return activity


def clean_activities(payload: Any) -> list[dict[str, Any]] | None:
    """The activities a payload publishes (``[]`` clears), or None to ignore the event."""
    if payload is None:
        return []
    items = [payload] if isinstance(payload, dict) else payload
    if not isinstance(items, list):
        return None
    cleaned = [activity for activity in map(clean_activity, items) if activity is not None]
    return cleaned[:MAX_PER_SOCKET]
