"""The link check of a built site: ids and URLs read from the pages' tags, broken links named."""

from __future__ import annotations

from pathlib import Path

from ruling.sitegen.linkcheck import check_site, read_pages

PAGE = """<!doctype html>
<html><head><title>a <a href="nowhere.html"> title</title>
<link rel="stylesheet" href="assets/site.css">
<link rel="canonical" href="https://example.org/index.html">
<script>const s = '<a href="missing.html">';</script>
<style>a[href="x.html"] { color: red }</style>
</head><body>
<!-- <a href="commented.html"> -->
<p id="R5029b" class='x'>text with href="quoted.html" in it &lt;a href=&quot;no.html&quot;&gt;</p>
<a name=old-anchor>old</a>
<a href="other.html#S12" title="a > b">to a scenario</a>
<a href='index.html#R5029b'>here</a>
<a href="#old-anchor">self</a>
<a href="other.html?x=1&amp;y=2#S%31%32">query</a>
<a href="https://example.org/">out</a>
<img src=assets/icon.svg alt="">
</body></html>
"""


def _site(root: Path, other: str = '<p id="S12"></p>') -> Path:
    (root / "assets").mkdir(parents=True)
    (root / "assets" / "site.css").write_text("", encoding="utf-8")
    (root / "assets" / "icon.svg").write_text("<svg/>", encoding="utf-8")
    (root / "index.html").write_text(PAGE, encoding="utf-8")
    (root / "other.html").write_text(other, encoding="utf-8")
    return root


def test_tags_are_read_and_text_comments_and_scripts_skipped(tmp_path: Path) -> None:
    pages = read_pages(_site(tmp_path))
    index = pages["index.html"]
    assert index.ids == {"R5029b", "old-anchor"}
    assert index.links == [
        ("assets/site.css", True),
        ("https://example.org/index.html", False),
        ("other.html#S12", False),
        ("index.html#R5029b", False),
        ("#old-anchor", False),
        ("other.html?x=1&y=2#S%31%32", False),
        ("https://example.org/", False),
        ("assets/icon.svg", True),
    ]


def test_a_sound_site_has_no_broken_link(tmp_path: Path) -> None:
    checked, broken = check_site(_site(tmp_path))
    assert checked == 6 and broken == []


def test_missing_ids_files_and_external_resources_are_named(tmp_path: Path) -> None:
    root = _site(
        tmp_path,
        other='<p id="S13"></p><a href="gone.html">x</a><a href="../up.html">u</a>'
        '<img src="//cdn.example.org/x.png"><a href="javascript:alert(1)">j</a>',
    )
    _, broken = check_site(root)
    found = {(b.page, b.target, b.reason) for b in broken}
    assert found == {
        ("index.html", "other.html#S12", "no id 'S12' in other.html"),
        ("index.html", "other.html?x=1&y=2#S%31%32", "no id 'S12' in other.html"),
        ("other.html", "gone.html", "no such file"),
        ("other.html", "../up.html", "leads out of the site"),
        ("other.html", "//cdn.example.org/x.png", "loads a resource from another host"),
        ("other.html", "javascript:alert(1)", "a javascript: link"),
    }
