"""The web renderer and the preview page over the wire: content types, strong ETags and 304,
the Content-Security-Policy (whose hashes must match the page's inline style and script), the
404 page or problem by Accept, and the CORS fields a page on another origin reads."""
import base64
import hashlib
import json
import re

import pytest

HTML = ("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")


def test_index_links_the_preview_and_the_renderer(client):
    links = json.loads(client.request("/").body)["links"]
    assert links["preview"] == "/preview/{screen}" and links["renderer"] == "/renderer.js"
    assert links["rendererTypes"] == "/renderer.d.ts"


def test_renderer_types_are_typescript_declarations_with_a_strong_etag(client):
    response = client.request("/renderer.d.ts")
    assert response.status == 200
    assert response.header("content-type") == "application/typescript; charset=utf-8"
    assert response.header("x-content-type-options") == "nosniff"
    assert b"export declare function renderSkeleton(" in response.body and b"'skeleton-retry'" in response.body
    revalidated = client.request("/renderer.d.ts", headers=[("If-None-Match", response.header("etag"))])
    assert revalidated.status == 304 and revalidated.body == b""


def test_renderer_is_a_javascript_module_with_a_strong_etag(client):
    response = client.request("/renderer.js")
    assert response.status == 200
    assert response.header("content-type") == "text/javascript; charset=utf-8"
    assert response.header("x-content-type-options") == "nosniff"
    etag = response.header("etag")
    assert re.fullmatch(r'"[0-9a-f]{16}"', etag)
    assert b"export function renderSkeleton" in response.body and b"customElements.define('skeleton-screen'" in response.body
    revalidated = client.request("/renderer.js", headers=[("If-None-Match", etag)])
    assert revalidated.status == 304 and revalidated.body == b"" and revalidated.header("etag") == etag
    head = client.request("/renderer.js", method="HEAD")
    assert head.status == 200 and head.body == b"" and head.header("content-length") == str(len(response.body))


def test_every_response_exposes_the_etag_to_other_origins(client):
    for path in ("/layouts/home", "/renderer.js", "/healthz", "/nowhere"):
        response = client.request(path, headers=[("Origin", "https://app.example")])
        assert response.header("access-control-allow-origin") == "*"
        assert response.header("access-control-expose-headers") == "ETag, Retry-After, Server-Timing"


def test_a_cross_origin_revalidation_is_allowed_by_the_preflight(client):
    response = client.request("/layouts/home", method="OPTIONS", headers=[
        ("Origin", "https://app.example"), ("Access-Control-Request-Method", "GET"), ("Access-Control-Request-Headers", "if-none-match")])
    assert response.status == 204 and response.header("access-control-allow-headers") == "if-none-match"


@pytest.mark.parametrize("screen", ["home", "insights", "inbox", "thread", "movies"])
def test_preview_is_one_page_for_every_screen(client, screen):
    response = client.request(f"/preview/{screen}", headers=[HTML])
    assert response.status == 200
    assert response.header("content-type") == "text/html; charset=utf-8"
    assert response.body == client.request("/preview/home").body
    assert response.header("etag") == client.request("/preview/home").header("etag")


def test_preview_policy_allows_exactly_its_inline_style_and_script(client):
    response = client.request("/preview/home")
    policy = dict(part.strip().split(" ", 1) for part in response.header("content-security-policy").split(";"))
    assert policy["default-src"] == "'self'" and policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
    page = response.body.decode()
    style = re.search(r"<style>(.*?)</style>", page, re.S).group(1)
    script = re.search(r'<script type="module">(.*?)</script>', page, re.S).group(1)
    digest = lambda text: "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"
    assert policy["script-src"] == f"'self' {digest(script)}"
    assert policy["style-src"] == f"'self' {digest(style)}"
    assert "import '/renderer.js'" in script and "<script src" not in page and "http" not in re.sub(r"<a href=\"/[^\"]*\"", "", page.split("<script")[0])


def test_unknown_screen_is_a_page_for_a_browser_and_a_problem_otherwise(client):
    page = client.request("/preview/hom", headers=[HTML])
    assert page.status == 404
    assert page.header("content-type") == "text/html; charset=utf-8" and page.header("vary") == "Accept"
    assert "unknown screen &#39;hom&#39;; known: home, insights, inbox, thread, movies; did you mean &#39;home&#39;?" in page.body.decode()
    assert page.header("content-security-policy").startswith("default-src 'none'; style-src 'sha256-")
    problem = client.request("/preview/hom", headers=[("Accept", "*/*")])
    assert problem.status == 404 and problem.header("content-type") == "application/problem+json" and problem.header("vary") == "Accept"
    assert json.loads(problem.body) == json.loads(client.request("/layouts/hom").body), "the layout route's problem, word for word"
    refused = client.request("/preview/hom", headers=[("Accept", "text/html;q=0, application/json")])
    assert refused.header("content-type") == "application/problem+json"


def test_markup_in_an_unknown_screen_is_escaped(client):
    page = client.request("/preview/%3Cimg%20src=x%20onerror=%22alert(1)%22%3E", headers=[HTML]).body.decode()
    assert "<img" not in page and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in page
