"""Renders the collected context with Jinja2 (autoescape on, StrictUndefined) through a writer that refuses to
write one path twice."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path, PurePosixPath

from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateError

from ruling.errors import OutputError, RulingError
from ruling.sitegen.model import Page, SiteContext
from ruling.sitegen.sources import SITE_DIR
from ruling.sitegen.strings import ui


class Writer:
    """Writes the files of one build under root; a path written twice is an error (two pages that would
    overwrite each other are a bug of the collector)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: dict[str, int] = {}

    def write(self, path: str, data: str | bytes) -> None:
        relative = PurePosixPath(path)
        if relative.is_absolute() or ".." in relative.parts:
            raise OutputError(f"refusing to write {path!r} outside the site folder")
        if path in self.written:
            raise OutputError(f"the site would write {path} twice")
        raw = data.encode("utf-8") if isinstance(data, str) else data
        target = self.root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(raw)
        self.written[path] = len(raw)

    def copy_tree(self, source: Path, prefix: str) -> None:
        """Copies every file under source to prefix/ (sorted, so builds are identical)."""
        for file in sorted(p for p in source.rglob("*") if p.is_file()):
            self.write(f"{prefix}/{file.relative_to(source).as_posix()}", file.read_bytes())


def root_of(path: str) -> str:
    """Returns the prefix that leads from the page at path back to the site's root (``""`` or ``../``)."""
    return "../" * (len(PurePosixPath(path).parts) - 1)


def environment(templates: Path | None = None) -> Environment:
    folder = templates or SITE_DIR / "templates"
    if not folder.is_dir():
        raise RulingError(f"the site templates are missing: no folder {folder}")
    env = Environment(
        loader=FileSystemLoader(str(folder)),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    return env


def render_pages(
    context: SiteContext, writer: Writer, env: Environment, step: Callable[[Page], None] | None = None
) -> None:
    """Renders every page of the context into the writer."""
    for page in context.pages:
        template = env.get_template(page.template)
        try:
            html = template.render(
                page=page,
                root=root_of(page.path),
                ui=ui(page.lang),
                site=context,
                canonical=f"{context.base_url.rstrip('/')}/{page.path}" if context.base_url else "",
            )
        except TemplateError as exc:
            raise RulingError(f"cannot render {page.path} with {page.template}: {exc}") from exc
        writer.write(page.path, html)
        if step is not None:
            step(page)


def copy_static(writer: Writer, static: Path | None = None) -> None:
    folder = static or SITE_DIR / "static"
    if not folder.is_dir():
        raise RulingError(f"the site assets are missing: no folder {folder}")
    writer.copy_tree(folder, "assets")
