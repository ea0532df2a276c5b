"""The README and docs/ link to each other: every relative link names a file that exists and,
with a #fragment, a heading of that file (GitHub's anchors: lower case, punctuation dropped,
spaces to hyphens)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    found = set()
    in_code = False
    for line in page.read_text().splitlines():
        if line.startswith("```"):
            in_code = not in_code
        if in_code or not line.startswith("#"):
            continue
        heading = line.lstrip("#").strip().lower()
        found.add(re.sub(r"[^\w\- ]", "", heading).replace(" ", "-"))
    return found


def relative_links(page: Path) -> list[str]:
    return [
        target
        for target in LINK.findall(page.read_text())
        if not re.match(r"[a-z]+:", target) and not target.startswith("#")
    ]


def test_the_pages_exist_and_link_somewhere():
    assert len(PAGES) >= 7
    assert relative_links(ROOT / "README.md")


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_finds_its_file_and_heading(page):
    broken = []
    for target in relative_links(page):
        path, _, fragment = target.partition("#")
        linked = (page.parent / path).resolve()
        if not linked.exists() or (fragment and fragment not in anchors(linked)):
            broken.append(target)
    assert not broken, f"{page.name}: broken links {broken}"
