"""The mail saying an export is ready (dev mail mode writes it to the log)."""

from __future__ import annotations

import logging

from core.context import hearth
from core.identity.models import Account, User
from core.mail import MailError

log = logging.getLogger("hearth.data_export")


def settings_link(export_id: int) -> str:
    base = str(hearth().settings.server.public_url).rstrip("/")
    return f"{base}/app/settings/account?dataExport={export_id}"


async def ready(user: User, export_id: int) -> None:
    account = await Account.get_or_none(user_id=user.id)
    if account is None:
        return  # a bot: nobody to mail
    from plugins.data_export.settings import options

    try:
        await hearth().mailer.send(
            account.email,
            "Your Hearth data is ready",
            f"Hello {user.username},\n\nThe copy of your data you asked for is ready. Sign in and download it here:\n"
            f"{settings_link(export_id)}\n\n"
            f"The download is kept for {options().link_hours} hours. If you did not ask for it, change your password.",
        )
    except MailError:
        log.warning("could not mail user %s that their data export %s is ready", user.id, export_id)
