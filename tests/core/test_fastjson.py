"""HTTP responses are written by orjson, and say what Quart's default JSON provider would say."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime

from quart import Quart
from quart.json.provider import DefaultJSONProvider

from core.fastjson import ResponseJSON


@dataclass
class Point:
    x: int
    label: str


def test_responses_read_the_same_as_with_the_default_provider():
    app = Quart(__name__)
    fast, default = ResponseJSON(app), DefaultJSONProvider(app)
    value = {
        "z": 1,
        "a": [1.5, None, True],
        "ünïcode": "≈ 猫 \u2028",
        "when": datetime(2026, 11, 28, 12, 30, tzinfo=UTC),
        "day": date(2026, 1, 2),
        "id": uuid.UUID("12345678-1234-5678-1234-567812345678"),
        "point": Point(3, "p"),
        "nested": {"b": {"c": [{"d": 1}]}},
    }
    assert json.loads(fast.dumps(value)) == json.loads(default.dumps(value))
    assert list(json.loads(fast.dumps(value))) == sorted(str(k) for k in value)  # keys sorted, as before


def test_what_orjson_refuses_is_still_written():
    app = Quart(__name__)
    huge = {"n": 2**70}
    assert json.loads(ResponseJSON(app).dumps(huge)) == huge
