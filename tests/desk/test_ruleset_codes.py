"""The desk never compares rule-set codes: it asks the rule set (`rules/base.py`).

Every .py and .html file outside `rules/` (and outside migrations and tests) is scanned for a
comparison with a rule-set code: `==`, `!=`, `in`, `is`, `startswith`/`endswith` or a `match`
case with a code literal ("mcr", "riichi2016", or a prefix of a code such as "riichi") or a
member of `RuleSetCode`; in templates, an `{% if %}` with such a literal or a `|slice` of the
rule set. Naming a code to create a tournament (`ruleset=RuleSetCode.MCR`) is not a comparison.
"""

import ast
import os
import re
from pathlib import Path

import pytest

from rules import RULESET_CODES

ROOT = Path(__file__).resolve().parents[2]
SKIPPED_DIRS = {"rules", "tests", "migrations", "node_modules", "data", "__pycache__"}
#: Every code, and every prefix of a code of at least three letters ("riichi", "mcr", "fimj").
CODE_LITERALS = frozenset(code[:end] for code in RULESET_CODES for end in range(3, len(code) + 1))
COMPARISONS = (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot)


def is_code(node):
    """A code literal, a `RuleSetCode.X` member, or a tuple/list/set of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value in CODE_LITERALS
    if isinstance(node, ast.Attribute) and node.attr.isupper():
        owner = node.value
        name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
        return name == "RuleSetCode"
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(is_code(item) for item in node.elts)
    return False


def python_comparisons(source):
    """(line, text) of every rule-set code comparison in Python `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for index, op in enumerate(node.ops):
                pair = operands[index], operands[index + 1]
                if isinstance(op, COMPARISONS) and any(is_code(side) for side in pair):
                    found.append(node)
                    break
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("startswith", "endswith") and any(map(is_code, node.args)):
                found.append(node)
        elif isinstance(node, ast.match_case):
            values = [
                sub.value if isinstance(sub, ast.MatchValue) else sub
                for sub in ast.walk(node.pattern)
                if isinstance(sub, ast.MatchValue | ast.MatchSingleton)
            ]
            if any(is_code(value) for value in values):
                found.append(node.pattern)
    return [(node.lineno, ast.get_source_segment(source, node) or "") for node in found]


CODE_PATTERN = "|".join(re.escape(code) for code in sorted(CODE_LITERALS, key=len, reverse=True))
QUOTED_CODE = re.compile(rf"""(["'])({CODE_PATTERN})\1""")
TEMPLATE_TEST = re.compile(r"{%-?\s*(?:if|elif|ifequal|ifnotequal)\b(.*?)%}", re.DOTALL)
OPERATOR_NEAR_CODE = re.compile(
    rf"""(?:===?|!==?)\s*(["'])(?:{CODE_PATTERN})\1|(["'])(?:{CODE_PATTERN})\2\s*(?:===?|!==?)"""
)


def template_comparisons(source):
    """(line, text) of every rule-set code comparison in a template (or its scripts)."""
    found = []
    for match in TEMPLATE_TEST.finditer(source):
        test = match.group(1)
        if QUOTED_CODE.search(test) or "RuleSetCode" in test or re.search(r"ruleset\|slice", test):
            found.append(match)
    inside = [range(m.start(), m.end()) for m in found]
    found += [
        m
        for m in OPERATOR_NEAR_CODE.finditer(source)
        if not any(m.start() in span for span in inside)
    ]
    return [(source.count("\n", 0, m.start()) + 1, m.group(0)) for m in found]


def desk_files():
    """Every .py and .html file of the project outside the skipped folders (and hidden ones,
    such as the virtual environment)."""
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
        for name in sorted(files):
            if name.endswith((".py", ".html")):
                yield Path(folder) / name


def test_the_scan_covers_the_desk():
    scanned = {path.relative_to(ROOT).as_posix() for path in desk_files()}
    for expected in (
        "exports/rows.py",
        "exports/pdf/scoresheet.py",
        "common/formatting.py",
        "scoring/standings/lists.py",
        "draw/planning.py",
        "templates/scoring/projector.html",
        "desk/demo.py",
    ):
        assert expected in scanned
    assert not any(name.startswith(("rules/", "tests/")) for name in scanned)
    assert not any("/migrations/" in name for name in scanned)


def test_no_rule_set_code_is_compared_outside_rules():
    problems = []
    for path in desk_files():
        source = path.read_text(encoding="utf-8")
        scan = python_comparisons if path.suffix == ".py" else template_comparisons
        for line, text in scan(source):
            problems.append(f"{path.relative_to(ROOT)}:{line}: {text}")
    assert not problems, (
        "Ask the rule set (rules/base.py: RuleSet) instead of comparing its code:\n"
        + "\n".join(problems)
    )


@pytest.mark.parametrize(
    "source",
    [
        'riichi = tournament.ruleset.startswith("riichi")',
        'uses_tp = tournament.ruleset == "mcr"',
        'if tournament.ruleset != "mcr":\n    pass',
        'if code in ("riichi2008", "riichi2016"):\n    pass',
        'if "riichi" in code:\n    pass',
        "if tournament.ruleset == RuleSetCode.MCR:\n    pass",
        "if code is models.RuleSetCode.FAENTINO:\n    pass",
        "if code.endswith(('2008', 'faentino')):\n    pass",
        'match code:\n    case "fimj" | "european":\n        pass',
        "match code:\n    case RuleSetCode.MCR:\n        pass",
    ],
)
def test_the_scan_finds_a_python_comparison(source):
    assert python_comparisons(source)


@pytest.mark.parametrize(
    "source",
    [
        "Tournament.objects.create(name='Cup', ruleset=RuleSetCode.MCR)",
        'ruleset = rules.get_ruleset("mcr")',
        'if outcome == "chombo":\n    pass',
        'italian = (get_language() or "").startswith("it")',
        "if new_ruleset != tournament.ruleset:\n    pass",
        "codes = RuleSetCode.values\nif code in RuleSetCode.values:\n    pass",
        'FACTORIES = {"mcr": 1, "fimj": 2}',
    ],
)
def test_the_scan_lets_other_code_be(source):
    assert python_comparisons(source) == []


@pytest.mark.parametrize(
    "source",
    [
        '{% if tournament.ruleset|slice:":6" == "riichi" %}x{% endif %}',
        "{% if tournament.ruleset == 'mcr' %}x{% endif %}",
        '{% elif code in "riichi2016" %}',
        "<script>if (ruleset === 'faentino') { go(); }</script>",
        '{% ifequal tournament.ruleset "fimj" %}x{% endifequal %}',
    ],
)
def test_the_scan_finds_a_template_comparison(source):
    assert template_comparisons(source)


@pytest.mark.parametrize(
    "source",
    [
        '{% if kind == "standings" %}x{% endif %}',
        "{% if ruleset.shows_final_score %}{{ row.final_score_text }}{% endif %}",
        "{{ tournament.get_ruleset_display }}",
        '<option value="mcr">MCR</option>',
    ],
)
def test_the_scan_lets_other_templates_be(source):
    assert template_comparisons(source) == []
