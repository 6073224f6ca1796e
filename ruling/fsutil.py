"""Writes that replace data whole.

Two ways to replace a folder, with different guarantees:

- ``replace_folder`` builds a temporary sibling and renames it over the target. Readers never see half a
  folder, but for the instant between renaming the old folder away and the new one in, there is none, and
  two processes replacing the same folder at once make one of them fail. It suits an output a person asks
  for (``ruling corpus export``), not a cache that concurrent processes read and rebuild.
- ``VersionedFolder`` keeps each build in a folder of its own and a small pointer file naming the live
  one, replaced in one rename: readers always find a whole folder, and racing builds both succeed.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from ruling.errors import OutputError, SourceError


@contextmanager
def replace_folder(target: Path, discard: Callable[[Path], None] | None = None) -> Iterator[Path]:
    """Yields a fresh temporary folder beside target; on success it takes target's place.

    The folder it replaces is removed by discard (default: the whole folder); if discard fails with an
    OSError, what it left stays in a ``.<name>.old-*`` folder beside target.

    On an exception inside the block, the temporary folder is removed and target is left as it was. The
    swap is two renames (the old folder away, the new one in): a reader sees the old folder, the new one or,
    for the instant between the renames, no folder, but never half of one. If the swap fails (an OSError,
    say because another process created target meanwhile), the new folder is removed, the old one is put
    back (or, if target is taken, kept in a ``.<name>.old-*`` folder beside it rather than deleted), and the
    error is raised. Not for folders that other processes replace concurrently: use ``VersionedFolder``.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp-", dir=target.parent))
    try:
        yield work
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    old: Path | None = None
    try:
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
            os.replace(target, old / "previous")
        os.replace(work, target)
    except BaseException:
        if old is not None and (old / "previous").exists() and not target.exists():
            with suppress(OSError):
                os.replace(old / "previous", target)
        shutil.rmtree(work, ignore_errors=True)
        if old is not None and not (old / "previous").exists():
            shutil.rmtree(old, ignore_errors=True)
        raise
    if old is None:
        return
    if discard is None:
        shutil.rmtree(old, ignore_errors=True)
        return
    with suppress(OSError):
        discard(old / "previous")
        (old / "previous").rmdir()
        old.rmdir()


@dataclass(frozen=True)
class VersionedFolder:
    """Builds of one folder, ``<parent>/<name>-<random>``, and the pointer file ``<parent>/<name>.live``
    naming the live one.

    Publishing replaces the pointer in one rename, so a reader always finds a whole folder, old or new;
    builds racing each other each publish a whole folder and the last one wins. A superseded folder is
    removed only once it has been superseded for a while (``remove_stale``), so a reader that read the
    pointer just before it changed still finds the folder it names.
    """

    parent: Path
    name: str

    @property
    def pointer(self) -> Path:
        return self.parent / f"{self.name}.live"

    @property
    def prefix(self) -> str:
        return f"{self.name}-"

    def live(self) -> Path | None:
        """Returns the folder the pointer names, or None if the pointer is missing, unreadable or names
        anything but a build of this folder. The folder itself may be missing: callers check it."""
        try:
            name = self.pointer.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            return None
        if not name.startswith(self.prefix) or "/" in name or os.sep in name:
            return None
        return self.parent / name

    @contextmanager
    def build(self) -> Iterator[Path]:
        """Yields a new, empty build folder; on an exception it is removed. Nothing reads it until it is
        published."""
        self.parent.mkdir(parents=True, exist_ok=True)
        folder = Path(tempfile.mkdtemp(prefix=self.prefix, dir=self.parent))
        try:
            yield folder
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise

    def publish(self, folder: Path) -> None:
        """Makes folder (a build of this folder) the live one; the one it supersedes is marked as just
        superseded, so that ``remove_stale`` spares it for a while."""
        if folder.parent != self.parent or not folder.name.startswith(self.prefix):
            raise ValueError(f"{folder} is not a build of {self.parent / self.name}")
        previous = self.live()
        write_text_atomic(self.pointer, folder.name + "\n")
        if previous is not None and previous != folder:
            with suppress(OSError):
                os.utime(previous)

    def remove_stale(self, older_than: float) -> None:
        """Removes the builds other than the live one that have not changed for older_than seconds (a
        build in progress changes all the time; a superseded one was touched when it was superseded)."""
        keep = self.live()
        limit = time.time() - older_than
        for folder in self.parent.glob(f"{self.prefix}*"):
            if folder == keep or not folder.is_dir():
                continue
            with suppress(OSError):
                if folder.stat().st_mtime < limit:
                    shutil.rmtree(folder, ignore_errors=True)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Writes a file through a temporary sibling and a rename: readers see the old file or the new one.

    On failure the temporary file is removed and the error is raised.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, text: str) -> None:
    """Writes a UTF-8 text file (newlines untranslated) through a temporary sibling and a rename."""
    write_bytes_atomic(path, text.encode("utf-8"))


class NotARegularFileError(OSError):
    """A path that names a folder, a device, a pipe or a socket where a regular file was expected."""


def read_regular_file(path: Path, limit: int) -> bytes:
    """Returns up to limit bytes of a regular file; raises NotARegularFileError for anything else.

    The file is opened without blocking, so that a named pipe with no writer does not hang the reader, and
    checked on the open descriptor, so that it cannot be swapped between the check and the read.
    """
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise NotARegularFileError(f"{path}: not a regular file")
        return handle.read(limit)


def read_text_file(path: Path, limit: int, error: type[SourceError] = SourceError) -> str:
    """Returns the UTF-8 text of a regular file of at most limit bytes.

    Anything else raises error (a SourceError) naming the file, and the line for text that is not UTF-8: a
    missing or unreadable file, a folder, a device or pipe (``/dev/zero`` would never end), a larger file.
    """
    name = str(path)
    try:
        data = read_regular_file(path, limit + 1)
    except IsADirectoryError:
        raise error(name, None, "expected a regular file, got a folder") from None
    except NotARegularFileError:
        raise error(name, None, "expected a regular file, got a folder, device or pipe") from None
    except OSError as exc:
        raise error(name, None, f"cannot read the file: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise error(name, None, f"expected a file of at most {limit:,} bytes, got a larger one")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise error(name, line, f"expected UTF-8 text, got byte 0x{data[exc.start]:02x}") from None


def protected_target(target: Path, kept: dict[str, Path]) -> Path:
    """Returns target made absolute, or raises OutputError if writing it whole would replace the working
    folder or a folder holding it, or a kept folder (named by its label), a folder in it or holding it."""
    try:
        resolved = Path(target).resolve()
        cwd = Path.cwd().resolve()
        protected = {label: Path(folder).resolve() for label, folder in kept.items()}
    except (OSError, RuntimeError) as exc:
        raise OutputError(f"{target}: cannot resolve the path: {exc}") from exc
    if resolved == cwd or resolved in cwd.parents:
        raise OutputError(f"{target}: will not replace the working folder or a folder holding it")
    for label, folder in protected.items():
        if resolved == folder or resolved in folder.parents or folder in resolved.parents:
            raise OutputError(f"{target}: will not write into {label} {folder}, a folder in it or holding it")
    return resolved
