"""The wire reference's route list, for the route-table contract test.

CI has only this repository, so the list lives in ``reference_routes.txt`` (one ``METHOD /path``
a line, the reference's own spelling: ``:param``, ``:param?`` optional, ``*`` wildcard).
Regenerate it when rest.md changes:

    .venv/bin/python -m tests.contracts.reference_routes ../shared/api/rest.md
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

LIST = Path(__file__).with_name("reference_routes.txt")
METHODS = "GET|POST|PUT|PATCH|DELETE"
# "### 1.6 `GET /users/inventory` [WEB]", "#### `POST /servers` — create", and table rows
# "| `GET .../webhooks/:webhookId` [WEB] | ..." whose "..." repeats the table's last full path.
_HEADING = re.compile(rf"^#{{3,4}} (?:[\d.]+ )?`({METHODS}) ([^`\s]+)`")
_ROUTE = re.compile(rf"`({METHODS}) ([^`\s]+)`")


def parse(markdown: str) -> list[tuple[str, str]]:
    routes: list[tuple[str, str]] = []
    last_full = ""
    for line in markdown.splitlines():
        heading = _HEADING.match(line)
        if heading:
            found = [heading.groups()]
        elif line.startswith("| `"):
            found = _ROUTE.findall(line.split("|")[1])  # every route named in the first cell
        else:
            continue
        for method, raw in found:
            path = _strip_query(raw)
            if path.startswith("..."):
                suffix = path[3:]
                path = last_full[: last_full.rindex("/" + suffix.strip("/").split("/")[0])] + suffix
            else:
                last_full = path
            routes.append((method, path))
    return routes


def _strip_query(path: str) -> str:
    """``/users/reset-password?code=&userId=`` → ``/users/reset-password``; ``:userId?`` stays."""
    return re.sub(r"\?(?=[a-zA-Z_]+=).*$", "", path)


def expand(path: str) -> list[str]:
    """An optional ``:param?`` gives two routes: with and without that segment."""
    match = re.search(r"/:[A-Za-z]+\?", path)
    if match is None:
        return [path]
    without = path[: match.start()] + path[match.end() :]
    with_it = path[: match.end() - 1] + path[match.end() :]
    return expand(without or "/") + expand(with_it)


def load() -> list[tuple[str, str]]:
    return [tuple(line.split(" ", 1)) for line in LIST.read_text().splitlines() if line.strip()]  # type: ignore[misc]


if __name__ == "__main__":
    source = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/api/rest.md").read_text()
    LIST.write_text("".join(f"{method} {path}\n" for method, path in parse(source)))
    print(f"{len(load())} routes written to {LIST}")
