"""The ``hearth.server`` archive's names (docs/export.md, "A server")."""

FORMAT = "hearth.server"
VERSION = 1
PARTS = ("server", "roles", "channels", "authors", "messages")
FILES = "files/"
