"""A small SFTP server for the replica's tests (issue 42, finding 5): AsyncSSH's, on the
loopback, with a host key of its own, one user and password, its files under one folder.

    python -m tests.support.sftp_server PORT ROOT HOST_KEY_FILE USER PASSWORD

Prints ``listening`` once it accepts connections, then serves until it is stopped.
"""

from __future__ import annotations

import asyncio
import sys

import asyncssh


def main(port: int, root: str, host_key: str, user: str, password: str) -> None:
    class Server(asyncssh.SSHServer):
        def begin_auth(self, username: str) -> bool:
            return True

        def password_auth_supported(self) -> bool:
            return True

        def validate_password(self, username: str, given: str) -> bool:
            return (username, given) == (user, password)

    async def serve() -> None:
        await asyncssh.create_server(
            Server,
            "127.0.0.1",
            port,
            server_host_keys=[host_key],
            sftp_factory=lambda channel: asyncssh.SFTPServer(channel, chroot=root.encode()),
            allow_scp=False,
        )
        print("listening", flush=True)
        await asyncio.Event().wait()

    asyncio.run(serve())


if __name__ == "__main__":
    port, root, host_key, user, password = sys.argv[1:6]
    main(int(port), root, host_key, user, password)
