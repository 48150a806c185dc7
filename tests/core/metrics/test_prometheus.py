"""A real Prometheus scrapes a two-worker ``hearth serve``: every request counts once whichever
worker answered it and whichever worker answers the scrape, both workers' gauges are there, the
documented alert rules load and every query of the documented dashboard runs."""

from __future__ import annotations

import json
import re

import aiohttp
import pytest

from core import metrics
from core.metrics import families  # noqa: F401  (declares the kernel's families)
from plugins.push import sender  # noqa: F401
from plugins.voice import service  # noqa: F401
from tests.conftest import REDIS_URL
from tests.core.metrics.helpers import TOKEN
from tests.core.metrics.prometheus import BINARY, DASHBOARD, Prometheus
from tests.core.serve_support import Supervised

# two Hearth workers and a Prometheus on free ports, beside other tests (tests/parallel.py)
pytestmark = [
    pytest.mark.skipif(BINARY is None, reason="needs Debian's prometheus package (apt-get install -y prometheus)"),
]
REQUESTS = 40


@pytest.fixture
async def hearth(database_url, tmp_path):
    env = {
        "HEARTH_DATABASE_URL": database_url,
        "HEARTH_REDIS_URL": REDIS_URL,
        "HEARTH_METRICS_ENABLED": "true",
        "HEARTH_METRICS_TOKEN": TOKEN,
        "HEARTH_METRICS_SAMPLE_SECONDS": "1",
        "HEARTH_METRICS_DIRECTORY": str(tmp_path / "metrics"),
    }
    (tmp_path / "metrics").mkdir()
    (tmp_path / "metrics" / "counter_999999.db").write_bytes(b"left over from an earlier run")
    server = Supervised.hearth(2, env)
    try:
        await server.wait_for_log(r"worker \d+ \(pid \d+\) ready", count=2, timeout=120)
        yield server
    finally:
        server.kill()


async def test_prometheus_adds_up_two_workers(hearth, tmp_path):
    assert not (tmp_path / "metrics" / "counter_999999.db").exists()  # the run's directory was emptied
    seen_workers = set()
    async with aiohttp.ClientSession() as http:
        for _ in range(200):  # a fresh connection each time: the kernel spreads them over the workers
            async with http.get(f"{hearth.url}/api/health", headers={"Connection": "close"}) as response:
                seen_workers.add((await response.json())["worker"]["id"])
            if len(seen_workers) == 2:
                break
        assert seen_workers == {1, 2}
        for _ in range(REQUESTS):
            async with http.get(f"{hearth.url}/api/plugins", headers={"Connection": "close"}) as response:
                assert response.status == 200

    prometheus = Prometheus(tmp_path, f"127.0.0.1:{hearth.port}", TOKEN)
    try:
        await prometheus.ready()
        await prometheus.wait_for('up{job="hearth"}', 1)
        query = 'sum(hearth_http_requests_total{method="GET",route="/api/plugins",status="200"})'
        await prometheus.wait_for(query, REQUESTS)
        await prometheus.wait_for("count(hearth_worker_resident_memory_bytes > 0)", 2)
        await prometheus.wait_for("count(hearth_worker_cpu_seconds)", 2)
        for _ in range(5):  # later scrapes, answered by either worker, still agree
            assert await prometheus.scalar(query) == REQUESTS

        groups = (await prometheus.get("/api/v1/rules"))["groups"]
        rules = {rule["name"]: rule for group in groups for rule in group["rules"]}
        assert "HearthDown" in rules and "HearthServerErrors" in rules
        assert all(rule["health"] in ("ok", "unknown") for rule in rules.values()), rules

        for panel in json.loads(DASHBOARD.read_text())["panels"]:
            for target in panel["targets"]:
                await prometheus.get("/api/v1/query", query=target["expr"].replace("$__rate_interval", "1m"))
    finally:
        prometheus.stop()


def test_the_dashboard_and_alerts_name_only_metrics_hearth_has():
    from tests.core.metrics.prometheus import ALERTS

    known = set(metrics._families)
    suffixes = ("_bucket", "_count", "_sum")
    for text in (DASHBOARD.read_text(), ALERTS.read_text()):
        for name in set(re.findall(r"\bhearth_[a-z_]+", text)):
            base = next((name[: -len(s)] for s in suffixes if name.endswith(s) and name[: -len(s)] in known), name)
            assert base in known, name
