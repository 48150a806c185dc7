"""index.html of the archive: what it holds, readable without tools."""

from __future__ import annotations

from html import escape
from typing import Any


def render(user: dict[str, Any], created_at: str, parts: list[dict[str, Any]], files: dict[str, int]) -> str:
    rows = "\n".join(
        f'<tr><td><a href="{escape(p["file"])}">{escape(p["title"])}</a></td><td>{p["count"]}</td></tr>' for p in parts
    )
    name = escape(f"{user.get('username', '')}:{user.get('tag', '')}")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Your Hearth data — {name}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}}
table{{border-collapse:collapse;width:100%}}td,th{{border-bottom:1px solid #ccc;padding:.4rem;text-align:start}}</style>
</head><body>
<h1>Your Hearth data</h1>
<p>Account <strong>{name}</strong> (id {escape(str(user.get("id", "")))}), exported {escape(created_at)}.</p>
<p>Each part is a JSON file described in <code>manifest.json</code> (format <code>hearth.user-data</code>).
Files you uploaded are in the <code>files/</code> folder: {files["copied"]} copied, {files["leftOut"]} left out.</p>
<table><thead><tr><th>Part</th><th>Items</th></tr></thead><tbody>
{rows}
</tbody></table>
</body></html>
"""
