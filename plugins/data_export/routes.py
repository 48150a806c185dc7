"""``/api/data-exports``: "Download your data", answered only to callers naming the
``data_export`` feature in ``X-Hearth-Features`` (docs/protocol-extensions.md) — except the
download itself, which a browser reaches by a plain link with a one-minute ticket."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from quart import Blueprint, Response, current_app, redirect, request, send_file

from core import features
from core.auth import current_session, current_user, require_user
from core.context import hearth
from core.errors import ApiError
from core.ratelimit import rate_limit
from plugins.data_export import service
from plugins.data_export.job import run_pending

FEATURE = "data_export"
NOT_ASKED = f"Your data's export is a Hearth addition: name it in X-Hearth-Features ({FEATURE})."

blueprint = Blueprint("data_export", __name__, url_prefix="/api/data-exports")


features.only_for_askers(blueprint, FEATURE, NOT_ASKED, except_endpoints=("data_export.download_file",))


@blueprint.get("")
@require_user
@rate_limit("data_export", 60, 60)
async def my_export() -> Any:
    return await service.state(current_user())


@blueprint.post("")
@require_user
@rate_limit("data_export_request", 5, 60)
async def ask() -> Any:
    answer = await service.request_export(current_user())
    current_app.add_background_task(run_pending)  # at once here; the other processes poll
    return answer


@blueprint.post("/<export_id>/ticket")
@require_user
@rate_limit("data_export", 60, 60)
async def ticket(export_id: str) -> Any:
    return await service.download_ticket(current_user(), current_session(), export_id)


@blueprint.get("/<export_id>/file")
@rate_limit("data_export_file", 20, 60, by="ip")
async def download_file(export_id: str) -> Any:
    export = await service.by_ticket(export_id, request.args.get("ticket", ""))
    download = await hearth().storage.download(str(export.path), request.headers)
    if download is None:
        raise ApiError(404, service.NOT_FOUND)
    if download.redirect is not None:
        return redirect(download.redirect, 302)
    if download.file is not None:
        response = await send_file(download.file, mimetype="application/zip", conditional=True)
    else:
        response = Response(download.body or b"", status=download.status, mimetype="application/zip")
        response.headers.update(download.headers)
    name = f"hearth-data-{export.id}.zip"
    response.headers["Content-Disposition"] = f"attachment; filename*=UTF-8''{quote(name)}"
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
