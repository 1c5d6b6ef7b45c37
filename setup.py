"""The package list for setuptools: every code package under cardtable/ plus the two
data folders (see pyproject.toml). Everything else is declared in pyproject.toml."""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["cardtable", "cardtable.*"]) + ["cardtable.assets", "cardtable.variants"])
