"""The same tournament on a Dask cluster (a real LocalCluster) gives the same tables."""

from __future__ import annotations

import pandas as pd
import pytest

from toolkit.analysis.tournament import TournamentError, tournament

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_dask_cluster_gives_the_local_results(client):
    agents = ["greedy", "random", "random", "random"]
    local = tournament("pioneers", agents, games=8, seed=21, chunk_size=3)
    remote = tournament(
        "pioneers", agents, games=8, seed=21, scheduler=client, chunk_size=2
    )
    pd.testing.assert_frame_equal(local.seats, remote.seats)
    pd.testing.assert_frame_equal(local.games, remote.games)
    pd.testing.assert_frame_equal(local.tables["wagons"], remote.tables["wagons"])


def test_dask_by_scheduler_address(client):
    address = client.scheduler.address
    local = tournament("pioneers", ["random"] * 4, games=4, seed=2)
    remote = tournament("pioneers", ["random"] * 4, games=4, seed=2, scheduler=address)
    pd.testing.assert_frame_equal(local.seats, remote.seats)


@pytest.mark.parametrize(
    "address", ["localhost:8786", "tcp:/x", "http://host:1", "tcp://host"]
)
def test_malformed_scheduler_address(address):
    with pytest.raises(TournamentError, match="bad scheduler address"):
        tournament("pioneers", ["random"] * 4, games=1, scheduler=address)


def test_detail_tables_and_the_rules_lab_on_dask(client):
    """metrics and variants on a cluster give the local tables and differences."""
    from toolkit.analysis import metrics, variants

    local = metrics.measure("pioneers", ["random"] * 2, games=4, seed=3)
    remote = metrics.measure(
        "pioneers", ["random"] * 2, games=4, seed=3, scheduler=client
    )
    pd.testing.assert_frame_equal(local.tables["decisions"], remote.tables["decisions"])
    pd.testing.assert_frame_equal(local.turns, remote.turns)
    rules = {"rulebook": {}, "income 5": {"income": 5}}
    here = variants.compare("pioneers", rules, ["random"] * 2, games=4, seed=1)
    there = variants.compare(
        "pioneers", rules, ["random"] * 2, games=4, seed=1, scheduler=client
    )
    pd.testing.assert_frame_equal(here.differences(), there.differences())
