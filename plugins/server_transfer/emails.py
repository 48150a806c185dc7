"""The privacy rule for e-mails in a server export (docs/export.md, "E-mail matching").

An export never carries an e-mail address. For each author who is still a member of the server and
whose address is confirmed, it carries ``emailHash`` = HMAC-SHA256(key = the export's random
``emailSalt``, message = the address trimmed and lower-cased), hex. The salt differs per export,
so two exports cannot be joined on it. Matching on import hashes the importer's own confirmed
address (and, for an instance admin, every confirmed address of the instance) with that salt."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from core.identity.models import Account
from core.keyset import rows_by_id


def new_salt() -> str:
    return secrets.token_hex(16)


def email_hash(salt: str, email: str) -> str:
    return hmac.new(bytes.fromhex(salt), email.strip().lower().encode(), hashlib.sha256).hexdigest()


async def confirmed_hashes(salt: str, user_ids: list[int] | None, wanted: set[str] | None = None) -> dict[str, int]:
    """Hash → user id of confirmed addresses: of ``user_ids``, or of everyone when None (read a
    page at a time, keeping only the ``wanted`` hashes)."""
    query = Account.filter(email_confirmed=True)
    if user_ids is not None:
        query = query.filter(user_id__in=user_ids)
    found: dict[str, int] = {}
    async for row in rows_by_id(query, "user_id", "email"):
        hashed = email_hash(salt, row["email"])
        if wanted is None or hashed in wanted:
            found[hashed] = row["user_id"]
    return found
