"""Sending Web Push off the request path: each event becomes one background task that encrypts
(RFC 8291, aes128gcm) and POSTs one message per subscription of the users it names.

A subscription that can never be delivered is deleted: its endpoint answered 404/410 (the push
service dropped it), or the endpoint itself can never be valid — refused by the endpoint rules
(``endpoints.py``; a row stored before them), a URL aiohttp will not connect to, or a host that
resolves only to addresses the ``[fetch]`` rules forbid. Anything else (a timeout, a 5xx, a
network error) is logged and the row kept. No error leaves a sender task: one subscription's
failure, expected or not, is logged and the others are still sent to."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from pywebpush import WebPusher, WebPushException
from quart import current_app

from core import metrics
from core.safefetch import policy_from_settings, refused_by_resolver
from core.safefetch.client import new_session
from core.settings import Settings
from plugins.push.endpoints import refused_endpoint
from plugins.push.models import PushSubscription
from plugins.push.vapid import vapid_keys

log = logging.getLogger("hearth.push")
GONE = (404, 410)
PUSHES = metrics.counter(
    "hearth_push_messages_total", "Web Push messages by result: sent, failed, gone (subscription dropped).", ["result"]
)


def sender_for(app: Any = None) -> PushSender:
    """The app's sender, kept on the app (made on first use)."""
    app = app if app is not None else current_app._get_current_object()
    sender = app.extensions.get("push")
    if sender is None:
        sender = app.extensions["push"] = PushSender(app.extensions["hearth"].settings)
    return sender


class PushSender:
    def __init__(self, settings: Settings):
        get = settings.get
        self.settings = settings
        self.policy = policy_from_settings(settings)
        self.timeout = float(get("push.timeout_seconds", 10))
        self.ttl = int(get("push.ttl_seconds", 3600))
        self.subject = str(get("push.vapid_subject", "") or "mailto:hearth@localhost")
        self.slots = asyncio.Semaphore(int(get("push.concurrent_sends", 8)))
        self.tasks: set[asyncio.Task] = set()
        self.session: Any = None

    def send(self, user_ids: list[int], payload: dict[str, Any]) -> None:
        """Queue one message per subscription of ``user_ids`` (returns at once)."""
        if not user_ids or not self.settings.get("push.enabled", True):
            return
        task = asyncio.create_task(self._send(list(dict.fromkeys(user_ids)), payload))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.session is not None:
            await self.session.close()
            self.session = None

    async def _send(self, user_ids: list[int], payload: dict[str, Any]) -> None:
        try:
            subscriptions = await PushSubscription.filter(user_id__in=user_ids)
            data = json.dumps(payload, separators=(",", ":")).encode()
            await asyncio.gather(*(self._one(row, data) for row in subscriptions))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("push sending failed")

    async def _one(self, row: PushSubscription, data: bytes) -> None:
        """One message to one subscription; never raises but a cancel, so the event's other
        subscriptions are sent to and the task ends cleanly."""
        try:
            await self._deliver(row, data)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("push to subscription %s failed unexpectedly", row.id)

    async def _deliver(self, row: PushSubscription, data: bytes) -> None:
        if refused_endpoint(row.endpoint, self.settings):
            await _drop(row, "its endpoint can never be valid")
            return
        info = {"endpoint": row.endpoint, "keys": {"p256dh": row.p256dh, "auth": row.auth}}
        claims = {"sub": self.subject}
        headers = {"Urgency": "high"}
        headers.update(vapid_keys(self.settings).vapid.sign(_with_audience(claims, row.endpoint)))
        async with self.slots:
            if self.session is None:
                self.session = new_session(self.policy, limit=int(self.settings.get("push.concurrent_sends", 8)))
            try:
                response = await WebPusher(info, aiohttp_session=self.session).send_async(
                    data,
                    headers,
                    ttl=self.ttl,
                    content_encoding="aes128gcm",
                    timeout=aiohttp.ClientTimeout(total=self.timeout),
                )
                status = response.status
                response.release()
            except aiohttp.InvalidURL:
                PUSHES.labels("failed").inc()
                await _drop(row, "aiohttp will not connect to its endpoint")
                return
            except aiohttp.ClientConnectorError as error:
                PUSHES.labels("failed").inc()
                if refused_by_resolver(error):
                    await _drop(row, "its host resolves only to addresses that may not be reached")
                else:
                    log.info("push to subscription %s failed: %s", row.id, error)
                return
            except (TimeoutError, WebPushException, OSError, aiohttp.ClientError) as error:
                PUSHES.labels("failed").inc()
                log.info("push to subscription %s failed: %s", row.id, error)
                return
        if status in GONE:
            PUSHES.labels("gone").inc()
            await _drop(row, f"the push service answered {status}")
        elif status > 202:
            PUSHES.labels("failed").inc()
            log.info("push service answered %s for subscription %s", status, row.id)
        else:
            PUSHES.labels("sent").inc()


async def _drop(row: PushSubscription, why: str) -> None:
    log.info("push subscription %s dropped: %s", row.id, why)
    await PushSubscription.filter(id=row.id).delete()


def _with_audience(claims: dict[str, Any], endpoint: str) -> dict[str, Any]:
    parts = urlsplit(endpoint)
    return {**claims, "aud": f"{parts.scheme}://{parts.netloc}", "exp": int(time.time()) + 12 * 3600}
