"""The documentation build's own checks (mkdocs.yml, `hooks:`). Each problem is a warning,
which `mkdocs build --strict` (`make docs`) turns into an error:

- the screenshots the guides embed were taken from the desk as it is now: their fingerprint
  (docs/tools/screenshots.py) matches the code, templates and translations of this tree;
- the built site loads nothing from another host (no script, stylesheet, font, image or frame
  from outside): it is read where a venue's network reaches nothing else. The theme's script
  would fetch a repository's facts (with `repo_url`) and a diagram library (for a `mermaid`
  block) from outside: the site uses neither, and the check says so if one appears.
"""

import logging
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from screenshots import FINGERPRINT, fingerprint  # docs/tools, put on the path above

log = logging.getLogger("mkdocs.hooks.desk")

#: The attributes through which a page loads something (anchors only link: they load nothing).
LOADING = {
    "script": ("src",),
    "link": ("href",),
    "img": ("src", "srcset"),
    "source": ("src", "srcset"),
    "iframe": ("src",),
    "audio": ("src",),
    "video": ("src", "poster"),
    "embed": ("src",),
    "object": ("data",),
}
EXTERNAL = re.compile(r"^\s*(?:https?:)?//", re.IGNORECASE)
CSS_EXTERNAL = re.compile(r"""(?:url\(\s*['"]?|@import\s+['"])\s*(?:https?:)?//""", re.IGNORECASE)


def on_pre_build(config: Any) -> None:
    if not FINGERPRINT.exists():
        log.warning("docs/screenshots/ is empty: `make docs` takes the screenshots first.")
    elif FINGERPRINT.read_text() != fingerprint():
        log.warning(
            "The screenshots in docs/screenshots/ were taken from another version of the desk: "
            "`make docs` takes them again."
        )


class _Loads(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and name == "class" and "mermaid" in value.split():
                self.found.append(f"<{tag} class=mermaid> (the theme loads its library from a CDN)")
            if value and name in LOADING.get(tag, ()) and EXTERNAL.match(value):
                self.found.append(f"<{tag} {name}={value!r}>")
            if value and name == "style" and CSS_EXTERNAL.search(value):
                self.found.append(f"<{tag} style={value!r}>")

    def handle_data(self, data: str) -> None:
        if CSS_EXTERNAL.search(data):
            self.found.append("a style or script that loads from another host")


def external_loads(site: Path) -> dict[str, list[str]]:
    """{file: what it loads from another host} for every page and stylesheet of `site`."""
    problems = {}
    for path in sorted(site.rglob("*")):
        if path.suffix == ".html":
            parser = _Loads()
            parser.feed(path.read_text(encoding="utf-8"))
            found = parser.found
        elif path.suffix == ".css":
            found = CSS_EXTERNAL.findall(path.read_text(encoding="utf-8"))
        else:
            continue
        if found:
            problems[str(path.relative_to(site))] = found
    return problems


def on_post_build(config: Any) -> None:
    if config.get("repo_url"):
        log.warning("repo_url makes the theme's script fetch the repository's facts from outside.")
    for page, found in external_loads(Path(config["site_dir"])).items():
        log.warning("%s loads from another host: %s", page, ", ".join(sorted(set(found))[:5]))
