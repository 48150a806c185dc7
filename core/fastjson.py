"""The JSON codec of Socket.IO and Engine.IO packets, and of HTTP responses (``ResponseJSON``):
orjson (several times faster than the standard library on large payloads such as
``user:authenticated``), with the standard library as the fallback for what orjson refuses
(integers beyond 64 bits, other odd input), so a client's strange but valid JSON is still read
as before."""

from __future__ import annotations

import json
from typing import Any

import orjson
from quart.json.provider import DefaultJSONProvider


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


class ResponseJSON(DefaultJSONProvider):
    """Quart's JSON for responses through orjson: the same documents as its default provider
    (sorted keys; dates, UUIDs and dataclasses as it writes them) at a fraction of the CPU; the
    default provider still writes what orjson refuses (integers beyond 64 bits) and the indented
    output of debug mode."""

    _OPTIONS = (
        orjson.OPT_SORT_KEYS
        | orjson.OPT_NON_STR_KEYS
        | orjson.OPT_PASSTHROUGH_DATETIME
        | orjson.OPT_PASSTHROUGH_DATACLASS
    )

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if "indent" not in kwargs:
            try:
                return orjson.dumps(obj, default=self.default, option=self._OPTIONS).decode()
            except TypeError:
                pass
        return super().dumps(obj, **kwargs)
