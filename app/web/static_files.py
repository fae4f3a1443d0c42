"""Fingerprinted static files: ``/static/css/table.3f9a1c2b.css`` may be cached for a year.

A page names each static file with a digest of its bytes (the first eight hex digits of their
SHA-256) spliced in before its suffix: ``static_url("css/table.css")`` →
``/static/css/table.3f9a1c2b.css``. The server answers that name with the file ``css/table.css``
and::

    Cache-Control: public, max-age=31536000, immutable    the digest is the file's now
    Cache-Control: no-cache                               a stale digest (the file changed since
                                                          the page was made): the current file,
                                                          revalidated on each use

so a second visit loads only the HTML, and no file is ever kept under a name that is not its
own. The plain name (``/static/css/table.css``: old pages, hand-typed addresses) is served as
ever, with ``no-cache`` and StaticFiles' ETag and Last-Modified, so a browser revalidates it
(304). A file whose own name looks fingerprinted is served as itself (``no-cache``).

A file's digest is read once per version of the file: it is kept with the file's inode, size and
times, and read again only when one of them changes (a file edited while the server runs gets a
new name at once). A name without a suffix (``LICENSE``) is not fingerprinted.

Our own scripts and style sheets are served minified (rjsmin, rcssmin: comments and spaces go,
about a third of their bytes), made once per version of the file and kept in memory with an
ETag of their own; the files in the repository stay as written. Vendored files (``.min.``, and
everything in ``static/vendor/``) are served as they are.

Text files (scripts, style sheets, SVG) of up to :data:`MAX_KEPT_COMPRESSED` bytes are also
compressed once per version of the file, at each encoding's strongest level (Brotli 11, then
Zstandard 19, then gzip 9, the first the browser accepts), and kept: a first visit's files
come about 4 KB smaller than the app's on-the-fly compression makes them, at no CPU per
request. Each encoding has its own ETag (``"<digest>-br"``). Larger files (the API page's
Swagger UI) are left to the app's middleware.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import stat
import threading
from collections.abc import Callable

import anyio.to_thread
import brotli
import rcssmin
import rjsmin
import zstandard
from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from app.config import PROJECT_ROOT

STATIC_DIR = PROJECT_ROOT / "static"
STATIC_PREFIX = "/static/"  # where app/main.py mounts STATIC_DIR
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
VENDOR = f"{os.sep}vendor{os.sep}"  # static/vendor/: other projects' files, served as they are
_DIGEST = re.compile(r"\.[0-9a-f]{8}")

_digests: dict[str, tuple[tuple[int, int, int, int], str]] = {}  # full path → (version, digest)
_digests_lock = threading.Lock()  # pages render, and files are served, in worker threads
MINIFIERS = {
    ".js": (rjsmin.jsmin, "text/javascript; charset=utf-8"),
    ".css": (rcssmin.cssmin, "text/css; charset=utf-8"),
}
"""Minifier and media type by suffix, for the files served minified."""
_minified: dict[str, tuple[tuple[int, int, int, int], bytes, str]] = {}  # full path → (version, bytes, ETag)

KEPT_COMPRESSED = {".js": MINIFIERS[".js"][1], ".css": MINIFIERS[".css"][1], ".svg": "image/svg+xml"}
"""The files compressed once and kept (text that compresses well): media type by suffix."""
MAX_KEPT_COMPRESSED = 256 * 1024
"""The largest file (bytes on disk) compressed once and kept; larger ones go on the fly."""
ENCODERS: dict[str, Callable[[bytes], bytes]] = {
    "br": lambda data: brotli.compress(data, quality=11),
    "zstd": lambda data: zstandard.ZstdCompressor(level=19).compress(data),
    "gzip": lambda data: gzip.compress(data, compresslevel=9, mtime=0),
}
"""Each encoding's compressor at its strongest level, in order of preference."""
_compressed: dict[tuple[str, str], tuple[tuple[int, int, int, int], bytes, str]] = {}
"""(full path, encoding) → (version, compressed bytes, ETag)."""


def fingerprint(data: bytes) -> str:
    """A file's digest: the first 8 hex digits of the SHA-256 of its bytes (``"3f9a1c2b"``)."""
    return hashlib.sha256(data).hexdigest()[:8]


def fingerprinted_name(path: str, digest: str) -> str:
    """``"css/table.css", "3f9a1c2b"`` → ``"css/table.3f9a1c2b.css"``; a path whose name has no
    suffix comes back unchanged."""
    stem, suffix = os.path.splitext(path)
    if not suffix:
        return path
    return f"{stem}.{digest}{suffix}"


def split_fingerprint(path: str) -> tuple[str, str] | None:
    """The inverse of :func:`fingerprinted_name`: ``"css/table.3f9a1c2b.css"`` →
    ``("css/table.css", "3f9a1c2b")``; None for a path that carries no digest."""
    rest, suffix = os.path.splitext(path)
    stem, dotted_digest = os.path.splitext(rest)
    if not suffix or not _DIGEST.fullmatch(dotted_digest):
        return None
    return stem + suffix, dotted_digest[1:]


def _version(stat_result: os.stat_result) -> tuple[int, int, int, int]:
    return (stat_result.st_ino, stat_result.st_size, stat_result.st_mtime_ns, stat_result.st_ctime_ns)


def minified(full_path: str, stat_result: os.stat_result) -> tuple[bytes, str] | None:
    """``(minified bytes, their ETag)`` of our own script or style sheet at ``full_path`` (made
    once per version of the file, per process); None for any other file (vendored ``.min.``
    files, and all of ``static/vendor/``). The text is read as UTF-8."""
    suffix = os.path.splitext(full_path)[1]
    if suffix not in MINIFIERS or ".min." in os.path.basename(full_path) or VENDOR in full_path:
        return None
    version = _version(stat_result)
    with _digests_lock:
        known = _minified.get(full_path)
    if known is not None and known[0] == version:
        return known[1], known[2]
    with open(full_path, encoding="utf-8") as f:
        data = MINIFIERS[suffix][0](f.read()).encode()
    etag = f'"{fingerprint(data)}"'
    with _digests_lock:
        _minified[full_path] = (version, data, etag)
    return data, etag


def accepted_encoding(header: str) -> str | None:
    """The first of :data:`ENCODERS` an ``Accept-Encoding`` header accepts (``"br"``), or None;
    an encoding given ``q=0`` is refused, and ``*`` accepts any."""
    accepted: set[str] = set()
    refused: set[str] = set()
    for item in header.lower().split(","):
        coding, _, params = item.partition(";")
        q = params.strip().removeprefix("q=").strip() if params.strip().startswith("q=") else "1"
        try:
            zero = float(q) == 0
        except ValueError:
            zero = True
        (refused if zero else accepted).add(coding.strip())
    return next((e for e in ENCODERS if e not in refused and (e in accepted or "*" in accepted)), None)


def compressed(full_path: str, stat_result: os.stat_result, encoding: str) -> tuple[bytes, str]:
    """``(the file's bytes as served compressed by encoding, their ETag)`` for the file at
    ``full_path``: minified if it is ours (:func:`minified`), else as it is. Made once per
    version of the file and encoding (per process); the file is read only then."""
    key, version = (full_path, encoding), _version(stat_result)
    with _digests_lock:
        known = _compressed.get(key)
    if known is not None and known[0] == version:
        return known[1], known[2]
    small = minified(full_path, stat_result)
    if small is not None:
        data = small[0]
    else:
        with open(full_path, "rb") as f:
            data = f.read()
    packed = ENCODERS[encoding](data)
    etag = f'"{fingerprint(data)}-{encoding}"'
    with _digests_lock:
        _compressed[key] = (version, packed, etag)
    return packed, etag


def file_digest(full_path: str, stat_result: os.stat_result) -> str:
    """The :func:`fingerprint` of the file at ``full_path``, as ``stat_result`` describes it: read
    from disk only the first time this inode, size and mtime/ctime are seen (per process)."""
    version = _version(stat_result)
    with _digests_lock:
        known = _digests.get(full_path)
    if known is not None and known[0] == version:
        return known[1]
    with open(full_path, "rb") as f:
        digest = fingerprint(f.read())
    with _digests_lock:
        _digests[full_path] = (version, digest)
    return digest


def static_url(path: str, directory: str | os.PathLike[str] = STATIC_DIR) -> str:
    """Jinja global: ``{{ static_url('css/table.css') }}`` → ``"/static/css/table.3f9a1c2b.css"``
    (``path`` relative to ``directory``, ``/``-separated); the plain address if no such file."""
    full_path = os.path.join(directory, *path.split("/"))
    try:
        stat_result = os.stat(full_path)
    except OSError:
        return STATIC_PREFIX + path
    if not stat.S_ISREG(stat_result.st_mode):
        return STATIC_PREFIX + path
    return STATIC_PREFIX + fingerprinted_name(path, file_digest(full_path, stat_result))


class FingerprintedStaticFiles(StaticFiles):
    """StaticFiles (same arguments) that also answers fingerprinted names, and sets each
    answer's Cache-Control (see the module docstring). 404 and 405 as StaticFiles gives them."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file for ``path`` (plain or fingerprinted, OS-separated), with its Cache-Control
        (a 304 too)."""
        served, immutable = await anyio.to_thread.run_sync(self._resolve, path)
        request = Headers(scope=scope)
        reading = scope["method"] in ("GET", "HEAD")
        encoding = accepted_encoding(request.get("accept-encoding", "")) if reading else None
        packed = await anyio.to_thread.run_sync(self._compressed, served, encoding) if encoding else None
        small = await anyio.to_thread.run_sync(self._minified, served) if packed is None else None
        if packed is not None:
            response = self._kept_response(*packed, request)
        elif small is not None and reading:
            response = self._minified_response(*small, request)
        else:
            response = await super().get_response(served, scope)
        response.headers["Cache-Control"] = IMMUTABLE if immutable else REVALIDATE
        return response

    def _minified(self, path: str) -> tuple[bytes, str, str] | None:
        """``(bytes, ETag, media type)`` of the file at ``path`` served minified, else None."""
        found = self._regular_file(path)
        small = minified(*found) if found is not None else None
        if found is None or small is None:
            return None
        return small[0], small[1], MINIFIERS[os.path.splitext(found[0])[1]][1]

    def _compressed(self, path: str, encoding: str) -> tuple[bytes, str, str, str] | None:
        """``(bytes compressed by encoding, ETag, media type, encoding)`` of the file at
        ``path`` when it is kept compressed (:data:`KEPT_COMPRESSED`, at most
        :data:`MAX_KEPT_COMPRESSED` bytes on disk), else None."""
        found = self._regular_file(path)
        media_type = KEPT_COMPRESSED.get(os.path.splitext(found[0])[1]) if found is not None else None
        if found is None or media_type is None or found[1].st_size > MAX_KEPT_COMPRESSED:
            return None
        packed, etag = compressed(*found, encoding)
        return packed, etag, media_type, encoding

    @staticmethod
    def _kept_response(data: bytes, etag: str, media_type: str, encoding: str, request: Headers) -> Response:
        """A file kept compressed, or a 304 when the browser's copy has its ETag, or the ETag
        of the same bytes uncompressed (a copy it got plain is as good)."""
        held = {t.strip() for t in request.get("if-none-match", "").split(",")}
        for known in (etag, etag.rsplit("-", 1)[0] + '"'):
            if known in held:
                return Response(status_code=304, headers={"ETag": known, "Vary": "Accept-Encoding"})
        headers = {"ETag": etag, "Vary": "Accept-Encoding", "Content-Encoding": encoding}
        return Response(data, media_type=media_type, headers=headers)

    @staticmethod
    def _minified_response(data: bytes, etag: str, media_type: str, request: Headers) -> Response:
        """The minified file, or a 304 when the browser's copy has its ETag."""
        if etag in [t.strip() for t in request.get("if-none-match", "").split(",")]:
            return Response(status_code=304, headers={"ETag": etag})
        return Response(data, media_type=media_type, headers={"ETag": etag})

    def _resolve(self, path: str) -> tuple[str, bool]:
        """``(the path to serve, whether its answer is immutable)`` for a requested path."""
        parts = split_fingerprint(path)
        if parts is None or self._regular_file(path) is not None:
            return path, False
        plain, digest = parts
        found = self._regular_file(plain)
        if found is None:
            return path, False  # no such file: StaticFiles answers 404
        return plain, digest == file_digest(*found)

    def _regular_file(self, path: str) -> tuple[str, os.stat_result] | None:
        """``(full path, stat)`` of the regular file at ``path`` inside the served folders (as
        StaticFiles looks it up, so never outside them), else None."""
        try:
            full_path, stat_result = self.lookup_path(path)
        except (OSError, ValueError):
            return None
        if stat_result is None or not stat.S_ISREG(stat_result.st_mode):
            return None
        return full_path, stat_result
