"""How the suite is laid out (docs/testing.md): builders live in `tests/factories.py` and helpers
in helper modules; a test never imports from a conftest or from another test module (whose
fixtures would run in two modules, and whose helpers would drag its tests along), and a conftest
declares fixtures (and pytest's hooks) only."""

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def modules():
    return sorted(TESTS.rglob("*.py"))


def imported(tree, path):
    """The dotted names `path` imports (relative imports made absolute)."""
    package = ".".join(path.relative_to(TESTS.parent).with_suffix("").parts[:-1])
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def is_test_module_or_conftest(name):
    last = name.rsplit(".", 1)[-1]
    return name.startswith("tests.") and (last.startswith("test_") or last == "conftest")


def test_no_module_imports_a_test_module_or_a_conftest():
    found = [
        (str(path.relative_to(TESTS)), name)
        for path in modules()
        for name in imported(ast.parse(path.read_text(encoding="utf-8")), path)
        if is_test_module_or_conftest(name)
    ]
    assert found == []


def is_fixture(function):
    for decorator in function.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if ast.unparse(target) in ("pytest.fixture", "fixture"):
            return True
    return False


def test_conftests_declare_fixtures_only():
    """A conftest's public functions are fixtures or pytest's hooks (`_helpers` serve them)."""
    found = [
        (str(path.relative_to(TESTS)), node.name)
        for path in TESTS.rglob("conftest.py")
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef)
        and not is_fixture(node)
        and not node.name.startswith(("_", "pytest_"))
    ]
    assert found == []


def test_the_database_only_run_keeps_every_test_that_reaches_the_database():
    """`--database-only` (`.ci/run` on PostgreSQL) keeps the tests with the database's fixtures
    or marker and leaves out those that cannot reach it (pure rules, a settings check) and the
    Chromium tests that only look at pages (`looks`), but not the other tests of their module."""
    import subprocess
    import sys

    chosen = [
        "tests/rules/test_mcr.py",
        "tests/desk/test_ruleset_codes.py",
        "tests/scoring/test_live.py",
        "tests/reliability/test_archive_checks.py",
        "tests/browser/test_on_the_day.py",
        "tests/browser/test_phone_width.py",
        "tests/browser/test_keyboard.py",
    ]

    def collected(*options):
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "--collect-only",
                "-q",
                "-p",
                "no:cacheprovider",
                *options,
                *chosen,
            ],
            cwd=TESTS.parent,
            capture_output=True,
            text=True,
            check=True,
        )
        return {line.split("[")[0] for line in result.stdout.splitlines() if "::" in line}

    def modules(tests):
        return {test.split("::")[0] for test in tests}

    every = collected()
    assert modules(every) == set(chosen)
    ring = "tests/browser/test_keyboard.py::test_every_control_shows_a_focus_ring_that_stands_out"
    assert ring in every
    database = collected("--database-only")
    assert modules(database) == set(chosen[2:5]) | {"tests/browser/test_keyboard.py"}
    assert ring not in database
    keyboard = {test for test in every if test.startswith("tests/browser/test_keyboard.py::")}
    assert keyboard - {ring} and keyboard - {ring} <= database  # its other tests stay
