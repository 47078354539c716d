"""What a large JSON body costs the server's memory (issue 54, finding 3).

    .venv/bin/python benchmarks/body_memory.py [--megabytes 5.2]

Posts a JSON file of zeros (``[0,0,0,...]``, 5.2 MB unless told) to the API's club-night
import (``POST /api/groups/<id>/club/import``) through the Flask test client, in a fresh
Python process for each measure so that nothing earlier is counted, and prints:

- the answer's status (a list of zeros is no night: 422 or 400, never 500);
- tracemalloc's peak during the request, less what was held before it (the body itself,
  made before, is not counted);
- the process's peak resident memory (``ru_maxrss``) after the request, less before it.

The README's budget is 150 MB for four such bodies at once; issue 54 asks for at most
50 MB for one.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MEASURE = """
import json, resource, sys, tracemalloc
sys.path.insert(0, {root!r})
from scorekeeper.web import create_app
app = create_app({{
    "TESTING": True, "DATABASE": {database!r}, "SECRET_KEY": "benchmark",
    "WTF_CSRF_ENABLED": False, "RATE_LIMITS": {{}}, "HEAVY_SLOTS": 4,
}})
client = app.test_client()
made = client.post("/api/groups", json={{"name": "Bench"}}).get_json()
headers = {{"Authorization": "Bearer " + made["key"], "Content-Type": "application/json"}}
count = {count}
body = ("[" + ",".join(["0"] * count) + "]").encode()
# A small import first, so that what every first request loads is not counted.
client.post(f"/api/groups/{{made['id']}}/club/import", data=b"[0]", headers=headers)
before_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
tracemalloc.start()
held = tracemalloc.get_traced_memory()[0]
answer = client.post(f"/api/groups/{{made['id']}}/club/import", data=body, headers=headers)
peak = tracemalloc.get_traced_memory()[1] - held
tracemalloc.stop()
after_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{
    "bytes": len(body), "status": answer.status_code,
    "field": (answer.get_json() or {{}}).get("field"),
    "tracemalloc_peak": peak, "rss_growth": (after_rss - before_rss) * 1024,
}}))
"""


def measure(megabytes: float, traced: bool) -> dict:
    """One request in a fresh process; ``traced`` False measures ru_maxrss alone (tracemalloc
    itself costs memory per allocation, which would swell the resident figure)."""
    count = int(megabytes * 1_000_000) // 2
    with tempfile.TemporaryDirectory() as folder:
        script = MEASURE.format(root=str(ROOT), database=f"{folder}/bench.db", count=count)
        if not traced:
            script = script.replace("tracemalloc.start()", "").replace(
                "tracemalloc.get_traced_memory()", "(0, 0)"
            )
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True
        )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=float, default=5.2)
    args = parser.parse_args()
    traced = measure(args.megabytes, traced=True)
    resident = measure(args.megabytes, traced=False)
    print(f"body: {traced['bytes'] / 1e6:.1f} MB of zeros, answered {traced['status']}")
    print(f"  tracemalloc peak during the request: {traced['tracemalloc_peak'] / 1e6:.1f} MB")
    print(f"  resident memory growth (ru_maxrss):  {resident['rss_growth'] / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
