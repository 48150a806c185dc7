"""nginx (Debian's package) started on free ports with examples/proxy/nginx.conf: the documented
file with its upstream, ports, name and certificate paths replaced, inside a minimal main config."""

from __future__ import annotations

import asyncio
import datetime
import os
import shutil
import subprocess
from pathlib import Path

from tests.examples.proxy.journey import EXAMPLES
from tests.support import free_port

BINARY = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)


def self_signed(directory: Path, name: str = "localhost") -> tuple[Path, Path]:
    """A certificate for ``name`` (the client trusts it as its CA) and its key."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = directory / "fullchain.pem", directory / "privkey.pem"
    cert_file.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_file, key_file


class Nginx:
    def __init__(self, directory: Path, upstream: str):
        self.http_port, self.https_port = free_port(), free_port()
        self.url = f"https://localhost:{self.https_port}"
        self.cert, key = self_signed(directory)
        site = (
            (EXAMPLES / "nginx.conf")
            .read_text()
            .replace("server 127.0.0.1:8000;", f"server {upstream};")
            .replace("listen 80;", f"listen 127.0.0.1:{self.http_port};")
            .replace("listen 443 ssl http2;", f"listen 127.0.0.1:{self.https_port} ssl http2;")
            .replace("server_name chat.example.org;", "server_name localhost;")
            .replace("/etc/letsencrypt/live/chat.example.org/fullchain.pem", str(self.cert))
            .replace("/etc/letsencrypt/live/chat.example.org/privkey.pem", str(key))
        )
        directives = "\n".join(line for line in site.splitlines() if not line.lstrip().startswith("#"))
        assert "example.org" not in directives and ":8000" not in directives, directives
        (directory / "hearth.conf").write_text(site)
        temp = directory / "temp"
        temp.mkdir()
        user = "user root;\n" if os.geteuid() == 0 else ""  # its workers write the temporary files here
        (directory / "nginx.conf").write_text(
            f"{user}daemon off;\nworker_processes 1;\npid {directory}/nginx.pid;\nerror_log {directory}/error.log;\n"
            "events { worker_connections 256; }\n"
            "http {\n  access_log off;\n"
            + "".join(
                f"  {kind}_temp_path {temp}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
            )
            + f"  include {directory}/hearth.conf;\n}}\n"
        )
        self.error_log = directory / "error.log"
        assert BINARY is not None
        self.process = subprocess.Popen(
            [BINARY, "-p", str(directory), "-c", str(directory / "nginx.conf"), "-e", str(self.error_log)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    async def ready(self) -> None:
        for _ in range(300):
            if self.process.poll() is not None:
                raise AssertionError(f"nginx exited: {self.process.stderr.read().decode()}")
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", self.https_port)
                writer.close()
                return
            except OSError:
                await asyncio.sleep(0.05)
        raise AssertionError("nginx did not start")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
