"""TOTP codes (RFC 6238: 6 digits, 30-second steps, one step of drift either way), the
otpauth:// address and its QR code as SVG, and recovery codes."""

from __future__ import annotations

import io
import re
import secrets
import time

import pyotp
import segno

from core.identity.tokens import code_hash

STEP_SECONDS = 30
DRIFT_STEPS = 1
RECOVERY_CODES = 10
_RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i
_NOT_CODE = re.compile(r"[\s-]")


def new_secret() -> str:
    return pyotp.random_base32()  # 160 bits, as RFC 4226 recommends


def matching_step(secret: str, code: str, now: float | None = None) -> int | None:
    """The time-step ``code`` belongs to (within the allowed drift), or None."""
    code = _NOT_CODE.sub("", code)
    if not re.fullmatch(r"\d{6}", code):
        return None
    totp = pyotp.TOTP(secret, interval=STEP_SECONDS)
    current = int((time.time() if now is None else now) // STEP_SECONDS)
    for step in range(current - DRIFT_STEPS, current + DRIFT_STEPS + 1):
        if secrets.compare_digest(totp.generate_otp(step), code):
            return step
    return None


def provisioning_uri(secret: str, account_name: str, issuer: str) -> str:
    return pyotp.TOTP(secret, interval=STEP_SECONDS).provisioning_uri(name=account_name, issuer_name=issuer)


def qr_svg(uri: str) -> str:
    """The QR code as an SVG document (no XML declaration: it is placed in a page)."""
    buffer = io.BytesIO()
    segno.make(uri, error="m").save(
        buffer, kind="svg", scale=4, border=2, dark="#000", light="#fff", xmldecl=False, svgns=True, nl=False
    )
    return buffer.getvalue().decode()


def new_recovery_codes() -> list[str]:
    def one() -> str:
        text = "".join(secrets.choice(_RECOVERY_ALPHABET) for _ in range(10))
        return f"{text[:5]}-{text[5:]}"

    return [one() for _ in range(RECOVERY_CODES)]


def is_recovery_code(code: str) -> bool:
    return len(_NOT_CODE.sub("", code)) == 10


def recovery_hash(code: str) -> str:
    """Typed codes are compared without case, spaces or dashes."""
    return code_hash(_NOT_CODE.sub("", code).lower())
