"""Every beginner-level ruling (R1–R8) and every paragraph of the beginner text has a test.

Tests are named after the rule they check: `test_R5_2_...` or `test_texte_sirop_...`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
RULINGS = HERE.parents[2] / "shared" / "rules" / "RULINGS.md"
PARAGRAPHS = (
    "deroulement",
    "scores_negatifs",
    "chouette",
    "velute",
    "chouette_velute",
    "cul_de_chouette",
    "suite",
    "neant",
    "grelottine",
    "sirop",
    "civet",
    "bevue",
    "chante_sloubi",
)
BEGINNER_SECTIONS = range(1, 9)  # R9 is the amateur level, V the forum variant


def rule_test_names() -> set[str]:
    names: set[str] = set()
    for path in HERE.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names.update(
            n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")
        )
    return names


def beginner_rulings(text: str) -> list[str]:
    """R-items: the numbered lines under each '## Rn.' heading of RULINGS.md."""
    items: list[str] = []
    section = None
    for line in text.splitlines():
        heading = re.match(r"## R(\d+)\.", line)
        if heading:
            section = int(heading.group(1))
            continue
        if line.startswith("## "):
            section = None
        item = re.match(r"(\d+)\. ", line)
        if section in BEGINNER_SECTIONS and item:
            items.append(f"R{section}_{item.group(1)}")
    return items


def test_every_beginner_ruling_has_a_test() -> None:
    if not RULINGS.exists():
        pytest.skip(f"{RULINGS} is absent (a clone without ../shared)")
    items = beginner_rulings(RULINGS.read_text(encoding="utf-8"))
    assert len(items) >= 30
    names = rule_test_names()
    missing = [item for item in items if not any(n.startswith(f"test_{item}_") for n in names)]
    assert missing == []


def test_every_paragraph_of_the_beginner_text_has_a_test() -> None:
    names = rule_test_names()
    missing = [p for p in PARAGRAPHS if not any(n.startswith(f"test_texte_{p}_") for n in names)]
    assert missing == []


def test_the_ruling_parser_reads_numbered_items() -> None:
    sample = "## R1. A\n1. one\n2. two\n## R9. Amateur\n1. skip\n## R2. B\n1. x\n   - sub\n"
    assert beginner_rulings(sample) == ["R1_1", "R1_2", "R2_1"]
