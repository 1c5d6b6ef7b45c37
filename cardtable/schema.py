"""Safe YAML loading and schema validation for variant and deck files.

:func:`load_yaml` composes a file into PyYAML nodes without building Python objects;
:func:`validate` checks the nodes against a schema (:class:`Map`, :class:`Str`, ...)
and returns plain data. Problems raise :class:`SpecError`: ``FILE:LINE:COL: path: message``.
"""

from __future__ import annotations

import contextvars
import copy
import dataclasses
import difflib
import logging
import re
import typing as t
from pathlib import Path
from types import MappingProxyType

import yaml

from cardtable.storage import StorageError, read_user_file

__all__ = ["SpecError", "load_yaml", "validate", "load_and_validate", "Schema", "Str", "Int",
           "Float", "Bool", "Colour", "Seq", "Map", "Field", "DictOf", "OneOf", "Any", "Retired",
           "SCHEMA_VERSION_FIELD", "schema_version_field", "NUMBER_LIMIT", "redact"]

_log = logging.getLogger(__name__)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MAX_DEPTH = 100  # deeper nesting is refused when loading, so recursion stays shallow

_CORE = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_CORE + n for n in ("str", "int", "float", "bool", "null"))
_ALLOWED_TAGS = {yaml.ScalarNode: {_STR, _INT, _FLOAT, _BOOL, _NULL},
                 yaml.SequenceNode: {_CORE + "seq"}, yaml.MappingNode: {_CORE + "map"}}
# Plain scalars that YAML 1.1 would read as timestamps, merge keys (<<) or "=" stay strings.
_IMPLICIT_AS_STR = {_CORE + n for n in ("timestamp", "merge", "value")}
_SAFE = yaml.constructor.SafeConstructor()
_BUILDERS: dict[str, t.Callable[[yaml.ScalarNode], t.Any]] = {
    _STR: lambda node: node.value, _INT: _SAFE.construct_yaml_int,
    _FLOAT: _SAFE.construct_yaml_float, _BOOL: _SAFE.construct_yaml_bool,
    _NULL: _SAFE.construct_yaml_null}


class SpecError(Exception):
    """A problem in a spec file; ``str(e)`` is ``"file:line:col: path: message"``.

    ``line`` and ``col`` are 1-based; ``path`` is the keys and list indexes from the root
    joined with "/", or "" (then left out of ``str(e)``) when there is none.
    """

    def __init__(self, file: str, line: int, col: int, path: str, message: str) -> None:
        super().__init__(file, line, col, path, message)
        self.file, self.line, self.col, self.path, self.message = file, line, col, path, message

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.col}: "
        return where + (f"{self.path}: " if self.path else "") + self.message


_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")


def redact(error: SpecError) -> SpecError:
    """The same error with every quoted piece of the file's text replaced by ``'...'``.

    For a file reached through a symbolic link: its target may be any file on the
    system, and an error must not show what that file holds.
    """
    return SpecError(error.file, error.line, error.col, error.path,
                     _QUOTED.sub("'...'", error.message))


def _error(file: str, mark: yaml.Mark, path: tuple, message: str) -> SpecError:
    """A SpecError at a (0-based) PyYAML mark, ``path`` being a tuple of keys and indexes."""
    return SpecError(file, mark.line + 1, mark.column + 1, "/".join(map(str, path)), message)


def _quote(text: str, limit: int = 40) -> str:
    """``repr`` of a string, shortened for messages."""
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def _short_tag(tag: str) -> str:
    """``tag:yaml.org,2002:binary`` -> ``!!binary``."""
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


def _construct(node: yaml.ScalarNode) -> t.Any:
    """The Python value of a core-tagged scalar node; ValueError if it has none."""
    if node.tag not in _BUILDERS:
        raise ValueError(f"tag {_short_tag(node.tag)} is not allowed")
    try:
        return _BUILDERS[node.tag](node)
    except (ValueError, KeyError, IndexError):
        raise ValueError(f"invalid {_short_tag(node.tag)} value {_quote(node.value)}") from None


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based (line, column) of character ``index`` in ``text``."""
    return text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)


# --------------------------------------------------------------------------- loading

def _read_text(path: Path | str, file: str, max_bytes: int) -> str:
    """The file's text, checked for size, UTF-8 and characters YAML forbids.

    Read with :func:`cardtable.storage.read_user_file`: only a regular file (or a link
    to one) up to ``max_bytes``, errors naming ``file`` and never the link's target.
    """
    try:
        data = read_user_file(path, limit=max_bytes)
    except StorageError as exc:
        reason = exc.reason if exc.too_big or exc.special else (
            "cannot read file: " + ("No such file or directory" if exc.missing
                                    else exc.reason.removeprefix("cannot read: ")))
        raise SpecError(file, 1, 1, "", reason) from None
    data = data.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte order mark
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start].decode("utf-8")
        raise SpecError(file, *_position(before, len(before)), "",
                        f"file is not valid UTF-8 (byte 0x{data[exc.start]:02x})") from None
    if bad := yaml.reader.Reader.NON_PRINTABLE.search(text):
        raise SpecError(file, *_position(text, bad.start()), "",
                        f"character U+{ord(bad.group()):04X} is not allowed in YAML")
    return text


class _Composer:
    """Builds a node tree from parser events, refusing anything unsafe on the way."""

    def __init__(self, loader: t.Any, file: str, max_nodes: int) -> None:
        self.events, self.file, self.max_nodes, self.count = loader, file, max_nodes, 0

    def document(self) -> yaml.Node:
        """Compose the one document of the stream."""
        self.events.get_event()  # StreamStartEvent
        if self.events.check_event(yaml.StreamEndEvent):
            raise SpecError(self.file, 1, 1, "", "empty document (the file has no YAML content)")
        self.events.get_event()  # DocumentStartEvent
        root = self.node((), 0)
        self.events.get_event()  # DocumentEndEvent
        if not self.events.check_event(yaml.StreamEndEvent):
            raise _error(self.file, self.events.peek_event().start_mark, (),
                         "only one YAML document is allowed per file")
        return root

    def tag(self, event: t.Any, kind: type, path: tuple) -> str:
        """The event's tag, resolved if implicit, else checked against the allowed ones."""
        if event.tag in (None, "!"):
            tag = self.events.resolve(kind, getattr(event, "value", None), event.implicit)
            return _STR if tag in _IMPLICIT_AS_STR else tag
        if event.tag not in _ALLOWED_TAGS[kind]:
            raise _error(self.file, event.start_mark, path,
                         f"tag {_short_tag(event.tag)} is not allowed")
        return event.tag

    def node(self, path: tuple, depth: int) -> yaml.Node:
        """Compose the node that starts with the next event."""
        event = self.events.get_event()
        start = event.start_mark
        self.count += 1
        if self.count > self.max_nodes:
            raise _error(self.file, start, path, f"more than {self.max_nodes} nodes")
        if isinstance(event, yaml.AliasEvent):  # this also defeats "billion laughs"
            raise _error(self.file, start, path, "aliases are not allowed")
        if depth >= _MAX_DEPTH:
            raise _error(self.file, start, path, f"nested more than {_MAX_DEPTH} levels deep")
        if isinstance(event, yaml.ScalarEvent):
            node = yaml.ScalarNode(self.tag(event, yaml.ScalarNode, path), event.value,
                                   start, event.end_mark, event.style)  # type: ignore[arg-type]
            if event.tag not in (None, "!"):  # explicit tags, e.g. !!int "x", must make sense
                try:
                    _construct(node)
                except ValueError as exc:
                    raise _error(self.file, start, path, str(exc)) from None
            return node
        if isinstance(event, yaml.SequenceStartEvent):
            tag, items = self.tag(event, yaml.SequenceNode, path), list[yaml.Node]()
            while not self.events.check_event(yaml.SequenceEndEvent):
                items.append(self.node(path + (len(items),), depth + 1))
            end = self.events.get_event().end_mark
            return yaml.SequenceNode(tag, items, start, end, event.flow_style)
        tag, pairs, first_line = self.tag(event, yaml.MappingNode, path), [], dict[t.Any, t.Any]()
        while not self.events.check_event(yaml.MappingEndEvent):
            key = self.node(path, depth + 1)
            if not isinstance(key, yaml.ScalarNode):
                raise _error(self.file, key.start_mark, path,
                             "a mapping key must be a plain value, not a list or mapping")
            if (ident := _construct(key)) in first_line:
                raise _error(self.file, key.start_mark, path, f"duplicate key "
                             f"{_quote(key.value)} (first at line {first_line[ident]})")
            first_line[ident] = key.start_mark.line + 1
            pairs.append((key, self.node(path + (key.value,), depth + 1)))
        end = self.events.get_event().end_mark
        return yaml.MappingNode(tag, pairs, start, end, event.flow_style)


def load_yaml(path: Path | str, *, max_bytes: int = 4_000_000,
              max_nodes: int = 500_000) -> yaml.Node:
    """Read and compose a YAML file safely into a node tree.

    Parses with CSafeLoader (or SafeLoader) but builds the nodes itself, raising a
    :class:`SpecError` for: an unreadable, oversized, non-UTF-8 or empty file, a syntax
    error, any tag but the core str/int/float/bool/null/seq/map, an alias, a complex or
    duplicate key, more than ``max_nodes`` nodes, nesting over 100 levels deep, or a
    second document. Plain timestamps (``2024-01-31``) and ``<<`` stay strings.
    """
    file = str(path)
    loader = _LOADER(_read_text(path, file, max_bytes))
    try:
        return _Composer(loader, file, max_nodes).document()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = f"YAML syntax error: {exc.problem or exc.context}"
        if exc.problem and exc.context and exc.context_mark:
            message += f" ({exc.context} started at line {exc.context_mark.line + 1})"
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise SpecError(file, line, col, "", message) from None
    except yaml.YAMLError as exc:  # pragma: no cover - reader errors are caught earlier
        raise SpecError(file, 1, 1, "", f"YAML error: {exc}") from None
    finally:
        loader.dispose()


# --------------------------------------------------------------------------- schemas

class _Invalid(Exception):
    """A validation failure at ``node``; ``type_error`` if the node is of the wrong kind."""

    def __init__(self, node: yaml.Node, path: tuple, message: str, type_error: bool = False):
        super().__init__(message)
        self.node, self.path, self.message, self.type_error = node, path, message, type_error


def _describe(node: yaml.Node) -> str:
    """What a node is, for "expected X, got Y" messages."""
    if not isinstance(node, yaml.ScalarNode):
        return "a list" if isinstance(node, yaml.SequenceNode) else "a mapping"
    return {_STR: f"a string {_quote(node.value)}", _INT: f"an integer {node.value}",
            _FLOAT: f"a float {node.value}", _BOOL: "a boolean", _NULL: "null",
            }.get(node.tag, f"a value tagged {_short_tag(node.tag)}")


def _scalar(node: yaml.Node, path: tuple, tags: t.Collection[str], expected: str,
            hint: str = "") -> t.Any:
    """The value of ``node`` if it is a scalar with one of ``tags``, else a type error."""
    if not (isinstance(node, yaml.ScalarNode) and node.tag in tags):
        raise _Invalid(node, path, f"expected {expected}, got {_describe(node)}{hint}", True)
    return node.value if node.tag == _STR else _value(node, path)


def _value(node: yaml.ScalarNode, path: tuple) -> t.Any:
    """The Python value of a scalar node (load_yaml has checked those it returns)."""
    try:
        return _construct(node)
    except ValueError as exc:
        raise _Invalid(node, path, str(exc)) from None


def _kind(node: yaml.Node, path: tuple, kind: type, expected: str) -> None:
    """Raise a type error unless ``node`` is a sequence or mapping node as ``kind`` says."""
    if not isinstance(node, kind):
        raise _Invalid(node, path, f"expected {expected}, got {_describe(node)}", True)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")

NUMBER_LIMIT = 10**15
"""The largest size of any number a file may hold (where its schema sets no tighter bound):
it still prints in a line of text and computes exactly as an integer and a float."""


def _check_text(text: str, node: yaml.Node, path: tuple) -> None:
    """Refuse a NUL character or a lone surrogate: no font or file name can take them."""
    if (at := text.find("\x00")) >= 0:
        raise _Invalid(node, path, f"must not contain a NUL character (\\0 at character {at + 1})")
    if bad := _LONE_SURROGATE.search(text):
        raise _Invalid(node, path, f"must not contain the unpaired surrogate "
                       f"U+{ord(bad.group()):04X} (at character {bad.start() + 1})")


def _check_number(value: t.Any, node: yaml.Node, path: tuple) -> None:
    """Refuse infinities, NaN and numbers beyond :data:`NUMBER_LIMIT`."""
    if isinstance(value, float) and value != value:
        raise _Invalid(node, path, "must be a number, got NaN")
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        raise _Invalid(node, path, f"must be a finite number, got {node.value[:40]}")
    if abs(value) > NUMBER_LIMIT:
        raise _Invalid(node, path, f"must be from -{NUMBER_LIMIT} to {NUMBER_LIMIT}, "
                       f"got {node.value[:40]}{'...' if len(node.value) > 40 else ''}")


def _in_range(value: float, low: float | None, high: float | None, node: yaml.Node, path: tuple):
    """Check ``low <= value <= high`` (either bound may be None)."""
    if low is not None and value < low:
        raise _Invalid(node, path, f"must be at least {low}, got {value}")
    if high is not None and value > high:
        raise _Invalid(node, path, f"must be at most {high}, got {value}")


def _plain(node: yaml.Node, path: tuple) -> t.Any:
    """Any safe node tree as plain Python data."""
    if isinstance(node, yaml.SequenceNode):
        return [_plain(item, path + (i,)) for i, item in enumerate(node.value)]
    if isinstance(node, yaml.MappingNode):
        return {_plain(key, path): _plain(value, path + (key.value,)) for key, value in node.value}
    assert isinstance(node, yaml.ScalarNode)
    value = _value(node, path)
    if isinstance(value, str):
        _check_text(value, node, path)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        _check_number(value, node, path)
    return value


def _hashable(value: t.Any) -> t.Hashable:
    """A hashable stand-in for plain data, for uniqueness checks."""
    if isinstance(value, dict):
        return frozenset((k, _hashable(v)) for k, v in value.items())
    return tuple(map(_hashable, value)) if isinstance(value, list) else value


class Schema:
    """Base class of the (immutable) schema nodes; ``expected`` names what one accepts."""

    expected = "a value"

    def _check(self, node: yaml.Node, path: tuple) -> t.Any:
        """Validate ``node`` (found at ``path``) and return its plain value, or raise _Invalid."""
        raise NotImplementedError


@dataclasses.dataclass(frozen=True)
class Str(Schema):
    """A string; if given, its length, full ``pattern`` match and ``choices`` are checked."""

    min_len: int = 0
    max_len: int | None = None
    pattern: str | None = None
    choices: tuple[str, ...] | None = None
    expected = "a string"

    def __post_init__(self) -> None:
        if self.choices is not None:
            object.__setattr__(self, "choices", tuple(self.choices))
        re.compile(self.pattern or "")  # a bad pattern fails here, not while validating

    def _check(self, node: yaml.Node, path: tuple) -> str:
        quote_it = isinstance(node, yaml.ScalarNode) and node.tag in (_BOOL, _INT, _FLOAT)
        text = _scalar(node, path, (_STR,), "a string", " (quote it)" if quote_it else "")
        _check_text(text, node, path)
        if len(text) < self.min_len:
            raise _Invalid(node, path, "must not be empty" if not text else
                           f"must be at least {self.min_len} characters long, got {len(text)}")
        if self.max_len is not None and len(text) > self.max_len:
            raise _Invalid(node, path, f"must be at most {self.max_len} characters long, "
                           f"got {len(text)}")
        if self.choices is not None and text not in self.choices:
            raise _Invalid(node, path, f"must be one of: {', '.join(self.choices)}; "
                           f"got {_quote(text)}")
        if self.pattern is not None and not re.fullmatch(self.pattern, text):
            raise _Invalid(node, path, f"must match the pattern {self.pattern!r}, "
                           f"got {_quote(text)}")
        return text


@dataclasses.dataclass(frozen=True)
class Int(Schema):
    """An integer (a boolean is not one) from ``min`` to ``max``."""

    min: int | None = None
    max: int | None = None
    expected = "an integer"

    def _check(self, node: yaml.Node, path: tuple) -> int:
        value = _scalar(node, path, (_INT,), self.expected)
        _in_range(value, self.min, self.max, node, path)
        _check_number(value, node, path)
        return value


@dataclasses.dataclass(frozen=True)
class Float(Schema):
    """A number from ``min`` to ``max``, returned as a float; integers are accepted, NaN is not."""

    min: float | None = None
    max: float | None = None
    expected = "a number"

    def _check(self, node: yaml.Node, path: tuple) -> float:
        value = float(_scalar(node, path, (_INT, _FLOAT), self.expected))
        if value != value:
            raise _Invalid(node, path, "must be a number, got NaN")
        _in_range(value, self.min, self.max, node, path)
        _check_number(value, node, path)
        return value


@dataclasses.dataclass(frozen=True)
class Bool(Schema):
    """A boolean: ``true``/``false`` (YAML 1.1 also reads yes/no/on/off as booleans)."""

    expected = "a boolean"

    def _check(self, node: yaml.Node, path: tuple) -> bool:
        return _scalar(node, path, (_BOOL,), "a boolean (true or false)")


@dataclasses.dataclass(frozen=True)
class Colour(Schema):
    """A ``"#rrggbb"`` string, returned as an ``(r, g, b)`` tuple of ints."""

    expected = "a colour string like '#rrggbb'"

    def _check(self, node: yaml.Node, path: tuple) -> tuple[int, int, int]:
        hint = " (quote it: '#' starts a comment)" if getattr(node, "tag", "") == _NULL else ""
        text = _scalar(node, path, (_STR,), self.expected, hint)
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", text):
            raise _Invalid(node, path, f"must be a colour like '#rrggbb', got {_quote(text)}")
        return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


@dataclasses.dataclass(frozen=True)
class Seq(Schema):
    """A list of ``min_len``..``max_len`` ``item``s, unique if ``unique_by`` is set.

    ``unique_by`` is a key of the (mapping) items, items without it being skipped, or
    True for the items themselves.
    """

    item: Schema
    min_len: int = 0
    max_len: int | None = None
    unique_by: str | bool | None = None
    expected = "a list"

    def _check(self, node: yaml.Node, path: tuple) -> list:
        _kind(node, path, yaml.SequenceNode, self.expected)
        result, seen = [], dict[t.Any, t.Any]()
        for index, child in enumerate(node.value):
            if index == self.max_len:
                raise _Invalid(child, path, f"must have at most {self.max_len} items, "
                               f"got {len(node.value)}")
            result.append(self.item._check(child, path + (index,)))
            if self.unique_by is not None:
                self._check_unique(result[-1], child, path + (index,), seen)
        if len(result) < self.min_len:
            raise _Invalid(node, path, f"must have at least {self.min_len} items, "
                           f"got {len(result)}")
        return result

    def _check_unique(self, value: t.Any, child: yaml.Node, path: tuple, seen: dict) -> None:
        """Remember item ``path[-1]``; fail if an earlier item has the same value or key."""
        index, what, where = path[-1], "item", child
        if isinstance(self.unique_by, str):
            what, value, path = self.unique_by, value.get(self.unique_by), path + (self.unique_by,)
            if value is None:
                return
            where = next((v for k, v in child.value if k.value == what), child)
        if (first := seen.setdefault(_hashable(value), index)) != index:
            shown = _quote(value) if isinstance(value, str) else _quote(repr(value))[1:-1]
            raise _Invalid(where, path, f"duplicate {what} {shown} (first at index {first})")


@dataclasses.dataclass(frozen=True)
class Field:
    """A key of a :class:`Map`: its schema, whether it is required, its default and a doc."""

    schema: Schema
    required: bool = True
    default: t.Any = None
    doc: str = ""


@dataclasses.dataclass(frozen=True, eq=False)
class Map(Schema):
    """A mapping of known string keys (with ``extra``, others are kept as plain data).

    The result has every field; missing optional ones get a copy of their default.
    """

    fields: t.Mapping[str, Field]
    extra: bool = False
    expected = "a mapping"

    def __post_init__(self) -> None:
        object.__setattr__(self, "fields", MappingProxyType(dict(self.fields)))

    def _check(self, node: yaml.Node, path: tuple) -> dict:
        _kind(node, path, yaml.MappingNode, self.expected)
        result = {}
        for key, value in node.value:
            name = _scalar(key, path, (_STR,), "a string key")
            if name in self.fields:
                checked = self.fields[name].schema._check(value, path + (name,))
                if checked is _RETIRED:
                    _retired(key, path + (name,), t.cast(Retired, self.fields[name].schema).message)
                    continue
                result[name] = checked
            elif self.extra:
                result[name] = _plain(value, path + (name,))
            else:
                raise _Invalid(key, path, self._unknown(name))
        for name, field in self.fields.items():
            if name not in result:
                if field.required:
                    raise _Invalid(node, path, f"missing required key {_quote(name)}")
                result[name] = copy.deepcopy(field.default)
        return result

    def _unknown(self, name: str) -> str:
        """The message for an unknown key, listing the known ones."""
        if not self.fields:
            return f"unknown key {_quote(name)} (no keys are allowed here)"
        close = difflib.get_close_matches(name, list(self.fields), n=1)
        return (f"unknown key {_quote(name)} (expected one of: {', '.join(self.fields)})"
                + (f"; did you mean {_quote(close[0])}?" if close else ""))


@dataclasses.dataclass(frozen=True)
class DictOf(Schema):
    """A mapping with free-form keys, each checked by ``key``, and values checked by ``value``."""

    key: Str
    value: Schema
    expected = "a mapping"

    def _check(self, node: yaml.Node, path: tuple) -> dict:
        _kind(node, path, yaml.MappingNode, self.expected)
        return {(name := self.key._check(key, path)): self.value._check(value, path + (name,))
                for key, value in node.value}


@dataclasses.dataclass(frozen=True, init=False)
class OneOf(Schema):
    """The first of ``schemas`` that accepts the node.

    Otherwise the most specific failure is reported: the deepest, a value error before a
    type error, or one "expected X or Y, got Z" if all are type errors at the node itself.
    """

    schemas: tuple[Schema, ...]

    def __init__(self, *schemas: Schema) -> None:
        if not schemas:
            raise ValueError("OneOf needs at least one schema")
        object.__setattr__(self, "schemas", schemas)

    @property
    def expected(self) -> str:  # type: ignore[override]
        """The alternatives, e.g. "an integer or a mapping"."""
        return " or ".join(schema.expected for schema in self.schemas)

    def _check(self, node: yaml.Node, path: tuple) -> t.Any:
        failures = []
        for schema in self.schemas:
            try:
                return schema._check(node, path)
            except _Invalid as exc:
                failures.append(exc)
        best = max(failures, key=lambda exc: (len(exc.path), not exc.type_error))
        if best.type_error and best.node is node:
            raise _Invalid(node, path, f"expected {self.expected}, got {_describe(node)}", True)
        raise best


@dataclasses.dataclass(frozen=True)
class Any(Schema):
    """Any plain value, returned as dicts, lists, str, int, float, bool and None."""

    expected = "any value"

    def _check(self, node: yaml.Node, path: tuple) -> t.Any:
        return _plain(node, path)


_RETIRED = object()
_WARNINGS: contextvars.ContextVar[list[tuple[yaml.Node, tuple, str]] | None] = \
    contextvars.ContextVar("cardtable_schema_warnings", default=None)


@dataclasses.dataclass(frozen=True)
class Retired(Schema):
    """A key that once did something and no longer does: any value is accepted, the key
    is left out of the result, and :func:`validate` warns at the key with ``message``
    (a file valid before the key was retired still loads)."""

    message: str
    expected = "any value"

    def _check(self, node: yaml.Node, path: tuple) -> t.Any:
        _plain(node, path)
        return _RETIRED


def _retired(key: yaml.Node, path: tuple, message: str) -> None:
    """Note a retired key for the :func:`validate` running now."""
    found = _WARNINGS.get()
    if found is not None:
        found.append((key, path, message))


SCHEMA_VERSION_FIELD = "schema_version"


def schema_version_field(current: int) -> Field:
    """A :class:`Field` for ``SCHEMA_VERSION_FIELD`` accepting 1..``current``, default 1."""
    return Field(Int(min=1, max=current), required=False, default=1,
                 doc="version of the file format; a newer one needs a newer cardtable")


# --------------------------------------------------------------------------- entry points

def validate(node: yaml.Node, schema: Schema, *, file: str,
             warnings: list[SpecError] | None = None) -> t.Any:
    """Validate the node against the schema and return plain Python data.

    That is dicts, lists, str, int, float, bool and None, colours as tuples, defaults
    filled in. Raises :class:`SpecError` (naming ``file``) for the first error in
    document order; a mapping's missing keys come after the errors inside its entries.
    A :class:`Retired` key is a warning, ``file:line:col: path: message`` like an error:
    appended to ``warnings``, or logged when it is None.
    """
    found: list[tuple[yaml.Node, tuple, str]] = []
    token = _WARNINGS.set(found)
    try:
        result = schema._check(node, ())
    except _Invalid as exc:
        raise _error(file, exc.node.start_mark, exc.path, exc.message) from None
    finally:
        _WARNINGS.reset(token)
    for key, path, message in found:
        warning = _error(file, key.start_mark, path, message)
        if warnings is None:
            _log.warning("%s", warning)
        else:
            warnings.append(warning)
    return result


def load_and_validate(path: Path | str, schema: Schema) -> t.Any:
    """:func:`load_yaml` then :func:`validate`, with ``str(path)`` as the file name in errors."""
    return validate(load_yaml(path), schema, file=str(path))
