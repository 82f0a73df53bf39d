#!/usr/bin/env python3
"""Reads an Anki package back with Python's own zipfile and sqlite3, following Anki's published
collection schema (version 11), and checks every note and card. Independent of lectio's writer
(libzip and the SQLite C library).

Usage: read_apkg.py FILE.apkg
Prints a JSON summary (notes, cards, decks, note types, each note's fields); exits 1 naming the
first problem found.
"""
import hashlib
import json
import re
import sqlite3
import sys
import tempfile
import zipfile
import os

COLUMNS = {
    "col": ["id", "crt", "mod", "scm", "ver", "dty", "usn", "ls", "conf", "models", "decks",
            "dconf", "tags"],
    "notes": ["id", "guid", "mid", "mod", "usn", "tags", "flds", "sfld", "csum", "flags", "data"],
    "cards": ["id", "nid", "did", "ord", "mod", "usn", "type", "queue", "due", "ivl", "factor",
              "reps", "lapses", "left", "odue", "odid", "flags", "data"],
    "revlog": ["id", "cid", "usn", "ease", "ivl", "lastIvl", "factor", "time", "type"],
    "graves": ["usn", "oid", "type"],
}


def fail(message):
    sys.exit(f"read_apkg: {message}")


def main(path):
    with zipfile.ZipFile(path) as z:
        names = set(z.namelist())
        if "collection.anki2" not in names or "media" not in names:
            fail(f"{path}: entries {sorted(names)}, want collection.anki2 and media")
        media = json.loads(z.read("media"))
        with tempfile.TemporaryDirectory() as tmp:
            z.extract("collection.anki2", tmp)
            db = sqlite3.connect(os.path.join(tmp, "collection.anki2"))
            return check(db, media)


def check(db, media):
    for table, columns in COLUMNS.items():
        got = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
        if got != columns:
            fail(f"table {table}: columns {got}, want {columns}")
    rows = db.execute("SELECT ver, models, decks, dconf, conf FROM col").fetchall()
    if len(rows) != 1:
        fail(f"col has {len(rows)} rows")
    ver, models, decks, dconf, conf = rows[0]
    if ver != 11:
        fail(f"collection version {ver}, want 11")
    models = json.loads(models)
    decks = json.loads(decks)
    json.loads(dconf)
    json.loads(conf)
    for mid, m in models.items():
        if str(m["id"]) != mid or not m["flds"] or not m["tmpls"]:
            fail(f"note type {mid} is incomplete")
    notes = {}
    for nid, guid, mid, tags, flds, sfld, csum in db.execute(
            "SELECT id, guid, mid, tags, flds, sfld, csum FROM notes"):
        m = models.get(str(mid))
        if m is None:
            fail(f"note {nid}: unknown note type {mid}")
        fields = flds.split("\x1f")
        if len(fields) != len(m["flds"]):
            fail(f"note {nid}: {len(fields)} fields, its type has {len(m['flds'])}")
        first = re.sub(r"<[^>]*>", "", fields[0])
        if csum != int(hashlib.sha1(first.encode()).hexdigest()[:8], 16):
            fail(f"note {nid}: checksum {csum} is not that of its first field")
        if m["type"] == 1 and "{{c1::" not in fields[0]:
            fail(f"note {nid}: a cloze note without a cloze deletion")
        if not fields[0].strip() or not fields[1].strip() or not fields[-1].strip():
            fail(f"note {nid}: an empty field")
        notes[nid] = {"guid": guid, "type": m["name"], "fields": dict(zip([f["name"] for f in m["flds"]], fields)),
                      "tags": tags.split()}
    cards = 0
    per_deck = {}
    for cid, nid, did, ord_, type_, queue in db.execute(
            "SELECT id, nid, did, ord, type, queue FROM cards"):
        if nid not in notes:
            fail(f"card {cid}: no note {nid}")
        if str(did) not in decks:
            fail(f"card {cid}: no deck {did}")
        if ord_ != 0 or type_ != 0 or queue != 0:
            fail(f"card {cid}: not a new card of template 0")
        name = decks[str(did)]["name"]
        per_deck[name] = per_deck.get(name, 0) + 1
        cards += 1
    if cards != len(notes):
        fail(f"{cards} cards for {len(notes)} notes")
    print(json.dumps({"notes": len(notes), "cards": cards, "decks": per_deck, "media": media,
                      "note_types": sorted(m["name"] for m in models.values()),
                      "items": list(notes.values())}, ensure_ascii=False))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
