"""``POST /webhooks/:id/:token/github`` (rest.md §17.2): a GitHub delivery turned into one
markdown message, or nothing for events Hearth does not announce."""

from __future__ import annotations

from typing import Any

MAX_CONTENT = 2000
MAX_COMMITS = 20
GITHUB_AVATAR = "https://github.githubassets.com/images/modules/logos_page/GitHub-Mark.png"


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _text(value: Any, limit: int = 300) -> str:
    return " ".join(str(value).split())[:limit] if isinstance(value, (str, int, float)) else ""


def _first_line(value: Any) -> str:
    return _text(value.splitlines()[0] if isinstance(value, str) and value.strip() else "", 200)


def describe(event: str, payload: Any) -> str:
    """The message for one delivery ("" when the event is not announced)."""
    payload = _dict(payload)
    user = _text(_dict(payload.get("sender")).get("login"), 100) or "Someone"
    repo = _text(_dict(payload.get("repository")).get("full_name"), 200)
    prefix = f"[{repo}] " if repo else ""
    content = ""
    if event == "pull_request":
        pull = _dict(payload.get("pull_request"))
        action = payload.get("action")
        verb = (
            {"opened": "created"}.get(action) if action != "closed" else ("merged" if pull.get("merged") else "closed")
        )
        if verb and pull:
            content = f'{prefix}{user} {verb} a **pull request** titled: "{_text(pull.get("title"))}"'
            if _text(pull.get("html_url")):
                content += f"\n{_text(pull.get('html_url'), 500)}"
    elif event == "push":
        ref = _text(payload.get("ref"), 250)
        if payload.get("deleted") is True or not ref:
            return ""
        if ref.startswith("refs/tags/"):
            content = f"{prefix}{user} pushed the tag **{ref[len('refs/tags/') :]}**"
        else:
            branch = ref[len("refs/heads/") :] if ref.startswith("refs/heads/") else ref
            commits = [_dict(c) for c in payload.get("commits") or [] if isinstance(c, dict)]
            if not commits:
                return ""
            noun = "commit" if len(commits) == 1 else "commits"
            lines = [
                f"[🔗]({_text(c.get('url'), 500)}) {_first_line(c.get('message'))}"
                if _text(c.get("url"))
                else _first_line(c.get("message"))
                for c in commits[:MAX_COMMITS]
            ]
            if len(commits) > MAX_COMMITS:
                lines.append(f"… and {len(commits) - MAX_COMMITS} more")
            content = f"{prefix}{user} pushed {len(commits)} {noun} to **{branch}**\n" + "\n".join(lines)
    elif event == "release" and payload.get("action") == "published":
        release = _dict(payload.get("release"))
        name = _text(release.get("name")) or _text(release.get("tag_name"))
        if name:
            content = f"{prefix}{user} published the release **{name}**"
            if _text(release.get("html_url")):
                content += f"\n{_text(release.get('html_url'), 500)}"
    return content[:MAX_CONTENT]
