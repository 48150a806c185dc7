"""Requests counted by method, route rule and status, with their latency. The route is the rule
that matched (``/api/channels/<channel_id>/messages``), never the URL, so the series stay few."""

from __future__ import annotations

import time

from quart import Quart, Response, g, request

from core.metrics.families import HTTP_LATENCY, HTTP_REQUESTS


def install_request_metrics(app: Quart) -> None:
    async def started() -> None:
        g.metrics_started = time.perf_counter()

    async def finished(response: Response) -> Response:
        began = g.get("metrics_started")
        if began is not None:
            rule = request.url_rule
            route = rule.rule if rule is not None else "unmatched"
            HTTP_REQUESTS.labels(request.method, route, str(response.status_code)).inc()
            HTTP_LATENCY.labels(request.method, route).observe(time.perf_counter() - began)
        return response

    # first in, last out: the time includes the other hooks (the global rate limit, the guards)
    app.before_request_funcs.setdefault(None, []).insert(0, started)
    app.after_request_funcs.setdefault(None, []).append(finished)
