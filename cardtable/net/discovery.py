"""Finding tables on the home network: a zeroconf (mDNS / DNS-SD) service
``_cardtable._tcp.local.`` that a host advertises and a player browses.

zeroconf is optional at run time: when it cannot be imported (or multicast is not
available), :func:`unavailable` says why, :class:`Advertiser` does nothing and
:func:`browse` finds nothing; typing the host's address and port still works.
The join code is never advertised: it is read out or shown at the host's screen.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

__all__ = ["SERVICE_TYPE", "Found", "Advertiser", "browse", "unavailable", "local_addresses"]

SERVICE_TYPE = "_cardtable._tcp.local."
_log = logging.getLogger(__name__)


def unavailable() -> str | None:
    """None when discovery can work here, else the reason (for the user)."""
    try:
        import zeroconf  # noqa: F401
    except ImportError:
        return ("finding tables on the network needs the 'zeroconf' package (pip install zeroconf); "
                "type the host's address and port instead")
    return None


@dataclass(frozen=True)
class Found:
    """A table found on the network."""

    name: str
    host: str
    port: int
    game: str
    seats: str

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


def _local_address() -> str:
    """This computer's address on the local network (the route to a public address,
    nothing is sent), or 127.0.0.1."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET: no packet leaves for a UDP connect
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses that others on the network may reach, the likeliest
    first (the one routed to the outside world); ``["127.0.0.1"]`` when there is none."""
    found = [_local_address()]
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        infos = []
    found += [str(info[4][0]) for info in infos]
    kept = [a for a in dict.fromkeys(found) if not a.startswith("127.")]
    return kept or ["127.0.0.1"]


class Advertiser:
    """Announce a hosted table; ``start()`` returns False (and ``problem`` says why)
    when it cannot. ``addresses``: the IPv4 addresses to announce (default: this
    computer's address on the local network); ``interfaces``: where to send (default all)."""

    def __init__(self, name: str, port: int, *, game: str = "", seats: str = "",
                 addresses: list[str] | None = None, interfaces: list[str] | None = None) -> None:
        self.name = name
        self.port = port
        self.game = game
        self.seats = seats
        self.addresses = addresses
        self.interfaces = interfaces
        self.problem: str | None = None
        self._zc: Any = None
        self._info: Any = None

    def start(self) -> bool:
        self.problem = unavailable()
        if self.problem:
            return False
        from zeroconf import InterfaceChoice, ServiceInfo, Zeroconf
        addresses = self.addresses or [_local_address()]
        label = "".join(c for c in self.name if c.isalnum() or c in " -_")[:40] or "cardtable"
        try:
            self._zc = Zeroconf(interfaces=self.interfaces or InterfaceChoice.All)
            self._info = ServiceInfo(
                SERVICE_TYPE, f"{label}.{SERVICE_TYPE}", port=self.port,
                addresses=[socket.inet_aton(a) for a in addresses],
                properties={"game": self.game, "seats": self.seats, "v": "1"},
                server=f"{socket.gethostname().split('.')[0] or 'cardtable'}.local.")
            self._zc.register_service(self._info, allow_name_change=True)
        except (OSError, ValueError, RuntimeError) as exc:
            self.problem = f"could not announce the table on the network ({exc}); players can type the address"
            self.stop()
            return False
        return True

    def stop(self) -> None:
        if self._zc is not None:
            try:
                if self._info is not None:
                    self._zc.unregister_service(self._info)
                self._zc.close()
            except Exception:  # noqa: BLE001 - best effort at shutdown
                pass
            self._zc = None


def browse(seconds: float = 2.0, *, interfaces: list[str] | None = None) -> list[Found]:
    """The tables announced on the network within ``seconds`` (empty when discovery
    is unavailable: :func:`unavailable` says why)."""
    if unavailable():
        return []
    from zeroconf import InterfaceChoice, ServiceBrowser, ServiceStateChange, Zeroconf
    found: dict[str, Found] = {}
    lock = threading.Lock()
    try:
        zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All)
    except OSError as exc:
        _log.warning("cannot browse the network: %s", exc)
        return []

    def changed(zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        if state_change is not ServiceStateChange.Added:
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1000)
        if info is None or not info.parsed_addresses():
            return
        props = {k.decode(): (v or b"").decode(errors="replace") for k, v in (info.properties or {}).items()}
        with lock:
            found[name] = Found(name.removesuffix("." + SERVICE_TYPE), info.parsed_addresses()[0], info.port,
                                props.get("game", ""), props.get("seats", ""))

    browser = ServiceBrowser(zc, SERVICE_TYPE, handlers=[changed])
    try:
        time.sleep(max(0.0, min(seconds, 30.0)))
    finally:
        browser.cancel()
        zc.close()
    with lock:
        return sorted(found.values(), key=lambda f: f.name)
