"""Pushes on /metrics (hearth_push_messages_total): one sent, one whose subscription is gone."""

from __future__ import annotations

from prometheus_client import REGISTRY

from core import metrics
from tests.core.metrics.helpers import ENABLED
from tests.plugins.messages.helpers import dm_pair, sent
from tests.plugins.push.helpers import sent_out, subscribe


def pushes(result: str) -> float:
    return REGISTRY.get_sample_value("hearth_push_messages_total", {"result": result}) or 0.0


async def test_pushes_are_counted_by_result(make_app, settings, push_service):
    app = make_app(**ENABLED)
    try:
        async with app.test_app():
            client = app.test_client()
            alice, bob, channel_id = await dm_pair(client)
            gone, kept = push_service.browser("gone"), push_service.browser("kept")
            push_service.statuses["/push/gone"] = 410
            await subscribe(client, bob, gone)
            await subscribe(client, bob, kept)
            before = {result: pushes(result) for result in ("sent", "gone", "failed")}
            await sent(client, alice, channel_id, "counted")
            await sent_out(app)
            assert {result: pushes(result) - before[result] for result in before} == {"sent": 1, "gone": 1, "failed": 0}
    finally:
        metrics.configure(settings)
