"""How many connections a host keeps: within its file limit, and few that have not
proved the join code.

A connection that has not proved the code (its handshake not done) costs the host a
file descriptor and a little memory and gives nothing back, so there are at most
:data:`MOST_UNPROVED` of them, :data:`MOST_UNPROVED_PER_ADDRESS` from one address (an
IPv6 address counts by its /64, what one machine may hold), each with
:data:`HANDSHAKE_SECONDS` to finish. A new connection over a limit closes the
longest-idle unproved one (idle: nothing heard from it for the longest time; a
connection in mid-handshake that is sending is not idle). Every connection at all stays
within :func:`connection_budget`, the process's open-file limit less what the process
has open and a reserve, so that accepting never fails for want of a descriptor.
"""

from __future__ import annotations

import ipaddress
import os
import sys
from collections.abc import Iterable
from typing import Protocol, TypeVar

__all__ = ["MOST_UNPROVED", "MOST_UNPROVED_PER_ADDRESS", "HANDSHAKE_SECONDS", "FILE_RESERVE",
           "connection_budget", "address_key", "longest_idle"]

MOST_UNPROVED = 64
"""Connections that have not proved the join code, in all: far more than players
joining at once, few enough to cost nothing."""
MOST_UNPROVED_PER_ADDRESS = 8
"""Unproved connections from one address (one computer seldom joins more than a few
seats at once)."""
HANDSHAKE_SECONDS = 5.0
"""From connecting to the first sealed frame (the host's own wait for its turn to check
the code aside): a SPAKE2 exchange takes milliseconds."""
FILE_RESERVE = 32
"""Descriptors kept free beyond those open when the host starts: the window's files,
sounds, saves and the discovery sockets."""
_NO_LIMIT_BUDGET = 1000


def _open_files() -> int:
    """Descriptors open in this process now (an estimate where it cannot be counted)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return 64


def connection_budget() -> int:
    """How many connections this process may hold without running out of descriptors."""
    if sys.platform == "win32":
        return _NO_LIMIT_BUDGET
    import resource
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return _NO_LIMIT_BUDGET
    return max(4, min(_NO_LIMIT_BUDGET, int(soft) - _open_files() - FILE_RESERVE))


def address_key(host: str) -> str:
    """The address that limits count by: an IPv4 address as it is, an IPv6 one by its /64."""
    try:
        address = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is None:
        return str(ipaddress.IPv6Network(f"{address}/64", strict=False))
    return str(address.ipv4_mapped or address) if isinstance(address, ipaddress.IPv6Address) else str(address)


class _Heard(Protocol):
    last_heard: float


_C = TypeVar("_C", bound=_Heard)


def longest_idle(conns: Iterable[_C]) -> _C | None:
    """The connection heard from longest ago (None when there is none)."""
    return min(conns, key=lambda c: c.last_heard, default=None)
