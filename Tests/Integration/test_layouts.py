"""Layout and theme routes over the wire: documents, ETag/304, HEAD, client hints, bad input."""
import json
import subprocess

import pytest

SCREENS = ["home", "insights", "inbox", "thread", "movies"]


def get(client, path, headers=()):
    response = client.request(path, headers=headers)
    return response, (json.loads(response.body) if response.body else None)


def test_index_lists_every_route(client):
    _, index = get(client, "/")
    for route in ["/layouts", "/layouts/{screen}", "/themes", "/themes/{theme}", "/healthz", "/readyz"]:
        assert route in index["links"].values()


def test_layouts_index_lists_the_five_screens(client):
    response, index = get(client, "/layouts")
    assert response.status == 200
    screens = index["screens"]
    assert [s["id"] for s in screens] == SCREENS
    home = screens[0]
    assert home["link"] == "/layouts/home"
    assert {"accountsCarousel", "categories", "transactionsSummary", "subscriptions"} <= set(home["elements"])
    assert home["stages"] == ["fastPath", "fullyInitialized"]


@pytest.mark.parametrize("screen", SCREENS)
def test_every_screen_is_served_with_etag_and_cache_control(client, screen):
    response, document = get(client, f"/layouts/{screen}")
    assert response.status == 200
    assert response.header("content-type") == "application/json"
    assert response.header("cache-control") == "public, max-age=60"
    etag = response.header("etag")
    assert etag.startswith('"') and etag.endswith('"')
    assert document["screen"] == screen
    assert document["theme"] == "light" and document["motion"] == "full" and document["direction"] == "ltr"
    assert document["units"] == "pt"


def test_dark_theme_uses_the_dark_palette(client):
    _, light = get(client, "/layouts/insights?theme=light")
    _, dark = get(client, "/layouts/insights?theme=dark")
    assert dark["theme"] == "dark"
    assert dark["palette"]["base"] == "#7878805C" and light["palette"]["base"] == "#78788033"
    assert dark["palette"] != light["palette"]
    assert dark["root"] == light["root"]


def test_documents_are_byte_identical_across_requests_and_processes(server, client):
    first = client.request("/layouts/movies?theme=dark&expand=true")
    second = client.request("/layouts/movies?theme=dark&expand=true")
    assert first.body == second.body and first.header("etag") == second.header("etag")
    from conftest import RunningServer
    other = RunningServer()
    try:
        c = other.client()
        third = c.request("/layouts/movies?theme=dark&expand=true")
        assert third.body == first.body and third.header("etag") == first.header("etag")
        c.close()
    finally:
        assert other.stop() == 0


def test_if_none_match_gives_304_for_the_tag_a_list_and_star(client):
    response = client.request("/layouts/home")
    etag = response.header("etag")
    for value in [etag, f'"nope", {etag}', f"W/{etag}", "*"]:
        not_modified = client.request("/layouts/home", headers=[("If-None-Match", value)])
        assert not_modified.status == 304, value
        assert not_modified.body == b""
        assert not_modified.header("etag") == etag
        assert not_modified.header("cache-control") == "public, max-age=60"
    assert client.request("/layouts/home", headers=[("If-None-Match", '"other"')]).status == 200


def test_themes_have_etags_and_304(client):
    response, themes = get(client, "/themes")
    assert response.status == 200
    assert [t["theme"] for t in themes["themes"]] == ["light", "dark"]
    light, dark = (t["palette"] for t in themes["themes"])
    assert light.keys() == dark.keys()
    assert (light["card"], dark["card"]) == ("#FFFFFFFF", "#1C1C1EFF")
    response, dark = get(client, "/themes/dark")
    assert response.status == 200
    assert dark["palette"]["screen"] == "#000000FF"
    assert client.request("/themes/dark", headers=[("If-None-Match", response.header("etag"))]).status == 304


def test_head_on_a_layout_has_its_headers_and_no_body(client):
    get_response = client.request("/layouts/thread")
    head = client.request("/layouts/thread", method="HEAD")
    assert head.status == 200 and head.body == b""
    assert head.header("content-length") == str(len(get_response.body))
    assert head.header("etag") == get_response.header("etag")


def test_client_hints_choose_theme_and_motion_when_the_query_does_not(client):
    response, document = get(client, "/layouts/home", headers=[
        ("Sec-CH-Prefers-Color-Scheme", '"dark"'), ("Sec-CH-Prefers-Reduced-Motion", '"reduce"')])
    assert document["theme"] == "dark" and document["motion"] == "reduced"
    assert response.header("vary") == "Sec-CH-Prefers-Color-Scheme, Sec-CH-Prefers-Reduced-Motion"
    assert response.header("accept-ch") == "Sec-CH-Prefers-Color-Scheme, Sec-CH-Prefers-Reduced-Motion"
    assert document["animation"]["shimmer"]["kind"] == "static"


def test_query_wins_over_hints_and_vary_names_only_consulted_hints(client):
    response, document = get(client, "/layouts/home?theme=light", headers=[("Sec-CH-Prefers-Color-Scheme", "dark")])
    assert document["theme"] == "light"
    assert response.header("vary") == "Sec-CH-Prefers-Reduced-Motion"
    response, _ = get(client, "/layouts/home?theme=light&motion=full")
    assert response.header("vary") is None
    assert response.header("accept-ch")


def test_variant_direction_and_expand(client):
    _, fullscreen = get(client, "/layouts/home?variant=fullscreen")
    assert fullscreen["variant"] == "fullscreen"
    assert len(fullscreen["stages"]) == 1
    _, rtl = get(client, "/layouts/home?direction=rtl")
    _, ltr = get(client, "/layouts/home")
    assert rtl["direction"] == "rtl"
    assert rtl["animation"]["shimmer"]["start"]["from"]["x"] == 1 - ltr["animation"]["shimmer"]["start"]["from"]["x"]
    _, expanded = get(client, "/layouts/inbox?expand=true")
    assert "[7]" in json.dumps(expanded["root"]) and '"repeat"' not in json.dumps(expanded["root"])


@pytest.mark.parametrize("query,parameter,allowed", [
    ("theme=blue", "theme", ["light", "dark"]),
    ("motion=none", "motion", ["full", "reduced"]),
    ("direction=up", "direction", ["ltr", "rtl"]),
    ("expand=yes", "expand", ["true", "false"]),
])
def test_bad_parameter_is_400_listing_allowed_values(client, query, parameter, allowed):
    response, problem = get(client, f"/layouts/home?{query}")
    assert response.status == 400
    assert response.header("content-type") == "application/problem+json"
    assert problem["parameter"] == parameter
    assert problem["allowed"] == allowed
    assert parameter in problem["detail"]


def test_a_variant_the_screen_lacks_is_a_404_listing_its_variants(client):
    response, problem = get(client, "/layouts/home?variant=fulscreen")
    assert response.status == 404 and problem["type"] == "/problems/unknown-variant"
    assert (problem["parameter"], problem["allowed"], problem["suggestion"]) == ("variant", ["default", "fullscreen"], "fullscreen")


def test_bad_parameter_suggests_the_closest_value(client):
    _, problem = get(client, "/layouts/home?theme=drak")
    assert problem["suggestion"] == "dark"


def test_unknown_screen_is_404_suggesting_the_closest(client):
    response, problem = get(client, "/layouts/hom")
    assert response.status == 404
    assert problem["allowed"] == SCREENS
    assert problem["suggestion"] == "home"
    assert "hom" in problem["detail"]


def test_unknown_theme_is_404(client):
    response, problem = get(client, "/themes/sepia")
    assert response.status == 404 and problem["allowed"] == ["light", "dark"]


def test_unknown_query_parameters_are_ignored(client):
    assert client.request("/layouts/home?utm_source=x&theme=dark").status == 200


def test_curl_gets_the_home_layout(server):
    output = subprocess.run(["curl", "-si", f"http://127.0.0.1:{server.port}/layouts/home"], capture_output=True, check=True).stdout
    head, body = output.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 200 OK")
    assert json.loads(body)["screen"] == "home"
