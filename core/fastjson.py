"""The JSON codec of Socket.IO and Engine.IO packets: orjson (several times faster than the
standard library on large payloads such as ``user:authenticated``), with the standard library
as the fallback for what orjson refuses (integers beyond 64 bits, other odd input), so a
client's strange but valid JSON is still read as before."""

from __future__ import annotations

import json
from typing import Any

import orjson


def dumps(obj: Any, **kwargs: Any) -> str:
    try:
        return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(obj, **kwargs)


def loads(data: str | bytes, **kwargs: Any) -> Any:
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        return json.loads(data, **kwargs)
