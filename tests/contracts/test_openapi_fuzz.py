"""Fuzzing driven by ``/api/openapi.json`` (schemathesis): every documented operation gets
generated requests, valid and invalid for its schema, from a signed-in user, with path ids
that are random or name real things of ``fuzz_world.World``. No answer may be a 5xx.

Bounded for CI: ``HEARTH_FUZZ_EXAMPLES`` examples per operation (default 20) within
``HEARTH_FUZZ_SECONDS`` (default 60); operations past that time still get ``QUICK_EXAMPLES`` each,
so every operation is reached however busy the machine (they are reported), from the fixed
``HEARTH_FUZZ_SEED``, so a failure reproduces. A longer run by hand:

    HEARTH_FUZZ_EXAMPLES=300 HEARTH_FUZZ_SECONDS=3600 .venv/bin/python -m pytest -m fuzz -s
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from collections import Counter
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from tests.contracts.fuzz_world import World

pytestmark = pytest.mark.fuzz

EXAMPLES = int(os.environ.get("HEARTH_FUZZ_EXAMPLES", "20"))
SECONDS = float(os.environ.get("HEARTH_FUZZ_SECONDS", "60"))
SEED = int(os.environ.get("HEARTH_FUZZ_SEED", "20260917"))
QUICK_EXAMPLES = 3
MODES = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
# A success of these may take away part of the world (its token, server, member, DM): rebuild it.
_SPENDS_THE_WORLD = re.compile(r"/(leave|kick|bans|block|transfer-ownership|logout)\b")


class Report:
    def __init__(self) -> None:
        self.failures: list[str] = []
        self.operations = 0
        self.requests = 0
        self.quick: list[str] = []
        self.statuses: dict[str, Counter[int]] = {}


def _spends_the_world(method: str, path: str, status: int) -> bool:
    return status < 300 and (method == "DELETE" or bool(_SPENDS_THE_WORLD.search(path)))


def _fuzz_operation(operation: Any, world: World, base_url: str, report: Report, examples: int) -> bool:
    """Run one operation's examples; True when a success may have changed the world."""
    auth = {"Authorization": world.token}
    names = [p.name for p in operation.path_parameters]
    generated = [operation.as_strategy(mode, headers=auth) for mode in MODES]
    aimed = [
        operation.as_strategy(mode, headers=auth, path_parameters=fixed)
        for fixed in world.path_parameters(names)
        for mode in MODES
    ]
    # Half the examples name real things, or most of them would stop at a 403 / 404.
    strategy = st.one_of(st.one_of(generated), st.one_of(aimed)) if aimed else st.one_of(generated)
    session = requests.Session()
    spent = False

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    @seed(SEED)
    @given(case=strategy)
    def examples(case: Any) -> None:
        nonlocal spent
        response = case.call(base_url=base_url, session=session, timeout=60, allow_redirects=False)
        report.requests += 1
        report.statuses.setdefault(f"{case.method} {operation.path}", Counter())[response.status_code] += 1
        if response.status_code >= 500:
            report.failures.append(
                f"{response.status_code} {case.method} {case.formatted_path}\n"
                f"  {case.as_curl_command(headers=auth)}\n  -> {response.text[:300]}"
            )
        spent = spent or _spends_the_world(case.method, case.formatted_path, response.status_code)

    examples()
    return spent


def fuzz(base_url: str, document: dict[str, Any]) -> Report:
    deadline = time.monotonic() + SECONDS
    schema = schemathesis.openapi.from_dict(document)
    report = Report()
    world = World(base_url).build()
    for result in schema.get_all_operations():
        operation = result.ok()
        label = f"{operation.method.upper()} {operation.path}"
        examples = EXAMPLES
        if time.monotonic() > deadline:
            report.quick.append(label)
            examples = min(EXAMPLES, QUICK_EXAMPLES)
        report.operations += 1
        if _fuzz_operation(operation, world, base_url, report, examples):
            world.build()
    return report


def document_operations(document: dict[str, Any]) -> list[tuple[str, str]]:
    methods = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
    return [(method, path) for path, item in document["paths"].items() for method in item if method in methods]


async def test_no_documented_operation_answers_a_server_error(start_server, tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>Hearth</title>")  # the SPA, built or not
    server = await start_server(**{"link_embeds.enabled": False, "server.webui_dist": str(tmp_path)})
    document = await (await server.app.quart.test_client().get("/api/openapi.json")).get_json()
    report = await asyncio.to_thread(fuzz, server.url, document)
    for label, statuses in report.statuses.items():
        print(f"  {label}: {dict(sorted(statuses.items()))}")
    print(
        f"fuzzed {report.operations} operations with {report.requests} requests (seed {SEED}); "
        f"{QUICK_EXAMPLES} examples only, past {SECONDS:.0f} s: {report.quick or 'none'}"
    )
    assert report.operations == len(document_operations(document)) >= 100
    assert report.failures == [], "\n".join(report.failures)
