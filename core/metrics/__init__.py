"""Prometheus metrics: the small API the kernel and plugins count through, off by default.

    from core import metrics

    SENT = metrics.counter("hearth_push_sent_total", "Web Push messages sent.", ["result"])
    SENT.labels("ok").inc()

A family is declared at import time and becomes a real ``prometheus_client`` metric the first time
it is used with ``[metrics] enabled``; while metrics are off every call returns at once and
``prometheus_client`` is never imported. Label values must come from a short, fixed set (a route
rule, an event name, a result), never from user input or ids. ``GET /metrics`` is
``core.metrics.endpoint``; the per-run directory that adds up the workers is
``core.metrics.multiproc``; what each process samples (sockets, memory, CPU, database and Redis
probes) is ``core.metrics.sampler``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.settings import Settings

_families: dict[str, Family] = {}


class _State:
    on = False


_state = _State()


class _Nothing:
    """What a disabled family's ``labels()`` returns: every call does nothing."""

    __slots__ = ()

    def labels(self, *values: str) -> _Nothing:
        return self

    def inc(self, amount: float = 1.0) -> None:
        return None

    def dec(self, amount: float = 1.0) -> None:
        return None

    def set(self, value: float) -> None:
        return None

    def observe(self, value: float) -> None:
        return None


NOTHING = _Nothing()


class Family:
    __slots__ = ("kind", "name", "documentation", "labelnames", "options", "_real")

    def __init__(self, kind: str, name: str, documentation: str, labelnames: Sequence[str], options: dict[str, Any]):
        self.kind = kind
        self.name = name
        self.documentation = documentation
        self.labelnames = tuple(labelnames)
        self.options = options
        self._real: Any = None

    def _metric(self) -> Any:
        if not _state.on:
            return None
        if self._real is None:
            import prometheus_client

            make = getattr(prometheus_client, self.kind)
            self._real = make(self.name, self.documentation, self.labelnames, **self.options)
        return self._real

    def labels(self, *values: str) -> Any:
        metric = self._metric()
        return NOTHING if metric is None else metric.labels(*values)

    def inc(self, amount: float = 1.0) -> None:
        metric = self._metric()
        if metric is not None:
            metric.inc(amount)

    def dec(self, amount: float = 1.0) -> None:
        metric = self._metric()
        if metric is not None:
            metric.dec(amount)

    def set(self, value: float) -> None:
        metric = self._metric()
        if metric is not None:
            metric.set(value)

    def observe(self, value: float) -> None:
        metric = self._metric()
        if metric is not None:
            metric.observe(value)


def _declare(kind: str, name: str, documentation: str, labelnames: Sequence[str], **options: Any) -> Family:
    found = _families.get(name)
    if found is not None:
        if (found.kind, found.labelnames) != (kind, tuple(labelnames)):
            raise ValueError(f"metric {name!r} is declared twice, differently")
        return found
    family = _families[name] = Family(kind, name, documentation, labelnames, options)
    return family


def counter(name: str, documentation: str, labelnames: Sequence[str] = ()) -> Family:
    return _declare("Counter", name, documentation, labelnames)


def histogram(
    name: str, documentation: str, labelnames: Sequence[str] = (), buckets: Sequence[float] | None = None
) -> Family:
    return _declare("Histogram", name, documentation, labelnames, **({"buckets": tuple(buckets)} if buckets else {}))


def gauge(name: str, documentation: str, labelnames: Sequence[str] = (), mode: str = "livesum") -> Family:
    """``mode``: how the workers' values add up (prometheus_client's ``multiprocess_mode``):
    ``livesum`` (the live workers' sum) or ``liveall`` (one series per live worker, by pid)."""
    return _declare("Gauge", name, documentation, labelnames, multiprocess_mode=mode)


def enabled() -> bool:
    return _state.on


def configure(settings: Settings) -> bool:
    """Turn counting on or off for this process (the app factory calls it). On, it needs a token:
    ``/metrics`` is never served without one."""
    on = bool(settings.get("metrics.enabled", False))
    if on and not str(settings.get("metrics.token", "") or ""):
        raise ValueError("[metrics] enabled needs [metrics] token (HEARTH_METRICS_TOKEN): /metrics is never open")
    _state.on = on
    if on:
        materialise()
    return on


def materialise() -> None:
    """Create every family declared so far, so a counter without labels is scraped as 0 before its
    first count (an alert on ``increase()`` then sees a series, not nothing)."""
    for family in list(_families.values()):
        family._metric()
