"""``GET /api/og/...`` (rest.md §15): no auth, ``text/html`` documents. Anything not found
answers like any unknown API path (JSON 404)."""

from __future__ import annotations

from html import escape
from typing import Any

from quart import Blueprint, Response, request
from quart_schema import document_querystring

from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from core.validation import documented_query
from plugins.accounts.models import Profile

blueprint = Blueprint("og_pages", __name__, url_prefix="/api/og")
SITE_NAME = "Hearth"
DEFAULT_THEME = "#4c93ff"


def _not_found() -> ApiError:
    return ApiError(404, "Not found.")


def _origin() -> str:
    return str(hearth().settings.server.public_url).rstrip("/")


def _cdn(path: str | None) -> str | None:
    return f"{_origin()}/cdn/{path.lstrip('/')}" if path else None


def document(
    title: str,
    description: str,
    url: str,
    image: str | None = None,
    theme: str = DEFAULT_THEME,
    large_image: bool = False,
) -> Response:
    """The page crawlers read; every value is HTML-escaped (upstream does not escape)."""

    def meta(key: str, name: str, value: str) -> str:
        return f'<meta {key}="{name}" content="{escape(value, quote=True)}">'

    tags = [
        "<!DOCTYPE html><html><head>",
        '<meta charset="utf-8">',
        f"<title>{escape(title)}</title>",
        meta("name", "title", title),
        meta("name", "description", description),
        meta("property", "og:site_name", SITE_NAME),
        meta("property", "og:type", "article"),
        meta("name", "theme-color", theme),
        meta("property", "og:url", url),
        meta("property", "og:title", title),
        meta("property", "og:description", description),
    ]
    if image:
        tags.append(meta("property", "og:image", image))
    if large_image:
        tags.append(meta("name", "twitter:card", "summary_large_image"))
    tags += [
        meta("name", "twitter:domain", url.split("/")[2] if "://" in url else url),
        meta("name", "twitter:url", url),
        meta("name", "twitter:description", description),
        meta("name", "twitter:title", title),
    ]
    if image:
        tags.append(meta("name", "twitter:image", image))
    tags.append("</head><body></body></html>")
    return Response("".join(tags), mimetype="text/html")


async def _invite(code: str) -> Response:
    if not hearth().plugins.enabled("servers"):  # optional: without servers there are no invites
        raise _not_found()
    from plugins.servers.invites import could_be_a_code
    from plugins.servers.models import Invite, Server

    invite = await Invite.get_or_none(code=code) if could_be_a_code(code) else None
    server = await Server.get_or_none(id=invite.server_id) if invite is not None else None
    if server is None:
        raise _not_found()
    return document(
        title=f"{server.name} Server on {SITE_NAME}",
        description=f"You are invited to join the {server.name} server on {SITE_NAME}.",
        url=f"{_origin()}/i/{code}",
        image=_cdn(server.avatar),
    )


@blueprint.get("/i/<code>")
async def invite_page(code: str) -> Any:
    return await _invite(code)


@blueprint.get("/app/explore/servers/invites/<code>")
async def explore_invite_page(code: str) -> Any:
    return await _invite(code)


@blueprint.get("/app/profile/<user_id>")
async def profile_page(user_id: str) -> Any:
    parsed = parse_id(user_id)
    user = await User.get_or_none(id=parsed) if parsed is not None else None
    if user is None:
        raise _not_found()
    profile = await Profile.get_or_none(user_id=user.id)
    bio = profile.bio if profile is not None and profile.bio else None
    theme = profile.primary_color if profile is not None and profile.primary_color else DEFAULT_THEME
    return document(
        title=f"{user.username}'s Profile on {SITE_NAME}",
        description=bio or f"Browse {user.username}'s profile on {SITE_NAME}.",
        url=f"{_origin()}/app/profile/{user.id}",
        image=_cdn(user.avatar),
        theme=theme,
    )


@blueprint.get("/p/<post_id>")
async def post_page(post_id: str) -> Any:
    raise _not_found()  # posts are not part of Hearth yet


@blueprint.get("/<path:rest>")
@document_querystring(documented_query("OgPostQuery", postId=str))
async def any_page(rest: str) -> Any:
    if request.args.get("postId"):
        return await post_page(request.args["postId"])
    raise _not_found()
