"""What the SQLite search index costs the database per message sent, without the app around it
(issue 37: a send ≤ 15 % more CPU with the index; bench/search.py measures whole sends).

A scratch database with a messages table like Hearth's (its channel index, WAL, synchronous
NORMAL as ``core.db`` sets), --existing messages already indexed, then --sends messages each
inserted in a transaction of its own, as a send is, in three ways, alternating --rounds times:

- ``no index``: nothing else;
- ``in the writer``: FTS5 external-content triggers in the sender's transaction (before 0003);
- ``after commit``: the note trigger, and the indexer's batches (``plugins/search``), whose work
  is counted in the round: one every --every sends, as many as have come since the last (the
  indexer runs every 0.5 s: at 2 sends a second a batch holds one message, at 300 a second 150;
  up to 500).

Prints the CPU time per message (this process: SQLite runs in it) and, under valgrind's callgrind
with --callgrind DIR, instructions (bench/callgrind.py), which a loaded machine does not change:

    .venv/bin/python bench/search_upkeep.py
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg/out.%p .venv/bin/python \\
        bench/search_upkeep.py --sends 500 --rounds 3 --callgrind /tmp/cg
"""

from __future__ import annotations

import argparse
import itertools
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.callgrind import Callgrind  # noqa: E402
from bench.search import VOCABULARY, vocabulary  # noqa: E402
from core import fulltext  # noqa: E402
from plugins.search import indexer  # noqa: E402

TOKENIZE = "tokenize='unicode61 remove_diacritics 2'"
NOTES = [
    "CREATE TRIGGER search_inserted AFTER INSERT ON messages BEGIN "
    "INSERT INTO search_changes (message_id) VALUES (new.id); END",
]


def texts(rng: random.Random, words: list[str], count: int) -> list[str]:
    cumulative = list(itertools.accumulate(1 / (rank + 1) ** 1.07 for rank in range(VOCABULARY)))
    return [" ".join(rng.choices(words, cum_weights=cumulative, k=rng.randint(3, 20))) for _ in range(count)]


def database(path: str, kind: str, existing: list[str]) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("CREATE TABLE messages (id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL, content TEXT)")
    db.execute("CREATE INDEX idx_messages_channel ON messages (channel_id, id)")
    db.execute("CREATE TABLE search_changes (id INTEGER PRIMARY KEY AUTOINCREMENT, message_id INTEGER NOT NULL)")
    db.execute("BEGIN")
    db.executemany("INSERT INTO messages VALUES (?, ?, ?)", ((n + 1, n % 100, t) for n, t in enumerate(existing)))
    db.execute("COMMIT")
    if kind == "in the writer":
        for statement in fulltext.sqlite_fts_create("message_search", "messages"):
            db.execute(statement)
    elif kind == "after commit":
        db.execute(f"CREATE VIRTUAL TABLE message_search USING fts5(content, {TOKENIZE})")
        db.execute("INSERT INTO message_search (rowid, content) SELECT id, content FROM messages")
        for statement in NOTES:
            db.execute(statement)
    return db


def index_pending(db: sqlite3.Connection) -> None:
    """The indexer's batches (plugins/search/indexer.py's statements), until the notes run out."""
    while True:
        db.execute("BEGIN IMMEDIATE")
        taken = [row[0] for row in db.execute(indexer._SQLITE_TAKE, [indexer.BATCH])]
        if taken:
            changed = "[" + ",".join(map(str, taken)) + "]"
            db.execute(indexer._SQLITE_FORGET, [changed])
            db.execute(indexer._SQLITE_WRITE, [changed])
        db.execute("COMMIT")
        if len(taken) < indexer.BATCH:
            return


def send_round(db: sqlite3.Connection, kind: str, batch: list[str], first_id: int, every: int) -> None:
    for n, text in enumerate(batch):
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO messages VALUES (?, ?, ?)", (first_id + n, n % 100, text))
        db.execute("COMMIT")
        if kind == "after commit" and (n + 1) % every == 0:
            index_pending(db)
    if kind == "after commit":
        index_pending(db)


def main(args) -> None:
    rng = random.Random(5)
    words = vocabulary(rng)
    existing = texts(rng, words, args.existing)
    scratch = tempfile.mkdtemp(prefix="hearth-search-upkeep-")
    kinds = ["no index", "in the writer", "after commit"]
    dbs = {kind: database(f"{scratch}/{n}.sqlite3", kind, existing) for n, kind in enumerate(kinds)}
    callgrind = Callgrind(args.callgrind) if args.callgrind else None
    cpu: dict[str, list[float]] = {kind: [] for kind in kinds}
    next_id = args.existing + 1
    print(
        f"SQLite {sqlite3.sqlite_version}: {args.existing} messages stored, {args.sends} sends a round,"
        f" a batch every {args.every}",
        flush=True,
    )
    for round_number in range(args.rounds):
        batch = texts(rng, words, args.sends)
        order = kinds if round_number % 2 == 0 else list(reversed(kinds))
        for kind in order:
            if callgrind:
                callgrind.zero()
            started = time.process_time()
            send_round(dbs[kind], kind, batch, next_id, args.every)
            cpu[kind].append((time.process_time() - started) * 1e6 / args.sends)
            if callgrind:
                callgrind.dump(f"{kind} {round_number}")
        next_id += args.sends
    base = statistics.median(cpu["no index"])
    for kind in kinds:
        each = statistics.median(cpu[kind])
        rounds = ", ".join(f"{value:.0f}" for value in cpu[kind])
        print(f"  {kind:<14} {each:7.1f} µs CPU a message (median; rounds {rounds})  +{each - base:.1f} µs", flush=True)
    if callgrind:
        counted = callgrind.counted()
        base_instructions = statistics.median(v for k, v in counted.items() if k.startswith("no index")) / args.sends
        for kind in kinds:
            each = statistics.median(v for k, v in counted.items() if k.startswith(kind)) / args.sends
            print(
                f"  {kind:<14} {each / 1000:8.1f} k instructions a message  +{(each - base_instructions) / 1000:.1f} k",
                flush=True,
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--existing", type=int, default=100_000)
    parser.add_argument("--sends", type=int, default=2_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--every", type=int, default=100, help="sends between the indexer's batches")
    parser.add_argument("--callgrind", default="", help="under valgrind's callgrind: its output directory")
    main(parser.parse_args())
