"""FT_WORKERS processes each listen on their own SO_REUSEPORT socket (app.web.listener), so the
kernel spreads new connections over them, instead of one busy worker accepting them all."""

from __future__ import annotations

import pickle
import socket

import pytest

from app.web.listener import WorkerListener, reuse_port_socket
from tests.live_server import free_port


def test_every_worker_listens_on_the_port_with_a_socket_of_its_own() -> None:
    port = free_port()
    handed = WorkerListener("127.0.0.1", port)
    first, second = (pickle.loads(pickle.dumps(handed)) for _ in range(2))  # as a worker gets it
    try:
        for sock in (first, second):
            assert sock.getsockname() == ("127.0.0.1", port)
            assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT) == 1
            assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN) == 1
        assert first.fileno() != second.fileno()
        # the supervisor's own stand-in never listens: it takes no connection nobody accepts
        assert handed.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN) == 0
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
    finally:
        for sock in (handed, first, second):
            sock.close()


def test_a_port_taken_without_reuse_is_refused() -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        with pytest.raises(OSError):
            reuse_port_socket("127.0.0.1", taken.getsockname()[1])
    finally:
        taken.close()
