"""Outgoing mail: SMTP through aiosmtplib, or dev mail mode (logged) when no host is set."""

from __future__ import annotations

import logging
from email.message import EmailMessage

import aiosmtplib

from core.settings import Settings

log = logging.getLogger("hearth.mail")


class MailError(Exception):
    pass


class Mailer:
    def __init__(self, settings: Settings):
        self._config = settings.section("mail")

    @property
    def dev_mode(self) -> bool:
        return not self._config.get("smtp_host")

    async def send(self, to: str, subject: str, text: str) -> None:
        if self.dev_mode:
            log.info("dev mail to %s: %s\n%s", to, subject, text)
            return
        message = EmailMessage()
        message["From"] = self._config["from_address"]
        message["To"] = to
        message["Subject"] = subject
        message.set_content(text)
        security = self._config.get("smtp_security", "starttls")
        try:
            await aiosmtplib.send(
                message,
                hostname=self._config["smtp_host"],
                port=int(self._config["smtp_port"]),
                username=self._config.get("smtp_username") or None,
                password=self._config.get("smtp_password") or None,
                use_tls=security == "tls",
                start_tls=True if security == "starttls" else False,
                timeout=15,
            )
        except (aiosmtplib.SMTPException, OSError) as error:
            log.warning("could not send mail to %s: %s", to, error)
            raise MailError(str(error)) from error
