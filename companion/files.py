"""Files the companion writes for the player (PDFs, records): whole or not at all."""

from __future__ import annotations

import glob
import os
import re
import tempfile
import time
from pathlib import Path

from .engine.record import RECORD_OPENERS

SQLITE_MAGIC = b"SQLite format 3\x00"      # the first 16 bytes of every SQLite database
PDF_MAGIC = b"%PDF-"
GAME_TAG = RECORD_OPENERS[0]    # the tag a game record's first line holds
GAME_RECORD_TAG = GAME_TAG + 'High & Tight"]'     # (the game this companion records)


def path_argument(text: str) -> Path:
    """A file or folder named on the command line: an empty one ('') is refused, not read
    as the folder the command runs in (`data check ""` checked '.')."""
    if not text.strip():
        import argparse

        raise argparse.ArgumentTypeError("an empty path: give a name")
    return Path(text)


def db_words(path: str | Path | None) -> str:
    """' --db PATH' for a command the companion suggests, the path quoted as a shell needs
    it ('My Games/games.db'); '' for the default game file."""
    import shlex

    return "" if path is None else f" --db {shlex.quote(str(path))}"


def starts_with(path: Path, magic: bytes) -> bool:
    """Whether the file's first bytes are `magic` (an unreadable file: True, so that the
    caller's own error says more, and nothing is written over it)."""
    try:
        with open(path, "rb") as file:
            return file.read(len(magic)) == magic
    except OSError:
        return True


def output_problem(out: Path, suffix: str | None = None, replaces: str | None = None
                   ) -> str | None:
    """Why an output file (a PDF, a record) cannot be written there; None if it can. Asked
    before any work is done, and again by `write_atomically` as it writes. With `suffix`
    ('.pdf'), a name ending otherwise is refused: the file would not open as what it is.
    A game file is never written over; with `replaces` ('pdf', 'record') an existing
    file is written over only when it is one of those (a slip of the name never costs a
    box file or a page of notes)."""
    if not out.name or out.is_dir():
        return f"{out} is a folder: give a file name"
    if suffix is not None and not out.name.lower().endswith(suffix):
        return (f"{out}: the print is a {suffix[1:].upper()} file: give it a name ending in "
                f"{suffix}")
    if out.exists() and not out.is_file():
        return f"cannot write {out}: it is not a regular file (a device or a pipe)"
    if out.is_file() and out.stat().st_size:
        other = _other_kind(out, replaces)
        if other:
            return (f"{out} is {other}: it is not written over (give another name, or "
                    "move the file away first)")
    folder = out.parent
    if folder.exists() and not folder.is_dir():
        return f"cannot write {out}: {folder} is not a folder"
    if not folder.is_dir():
        return f"cannot write {out}: folder {folder} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot write {out}: folder {folder} is not writable"
    return None


def _other_kind(out: Path, replaces: str | None) -> str | None:
    """What the existing file `out` is when it is not to be written over; None if it may be."""
    from .store.db import held_here

    if held_here(out):      # (its bytes are not read beside this process's connection)
        return "a game file (an SQLite database)"
    try:
        with open(out, "rb") as file:
            head = file.read(4096)
    except OSError:
        return "a file this user may not read"
    if head.startswith(SQLITE_MAGIC):
        return "a game file (an SQLite database)"
    if replaces == "pdf" and not head.startswith(PDF_MAGIC):
        return "a file that is no PDF"
    if replaces == "record" and not _opens_a_game_record(head):
        # (a series exported, kept: said as what it is, not as no record at all)
        return ("a series record (an export kept)" if re.search(
            rb'^\s*\[Series\s+"', head.lstrip(b"\xef\xbb\xbf"), re.MULTILINE)
            else "a file that is no game record")
    return None


def _opens_a_game_record(head: bytes) -> bool:
    """Whether a file's first bytes are a game record's: its opening header (the tag lines
    before the first action, comments and blank lines aside) holds this companion's Game
    tag, in any order (record-format.md), and the first line after it, if any, is an action
    ('home ...', 'roll 3 4'). A box's TOML, a page of notes opening with a Markdown heading
    or under a Game tag of their own, another game's record, a series record exported as a
    keepsake: none is."""
    from .high_and_tight.actions import LINE_STARTS

    text = head.decode("utf-8", errors="replace").lstrip("\ufeff")
    tagged = False
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            tagged = tagged or line == GAME_RECORD_TAG
            continue
        return tagged and line.split(None, 1)[0].casefold() in LINE_STARTS
    return tagged


def write_atomically(path: str | Path, data: bytes) -> None:
    """Write data to a temporary file beside path, fsync it, then rename it over path (a
    link's target, not the link). A write that fails (a full disk, a folder that refuses
    files) raises ValueError naming the file and leaves what was there as it was."""
    said = Path(path)
    path = Path(os.path.realpath(said))
    folder = path.parent
    problem = output_problem(path)
    if problem:
        raise ValueError(problem)
    temporary = None
    try:
        descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.",
                                                 suffix=".part")
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(descriptor, 0o666 & ~umask)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
        _drop_stale_parts(path)
    except BaseException as error:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass
        if isinstance(error, OSError):
            raise ValueError(f"cannot write {said}: {error.strerror or error}") from None
        raise
    _fsync_folder(folder)


STALE_PART_SECONDS = 3600   # a write of this file left older than this was killed midway


def _drop_stale_parts(path: Path) -> None:
    """The temporary files an earlier write of `path` left when it was killed before its
    rename (nothing else removes them: they are hidden); a recent one may be another
    writer's, in progress, and stays."""
    now = time.time()
    # mkstemp's own names: "." + the file's name + "." + 8 letters, digits or _ + ".part"
    # (another file's, "a.b" beside "a", never matches)
    mine = re.compile(rf"\.{re.escape(path.name)}\.[a-z0-9_]{{8}}\.part")
    for part in path.parent.glob(f".{glob.escape(path.name)}.*.part"):
        if not mine.fullmatch(part.name):
            continue
        try:
            if now - part.stat().st_mtime > STALE_PART_SECONDS:
                part.unlink()
        except OSError:
            pass


def _fsync_folder(folder: Path) -> None:
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
