"""Uploads in the shape the protocol's current web client sends (rest.md §13; nerimity-web's
``xhrRequest``): the file itself as the body, ``Content-Type: <its type>`` and
``File-Name: encodeURIComponent(<its name>)``. ``tests.support.upload_file`` is the multipart shape."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from tests.support import call


def encode_uri_component(text: str) -> str:
    """JavaScript's ``encodeURIComponent``."""
    return quote(text, safe="!~*'()")


def raw_headers(upload_token: str | None, filename: str | None, content_type: str | None) -> dict[str, str]:
    """``None`` leaves a header out; ``""`` sends it empty (a browser that knows no type)."""
    headers = {}
    if upload_token is not None:
        headers["Authorization"] = upload_token
    if content_type is not None:
        headers["Content-Type"] = content_type
    if filename is not None:
        headers["File-Name"] = encode_uri_component(filename)
    return headers


async def upload_token(client: Any, token: str, channel_id: str | None = None) -> tuple[int, Any]:
    path = f"/api/channels/{channel_id}/cdn/token" if channel_id else "/api/cdn/token"
    return await call(client, "POST", path, token=token)


async def upload_raw(
    client: Any,
    token: str,
    kind: str,
    group_id: str | None,
    data: bytes,
    filename: str | None = "file.png",
    content_type: str | None = "image/png",
    channel_id: str | None = None,
    points: list[float] | None = None,
) -> tuple[int, Any]:
    """An upload token (``channel_id``: that channel's), then the raw body to
    ``/cdn/<kind>/<groupId or empty>`` through the test client: ``(status, body)`` of the upload,
    or of the token call when that failed."""
    status, body = await upload_token(client, token, channel_id)
    if status != 200:
        return status, body
    return await post_raw(client, body["token"], kind, group_id, data, filename, content_type, points)


async def post_raw(
    client: Any,
    upload_token: str | None,
    kind: str,
    group_id: str | None,
    data: bytes,
    filename: str | None = "file.png",
    content_type: str | None = "image/png",
    points: list[float] | str | None = None,
) -> tuple[int, Any]:
    """The raw-body request alone, with an upload token already in hand."""
    query = None if points is None else {"points": points if isinstance(points, str) else json.dumps(points)}
    response = await client.post(
        f"/cdn/{kind}/{group_id or ''}",
        data=data,
        headers=raw_headers(upload_token, filename, content_type),
        query_string=query,
    )
    return response.status_code, await response.get_json()


async def post_raw_http(
    http: Any,
    base: str,
    upload_token: str | None,
    kind: str,
    group_id: str | None,
    data: bytes,
    filename: str | None = "file.png",
    content_type: str | None = "image/png",
    points: list[float] | None = None,
) -> tuple[int, Any, Any]:
    """The same over real HTTP with an ``aiohttp.ClientSession``: ``(status, JSON body, headers)``."""
    params = {"points": json.dumps(points)} if points is not None else {}
    async with http.post(
        f"{base}/cdn/{kind}/{group_id or ''}",
        data=data,
        params=params,
        headers=raw_headers(upload_token, filename, content_type),
        skip_auto_headers=["Content-Type"],
    ) as response:
        return response.status, await response.json(), response.headers
