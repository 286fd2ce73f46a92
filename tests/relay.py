"""A TCP relay on the loopback to a database server, which a test can cut and mend: the
club's server going away mid-evening (its connections dropped, new ones refused) and
coming back, without stopping the run's one PostgreSQL server."""

from __future__ import annotations

import socket
import threading
from contextlib import suppress


class Relay:
    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.cut_off = False
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        """Every connection dropped; new ones are closed as soon as they come."""
        with self.lock:
            self.cut_off = True
            for end in self.open:
                with suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()
            self.open.clear()

    def mend(self) -> None:
        with self.lock:
            self.cut_off = False

    def close(self) -> None:
        self.cut()
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # closed
            with self.lock:
                if self.cut_off:
                    client.close()
                    continue
                server = socket.create_connection(self.target)
                self.open += [client, server]
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        with suppress(OSError):
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        for end in (source, sink):
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
