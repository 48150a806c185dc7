"""Verifying an ID token (OpenID Connect Core §3.1.3.7): its signature with a key of the
provider's JWKS (``jwks_uri`` from discovery, kept per process and fetched again once when a token
names a key it does not hold: key rotation), then ``iss``, ``aud`` (and ``azp`` with several
audiences), ``exp``, ``iat``, ``sub`` and the ``nonce`` this sign-in sent. joserfc does the
cryptography; only asymmetric algorithms are accepted (a client secret is no signing key here)."""

from __future__ import annotations

import asyncio
import hmac
import time
from dataclasses import dataclass, field
from typing import Any

from joserfc import jwt
from joserfc.errors import InvalidKeyIdError, JoseError
from joserfc.jwk import KeySet

from plugins.connections.oauth import ProviderFailed, get_json
from plugins.connections.providers import OAuthProvider
from plugins.connections.runtime import Runtime
from plugins.sso.states import digest

ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA")
LEEWAY_S = 60
REFETCH_AFTER_S = 60  # an unknown key fetches the JWKS again, at most once a minute per provider
MAX_TOKEN = 16 * 1024


class InvalidIdToken(Exception):
    """The ID token is not one this sign-in may accept; the text says why (logged, not shown)."""


@dataclass
class KeyCache:
    keys: dict[str, KeySet] = field(default_factory=dict)
    refetched: dict[str, float] = field(default_factory=dict)  # when a token's unknown key last fetched
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)

    async def get(self, rt: Runtime, provider: OAuthProvider, fresh: bool = False) -> KeySet:
        """The provider's keys; ``fresh``: fetched again, unless an unknown key did that less
        than a minute ago (tokens naming made-up keys cannot make Hearth fetch on every request)."""
        held = self.keys.get(provider.id)
        if fresh and held is not None:
            if time.monotonic() - self.refetched.get(provider.id, -REFETCH_AFTER_S) < REFETCH_AFTER_S:
                return held
            self.refetched[provider.id] = time.monotonic()
        elif held is not None:
            return held
        async with self.locks.setdefault(provider.id, asyncio.Lock()):
            if not provider.jwks_url:
                raise ProviderFailed("discovery named no jwks_uri")
            answer = await get_json(rt.http(), provider.jwks_url)
            try:
                key_set = await asyncio.to_thread(KeySet.import_key_set, answer)  # type: ignore[arg-type]
            except (JoseError, ValueError, TypeError, KeyError) as error:
                raise ProviderFailed(f"an unusable JWKS: {error}") from None
            self.keys[provider.id] = key_set
            return key_set


def _decode(raw: str, key_set: KeySet) -> dict[str, Any]:
    return dict(jwt.decode(raw, key_set, algorithms=list(ALGORITHMS)).claims)


async def verify(rt: Runtime, cache: KeyCache, provider: OAuthProvider, raw: Any, nonce_hash: str) -> dict[str, Any]:
    if not isinstance(raw, str) or not raw or len(raw) > MAX_TOKEN:
        raise InvalidIdToken("the token answer has no ID token")
    try:
        try:
            claims = await asyncio.to_thread(_decode, raw, await cache.get(rt, provider))
        except InvalidKeyIdError:  # perhaps a key the provider rotated in since its JWKS was fetched
            claims = await asyncio.to_thread(_decode, raw, await cache.get(rt, provider, fresh=True))
    except (JoseError, ValueError, KeyError, TypeError) as error:
        raise InvalidIdToken(f"signature: {type(error).__name__}: {error}") from None
    registry = jwt.JWTClaimsRegistry(
        leeway=LEEWAY_S,
        # the configured issuer is kept without a trailing slash; some providers (Authentik) name it with one
        iss={"essential": True, "values": [provider.issuer, provider.issuer + "/"]},
        aud={"essential": True, "value": provider.client_id},
        sub={"essential": True},
        exp={"essential": True},
        iat={"essential": True},
    )
    try:
        registry.validate(claims)
    except JoseError as error:
        raise InvalidIdToken(f"claims: {error}") from None
    audiences = claims["aud"] if isinstance(claims["aud"], list) else [claims["aud"]]
    if len(audiences) > 1 and claims.get("azp") != provider.client_id:
        raise InvalidIdToken("several audiences, and azp is not this client")
    nonce = claims.get("nonce")
    if not isinstance(nonce, str) or not hmac.compare_digest(digest(nonce), nonce_hash):
        raise InvalidIdToken("the nonce is not this sign-in's")
    return claims
