"""The rules core imports only the standard library (DESIGN: python-chess habit)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "culdechouette_box" / "rules"


def imported_modules(path: Path) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def test_rules_core_imports_only_the_standard_library() -> None:
    files = sorted(RULES.rglob("*.py"))
    assert len(files) > 10
    outside = [
        f"{path.name}:{line} imports {module}"
        for path in files
        for line, module in imported_modules(path)
        if module.split(".")[0] not in sys.stdlib_module_names
    ]
    assert outside == []


def test_the_walker_sees_a_foreign_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import json\nfrom numpy import array\nfrom . import engine\n", encoding="utf-8")
    modules = [m for _, m in imported_modules(sample)]
    assert modules == ["json", "numpy"]
