"""Creation in the browser, driven with plain HTTP form posts (no browser, no script): ``lifepath serve
--allow-create`` on a real SQLite file, a player starting a character, answering, asking for a suggestion,
going back, and the saved character verified and byte for byte what the same answers make at the terminal;
drafts reachable only by their own key, forms only with the token, a foreign Host refused."""

from __future__ import annotations

import html
import http.client
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import Server, at_the_terminal, lifepath, start_server

TABLE = "Table <One>"
RULES = ("--rule", "max_terms=2")
CREATE = "/campaigns/" + urllib.parse.quote(TABLE, safe="") + "/create"
D6 = "D6 table"


@pytest.fixture(scope="module")
def creating(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("creating") / "table.db"
    lifepath("campaign", "new", TABLE, "--ruleset", "nowhere-yet", *RULES, db=db)
    lifepath("campaign", "new", D6, "--ruleset", "d6-pool", db=db)
    yield from start_server(db, "--allow-create")


def fetch(server: Server, path: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
    """Status, final path (redirects followed, as a browser does after a form) and body."""
    data = urllib.parse.urlencode(form).encode() if form is not None else None
    try:
        with urllib.request.urlopen(urllib.request.Request(server.url + path, data=data), timeout=120) as r:
            return r.status, urllib.parse.urlsplit(r.geturl()).path, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, path, e.read().decode()


def field(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    assert found, f"no {name} on the page"
    return html.unescape(found.group(1))


def enabled_options(page: str) -> list[str]:
    return [html.unescape(v) for v in re.findall(r'<input type="radio" name="answer" value="([^"]*)">', page)] + [
        html.unescape(v) for v in re.findall(r'<input type="radio" name="answer" value="([^"]*)" checked>', page)
    ]


def checked_option(page: str) -> str | None:
    found = re.search(r'<input type="radio" name="answer" value="([^"]*)" checked>', page)
    return html.unescape(found.group(1)) if found else None


def start(server: Server, player: str, create: str = CREATE, seed: int = 7) -> tuple[str, str]:
    status, _path, page = fetch(server, create)
    assert status == 200 and "Create a character" in page
    status, path, page = fetch(server, create, {"csrf": field(page, "csrf"), "player": player, "seed": str(seed)})
    assert status == 200, page
    assert path.startswith("/drafts/")
    return path, page


def act(server: Server, path: str, page: str, **form: str) -> tuple[int, str, str]:
    sent = {"csrf": field(page, "csrf"), "expected": field(page, "expected"), **form}
    return fetch(server, path, sent)


def test_a_player_makes_a_character_with_forms_alone_and_it_is_what_the_terminal_makes(
    creating: Server, tmp_path: Path
) -> None:
    path, page = start(creating, "Ann <b>&", seed=269)
    assert "for Ann &lt;b&gt;&amp;" in page
    steps = 0
    went_back = suggested = False
    while "Character saved" not in page:
        steps += 1
        assert steps < 300, "creation never ended"
        if steps == 3 and not suggested:
            status, _p, page = act(creating, path, page, action="suggest")
            assert status == 200 and "Suggested:" in page
            choice = checked_option(page)
            assert choice is not None
            suggested = True
            status, path, page = act(creating, path, page, action="answer", answer=choice)
            continue
        if steps == 6 and not went_back:
            before = field(page, "expected")
            status, path, page = act(creating, path, page, action="back", to="1")
            assert status == 200 and field(page, "expected") == "1" != before
            went_back = True
            continue
        options = enabled_options(page)
        assert options, page
        status, path, page = act(creating, path, page, action="answer", answer=options[0])
        assert status == 200, page
    assert went_back and suggested
    assert "Verify: identical" in page
    character_id = re.search(r'href="/characters/(\d+)">character \1</a>', page)
    assert character_id, page
    stored = lifepath("show", character_id.group(1), "--json", db=creating.db).stdout
    assert json.loads(stored)["provenance"]["seed"] == 269
    # the same answers typed at the terminal (the decisions a person was asked, in order) make the same bytes
    assert at_the_terminal(stored, tmp_path, *RULES) == stored
    roster = json.loads(lifepath("roster", TABLE, "--json", db=creating.db).stdout)
    assert [r["player"] for r in roster if str(r["id"]) == character_id.group(1)] == ["Ann <b>&"]
    # the finished draft's page still says where the character went
    status, _p, again = fetch(creating, path)
    assert status == 200 and "Character saved" in again


def test_a_draft_answers_only_to_its_own_key_and_forms_only_with_the_token(creating: Server) -> None:
    first, first_page = start(creating, "Bo", seed=1)
    second, second_page = start(creating, "Cy", seed=1)
    assert first != second
    assert second.removeprefix("/drafts/") not in first_page
    assert first.removeprefix("/drafts/") not in second_page
    status, _p, _page = fetch(creating, "/drafts/" + "x" * 32)
    assert status == 404
    status, _p, page = fetch(creating, first, {"expected": "0", "action": "answer", "answer": "1"})
    assert status == 403 and "token" in page
    # a page loaded before another tab answered cannot answer again
    option = enabled_options(first_page)[0]
    status, _p, _page = act(creating, first, first_page, action="answer", answer=option)
    assert status == 200
    status, _p, page = act(creating, first, first_page, action="answer", answer=option)
    assert status == 409 and "another tab" in page
    # the roster says characters are being made, and links none of them
    status, _p, roster = fetch(creating, "/campaigns/" + urllib.parse.quote(TABLE, safe=""))
    assert "character(s) being made" in roster and "/drafts/" not in roster
    assert '<meta http-equiv="refresh" content="30">' in roster  # new characters show up by themselves
    assert 'href="' + CREATE + '"' in roster


def test_a_foreign_host_is_refused(creating: Server) -> None:
    parts = urllib.parse.urlsplit(creating.url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=60)
    connection.request("GET", CREATE, headers={"Host": "evil.example"})
    answer = connection.getresponse()
    assert answer.status in (400, 403, 421)
    assert "Create a character" not in answer.read().decode()
    connection.close()


def test_a_server_started_read_only_creates_nothing(server: Server) -> None:
    from .conftest import CAMPAIGN

    status, _p, page = fetch(server, "/campaigns/" + urllib.parse.quote(CAMPAIGN, safe="") + "/create")
    assert status == 403 and "--allow-create" in page
    status, _p, roster = fetch(server, "/campaigns/" + urllib.parse.quote(CAMPAIGN, safe=""))
    assert "Create a character" not in roster and 'http-equiv="refresh"' not in roster


def test_a_purchase_typed_in_one_answer_is_taken_as_at_the_terminal(creating: Server) -> None:
    """The D6 pool's spending menu takes `agility +1D` typed (Decision.shorthand), and refuses with its reason
    what the menus would not offer."""
    path, page = start(creating, "Eli", "/campaigns/" + urllib.parse.quote(D6, safe="") + "/create")
    for _ in range(20):
        if "Or type it (" in page:
            break
        status, path, page = act(creating, path, page, action="answer", answer=enabled_options(page)[0])
        assert status == 200
    assert "Or type it (" in page
    status, _p, refused = act(creating, path, page, action="answer", typed="agility +9D")
    assert status == 400 and 'role="alert"' in refused
    status, path, page = act(creating, path, page, action="answer", typed="agility +1D")
    assert status == 200, page
    assert "<strong>agility +1D</strong>" in page


def test_the_start_form_refuses_what_is_not_a_name_or_a_seed(creating: Server) -> None:
    _status, _path, page = fetch(creating, CREATE)
    token = field(page, "csrf")
    for player, seed, said in (
        ("", "", "Give the player&#39;s name"),
        ("Fay\x1b[2J", "", "control character"),
        ("Fay", "twelve", "The seed is a whole number"),
        ("Fay", str(2**63), "The seed is a whole number"),
    ):
        status, path, page = fetch(creating, CREATE, {"csrf": token, "player": player, "seed": seed})
        assert (status, path) == (400, CREATE), page
        assert said in page
        assert "\x1b" not in page


def test_changing_an_earlier_answer_says_when_it_changed_what_is_thrown(creating: Server) -> None:
    path, page = start(creating, "Gil", seed=14)
    for _ in range(9):
        status, path, page = act(creating, path, page, action="answer", answer=enabled_options(page)[0])
        assert status == 200
    answered = re.findall(r'<li>([^<]*)<strong>[^<]*</strong> <button type="submit" name="to" value="(\d+)"', page)
    career = next(int(to) for prompt, to in answered if prompt.startswith("Choose a career"))
    status, path, page = act(creating, path, page, action="back", to=str(career))
    assert status == 200 and field(page, "expected") == str(career)
    status, path, page = act(creating, path, page, action="answer", answer=enabled_options(page)[1])
    for _ in range(40):
        if "changed what is thrown" in page or "Character saved" in page:
            break
        status, path, page = act(creating, path, page, action="answer", answer=enabled_options(page)[0])
    assert "Your new answer changed what is thrown from here on." in page
    # said once: the next step no longer says it
    status, path, page = act(creating, path, page, action="answer", answer=enabled_options(page)[0])
    assert "changed what is thrown" not in page


def test_finishing_with_points_unspent_asks_first_as_the_terminal_does(creating: Server) -> None:
    """The D6 pool's finish asks "N points stay unspent: finish the build anyway?" (Preview.confirm): the
    page asks, "no" leaves the draft as it was, "yes" takes the option."""
    from lifepath.plugins.d6_pool.spending import DONE

    path, page = start(creating, "Ivy", "/campaigns/" + urllib.parse.quote(D6, safe="") + "/create", seed=3)
    for _ in range(20):
        if f'value="{DONE}"' in page and "stay unspent" in page:  # the spending menu's finish
            break
        status, path, page = act(creating, path, page, action="answer", answer=enabled_options(page)[0])
    before = field(page, "expected")
    status, path, asked = act(creating, path, page, action="answer", answer=DONE)
    assert status == 200 and "stay unspent: finish the build anyway?" in asked
    assert field(asked, "expected") == before  # nothing kept yet
    status, _p, again = fetch(creating, path)  # "No, choose again" is a plain link back
    assert field(again, "expected") == before and "finish the build anyway?" not in again
    status, path, page = fetch(
        creating,
        path,
        {"csrf": field(asked, "csrf"), "expected": before, "action": "answer", "answer": DONE, "confirmed": DONE},
    )
    assert status == 200 and field(page, "expected") == str(int(before) + 1)


def test_creation_options_are_taken_and_checked_as_create_takes_them(creating: Server) -> None:
    """The start form offers the ruleset's creation options (Nowhere Yet's career, species, homeworld
    profile...), read as `create --option NAME=VALUE` reads them: a bad one is the same message, and a
    homeworld given by profile is never asked."""
    _status, _path, page = fetch(creating, CREATE)
    assert 'name="option:uwp"' in page and 'name="option:species"' in page
    form = {"csrf": field(page, "csrf"), "player": "Jo", "seed": "4", "option:uwp": "Z788899-C"}
    status, path, page = fetch(creating, CREATE, form)
    assert (status, path) == (400, CREATE) and "not a Universal World Profile" in page and 'value="Z788899-C"' in page
    form["option:uwp"] = "C200310-9"
    status, path, page = fetch(creating, CREATE, form)
    assert status == 200 and path.startswith("/drafts/")
    for _ in range(8):
        assert "Choose your homeworld" not in page
        status, path, page = act(creating, path, page, action="answer", answer=enabled_options(page)[0])
    assert "Lo Va" in page  # the sheet so far has the trade codes of the profile given (no sample world has them)
