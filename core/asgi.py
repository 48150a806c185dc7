"""``core.asgi:app`` for ASGI servers (hypercorn workers import this); ``drain()`` is called by
Hearth's own worker (``core.worker``) once it has stopped accepting connections."""

from core.app import create_app
from core.health import begin_drain

app = create_app()


async def drain() -> None:
    await begin_drain(app.quart)
