from core.mail import Mailer
from core.settings import load_settings
from tests.support import Inbox


async def test_mail_reaches_a_real_smtp_server(smtp_server):
    mailer = Mailer(load_settings(environ={}, overrides=smtp_server.overrides))
    assert not mailer.dev_mode
    await mailer.send("someone@example.com", "Hello", "Body text")
    message = await smtp_server.inbox.wait_for("someone@example.com")
    assert message["Subject"] == "Hello"
    assert Inbox.text(message).strip() == "Body text"


async def test_without_smtp_host_mail_is_in_dev_mode_and_not_sent(smtp_server):
    mailer = Mailer(load_settings(environ={}))
    assert mailer.dev_mode
    await mailer.send("someone@example.com", "Hello", "Body")
    assert smtp_server.inbox.messages == []
