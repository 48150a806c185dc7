"""A software passkey authenticator (ES256, "none" attestation) for the API tests: it builds the
JSON a browser sends from ``navigator.credentials``. The browser tests use Chromium's own
virtual authenticator instead."""

from __future__ import annotations

import hashlib
import json
import os
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

UP, UV, AT = 0x01, 0x04, 0x40


@dataclass
class SoftKey:
    origin: str
    rp_id: str
    credential_id: bytes = field(default_factory=lambda: os.urandom(32))
    private_key: Any = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    sign_count: int = 0
    user_handle: bytes = b""

    def _client_data(self, kind: str, challenge: str, origin: str | None = None) -> bytes:
        body = {"type": kind, "challenge": challenge, "origin": origin or self.origin, "crossOrigin": False}
        return json.dumps(body).encode()

    def _cose_key(self) -> bytes:
        numbers = self.private_key.public_key().public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})

    def create(self, options: dict[str, Any], origin: str | None = None) -> dict[str, Any]:
        """The credential ``navigator.credentials.create`` would give for these options."""
        self.user_handle = base64url_to_bytes(options["user"]["id"])
        rp_hash = hashlib.sha256(options["rp"]["id"].encode()).digest()
        attested = bytes(16) + struct.pack(">H", len(self.credential_id)) + self.credential_id + self._cose_key()
        auth_data = rp_hash + bytes([UP | UV | AT]) + struct.pack(">I", self.sign_count) + attested
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self._client_data("webauthn.create", options["challenge"], origin)
        return {
            "id": bytes_to_base64url(self.credential_id),
            "rawId": bytes_to_base64url(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client_data),
                "attestationObject": bytes_to_base64url(attestation),
            },
            "clientExtensionResults": {},
        }

    def get(self, options: dict[str, Any], verified: bool = True, origin: str | None = None) -> dict[str, Any]:
        """The assertion ``navigator.credentials.get`` would give for these options."""
        self.sign_count += 1
        rp_hash = hashlib.sha256(options["rpId"].encode()).digest()
        flags = UP | (UV if verified else 0)
        auth_data = rp_hash + bytes([flags]) + struct.pack(">I", self.sign_count)
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signed = auth_data + hashlib.sha256(client_data).digest()
        signature = self.private_key.sign(signed, ec.ECDSA(hashes.SHA256()))
        return {
            "id": bytes_to_base64url(self.credential_id),
            "rawId": bytes_to_base64url(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client_data),
                "authenticatorData": bytes_to_base64url(auth_data),
                "signature": bytes_to_base64url(signature),
                "userHandle": bytes_to_base64url(self.user_handle),
            },
            "clientExtensionResults": {},
        }
