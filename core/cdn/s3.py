"""``[cdn] storage = "s3"``: uploads in an S3-compatible bucket (AWS, MinIO, Garage, Cloudflare
R2; docs/storage.md), through aiobotocore (async botocore on aiohttp, which Hearth already uses).

- Scratch files stay on the local disk (``LocalScratch``); a checked upload is sent to the bucket
  and its scratch file removed. Files up to ``PART_BYTES`` go in one ``PutObject``, larger ones
  as a multipart upload of ``PART_BYTES`` parts, each read off the event loop: nothing holds more
  than one part in memory.
- Downloads are streamed through Hearth (``download``): the browser keeps one origin, Hearth's
  own headers (type sniffing off, a sandboxing CSP, ``Content-Disposition`` for what is not a
  picture or media) and its caching, the bucket may stay private and unreachable from outside,
  and ``Range`` / ``If-None-Match`` are passed to the store, whose 206 / 304 are passed back.
  With ``s3_public_url`` set (a CDN or a public bucket in front of it), ``GET /cdn/<path>``
  redirects there instead and the bytes never pass through Hearth.
- Checksums are computed only where the API requires them (``when_required``): botocore's newer
  default sends CRC trailers that several S3-compatible stores reject.
"""

from __future__ import annotations

import asyncio
import contextlib
import mimetypes
import os
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aiohttp
from aiobotocore.config import AioConfig
from aiobotocore.session import get_session
from botocore.exceptions import BotoCoreError, ClientError
from werkzeug.http import http_date

from core.cdn.storage import (
    SCRATCH,
    Download,
    LocalScratch,
    StorageUnavailable,
    StoredFile,
    checked_path,
    scratch_root,
)
from core.settings import Settings

PART_BYTES = 8 * 1024 * 1024
CHUNK_BYTES = 64 * 1024
_MISSING = {"NoSuchKey", "404", "NotFound"}


class S3Storage(LocalScratch):
    kind = "s3"

    def __init__(
        self,
        *,
        scratch_directory: Path,
        endpoint: str,
        bucket: str,
        region: str,
        access_key_id: str,
        secret_access_key: str,
        path_style: bool,
        public_url: str = "",
    ):
        if not bucket:
            raise ValueError("[cdn] storage is s3 but s3_bucket is empty")
        self.root = scratch_directory
        self.scratch = scratch_directory / SCRATCH
        self.bucket = bucket
        self.public_url = public_url.rstrip("/")
        self._client_args: dict[str, Any] = {
            "endpoint_url": endpoint or None,
            "region_name": region or "us-east-1",
            "aws_access_key_id": access_key_id or None,
            "aws_secret_access_key": secret_access_key or None,
            "config": AioConfig(
                s3={"addressing_style": "path" if path_style else "virtual"},
                request_checksum_calculation="when_required",
                response_checksum_validation="when_required",
                retries={"max_attempts": 3, "mode": "standard"},
                connect_timeout=10,
                read_timeout=60,
            ),
        }
        self._client: Any = None
        self._exits: contextlib.AsyncExitStack | None = None
        self._opening = asyncio.Lock()

    @classmethod
    def from_settings(cls, settings: Settings) -> S3Storage:
        cdn = settings.cdn
        return cls(
            scratch_directory=scratch_root(settings),
            endpoint=str(cdn.get("s3_endpoint") or ""),
            bucket=str(cdn.get("s3_bucket") or ""),
            region=str(cdn.get("s3_region") or ""),
            access_key_id=str(cdn.get("s3_access_key_id") or ""),
            secret_access_key=str(cdn.get("s3_secret_access_key") or ""),
            path_style=bool(cdn.get("s3_path_style")),
            public_url=str(cdn.get("s3_public_url") or ""),
        )

    async def client(self) -> Any:
        """One client (one connection pool) per process, opened on first use in its event loop."""
        if self._client is None:
            async with self._opening:
                if self._client is None:
                    exits = contextlib.AsyncExitStack()
                    self._client = await exits.enter_async_context(
                        get_session().create_client("s3", **self._client_args)
                    )
                    self._exits = exits
        return self._client

    async def close(self) -> None:
        if self._exits is not None:
            exits, self._exits, self._client = self._exits, None, None
            await exits.aclose()

    # --- writing ---------------------------------------------------------------------------

    async def save(self, path: str, data: bytes) -> None:
        client = await self.client()
        async with _reachable():
            await client.put_object(Bucket=self.bucket, Key=checked_path(path), Body=data, ContentType=_type_of(path))

    async def save_file(self, path: str, source: Path) -> None:
        await self.copy_in(path, source)
        await self.discard(source)

    async def copy_in(self, path: str, source: Path) -> None:
        key = checked_path(path)
        client = await self.client()
        size = (await asyncio.to_thread(os.stat, source)).st_size
        handle = await asyncio.to_thread(open, source, "rb")
        try:
            async with _reachable():
                if size <= PART_BYTES:
                    data = await asyncio.to_thread(handle.read)
                    await client.put_object(Bucket=self.bucket, Key=key, Body=data, ContentType=_type_of(path))
                else:
                    await self._multipart(client, key, handle)
        finally:
            await asyncio.to_thread(handle.close)

    async def _multipart(self, client: Any, key: str, handle: Any) -> None:
        upload = await client.create_multipart_upload(Bucket=self.bucket, Key=key, ContentType=_type_of(key))
        upload_id = upload["UploadId"]
        parts = []
        try:
            while data := await asyncio.to_thread(handle.read, PART_BYTES):
                number = len(parts) + 1
                sent = await client.upload_part(
                    Bucket=self.bucket, Key=key, UploadId=upload_id, PartNumber=number, Body=data
                )
                parts.append({"PartNumber": number, "ETag": sent["ETag"]})
            await client.complete_multipart_upload(
                Bucket=self.bucket, Key=key, UploadId=upload_id, MultipartUpload={"Parts": parts}
            )
        except BaseException:
            with contextlib.suppress(Exception):
                await client.abort_multipart_upload(Bucket=self.bucket, Key=key, UploadId=upload_id)
            raise

    async def delete(self, path: str) -> None:
        client = await self.client()
        async with _reachable():
            await client.delete_object(Bucket=self.bucket, Key=checked_path(path))

    # --- reading ---------------------------------------------------------------------------

    async def copy_out(self, path: str, target: Path) -> None:
        """The stored file written to ``target`` (FileNotFoundError when there is none)."""
        client = await self.client()
        try:
            async with _reachable():
                found = await client.get_object(Bucket=self.bucket, Key=checked_path(path))
        except ClientError as error:
            if _code(error) in _MISSING:
                raise FileNotFoundError(path) from None
            raise
        handle = await asyncio.to_thread(open, target, "wb")
        try:
            async for chunk in found["Body"].iter_chunks(PART_BYTES):
                await asyncio.to_thread(handle.write, chunk)
        finally:
            found["Body"].close()
            await asyncio.to_thread(handle.close)

    async def download(self, path: str, request_headers: Mapping[str, str], head: bool = False) -> Download | None:
        """The object for ``GET /cdn/<path>``; ``head``: its headers only (``HeadObject``)."""
        try:
            key = checked_path(path)
        except ValueError:
            return None
        name = key.rsplit("/", 1)[-1]
        if self.public_url:
            return Download(name=name, redirect=f"{self.public_url}/{quote(key)}")
        asked: dict[str, str] = {}
        if request_headers.get("Range"):
            asked["Range"] = request_headers["Range"]
        if request_headers.get("If-None-Match"):
            asked["IfNoneMatch"] = request_headers["If-None-Match"]
        client = await self.client()
        try:
            async with _reachable():
                found = await (client.head_object if head else client.get_object)(Bucket=self.bucket, Key=key, **asked)
        except ClientError as error:
            status = error.response.get("ResponseMetadata", {}).get("HTTPStatusCode")
            if status == 304:
                return Download(name=name, status=304, headers={"ETag": asked["IfNoneMatch"]})
            if status == 416 or _code(error) == "InvalidRange":
                return Download(name=name, status=416, body=_nothing())
            if _code(error) in _MISSING:
                return None
            raise
        headers = {"Content-Length": str(found["ContentLength"]), "Accept-Ranges": "bytes"}
        if found.get("ETag"):
            headers["ETag"] = found["ETag"]
        if found.get("LastModified"):
            headers["Last-Modified"] = http_date(found["LastModified"])
        status = 200
        if found.get("ContentRange"):
            headers["Content-Range"], status = found["ContentRange"], 206
        body = _nothing() if head else _stream(found["Body"])
        return Download(name=name, body=body, status=status, headers=headers)

    async def files(self) -> AsyncIterator[StoredFile]:
        client = await self.client()
        async with _reachable():
            async for page in client.get_paginator("list_objects_v2").paginate(Bucket=self.bucket):
                for item in page.get("Contents", []):
                    yield StoredFile(item["Key"], int(item["Size"]))


@contextlib.asynccontextmanager
async def _reachable() -> AsyncIterator[None]:
    """Failures of the store as ``StorageUnavailable``: unreachable, timing out, answering 5xx, or
    refusing Hearth itself (wrong keys, no such bucket: the log says which). Its answers about
    the file asked for (no such key, not modified, a range outside it) stay ``ClientError``."""
    try:
        yield
    except ClientError as error:
        status = int(error.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0)
        if status in (304, 416) or _code(error) in _MISSING | {"InvalidRange"}:
            raise
        raise StorageUnavailable(str(error)) from error
    except (BotoCoreError, aiohttp.ClientError, TimeoutError) as error:
        raise StorageUnavailable(str(error)) from error


async def _stream(body: Any) -> AsyncIterator[bytes]:
    """The object's bytes as they arrive; the connection goes back to the pool at the end, or
    is closed when the client went away before it."""
    try:
        async for chunk in body.iter_chunks(CHUNK_BYTES):
            yield chunk
    finally:
        body.close()


async def _nothing() -> AsyncIterator[bytes]:
    return
    yield b""


def _code(error: ClientError) -> str:
    return str(error.response.get("Error", {}).get("Code", ""))


def _type_of(path: str) -> str:
    return mimetypes.guess_type(path)[0] or "application/octet-stream"
