"""The examples in the rules package's docstrings (seed worked examples among them) run."""

import doctest
import importlib
import pkgutil

import pytest

import rules

#: Every module of the package, those inside its subpackages (rules.riichi.payments...) too.
MODULES = sorted(
    name.removeprefix("rules.")
    for _finder, name, is_package in pkgutil.walk_packages(rules.__path__, prefix="rules.")
    if not is_package
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"rules.{name}")
    failures, _tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_the_examples_exist():
    tried = sum(doctest.testmod(importlib.import_module(f"rules.{n}")).attempted for n in MODULES)
    assert tried >= 25
