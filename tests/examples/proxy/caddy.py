"""Caddy (Debian's package) started on free ports with examples/proxy/Caddyfile: the documented
site block with its name and upstream replaced, behind a global block that makes Caddy issue the
certificate from its own internal CA (``local_certs``, as ``tls internal`` does) instead of a
public one; the client trusts that CA's root."""

from __future__ import annotations

import asyncio
import os
import shutil
import ssl
import subprocess
from pathlib import Path

from tests.examples.proxy.journey import EXAMPLES
from tests.support import free_port

BINARY = shutil.which("caddy")


class Caddy:
    def __init__(self, directory: Path, upstream: str):
        self.http_port, self.https_port = free_port(), free_port()
        self.url = f"https://localhost:{self.https_port}"
        storage = directory / "storage"
        self.root_certificate = storage / "pki" / "authorities" / "local" / "root.crt"
        site = (
            (EXAMPLES / "Caddyfile")
            .read_text()
            .replace("chat.example.org {", f"localhost:{self.https_port} {{")
            .replace("reverse_proxy 127.0.0.1:8000 {", f"reverse_proxy {upstream} {{")
        )
        directives = "\n".join(line for line in site.splitlines() if not line.lstrip().startswith("#"))
        assert "example.org" not in directives and ":8000" not in directives, directives
        global_options = (
            "{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n"
            f"\thttp_port {self.http_port}\n\thttps_port {self.https_port}\n"
            f"\tstorage file_system {storage}\n}}\n\n"
        )
        config = directory / "Caddyfile"
        config.write_text(global_options + site)
        self.log = directory / "caddy.log"
        assert BINARY is not None
        home = {"HOME": str(directory), "XDG_DATA_HOME": str(directory / "data"), "XDG_CONFIG_HOME": str(directory)}
        self.process = subprocess.Popen(
            [BINARY, "run", "--config", str(config), "--adapter", "caddyfile"],
            env={**os.environ, **home},
            stdout=subprocess.DEVNULL,
            stderr=self.log.open("w"),
        )

    async def ready(self) -> None:
        for _ in range(600):
            if self.process.poll() is not None:
                raise AssertionError(f"caddy exited:\n{self.log.read_text()}")
            if self.root_certificate.exists() and await self._handshakes():
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"caddy did not start:\n{self.log.read_text()}")

    async def _handshakes(self) -> bool:
        """Whether a TLS handshake for localhost succeeds: Caddy listens, and writes its root, before
        it has issued the site's own certificate, and until then it answers with an internal error."""
        context = ssl.create_default_context(cafile=str(self.root_certificate))
        try:
            _, writer = await asyncio.open_connection(
                "127.0.0.1", self.https_port, ssl=context, server_hostname="localhost"
            )
        except (OSError, ssl.SSLError):
            return False
        writer.close()
        return True

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
