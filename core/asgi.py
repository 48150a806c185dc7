"""``core.asgi:app`` for ASGI servers (hypercorn workers import this)."""

from core.app import create_app

app = create_app()
