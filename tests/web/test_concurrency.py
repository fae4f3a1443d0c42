"""Many visitors acting at once: every request uses one database connection, so more
concurrent requests than the connection pool holds still all answer (none waits for a second
connection that the others hold)."""

from __future__ import annotations

import re
import threading

from fastapi.testclient import TestClient

from app.config import Settings
from app.main import create_app

VISITORS = 24  # more than SQLAlchemy's default pool (5 + 10 overflow)


def test_more_concurrent_table_actions_than_pooled_connections_all_answer(settings: Settings) -> None:
    app = create_app(settings)
    with TestClient(app) as warm:
        warm.get("/healthz")
        clients = [TestClient(app) for _ in range(VISITORS)]
        versions = []
        for c in clients:
            page = c.get("/game/321").text
            versions.append(re.search(r'name="version" value="(\d+)"', page).group(1))  # type: ignore[union-attr]
        barrier = threading.Barrier(VISITORS)
        codes: list[int] = []

        def act(c: TestClient, version: str) -> None:
            barrier.wait()
            r = c.post("/game/321/draw", data={"mode": "classic", "version": version}, headers={"HX-Request": "true"})
            codes.append(r.status_code)

        threads = [threading.Thread(target=act, args=(c, v)) for c, v in zip(clients, versions, strict=True)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        assert codes == [200] * VISITORS
        for c in clients:
            assert 'name="version" value="1"' in c.get("/game/321").text
