"""The deployment's VAPID key pair (RFC 8292): a P-256 private key made on first start and kept
in a PEM file (mode 0600) beside the instance key, or where ``[push] vapid_private_key_file``
says. Every process of a deployment must read the same file (browsers bind a subscription to
the public key)."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid

from core.instance_key import key_path
from core.secret_file import read_or_create
from core.settings import ROOT, Settings


@dataclass(frozen=True)
class VapidKeys:
    vapid: Vapid
    public_key: str  # base64url (no padding) of the uncompressed point: applicationServerKey


_cache: dict[Path, VapidKeys] = {}


def private_key_path(settings: Settings) -> Path:
    configured = str(settings.get("push.vapid_private_key_file") or "")
    if not configured:
        return key_path(settings).parent / "vapid_private.pem"
    path = Path(configured)
    return path if path.is_absolute() else ROOT / path


def vapid_keys(settings: Settings) -> VapidKeys:
    path = private_key_path(settings)
    if path not in _cache:
        _cache[path] = _load(read_or_create(path, _new_private_key))
    return _cache[path]


def _new_private_key() -> bytes:
    return ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def _load(pem: bytes) -> VapidKeys:
    if b"PRIVATE KEY" not in pem:  # the file was emptied
        raise RuntimeError("the VAPID key file holds no private key; delete it to make a new one")
    vapid = Vapid.from_pem(pem)
    point = vapid.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return VapidKeys(vapid, base64.urlsafe_b64encode(point).rstrip(b"=").decode())
