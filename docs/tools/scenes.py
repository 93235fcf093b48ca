"""What docs/tools/screenshots.py does on the desk, in the order of a tournament day: the
director's pages (a new tournament, its player list, its draw; the demo tournaments' dashboard,
standings, cut, teams, projector, archive), then a referee's phone at a table of the demo
(entering hands, tiles, a penalty, a correction, the PIN, the offline queue), then the
dashboard again with what the referee did. Every name of a picture is one the guides embed."""

import csv
import io
import tempfile
import urllib.parse
from pathlib import Path
from typing import Any

from screenshots import ROOT, Camera

MCR, RIICHI, NEW = "demo-open", "demo-riichi-teams", "spring-open"
#: The session of each demo that is seated and ready to play.
MCR_SESSION, RIICHI_SESSION = 3, 6


def player_list() -> Path:
    """The new tournament's list: the MCR demo's players (known to the desk by EMA id), one of
    them without the id (a known name: the director chooses), and four new players."""
    rows = list(csv.reader((ROOT / "fixtures" / "demo_players.csv").open(encoding="utf-8")))
    rows[1][2] = ""
    rows += [
        ["Aiko", "Tanaka", "", "JPN", "Mahjong Club Faenza"],
        ["Lars", "Nielsen", "", "DNK", ""],
        ["Inès", "Moreau", "", "FRA", "Paris Mahjong"],
        ["Tomasz", "Kowalski", "", "POL", ""],
    ]
    text = io.StringIO()
    csv.writer(text).writerows(rows)
    path = Path(tempfile.mkdtemp(prefix="desk-docs-list-")) / "spring-open-players.csv"
    path.write_text(text.getvalue(), encoding="utf-8")
    return path


def new_tournament(camera: Camera) -> None:
    camera.open("/director/tournaments/new/")
    for name, value in (
        ("name", "Spring Open"),
        ("start_date", "2027-04-17"),
        ("end_date", "2027-04-18"),
        ("venue", "Sala Borsa"),
        ("city", "Bologna"),
        ("session_count", "4"),
    ):
        field = camera.browser.find_element("name", name)
        if field.get_attribute("type") == "date":
            camera.browser.execute_script("arguments[0].value = arguments[1]", field, value)
        else:
            field.clear()
            field.send_keys(value)
    camera.shoot("director-new-tournament", whole=True)
    camera.submit(camera.find("main form button[type=submit]"))

    camera.open(f"/director/t/{NEW}/players/import/")
    camera.browser.find_element("name", "file").send_keys(str(player_list()))
    camera.submit(camera.find("main form button[type=submit]"))
    camera.shoot("director-import-preview", whole=True)
    for same in camera.browser.find_elements("css selector", 'input[type=radio][value="same"]'):
        camera.browser.execute_script("arguments[0].click()", same)  # the players who came back
    camera.submit(camera.button("Import"))

    camera.open(f"/director/t/{NEW}/draw/")
    camera.submit(camera.button("Preview"))
    camera.shoot("director-draw-preview", whole=True)
    camera.submit(camera.button("Save this draw"))
    camera.expect("Drawn")
    camera.open(f"/t/{NEW}/")
    camera.shoot("director-tournament", whole=True)


def table_link(camera: Camera, slug: str, session: int) -> tuple[str, str]:
    """Start `session` with the clock on its dashboard; the path of table 1's referee link
    and its PIN ("" when the tournament needs none)."""
    camera.open(f"/director/t/{slug}/sessions/{session}/")
    camera.submit(camera.button("Start the clock"))
    link = camera.find("details.referee-link p.link a").get_attribute("href")
    pins = camera.browser.find_elements("css selector", "details.referee-link p.pin strong")
    return camera.link_path(link), (pins[0].get_attribute("textContent").strip() if pins else "")


def director_scenes(camera: Camera) -> dict[str, tuple[str, str]]:
    camera.open("/")
    camera.shoot("director-home")
    new_tournament(camera)

    camera.open(f"/director/t/{MCR}/sessions/2/")
    camera.shoot("director-dashboard-confirmed", whole=True)
    camera.open(f"/t/{MCR}/standings/")
    camera.shoot("standings", whole=True)
    camera.open(f"/director/t/{RIICHI}/cut/")
    camera.shoot("director-cut", whole=True)
    camera.open(f"/director/t/{RIICHI}/players/teams/")
    camera.shoot("director-teams", whole=True)
    camera.open(f"/t/{RIICHI}/standings/?view=teams")
    camera.shoot("standings-teams", whole=True)
    camera.open(f"/director/t/{MCR}/projector/reveal/")
    camera.shoot("director-reveal", whole=True)
    camera.open(f"/t/{MCR}/projector/")
    camera.shoot("projector")

    camera.open(f"/director/t/{MCR}/referees/")
    camera.type("new-username", "anna")
    camera.type("new-password", "tables-1-to-4")
    camera.submit(camera.button("Create the account"))
    camera.open(f"/director/t/{MCR}/referees/")
    camera.type("username", "anna")
    camera.type("tables", "1-4")
    camera.submit(camera.button("Give the tables"))
    camera.shoot("director-referee-accounts", whole=True)
    camera.open(f"/director/t/{MCR}/api-tokens/")
    camera.type("name", "Streaming overlay")
    camera.browser.execute_script(
        "arguments[0].click()", camera.find('input[name="kind"][value="director"]')
    )
    camera.submit(camera.button("Create the token"))
    camera.shoot("director-api-token", whole=True)

    # The riichi demo asks its referees for the table's PIN.
    camera.open(f"/director/t/{RIICHI}/settings/")
    pin = camera.browser.find_element("name", "referee_pin")
    if not pin.is_selected():
        camera.browser.execute_script("arguments[0].click()", pin)
    camera.submit(camera.find("main form button[type=submit]"))
    return {
        "mcr": table_link(camera, MCR, MCR_SESSION),
        "riichi": table_link(camera, RIICHI, RIICHI_SESSION),
    }


def referee_scenes(phone: Camera, director: Camera, links: dict[str, tuple[str, str]]) -> None:
    table, _pin = links["mcr"]
    phone.open(table)
    phone.shoot("referee-table")
    phone.choose("outcome", "discard")
    phone.choose("winner", 2)
    phone.choose("discarder", 1)
    phone.type("fan", "12")
    phone.browser.execute_script("window.scrollTo(0, 0)")
    phone.shoot("referee-hand-typed")
    phone.submit(phone.find("button.save"))
    phone.expect("Hand 1 saved")
    phone.shoot("referee-hand-saved")

    hand_from_tiles(phone)
    phone.open(table + "penalty/")
    phone.type("minutes", "7")
    phone.submit(phone.button("Compute the penalty"))
    phone.expect("Check, then confirm.")
    phone.shoot("referee-penalty", whole=True)
    phone.open(table + "hands/1/")
    phone.shoot("referee-correction", whole=True)
    phone.open(table + "history/")
    phone.shoot("referee-history", whole=True)
    offline_queue(phone, table)

    table, pin = links["riichi"]
    phone.open(table)
    phone.wait(lambda b: b.find_elements("name", "table_pin"))
    phone.shoot("referee-pin")
    phone.type("table_pin", pin)
    phone.submit(phone.find("main form button[type=submit]"))
    phone.shoot("referee-riichi")

    phone.open(f"/t/{MCR}/find/?q=rossi")
    phone.shoot("public-find-seat")
    phone.open(f"/t/{MCR}/standings/")
    phone.shoot("public-standings-phone")

    director.open(f"/director/t/{MCR}/sessions/{MCR_SESSION}/")
    director.shoot("director-dashboard", whole=True)
    referee_call(phone, director, links["mcr"][0])


def referee_call(phone: Camera, director: Camera, table: str) -> None:
    """A table calls a referee; the director sees it on the dashboard, closes it, and finds
    it under the calls closed a moment ago, with the button that reopens it."""
    phone.open(table)
    phone.browser.execute_script("arguments[0].open = true", phone.find("details.call-form"))
    phone.choose("kind", "wrong_count")
    phone.type("note", "hand 2: 24 or 26 fan?")
    phone.scroll_to(".call-referee")
    phone.shoot("referee-call")
    phone.submit(phone.find('.call-form button[type="submit"]'))
    phone.expect("A referee is called")
    dashboard = f"/director/t/{MCR}/sessions/{MCR_SESSION}/"
    director.open(dashboard)
    director.shoot("director-call", element=".calls-panel")
    director.type("outcome", "recounted: 26 fan")
    director.submit(director.button("Close the call"))
    director.browser.execute_script(
        "arguments[0].open = true", director.find("details.closed-calls")
    )
    director.shoot("director-call-closed", element=".calls-panel")


#: A self-drawn hand tapped in the picker: three concealed pungs (characters, circles,
#: bamboos) and a tile of the pair, a pung of red dragons called from a discard, then the
#: winning tile, which makes the pair: All Pungs, among others.
#: The page's text, read by the page itself.
BODY_TEXT = "return document.body ? document.body.innerText : '';"
TILES = ["1m", "1m", "1m", "4p", "4p", "4p", "9s", "9s", "9s", "5p"]


def hand_from_tiles(phone: Camera) -> None:
    phone.choose("outcome", "self_drawn")
    phone.choose("winner", 0)
    summary = phone.find("details.tile-count summary")
    phone.browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", summary)
    summary.click()
    for tile in TILES:
        phone.find(f'button.tile[data-tile="{tile}"]').click()
    phone.find('button.tile-mode[data-mode="pung"]').click()
    phone.find('button.tile[data-tile="7z"]').click()
    phone.find('button.tile-mode[data-mode="win"]').click()
    phone.find('button.tile[data-tile="5p"]').click()
    phone.find("[data-count-button]").click()
    phone.wait(lambda b: b.find_elements("css selector", "[data-count-result] .tile-summary"))
    phone.scroll_to("[data-tile-picker]")
    phone.shoot("referee-tiles")
    phone.scroll_to("[data-count-result]")
    phone.shoot("referee-tiles-counted")
    result = phone.find("[data-count-result]")
    result.find_element("xpath", './/button[text()="Use these figures"]').click()
    phone.submit(phone.find("button.save"))
    phone.expect("Hand 2 saved")


def offline_queue(phone: Camera, table: str) -> None:
    """The phone loses the connection (DevTools' network conditions; every request of the
    page's scripts held) and the referee saves a hand: it waits on the phone."""
    browser: Any = phone.browser
    phone.open(table)
    conditions = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)
    browser.execute_cdp_cmd(
        "Fetch.enable",
        {"patterns": [{"urlPattern": "*", "resourceType": "Fetch", "requestStage": "Request"}]},
    )
    phone.wait(lambda b: b.execute_script("return navigator.onLine === false;"))
    phone.choose("outcome", "discard")
    phone.choose("winner", 3)
    phone.choose("discarder", 0)
    phone.type("fan", "8")
    phone.find("button.save").click()
    phone.wait(lambda b: b.find_elements("css selector", "#desk-queue .queue-item"))
    phone.shoot("referee-offline")
    # Back online, the phone sends the hand by itself and reloads the table's page from the desk.
    browser.execute_cdp_cmd("Fetch.disable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {**conditions, "offline": False})
    # Read in the page, in one script: the page reloads meanwhile, and an element found in one
    # document and read in the next is an error of its own in chromedriver, not a stale one.
    phone.wait(lambda b: "Hand 3 saved" in b.execute_script(BODY_TEXT), 60)


def latest_link(mail: Path, to: str, part: str) -> str:
    """The path of the newest link containing `part` in the messages the desk wrote to `to`,
    among the files of `mail` (without a mail server the desk writes its messages there:
    desk.config). The files' names order them only to the second, so two messages written in the
    same second are told apart by the link they carry, not by which one is newer."""
    import email
    import email.policy
    import re
    import urllib.parse

    links = []
    for path in sorted(mail.glob("*.log"), key=lambda path: (path.stat().st_mtime_ns, path.name)):
        for chunk in path.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
            message = email.message_from_bytes(chunk.strip(), policy=email.policy.default)
            if message["To"] == to:
                text = message.get_body(("plain",)).get_content()
                links += [url for url in re.findall(r"https?://\S+", text) if part in url]
    if not links:
        raise SystemExit(f"no message to {to} has a link with {part!r} in {mail}")
    return urllib.parse.urlsplit(links[-1]).path


def signup_scenes(director: Camera, phone: Camera, mail: Path) -> None:
    """The new tournament takes entries: its settings, a player signing up on a phone and
    confirming through the e-mail's link, the entries page; on the day the player's own
    check-in, the director's check-in page and the draw's players still missing."""
    director.open(f"/director/t/{NEW}/settings/")
    published = director.browser.find_element("name", "published")
    if not published.is_selected():
        director.browser.execute_script("arguments[0].click()", published)
    director.submit(director.find("main form button[type=submit]"))
    director.open(f"/director/t/{NEW}/signup/")
    for name, value in (("opens_at", "2026-01-10T09:00"), ("closes_at", "2027-04-10T23:00")):
        field = director.browser.find_element("name", name)
        director.browser.execute_script("arguments[0].value = arguments[1]", field, value)
    director.type("places", "40")
    public_list = director.browser.find_element("name", "public_list")
    if not public_list.is_selected():
        director.browser.execute_script("arguments[0].click()", public_list)
    director.shoot("director-signup-settings", whole=True)
    director.submit(director.find("main form button[type=submit]"))

    phone.open(f"/t/{NEW}/signup/")
    for name, value in (
        ("first_name", "Giulia"),
        ("last_name", "Ferrari"),
        ("email", "giulia.ferrari@example.org"),
        ("club", "Mahjong Club Faenza"),
    ):
        phone.type(name, value)
    phone.shoot("signup-form", whole=True)
    phone.browser.execute_script("arguments[0].click()", phone.find('input[name="consent"]'))
    phone.submit(phone.find(".signup-form button[type=submit]"))
    phone.expect("Check your e-mail")
    phone.open(latest_link(mail, "giulia.ferrari@example.org", "/signup/e/"))
    phone.shoot("signup-entry-pending", whole=True)
    phone.submit(phone.button("Confirm my entry"))
    phone.expect("You have a place")
    phone.shoot("signup-entry-confirmed", whole=True)

    director.open(f"/director/t/{NEW}/signup/entries/")
    director.shoot("director-signup-entries", whole=True)
    director.open(f"/director/t/{NEW}/checkin/")
    director.submit(director.button("Open the players' own check-in"))
    phone.open(latest_link(mail, "giulia.ferrari@example.org", "/checkin/"))
    phone.submit(phone.button("I am here"))
    phone.expect("You are checked in")
    phone.shoot("signup-self-checkin")
    director.open(f"/director/t/{NEW}/checkin/?q=tanaka")
    director.submit(director.button("Present"))
    director.open(f"/director/t/{NEW}/checkin/")
    director.shoot("director-checkin", whole=True)
    director.open(f"/director/t/{NEW}/draw/")
    director.scroll_to(".missing-players")
    director.shoot("director-draw-missing", element=".missing-players")


def season_scenes(director: Camera, phone: Camera) -> None:
    """A federation's season (docs/seasons.md): the site administrator makes it, ranked by a
    table of points, and adds the MCR demo to it; the public ranking on a laptop, then on a
    phone a player's line, their results and their page across tournaments."""
    import datetime as dt

    today = dt.date.today()
    director.open("/director/seasons/new/")
    for name, value in (
        ("name", "Italian MCR Cup"),
        ("slug", "italy-mcr-cup"),
        (
            "points_text",
            ", ".join(map(str, (100, 80, 65, 55, 50, 45, 40, 36, 32, *range(29, 0, -1)))),
        ),
        ("counted_results", "5"),
    ):
        director.type(name, value)
    for name, day in (
        ("start_date", today - dt.timedelta(days=150)),
        ("end_date", today + dt.timedelta(days=200)),
    ):
        field = director.browser.find_element("name", name)
        director.browser.execute_script("arguments[0].value = arguments[1]", field, day.isoformat())
    family = director.browser.find_element("name", "family")
    director.browser.execute_script("arguments[0].value = 'mcr'", family)
    director.choose("method", "points")
    published = director.browser.find_element("name", "published")
    if not published.is_selected():
        director.browser.execute_script("arguments[0].click()", published)
    director.shoot("federation-season-new", whole=True)
    director.submit(director.button("Create the season"))
    director.expect("The season is saved")
    director.submit(director.button("Add to the season"))
    director.expect("is in the season")
    director.scroll_to("#members-heading")
    director.shoot("federation-season-tournaments", element="section[aria-labelledby]")

    director.open("/seasons/italy-mcr-cup/")
    director.shoot("season-ranking", whole=True)
    phone.open("/seasons/italy-mcr-cup/")
    phone.shoot("season-ranking-phone")
    phone.submit(phone.find("table.season-ranking tbody tr a"))
    phone.shoot("season-player-phone", whole=True)
    phone.submit(phone.find('main .meta a[href^="/players/"]'))
    phone.shoot("player-page-phone", whole=True)
    director.open(urllib.parse.urlsplit(phone.browser.current_url).path)
    director.shoot("player-page", whole=True)
