"""The layers import one way: the rules packages load no UI, storage or printing library."""

import subprocess
import sys

RULES_MODULES = [
    "companion.engine.errors", "companion.engine.dice", "companion.engine.session",
    "companion.engine.record", "companion.high_and_tight.box", "companion.high_and_tight.rules",
    "companion.high_and_tight.manager", "companion.high_and_tight.odds",
    "companion.high_and_tight.simulate",
]
FORBIDDEN = ["textual", "sqlite_utils", "reportlab", "qrcode", "sqlite3"]


def test_rules_packages_import_no_ui_storage_or_printing():
    """DESIGN: engine and game rules are pure (standard library only)."""
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in RULES_MODULES)
        + f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules]\n"
        + "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == ""


def test_no_data_file_is_executed():
    """SPEC 8: box data is read as TOML and CSV only: no eval, exec or pickle in the loader."""
    from pathlib import Path

    import companion.high_and_tight.box as box_module
    source = Path(box_module.__file__).read_text()
    for word in ("eval(", "exec(", "pickle", "__import__"):
        assert word not in source
