"""The ``hearth.server`` archive's names (docs/export.md, "A server")."""

import re

FORMAT = "hearth.server"
VERSION = 1
PARTS = ("server", "roles", "channels", "authors", "messages")
FILES = "files/"
PART_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")  # another plugin's part (hookspecs.py)
MAX_PLUGIN_ITEMS = 1000
