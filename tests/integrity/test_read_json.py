"""``lifepath.support.files.read_json``: a user's JSON file is read whole or refused clearly: a size limit, a
nesting limit, text that is not UTF-8, and a notice before a read that may block."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from lifepath.errors import LifepathError
from lifepath.support.files import MAX_JSON_BYTES, MAX_JSON_DEPTH, read_json

HINT = "give an export"


def test_a_file_over_the_limit_is_refused_without_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as f:  # sparse: nothing is written, but the file is 64 MB and one byte long
        f.truncate(MAX_JSON_BYTES + 1)
    with pytest.raises(LifepathError, match=r"big.json is larger than 64 MB, the most lifepath reads"):
        read_json(big, hint=HINT)


def test_a_file_at_the_limit_is_read(tmp_path: Path) -> None:
    exact = tmp_path / "exact.json"
    exact.write_bytes(b"[" + b" " * (MAX_JSON_BYTES - 2) + b"]")
    assert read_json(exact, hint=HINT) == []


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_device_is_announced_then_refused_at_the_limit() -> None:
    said: list[str] = []
    with pytest.raises(LifepathError, match="/dev/zero is larger than 64 MB"):
        read_json(Path("/dev/zero"), hint=HINT, announce=said.append)
    assert said == ["reading /dev/zero..."]


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 100_000])
def test_deep_nesting_is_a_clear_error_not_a_recursion_error(tmp_path: Path, depth: int) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * depth + "]" * depth)
    with pytest.raises(LifepathError, match=f"deep.json nests arrays and objects more than {MAX_JSON_DEPTH} deep"):
        read_json(deep, hint=HINT)


def test_nesting_up_to_the_limit_is_read(tmp_path: Path) -> None:
    ok = tmp_path / "ok.json"
    ok.write_text('{"a": ' * (MAX_JSON_DEPTH - 1) + "[]" + "}" * (MAX_JSON_DEPTH - 1))
    assert isinstance(read_json(ok, hint=HINT), dict)


def test_text_that_is_not_utf8_names_the_file(tmp_path: Path) -> None:
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"name": "Jos\xe9"}')
    with pytest.raises(LifepathError, match=r"latin.json is not UTF-8 text \(byte 14\)"):
        read_json(latin, hint=HINT)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_announced_before_the_read_blocks(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    announced = threading.Event()
    order: list[str] = []

    def announce(text: str) -> None:
        order.append(text)
        announced.set()

    def writer() -> None:
        announced.wait(60)
        order.append("written")
        with fifo.open("w") as f:
            f.write(json.dumps({"ruleset": "black-nova"}))

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        assert read_json(fifo, hint=HINT, announce=announce) == {"ruleset": "black-nova"}
    finally:
        thread.join()
    assert order == [f"reading {fifo}...", "written"]


def test_a_regular_file_is_read_silently(tmp_path: Path) -> None:
    plain = tmp_path / "plain.json"
    plain.write_text('{"a": 1}')
    said: list[str] = []
    assert read_json(plain, hint=HINT, announce=said.append) == {"a": 1} and said == []
