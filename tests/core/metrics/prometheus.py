"""A real Prometheus (Debian's ``prometheus`` package) on a free port, scraping the given targets
every second with a bearer token, with Hearth's documented alert rules loaded."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from pathlib import Path
from typing import Any

import aiohttp

from core.settings import ROOT
from tests.support import free_port

ALERTS = ROOT / "docs" / "metrics" / "hearth-alerts.yml"
DASHBOARD = ROOT / "docs" / "metrics" / "grafana-dashboard.json"
BINARY = shutil.which("prometheus")


class Prometheus:
    def __init__(self, directory: Path, target: str, token: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = directory / "prometheus.yml"
        config.write_text(
            "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
            f"rule_files: [{str(ALERTS)!r}]\n"
            "scrape_configs:\n  - job_name: hearth\n    metrics_path: /metrics\n"
            f"    authorization: {{type: Bearer, credentials: {token!r}}}\n"
            f"    static_configs: [{{targets: [{target!r}]}}]\n"
        )
        self.log = directory / "prometheus.log"
        assert BINARY is not None
        self.process = subprocess.Popen(
            [
                BINARY,
                f"--config.file={config}",
                f"--storage.tsdb.path={directory / 'data'}",
                f"--web.listen-address=127.0.0.1:{self.port}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=self.log.open("w"),
        )

    async def get(self, path: str, **params: str) -> Any:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{self.url}{path}", params=params) as response:
                body = await response.json()
                assert body["status"] == "success", body
                return body["data"]

    async def ready(self, timeout: float = 60.0) -> None:
        for _ in range(int(timeout / 0.2)):
            if self.process.poll() is not None:
                raise AssertionError(f"prometheus exited:\n{self.log.read_text()}")
            try:
                async with aiohttp.ClientSession() as http:
                    async with http.get(f"{self.url}/-/ready") as response:
                        if response.status == 200:
                            return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.2)
        raise AssertionError(f"prometheus not ready:\n{self.log.read_text()}")

    async def scalar(self, query: str) -> float | None:
        result = (await self.get("/api/v1/query", query=query))["result"]
        return float(result[0]["value"][1]) if result else None

    async def wait_for(self, query: str, expected: float, timeout: float = 60.0) -> None:
        seen = None
        for _ in range(int(timeout / 0.5)):
            seen = await self.scalar(query)
            if seen == expected:
                return
            await asyncio.sleep(0.5)
        raise AssertionError(f"{query} = {seen}, expected {expected}:\n{self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
