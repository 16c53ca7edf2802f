"""Each route's cache fields (`Cache-Control`, `ETag`, `Vary`) against the table of
docs/http-api.md's "Caching" section: the docs are the oracle, the served fields what is held to
them, one test per row, so that a route that changes its policy, or a row that changes alone,
fails here."""
import json
import os
import re

import pytest

from conftest import ROOT

with open(os.path.join(ROOT, "docs", "http-api.md")) as doc:
    DOC = doc.read()


def rows():
    """The Caching table's rows: (target, request headers, Cache-Control, has ETag, Vary)."""
    section = DOC.split("\n## Caching\n", 1)[1].split("\n## ", 1)[0]
    found = []
    for line in section.splitlines():
        match = re.match(r"^\| `(/[^`]*)`(.*?) \| (.+?) \| (.+?) \| (.+?) \|$", line)
        if not match:
            continue
        target, note, cache, etag, vary = match.groups()
        headers = re.findall(r"with `([A-Za-z-]+): ([^`]+)`", note)
        field = lambda text: None if text == "—" else text.strip("`")  # noqa: E731
        found.append((target, headers, field(cache), etag == "yes", field(vary)))
    return found


ROWS = rows()


def test_the_table_lists_every_route_the_index_links(client):
    """The table cannot leave a route out unnoticed: each link of `GET /` is matched by one of
    its rows (but the learned proposal, which needs --learn and has its own tests)."""
    links = json.loads(client.request("/").body)["links"]
    paths = [row[0].split("?")[0] for row in ROWS]
    for name, template in links.items():
        if name == "driftProposal":
            continue
        pattern = re.compile("^" + re.sub(r"\\\{[a-z]+\\\}", "[^/]+", re.escape(template)) + "$")
        assert any(pattern.match(path) for path in paths), f"no row of the Caching table for {template}"


@pytest.fixture(scope="module")
def session(server):
    c = server.client()
    try:
        started = c.request("/loading-state?screen=inbox&speed=100")
        assert started.status == 200, started
        return json.loads(started.body)["session"]
    finally:
        c.close()


@pytest.mark.parametrize("target,headers,cache,etag,vary", ROWS, ids=[row[0] for row in ROWS])
def test_each_route_carries_the_cache_fields_the_docs_give_it(server, session, target, headers, cache, etag, vary):
    c = server.client(timeout=15.0)
    try:
        response = c.request(target.replace("{session}", session), headers=headers)
    finally:
        c.close()
    assert response.status in (200, 204, 404), response
    assert response.header("cache-control") == cache, (target, response.headers)
    assert (response.header("etag") is not None) == etag, (target, response.headers)
    assert response.header("vary") == vary, (target, response.headers)
