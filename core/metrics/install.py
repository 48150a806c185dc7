"""Wiring metrics into the app (``core.app``): the switch, the request hooks, ``/metrics`` and the
worker's sampler. Off, only ``/metrics`` answering 404 remains: no hook runs on any request."""

from __future__ import annotations

from quart import Quart

from core import metrics
from core.metrics.endpoint import MetricsEndpoint
from core.metrics.requests import install_request_metrics


def install_metrics(app: Quart) -> None:
    hearth = app.extensions["hearth"]
    on = metrics.configure(hearth.settings)
    endpoint = MetricsEndpoint(app.asgi_app, hearth.settings)
    app.asgi_app = endpoint  # type: ignore[method-assign]
    if not on:
        return
    install_request_metrics(app)

    @app.before_serving
    async def start_sampling() -> None:
        await endpoint.sample.start(hearth.gateway)

    @app.after_serving
    async def stop_sampling() -> None:
        await endpoint.sample.close()
