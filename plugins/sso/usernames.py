"""A username to suggest from a provider's claims: what the register form starts with (the person
may change it), within the accounts plugin's rules (3-35 characters, no ``@`` or ``:``)."""

from __future__ import annotations

import re

_UNWANTED = re.compile(r"[@:\s]+")


def suggested_username(name: str | None, email: str | None) -> str:
    for source in (name, (email or "").split("@")[0]):
        cleaned = _UNWANTED.sub("_", (source or "").strip()).strip("_")[:35]
        if len(cleaned) >= 3:
            return cleaned
    return ""
