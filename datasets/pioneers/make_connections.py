#!/usr/bin/env python3
"""Regenerate or check ``connections.csv`` for the designed Pioneers board.

The connections of both board sides are derived from the city coordinates in
``cities.csv`` by the deterministic rule below, then frozen as data so that
boards stay stable across scipy/networkx versions.  The toolkit never runs
this script: it only reads the frozen CSV.

Rule, applied separately to each side's city set:

1. Project each city to the plane: x = lon * cos(38 deg), y = lat.
2. Delaunay triangulation (scipy.spatial.Delaunay); its edges are the
   candidate connections (planar by construction).
3. Edge length = great-circle (haversine) distance in km, R = 6371.
   Remove edges longer than 900 km, longest first; skip a removal that
   would disconnect the graph.
4. Start degree 2: keep the start city's 2 shortest edges and remove the
   others (longest first); skip a removal that would disconnect the graph.
5. Maximum degree 5: while some node has degree > 5, take the
   highest-degree such node and remove its longest removable edge; an
   edge is not removable if removing it would disconnect the graph or
   leave an endpoint with degree < 2.
6. Check: connected, planar, maximum degree 5, start neighbours {CLE, PIT}.

Tie-breaks (not spelled out by the rule, chosen for determinism): equal
lengths are ordered by the edge's (a, b) ids; among nodes of equal degree
the smallest id goes first; a node none of whose edges is removable is
left as it is.

Usage (from the repository root):

    python datasets/pioneers/make_connections.py          # check (default)
    python datasets/pioneers/make_connections.py --write  # rewrite the CSV

In check mode the exit code is 0 when the frozen file equals the
regenerated edges, and 1 (with a unified diff) otherwise.
Requires numpy, scipy and networkx.
"""

from __future__ import annotations

import argparse
import csv
import difflib
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CITIES = HERE / "cities.csv"
CONNECTIONS = HERE / "connections.csv"

SIDES = ("4p", "23p")
PROJECTION_LAT = 38.0
EARTH_RADIUS_KM = 6371.0
MAX_EDGE_KM = 900.0
START_DEGREE = 2
MAX_DEGREE = 5
MIN_DEGREE = 2
EXPECTED_START_NEIGHBOURS = {"CLE", "PIT"}


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Return the great-circle distance in km between two (lat, lon) points."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


def read_cities(side: str) -> list[dict]:
    """Return the cities of *side* from ``cities.csv``: id, lat, lon, start."""
    column = "side_" + side
    with open(CITIES, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [
        {
            "id": r["id"],
            "lat": float(r["lat"]),
            "lon": float(r["lon"]),
            "start": r["start"] == "true",
        }
        for r in rows
        if r[column] == "true"
    ]


def derive(side: str, log=None) -> list[tuple[str, str]]:
    """Return the sorted connections of one side, following the rule above."""
    import networkx as nx
    import numpy as np
    from scipy.spatial import Delaunay

    def say(msg: str) -> None:
        if log is not None:
            log(f"[{side}] {msg}")

    cities = read_cities(side)
    ids = [c["id"] for c in cities]
    pos = {c["id"]: (c["lat"], c["lon"]) for c in cities}
    (start,) = [c["id"] for c in cities if c["start"]]

    # 1-2. projection and Delaunay triangulation
    cos_ref = math.cos(math.radians(PROJECTION_LAT))
    points = np.array([[c["lon"] * cos_ref, c["lat"]] for c in cities])
    tri = Delaunay(points)
    g = nx.Graph()
    g.add_nodes_from(ids)
    for simplex in tri.simplices:
        for i in range(3):
            a, b = sorted((ids[simplex[i]], ids[simplex[(i + 1) % 3]]))
            g.add_edge(a, b)
    for a, b in g.edges:
        g.edges[a, b]["km"] = haversine_km(*pos[a], *pos[b])
    say(f"Delaunay: {g.number_of_nodes()} cities, {g.number_of_edges()} edges")

    def key(edge):  # longest first, ties by ids
        a, b = sorted(edge)
        return (-g.edges[a, b]["km"], a, b)

    def try_remove(a: str, b: str, min_degree: int = 0) -> bool:
        if min(g.degree[a], g.degree[b]) - 1 < min_degree:
            return False
        km = g.edges[a, b]["km"]
        g.remove_edge(a, b)
        if nx.is_connected(g):
            return True
        g.add_edge(a, b, km=km)
        return False

    # 3. long edges
    for a, b in sorted((e for e in g.edges if g.edges[e]["km"] > MAX_EDGE_KM), key=key):
        km = g.edges[a, b]["km"]
        ok = try_remove(a, b)
        say(
            f"> {MAX_EDGE_KM:.0f} km: {'removed' if ok else 'kept (would disconnect)'} "
            f"{min(a, b)}-{max(a, b)} ({km:.0f} km)"
        )

    # 4. start degree
    start_edges = sorted(g.edges(start), key=key)  # longest first
    for a, b in start_edges[:-START_DEGREE] if len(start_edges) > START_DEGREE else []:
        ok = try_remove(a, b)
        verdict = "removed" if ok else "kept (would disconnect)"
        say(f"start: {verdict} {min(a, b)}-{max(a, b)}")

    # 5. maximum degree
    stuck: set[str] = set()
    while True:
        over = [n for n in g.nodes if g.degree[n] > MAX_DEGREE and n not in stuck]
        if not over:
            break
        node = min(over, key=lambda n: (-g.degree[n], n))
        for a, b in sorted(g.edges(node), key=key):
            if try_remove(a, b, MIN_DEGREE):
                say(f"degree: removed {min(a, b)}-{max(a, b)} (from {node})")
                break
        else:
            say(f"degree: {node} keeps degree {g.degree[node]} (no removable edge)")
            stuck.add(node)

    # 6. checks
    planar, _ = nx.check_planarity(g)
    degrees = [d for _, d in g.degree]
    say(
        f"result: {g.number_of_edges()} connections, connected={nx.is_connected(g)}, "
        f"planar={planar}, degree {min(degrees)}..{max(degrees)}, "
        f"{start}-{sorted(g.neighbors(start))}"
    )
    problems = []
    if not nx.is_connected(g):
        problems.append("graph is not connected")
    if not planar:
        problems.append("graph is not planar")
    if max(degrees) > MAX_DEGREE:
        problems.append(f"maximum degree {max(degrees)} > {MAX_DEGREE}")
    if set(g.neighbors(start)) != EXPECTED_START_NEIGHBOURS:
        problems.append(
            f"start neighbours {sorted(g.neighbors(start))} "
            f"!= {sorted(EXPECTED_START_NEIGHBOURS)}"
        )
    for p in problems:
        say("WARNING: " + p)
    return sorted(tuple(sorted(e)) for e in g.edges)


def render(edges_by_side: dict[str, list[tuple[str, str]]]) -> str:
    """Return the text of ``connections.csv`` for the given edges."""
    lines = ["side,a,b"]
    for side in SIDES:
        lines += [f"{side},{a},{b}" for a, b in edges_by_side[side]]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Check (default) or ``--write`` the connections; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--write",
        action="store_true",
        help="overwrite connections.csv with the regenerated edges",
    )
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="log every step of the derivation"
    )
    args = parser.parse_args(argv)
    log = (lambda m: print(m, file=sys.stderr)) if args.verbose else None

    text = render({side: derive(side, log) for side in SIDES})
    if args.write:
        CONNECTIONS.write_text(text, encoding="utf-8")
        print(f"wrote {CONNECTIONS}")
        return 0
    frozen = CONNECTIONS.read_text(encoding="utf-8")
    if frozen == text:
        print(f"OK: {CONNECTIONS.name} equals the regenerated connections")
        return 0
    sys.stdout.writelines(
        difflib.unified_diff(
            frozen.splitlines(keepends=True),
            text.splitlines(keepends=True),
            fromfile="connections.csv (frozen)",
            tofile="connections.csv (regenerated)",
        )
    )
    print(
        f"MISMATCH: {CONNECTIONS.name} differs from the regenerated connections",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
