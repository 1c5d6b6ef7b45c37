#!/usr/bin/env bash
# The static checks CI runs after the tests: ruff over the tree, mypy over cardtable/,
# and mypy --strict over the rules code and the game contract (every module of
# cardtable/engine/, cardtable/games/ and cardtable/yaml_games/ outside a ui/ folder).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ruff check .
mypy
mapfile -t rules < <(find cardtable/engine cardtable/games cardtable/yaml_games -name '*.py' -not -path '*/ui/*' | sort)
mypy --strict --follow-imports=silent "${rules[@]}"
