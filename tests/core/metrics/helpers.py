"""Reading ``/metrics`` in tests: the samples by name and labels, so a test compares before/after."""

from __future__ import annotations

from typing import Any

from prometheus_client.parser import text_string_to_metric_families

TOKEN = "a-metrics-token-for-tests"
ENABLED = {"metrics.enabled": True, "metrics.token": TOKEN, "metrics.sample_seconds": 3600}
BEARER = {"Authorization": f"Bearer {TOKEN}"}


def samples(text: str) -> dict[tuple[str, frozenset], float]:
    found: dict[tuple[str, frozenset], float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return found


def value(found: dict[tuple[str, frozenset], float], name: str, **labels: str) -> float:
    return found.get((name, frozenset(labels.items())), 0.0)


async def scrape(client: Any) -> dict[tuple[str, frozenset], float]:
    response = await client.get("/metrics", headers=BEARER)
    assert response.status_code == 200, await response.get_data(as_text=True)
    return samples(await response.get_data(as_text=True))
