"""A database URL fit to be shown: on a screen, in a sentence, in a log. Never a password.

The one place that reads a URL for showing it. SQLAlchemy hides the password it finds in
the userinfo; the drivers also take one in the query (``?password=...``), and a password
typed with a raw "@" (it should be written %40) makes SQLAlchemy end it at the first "@"
and read the rest as the server's name, which would then be shown."""

from __future__ import annotations

from urllib.parse import quote

from sqlalchemy.engine import URL, make_url

HIDDEN = "***"
# The query keys libpq, psycopg and the other drivers take a secret in.
SECRET_KEYS = frozenset({"password", "passwd", "pwd", "pass", "sslpassword"})


def is_text(url: str) -> bool:
    """Is ``url`` text a driver can be handed? A byte that is no UTF-8 in an argument or
    the environment reaches Python as a lone surrogate, which no driver encodes."""
    try:
        url.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def readable(url: str | URL) -> URL | None:
    """``url`` as the drivers will read it, every secret in it replaced by ``***``; None
    when it is no URL at all (then nothing of it may be shown: it may be a password)."""
    if isinstance(url, str) and not is_text(url):
        return None
    try:
        read = url if isinstance(url, URL) else make_url(userinfo_whole(url))
    except Exception:
        return None
    return read.set(
        password=HIDDEN if read.password else None,
        query={key: HIDDEN if key.lower() in SECRET_KEYS else value
               for key, value in read.query.items()})


def shown_url(url: str | URL) -> str:
    """The URL with its secrets hidden, or "?" when it cannot be read."""
    read = readable(url)
    if read is None:
        return "?"
    # Written out here, not by SQLAlchemy, which would quote the stars.
    shown = read.set(query={}).render_as_string(hide_password=True)
    query = "&".join(f"{key}={value}" for key, value in sorted(read.query.items()))
    return f"{shown}?{query}" if query else shown


def userinfo_whole(url: str) -> str:
    """``url`` with a password that holds a raw "@" quoted, so that the userinfo ends at the
    last "@" before the path, as RFC 3986 reads it."""
    scheme, sep, rest = url.partition("://")
    before_query = rest.split("?", 1)[0]
    if not sep or before_query.count("@") < 2:
        return url
    userinfo, _, _ = before_query.rpartition("@")
    user, colon, password = userinfo.partition(":")
    return f"{scheme}://{user}{colon}{quote(password, safe='')}{rest[len(userinfo):]}"
