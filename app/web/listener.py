"""Each server process listens on its own socket (``SO_REUSEPORT``), so the kernel spreads new
connections over the ``FT_WORKERS`` processes evenly.

uvicorn's supervisor binds one socket and hands the same one to every worker. A worker then
accepts every connection waiting when it wakes, and a browser keeps its connection for many
requests: under load one busy worker held nearly every player (measured: 8.8 s of CPU against
0.6 s for the other, and two workers served fewer moves a second than one)."""

from __future__ import annotations

import socket
from typing import Any


def reuse_port_socket(host: str, port: int) -> socket.socket:
    """A TCP socket listening on ``host``:``port`` with ``SO_REUSEPORT`` (Linux, BSD): any
    number of processes may listen on the port this way, each getting its share of new
    connections.

    :raises OSError: the port is taken by a socket without ``SO_REUSEPORT``, or not allowed.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


class WorkerListener(socket.socket):
    """What the supervisor hands each worker process as its socket: not a socket to share, but
    the address to listen on. Handed over (pickled) to a worker, it becomes that worker's own
    :func:`reuse_port_socket`. In the supervisor it is an unbound socket that never listens,
    so it takes no connection that no process would accept."""

    def __init__(self, host: str, port: int) -> None:
        super().__init__(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
        self.address = (host, port)

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        return reuse_port_socket, self.address
