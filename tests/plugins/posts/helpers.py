"""Helpers of the posts tests."""

from __future__ import annotations

from typing import Any

from core.cdn.service import store_upload
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.social.helpers import confirmed  # noqa: F401 - re-exported for the tests
from tests.support import Person, call, upload_file


async def post(client: Any, person: Person, content: str | None = "hello", **body: Any) -> dict[str, Any]:
    """Create a post (or a reply with ``postId=``), asserting it worked."""
    status, created = await create(client, person, content, **body)
    assert status == 200, created
    return created


async def create(client: Any, person: Person, content: str | None = "hello", **body: Any) -> tuple[int, Any]:
    payload = {**({"content": content} if content is not None else {}), **body}
    return await call(client, "POST", "/api/posts", payload, token=person.token)


async def get(client: Any, person: Person | None, path: str) -> Any:
    status, body = await call(client, "GET", path, token=person.token if person else None)
    assert status == 200, body
    return body


async def uploaded_image(client: Any, person: Person, kind: str = "attachments", data: bytes | None = None) -> str:
    """A picture uploaded through the CDN protocol (token, then multipart ``f``) to the person's
    own group, as the reference client uploads a post's image; returns its ``fileId``, what a
    client sends as ``nerimityCdnFileId``."""
    status, body = await upload_file(
        client, person.token, kind, person.id, data or png_bytes((40, 30)), filename="picture.png"
    )
    assert status == 200, body
    return body["fileId"]


async def stored_for_another_group(app: Any, person: Person, group_id: str) -> str:
    """A picture of the person's stored for another group (as a channel's attachment would be)."""
    async with app.app_context():
        record = await store_upload(
            int(person.id), "attachments", group_id, "picture.png", png_bytes((40, 30)), image_only=True
        )
    return str(record.id)


def ids(posts: list[dict[str, Any]]) -> list[str]:
    return [p["id"] for p in posts]


async def call_from(
    client: Any, ip: str, method: str, path: str, token: str | None = None, json: Any = None
) -> tuple[int, Any]:
    """``call`` from another client IP (apps built with ``server.trust_proxy_headers``)."""
    headers = {"X-Forwarded-For": ip, **({"Authorization": token} if token else {})}
    response = await client.open(path, method=method, json=json, headers=headers)
    return response.status_code, await response.get_json(silent=True)


def ip(n: int) -> str:
    return f"10.{n // 62500}.{n // 250 % 250}.{n % 250}"
