"""Files the companion writes for the player (PDFs, records): whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def output_problem(out: Path) -> str | None:
    """Why an output file (a PDF, a record) cannot be written there; None if it can. Asked
    before any work is done, and again by `write_atomically` as it writes."""
    if not out.name or out.is_dir():
        return f"{out} is a folder: give a file name"
    if out.exists() and not out.is_file():
        return f"cannot write {out}: it is not a regular file (a device or a pipe)"
    folder = out.parent
    if folder.exists() and not folder.is_dir():
        return f"cannot write {out}: {folder} is not a folder"
    if not folder.is_dir():
        return f"cannot write {out}: folder {folder} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot write {out}: folder {folder} is not writable"
    return None


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
