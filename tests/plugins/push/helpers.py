"""Decrypting what the push service received (RFC 8291 over RFC 8188 aes128gcm), with nothing
but ``cryptography`` and the browser's own keys, and waiting for the background sends."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from plugins.push.sender import sender_for
from tests.plugins.push.conftest import Browser, Received
from tests.plugins.servers.helpers import ok
from tests.support import Person


def _hkdf(salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


def decrypt(browser: Browser, received: Received) -> dict[str, Any]:
    assert received.headers["content-encoding"] == "aes128gcm"
    body = received.body
    salt, record_size, id_length = body[:16], int.from_bytes(body[16:20], "big"), body[20]
    server_public = body[21 : 21 + id_length]
    ciphertext = body[21 + id_length :]
    assert id_length == 65 and len(ciphertext) <= record_size
    shared = browser.private_key.exchange(
        ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), server_public)
    )
    key_info = b"WebPush: info\x00" + browser.public_bytes + server_public
    ikm = _hkdf(browser.auth_secret, shared, key_info, 32)
    cek = _hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
    nonce = _hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
    padded = AESGCM(cek).decrypt(nonce, ciphertext, None).rstrip(b"\x00")
    assert padded.endswith(b"\x02")  # the last (only) record's delimiter
    return json.loads(padded[:-1])


async def sent_out(app: Any) -> None:
    """Wait until every queued push was delivered (or failed)."""
    sender = sender_for(app)
    for _ in range(100):
        if not sender.tasks:
            return
        await asyncio.wait_for(asyncio.gather(*list(sender.tasks), return_exceptions=True), 30)
    raise AssertionError("pushes kept coming")


async def subscribe(client: Any, person: Person, browser: Browser) -> dict[str, Any]:
    return await ok(client, "POST", "/api/push/subscriptions", browser.subscription(), person.token)
