"""The layers import one way (DESIGN: engine <- games <- store <- tui; games <- printables;
cli sees all): the rules packages load nothing but the standard library, and no module
imports a layer above its own (lazy imports inside functions included)."""

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import companion.engine
import companion.high_and_tight

ROOT = Path(__file__).resolve().parent.parent
RULES_PACKAGES = [companion.engine, companion.high_and_tight]
RULES_MODULES = [info.name for package in RULES_PACKAGES
                 for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]

# What each layer may not import: the layers above it. The two documented crossings
# (docs/architecture.md) are named in ALLOWED.
ABOVE = {
    "companion.engine": ["companion.high_and_tight", "companion.store", "companion.tui",
                         "companion.cli", "companion.print_cli", "printables"],
    "companion.high_and_tight": ["companion.store", "companion.tui", "companion.cli",
                                 "companion.print_cli", "printables"],
    "companion.store": ["companion.tui", "companion.cli", "companion.print_cli", "printables"],
    # The store is not above printables nor printables above the tui (DESIGN: games <-
    # printables): a crossing is named in ALLOWED, reportlab kept from the table's start.
    "printables": ["companion.tui", "companion.cli", "companion.print_cli", "companion.store"],
    "companion.tui": ["companion.cli", "companion.print_cli", "printables"],
}
ALLOWED = {
    ("printables.boxscore", "companion.store"),   # a box score loads its series (export's way)
    ("companion.tui.printing", "printables"),     # the print dialog, reportlab loaded lazily
}


def test_rules_packages_load_only_the_standard_library():
    """DESIGN: engine and game rules are pure. Every module of companion.engine and
    companion.high_and_tight, imported in a fresh interpreter, loads no module outside
    the standard library and the rules packages (so no textual, sqlite3, reportlab)."""
    assert len(RULES_MODULES) >= 15            # the walk found the packages' modules
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"      # what the interpreter's start loaded (site, ...)
        + "".join(f"import {m}\n" for m in RULES_MODULES)
        + "outside = sorted({m.split('.')[0] for m in set(sys.modules) - before}"
        + " - set(sys.stdlib_module_names) - {'companion'})\n"
        + "bad = [m for m in sys.modules if m.startswith('companion.') and not"
        + " m.startswith(('companion.engine', 'companion.high_and_tight'))]\n"
        + "print(','.join(outside + bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == ""


def imported_modules(path: Path, module: str) -> set[str]:
    """Every module a source file imports, at its top or inside a function."""
    names: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            name = node.module or ""
            full = (f"{base}.{name}" if name else base) if node.level else name
            names.add(full)
            names.update(f"{full}.{alias.name}" for alias in node.names)
    return names


def source_modules():
    for top in ("companion", "printables"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            yield path, ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_layer_imports_one_above_it():
    crossings, used = [], set()
    for path, module in source_modules():
        banned = [above for layer, aboves in ABOVE.items()
                  if module == layer or module.startswith(layer + ".") for above in aboves]
        for name in imported_modules(path, module):
            for above in banned:
                if name == above or name.startswith(above + "."):
                    if (module, above) in ALLOWED:
                        used.add((module, above))
                    else:
                        crossings.append(f"{module} imports {name}")
    assert crossings == []
    assert used == ALLOWED          # each crossing allowed is one the code makes


def test_the_import_check_sees_relative_and_lazy_imports(tmp_path):
    """The check above can fail: a lazy relative import of the cli from the tui is seen."""
    source = tmp_path / "views.py"
    source.write_text("def f():\n    from ..print_cli import PAPERS\n    from . import chrome\n")
    assert {"companion.print_cli", "companion.print_cli.PAPERS", "companion.tui",
            "companion.tui.chrome"} <= imported_modules(source, "companion.tui.views")


def test_no_data_file_is_executed():
    """SPEC 8: box data is read as TOML and CSV only: no eval, exec or pickle in the loader."""
    import companion.high_and_tight.box as box_module
    source = Path(box_module.__file__).read_text()
    for word in ("eval(", "exec(", "pickle", "__import__"):
        assert word not in source
