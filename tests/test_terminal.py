"""What a person sees at a real terminal (a pseudo-terminal driven by pexpect): ending input or pressing
Ctrl-C during interactive creation, the delete confirmation, and the progress bars of ``generate`` and
``odds``. Every wait is bounded by the ``terminal`` fixture's timeout."""

from __future__ import annotations

import shutil
import signal
from pathlib import Path

import pytest

#: what Ctrl-C or Ctrl-D at a question says, once: the character is not saved, its draft is, and how to go on
INTERRUPTED = "stopped: the draft is kept in"
RESUME = "lifepath create --resume nowhere-yet-4"


@pytest.fixture(scope="module")
def roster_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite roster made once: campaign 'Spinward' (Nowhere Yet) holding one NPC (id 1, seed 3), and
    the empty campaign 'Pool' (the D6 creation pool)."""
    from lifepath.store import open_store
    from lifepath.store.models import CampaignCreate
    from lifepath.testing import create_character, make_registry

    path = tmp_path_factory.mktemp("template") / "roster.db"
    registry = make_registry()
    with open_store(str(path), registry=registry) as store:
        store.new_campaign(CampaignCreate(name="Spinward", ruleset="nowhere-yet"))
        store.new_campaign(CampaignCreate(name="Pool", ruleset="d6-pool"))
        store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=3))
    return path


@pytest.fixture
def campaign_db(roster_template: Path, tmp_path: Path) -> str:
    """A fresh copy of the template roster for one test."""
    db = tmp_path / "roster.db"
    shutil.copyfile(roster_template, db)
    return str(db)


def campaign_ruleset(campaign: str) -> str:
    return {"Spinward": "nowhere-yet", "Pool": "d6-pool"}[campaign]


def roster(db: str, campaign: str = "Spinward") -> list[tuple[int, str]]:
    """(id, name) of each character of the campaign, read with the store itself."""
    from lifepath.store import open_store

    with open_store(db, warn=lambda _text: None) as store:
        return [(row.id, row.name) for row in store.characters(campaign)]


@pytest.mark.parametrize(("campaign", "before"), [("Spinward", [1]), ("Pool", [])], ids=["nowhere-yet", "d6-pool"])
def test_end_of_input_during_creation_stops_and_saves_nothing(terminal, campaign_db, tmp_path, campaign, before):
    """Ctrl-D at a question ends creation with one message (the draft kept, the command that resumes it, on
    a line of its own) and exit code 130; no file, no roster entry, and no 'nothing was saved' after it."""
    export = tmp_path / "half.json"
    session = terminal("create", "--campaign", campaign, "--db", campaign_db, "--seed", "4", "--out", str(export))
    session.answer("1")
    session.expect(session.PROMPT)
    session.child.sendeof()
    out = session.finish()
    assert session.exit_code == 130, out
    assert INTERRUPTED in out and "Traceback" not in out and "nothing was saved" not in out
    assert (
        out.replace("\r\n", "\n").rstrip().endswith("\n  " + RESUME.replace("nowhere-yet", campaign_ruleset(campaign)))
    )
    assert not export.exists()
    assert [id for id, _name in roster(campaign_db, campaign)] == before


def test_ctrl_c_during_creation_stops_and_saves_nothing(terminal, campaign_db, tmp_path) -> None:
    export = tmp_path / "half.json"
    session = terminal("create", "--campaign", "Spinward", "--db", campaign_db, "--seed", "4", "--out", str(export))
    session.answer("2")
    session.expect(session.PROMPT)
    session.child.sendintr()  # the terminal's interrupt character: SIGINT to the foreground process
    out = session.finish()
    assert session.exit_code == 130, out
    assert INTERRUPTED in out and RESUME in out and "Traceback" not in out and "nothing was saved" not in out
    assert not export.exists()
    assert [id for id, _name in roster(campaign_db)] == [1]


def test_delete_asks_and_no_keeps_the_character(terminal, campaign_db) -> None:
    [(_id, name)] = roster(campaign_db)
    session = terminal("delete", "1", "--db", campaign_db)
    session.expect(f"Delete character 1 '{name}' from campaign 'Spinward'? [y/N]: ")
    session.child.sendline("n")
    out = session.finish()
    assert session.exit_code == 1 and "Nothing deleted." in out
    assert [id for id, _name in roster(campaign_db)] == [1]


def test_delete_asks_and_yes_deletes(terminal, campaign_db) -> None:
    [(_id, name)] = roster(campaign_db)
    session = terminal("delete", "1", "--db", campaign_db)
    session.expect("[y/N]: ")
    session.child.sendline("y")
    out = session.finish()
    assert session.exit_code == 0, out
    assert f"deleted character 1 '{name}' from campaign 'Spinward'" in out
    assert roster(campaign_db) == []


def test_delete_with_enter_alone_keeps_the_character(terminal, campaign_db) -> None:
    """The default answer is No."""
    session = terminal("delete", "1", "--db", campaign_db)
    session.expect("[y/N]: ")
    session.child.sendline("")
    assert "Nothing deleted." in session.finish() and session.exit_code == 1
    assert len(roster(campaign_db)) == 1


def test_generate_shows_a_progress_bar_on_a_terminal(terminal, run_cli, tmp_path) -> None:
    out_file = tmp_path / "crew.jsonl"
    session = terminal("generate", "--count", "300", "--seed", "9", "--format", "jsonl", "--out", str(out_file))
    out = session.finish()
    assert session.exit_code == 0, out
    assert "generating" in out and "300/300" in out  # the bar's last state is always drawn
    assert "\x1b[2K" in out  # ...and erased again (a transient bar)
    assert "wrote 300 character(s)" in out
    assert len(out_file.read_text(encoding="utf-8").splitlines()) == 300
    # without a terminal there is no bar
    plain = run_cli("generate", "--count", "300", "--seed", "9", "--out", str(tmp_path / "again.jsonl"))
    assert plain.returncode == 0 and "generating" not in plain.stderr and "300/300" not in plain.stderr


def test_odds_shows_a_progress_bar_on_a_terminal(terminal, run_cli) -> None:
    session = terminal("odds", "--count", "100", "--seed", "2", "--compare", "max_terms=4")
    out = session.finish()
    assert session.exit_code == 0, out
    assert "rolling" in out and "200/200" in out  # 100 characters under each of two rule sets
    assert "Careers" in out
    plain = run_cli("odds", "--count", "100", "--seed", "2")
    assert plain.returncode == 0 and "rolling" not in plain.stderr


def test_ctrl_c_stops_generate_with_one_line(terminal, tmp_path) -> None:
    """Ctrl-C in the middle of a big batch: exit 130, one line, no traceback, no half-written file."""
    out_file = tmp_path / "big.csv"
    session = terminal("generate", "--count", "200000", "--format", "csv", "--out", str(out_file))
    session.expect("generating")
    session.child.kill(signal.SIGINT)
    out = session.finish()
    assert session.exit_code == 130, out
    assert "Traceback" not in out and "interrupted" in out
    assert not out_file.exists()
