"""A readable summary of a session's user agent for the sessions screen: the browser (with its
major version) and the operating system, from the few tokens browsers have sent for years. A
small ordered list of rules instead of a parser library: the screen needs "Firefox 133 · Windows",
not a device database, and an unknown agent is simply shown as unknown."""

from __future__ import annotations

import re

# Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", iOS also says "Mac OS X".
BROWSERS = (
    ("Edge", re.compile(r"Edg(?:e|A|iOS)?/(\d+)")),
    ("Opera", re.compile(r"(?:OPR|Opera)/(\d+)")),
    ("Samsung Internet", re.compile(r"SamsungBrowser/(\d+)")),
    ("Firefox", re.compile(r"(?:Firefox|FxiOS)/(\d+)")),
    ("Hearth desktop", re.compile(r"Electron/(\d+)")),
    ("Chrome", re.compile(r"(?:Chrome|CriOS|Chromium)/(\d+)")),
    ("Safari", re.compile(r"Version/(\d+)[.\d]* (?:Mobile/\S+ )?Safari/")),
)
SYSTEMS = (
    ("iOS", re.compile(r"iPhone|iPad|iPod")),
    ("Android", re.compile(r"Android")),
    ("ChromeOS", re.compile(r"CrOS")),
    ("Windows", re.compile(r"Windows")),
    ("macOS", re.compile(r"Mac OS X|Macintosh")),
    ("Linux", re.compile(r"Linux|X11")),
)
MAX_AGENT = 512


def describe(agent: str | None) -> dict[str, str | None]:
    """``{browser, os}``: e.g. ``{"browser": "Firefox 133", "os": "Windows"}``; None where unknown."""
    text = (agent or "")[:MAX_AGENT]
    browser = next((f"{name} {m.group(1)}" for name, rule in BROWSERS if (m := rule.search(text))), None)
    system = next((name for name, rule in SYSTEMS if rule.search(text)), None)
    return {"browser": browser, "os": system}
