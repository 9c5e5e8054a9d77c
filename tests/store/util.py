"""Helpers for the store tests: game files in tmp, the companion command, quick series."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from companion.high_and_tight.series_session import SeriesSession
from companion.high_and_tight.simulate import play_series

ROOT = Path(__file__).resolve().parents[2]


def companion_command() -> list[str]:
    """The installed `companion` script next to this interpreter, else `python -m`."""
    script = Path(sys.executable).parent / "companion"
    if script.exists():
        return [str(script)]
    found = shutil.which("companion")
    if found:
        return [found]
    return [sys.executable, "-m", "companion.cli"]


def run_companion(*args: str, timeout: float = 120, env: dict | None = None
                  ) -> subprocess.CompletedProcess:
    return subprocess.run([*companion_command(), *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT, env=env)


def popen_companion(*args: str) -> subprocess.Popen:
    """The companion in another process, with Ctrl-C's signal heard as at a terminal: a
    test run started in the background (`make test &`) hands its children SIGINT ignored,
    and Python then never turns it into KeyboardInterrupt."""
    import signal

    return subprocess.Popen([*companion_command(), *map(str, args)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def run_python(code: str, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """`python -c code args...` in another process, from the project root."""
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT)


def sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def series_header(scenario: str = "divisional", seed: str = "11", rules: str = "",
                  team1: str = "new-york", team2: str = "texas") -> dict[str, str]:
    header = {"Series": "High & Tight", "Scenario": scenario, "Team1": team1, "Team2": team2}
    if rules:
        header["Rules"] = rules
    header["Seed"] = seed
    return header


def simulated_session(box, header: dict[str, str], stop_after: int | None = None
                      ) -> SeriesSession:
    """A series played in memory by the computer managers (no game file involved)."""
    session = SeriesSession(box, {**header, "Box": box.fingerprint})
    play_series(session, session.push, header["Seed"], stop_after=stop_after)
    return session


def reader(path: Path) -> sqlite3.Connection:
    """A second, read-only connection to a game file (what another process would see)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    return conn


def rows(path: Path, sql: str, params=()) -> list[dict]:
    conn = reader(path)
    try:
        return [dict(row) for row in conn.execute(sql, params)]
    finally:
        conn.close()


def remove_game_file(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        try:
            os.remove(f"{path}{suffix}")
        except FileNotFoundError:
            pass
