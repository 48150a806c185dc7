"""``/api/server-transfers``: a server's export and import between Hearths, answered only to
callers naming ``server_transfer`` in ``X-Hearth-Features`` (docs/protocol-extensions.md)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from quart import Blueprint, Response, current_app, jsonify, redirect, request, send_file

from core import features
from core.auth import current_user, require_user
from core.context import hearth
from core.errors import ApiError
from core.ratelimit import rate_limit
from core.validation import validate_body
from plugins.server_transfer import service
from plugins.server_transfer.job import run_pending
from plugins.server_transfer.schemas import ExportBody, StartBody

FEATURE = "server_transfer"
NOT_ASKED = f"Server export and import are a Hearth addition: name them in X-Hearth-Features ({FEATURE})."

blueprint = Blueprint("server_transfer", __name__, url_prefix="/api/server-transfers")


features.only_for_askers(blueprint, FEATURE, NOT_ASKED)


@blueprint.post("/servers/<server_id>/exports")
@require_user
@rate_limit("server_transfer_export", 5, 600)
async def ask_export(server_id: str) -> Any:
    body = validate_body(ExportBody, await request.get_json(silent=True) or {})
    answer = await service.ask_export(current_user(), server_id, body.history)
    current_app.add_background_task(run_pending)  # at once here; the other processes poll
    return answer


@blueprint.get("/servers/<server_id>/exports")
@require_user
@rate_limit("server_transfer", 60, 60)
async def exports_of(server_id: str) -> Any:
    return jsonify(await service.exports_of(current_user(), server_id))


@blueprint.post("/imports")
@require_user
@rate_limit("server_transfer_upload", 5, 600)
async def upload() -> Any:
    return await service.upload(current_user(), request)


@blueprint.post("/<job_id>/start")
@require_user
@rate_limit("server_transfer", 60, 60)
async def start(job_id: str) -> Any:
    body = validate_body(StartBody, await request.get_json(silent=True) or {})
    answer = await service.start(current_user(), job_id, body.confirm)
    current_app.add_background_task(run_pending)
    return answer


@blueprint.get("/<job_id>")
@require_user
@rate_limit("server_transfer", 60, 60)
async def show(job_id: str) -> Any:
    return await service.show(current_user(), job_id)


@blueprint.get("/<job_id>/file")
@require_user
@rate_limit("server_transfer_file", 20, 60)
async def download(job_id: str) -> Any:
    job = await service.ready_export(current_user(), job_id)
    found = await hearth().storage.download(str(job.path), request.headers)
    if found is None:
        raise ApiError(404, service.NOT_FOUND)
    if found.redirect is not None:
        return redirect(found.redirect, 302)
    if found.file is not None:
        response = await send_file(found.file, mimetype="application/zip", conditional=True)
    else:
        response = Response(found.body or b"", status=found.status, mimetype="application/zip")
        response.headers.update(found.headers)
    response.headers["Content-Disposition"] = f"attachment; filename*=UTF-8''{quote(f'hearth-server-{job.id}.zip')}"
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
