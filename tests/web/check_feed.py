#!/usr/bin/python3
"""Reads a podcast feed the way a real client does and prints what it understood, as JSON.

Usage: /usr/bin/python3 check_feed.py FEED.xml

feedparser (Debian's python3-feedparser) gives the RSS and iTunes view: the bozo flag says
whether it had to recover from malformed XML. feedparser 6 ignores the Podcasting 2.0
namespace, so podcast:transcript and podcast:chapters are read with xml.etree, which also
rejects any document that is not well-formed XML. Exits 2 with a message on stderr when
feedparser is missing, so that the calling test fails instead of passing vacuously.
"""
import html.parser
import json
import sys
import time
import xml.etree.ElementTree as ET

try:
    import feedparser
except ImportError:
    sys.stderr.write(
        f"check_feed.py: feedparser is not importable by {sys.executable}; "
        "install Debian's python3-feedparser (apt-get install python3-feedparser)\n")
    sys.exit(2)

PODCAST_NS = "https://podcastindex.org/namespace/1.0"
ATOM_NS = "http://www.w3.org/2005/Atom"
ITUNES_NS = "http://www.itunes.com/dtds/podcast-1.0.dtd"


class _TextOf(html.parser.HTMLParser):
    """The text an HTML fragment displays: entities decoded, any tag dropped."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []

    def handle_data(self, data):
        self.parts.append(data)


def html_text(fragment):
    parser = _TextOf()
    parser.feed(fragment)
    parser.close()
    return "".join(parser.parts)


def iso(parsed):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", parsed) if parsed else None


def namespaced(path):
    """What feedparser does not expose: podcast:*, atom:link and the literal itunes:explicit
    (feedparser 6.0 maps only "yes" and "clean", so Apple's current "false" reads as None).
    Returns the channel's and each item's, the latter keyed by guid."""
    root = ET.parse(path).getroot()
    channel = root.find("channel")
    self_link = channel.find(f"{{{ATOM_NS}}}link")
    found_channel = {
        "self": dict(self_link.attrib) if self_link is not None else None,
        "itunes_explicit": channel.findtext(f"{{{ITUNES_NS}}}explicit"),
    }
    items = {}
    for item in channel.findall("item"):
        found = {"itunes_explicit": item.findtext(f"{{{ITUNES_NS}}}explicit")}
        transcript = item.find(f"{{{PODCAST_NS}}}transcript")
        if transcript is not None:
            found["transcript"] = dict(transcript.attrib)
        chapters = item.find(f"{{{PODCAST_NS}}}chapters")
        if chapters is not None:
            found["chapters"] = dict(chapters.attrib)
        items[item.findtext("guid")] = found
    return found_channel, items


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: check_feed.py FEED.xml\n")
        return 2
    path = sys.argv[1]
    parsed = feedparser.parse(path)
    feed = parsed.feed
    image = feed.get("image", {})
    summary = {
        "bozo": int(parsed.bozo),
        "bozo_exception": str(parsed.get("bozo_exception", "")),
        "version": parsed.get("version", ""),
        "encoding": parsed.get("encoding", ""),
        "namespaces": dict(parsed.get("namespaces", {})),
        "feed": {
            "title": feed.get("title"),
            "link": feed.get("link"),
            "language": feed.get("language"),
            "subtitle_text": html_text(feed.get("subtitle", "")),
            "author": feed.get("author"),
            "generator": feed.get("generator"),
            "image_href": image.get("href"),
            "updated": iso(feed.get("updated_parsed")),
            "published": iso(feed.get("published_parsed")),
            "categories": [t.get("term") for t in feed.get("tags", [])],
        },
        "entries": [],
    }
    channel_extras, extras = namespaced(path)
    summary["feed"].update(channel_extras)
    for entry in parsed.entries:
        enclosures = [
            {"href": e.get("href"), "length": e.get("length"), "type": e.get("type")}
            for e in entry.get("enclosures", [])
        ]
        raw_summary = entry.get("summary", "")
        content = entry.get("content", [])
        extra = extras.get(entry.get("id"), {})
        summary["entries"].append({
            "id": entry.get("id"),
            "guidislink": entry.get("guidislink"),
            "title": entry.get("title"),
            "title_type": entry.get("title_detail", {}).get("type"),
            "link": entry.get("link"),
            "published": iso(entry.get("published_parsed")),
            "author": entry.get("author"),
            "enclosures": enclosures,
            "itunes_duration": entry.get("itunes_duration"),
            "itunes_episode": entry.get("itunes_episode"),
            "itunes_explicit": extra.get("itunes_explicit"),
            "keywords": [t.get("term") for t in entry.get("tags", [])],
            # summary is HTML as feedparser sanitised it; summary_text is what a reader shows.
            "summary": raw_summary,
            "summary_text": html_text(raw_summary),
            "content_html": content[0].get("value") if content else None,
            "transcript": extra.get("transcript"),
            "chapters": extra.get("chapters"),
        })
    json.dump(summary, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
