"""``GET /api/accounts/sign-in-options`` (Hearth's own, public): what the log-in and register
pages offer — the registration mode and the single sign-on providers."""

from __future__ import annotations

from typing import Any

from quart import Blueprint

from core.context import hearth
from core.ratelimit import rate_limit
from plugins.accounts.registration import registration_mode

blueprint = Blueprint("accounts_options", __name__, url_prefix="/api/accounts")


@blueprint.get("/sign-in-options")
@rate_limit("sign_in_options", 30, 60, by="ip")
async def sign_in_options() -> Any:
    providers: list[dict[str, str]] = []
    for answer in await hearth().plugins.gather("sign_in_providers"):
        providers.extend(answer or [])
    return {"registration": await registration_mode(), "providers": providers}
