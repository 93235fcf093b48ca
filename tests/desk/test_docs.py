"""The documentation: the README's links lead somewhere, and the site's build (mkdocs.yml, with
--strict) refuses a link to a missing page or heading and anything loaded from another host.
`make docs` builds the real site; these tests check that its checks catch what they must."""

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def _hooks():
    spec = importlib.util.spec_from_file_location(
        "docs_hooks", ROOT / "docs" / "tools" / "hooks.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_relative_link_of_the_readme_leads_to_a_file():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", readme)
    local = [target for target in targets if "://" not in target]
    assert len(local) > 10
    # docs/screenshots/ is made by `make docs`; its pictures are checked by the site's build
    missing = [
        target
        for target in local
        if not target.startswith("docs/screenshots/") and not (ROOT / target).exists()
    ]
    assert not missing, missing


def test_every_page_of_the_docs_folder_is_in_the_navigation():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))

    def pages(nav):
        for item in nav:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            if isinstance(value, list):
                yield from pages(value)
            else:
                yield value

    listed = set(pages(config["nav"]))
    on_disk = {path.name for path in (ROOT / "docs").glob("*.md")}
    assert listed == on_disk


def _build(tmp_path, pages):
    """`mkdocs build --strict` of `pages` with the site's own settings (without its hooks,
    which check the real screenshots): (exit status, output)."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    docs = tmp_path / "docs"
    docs.mkdir(parents=True)
    for name, text in pages.items():
        (docs / name).write_text(text, encoding="utf-8")
    config.update(docs_dir=str(docs), site_dir=str(tmp_path / "site"), nav=list(pages))
    config.pop("hooks")
    config_path = tmp_path / "mkdocs.yml"
    config_path.write_text(yaml.safe_dump(config), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config_path)],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


def test_the_strict_build_refuses_a_link_to_a_missing_page_or_heading(tmp_path):
    good = {
        "index.md": "# Home\n\nSee [the other page](other.md#the-right-heading).\n",
        "other.md": "# Other\n\n## The right heading\n\nBack [home](index.md#home).\n",
    }
    status, output = _build(tmp_path / "good", good)
    assert status == 0, output

    bad = {
        **good,
        "index.md": (
            "# Home\n\n[A](other.md#a-heading-nobody-wrote), [B](missing.md), [C](#nowhere).\n"
        ),
    }
    status, output = _build(tmp_path / "bad", bad)
    assert status != 0, output
    assert "'other.md#a-heading-nobody-wrote'" in output and "does not contain an anchor" in output
    assert "'missing.md'" in output and "not found among documentation files" in output
    assert "'#nowhere'" in output and "no such anchor on this page" in output
    assert "Aborted with 3 warnings in strict mode" in output, output


def test_the_site_check_finds_what_a_page_loads_from_another_host(tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text(
        '<html><head><link rel="stylesheet" href="assets/site.css">'
        '<script src="assets/site.js"></script></head><body>'
        '<a href="https://www.mahjong-europe.org/">the EMA</a>'
        '<img src="screenshots/dashboard.png" alt="">'
        "</body></html>",
        encoding="utf-8",
    )
    (tmp_path / "assets" / "site.css").write_text("body { color: black }", encoding="utf-8")
    hooks = _hooks()
    assert hooks.external_loads(tmp_path) == {}  # a link out loads nothing

    (tmp_path / "fonts.html").write_text(
        '<link href="https://fonts.googleapis.com/css?family=Roboto" rel="stylesheet">'
        '<script src="//cdn.example.org/x.js"></script>',
        encoding="utf-8",
    )
    (tmp_path / "assets" / "theme.css").write_text(
        '@import "https://fonts.example.org/a.css"; body { background: url(//cdn.example.org/b.png) }',
        encoding="utf-8",
    )
    found = hooks.external_loads(tmp_path)
    assert set(found) == {"fonts.html", "assets/theme.css"}
    assert len(found["fonts.html"]) == 2 and len(found["assets/theme.css"]) == 2
