#!/usr/bin/env python3
"""Writes the seed corpus, Fuzz/corpus/<target>/, from the requests, queries and session tokens
the test suites use (Tests/Integration/*.py, Tests/HTTPServerTests/*.swift). Run it after adding
a seed here; scripts/fuzz only reads the files. Each file is named after what it holds.

request-parser seeds start with the target's header: a flags byte (bits 0-2: how many piece
sizes follow; bit 3: small limits, 64-byte request line, 128-byte header section, 4 fields,
100-byte body), then the piece sizes minus one. query seeds are the query text; session-token
seeds start with the mode, '0' a token as sent, '1' a payload to seal, '2' bytes for Base64 (URL alphabet).
json-parser seeds are screen files and the documents of Tests/SkeletonDomainTests/JSONParserTests.swift.
"""
import os
import re
import shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")

WHOLE = b"\x00"                 # the wire at once (and whole)
BYTES = b"\x01\x00"             # also one byte at a time
ODD = b"\x03\x06\x00\x10"       # also in pieces of 7, 1, 17 bytes in turn
SMALL = b"\x08"                 # small limits, whole
SMALL_BYTES = b"\x09\x00"       # small limits, one byte at a time

H = "Host: t\r\n"
FOLLOW_UP = "GET /readyz HTTP/1.1\r\nHost: t\r\n\r\n"
CHUNKED_HEAD = "POST /layouts/home HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"

REQUESTS = {
    # Good requests.
    "get-query-fields": (WHOLE, "GET /layouts/home?theme=dark&x=a%20b+c HTTP/1.1\r\nHost: h\r\nX-A: 1\r\nx-a:  2 \r\n\r\n"),
    "get-dribbled": (BYTES, "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Long: abc\r\n\r\n"),
    "empty-lines-first": (ODD, "\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n"),
    "http10-keep-alive": (WHOLE, "GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"),
    "connection-list-close": (WHOLE, "GET / HTTP/1.1\r\nHost: h\r\nConnection: upgrade, close\r\n\r\n"),
    "options-preflight": (ODD, "OPTIONS /healthz HTTP/1.1\r\nHost: t\r\nOrigin: https://app.example\r\n"
                               "Access-Control-Request-Method: GET\r\nAccess-Control-Request-Headers: if-none-match, last-event-id\r\n\r\n"),
    "options-asterisk": (WHOLE, "OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\n"),
    "head": (WHOLE, "HEAD / HTTP/1.1\r\nHost: t\r\n\r\n"),
    "absolute-form": (WHOLE, "GET http://example.com/healthz?x=1 HTTP/1.1\r\nHost: example.com\r\n\r\n"),
    "absolute-form-port": (WHOLE, "GET HTTPS://other.example:8080/healthz HTTP/1.1\r\nHost: example.com\r\n\r\n"),
    "host-ipv6": (WHOLE, "GET /healthz HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n"),
    "host-ipvfuture": (WHOLE, "GET /healthz HTTP/1.1\r\nHost: [v7.x:y]\r\n\r\n"),
    "host-empty-port": (WHOLE, "GET /healthz HTTP/1.1\r\nHost: h:\r\n\r\n"),
    "host-empty": (WHOLE, "GET /healthz HTTP/1.1\r\nHost:\r\n\r\n"),
    "path-escapes": (WHOLE, "GET /layout%73/%68ome%2fx?%73creen=home HTTP/1.1\r\nHost: t\r\n\r\n"),
    "minor-version": (WHOLE, "GET /healthz HTTP/1.7\r\nHost: t\r\n\r\n"),
    "loading-events": (ODD, "GET /loading-state/events?screen=home&seed=3&speed=5 HTTP/1.1\r\nHost: t\r\nLast-Event-ID: 5\r\n"
                            "If-None-Match: \"c16aaf4086c668c3\"\r\nSec-CH-Prefers-Color-Scheme: dark\r\n\r\n"),
    "pipelined-four": (ODD, "".join(f"GET {p} HTTP/1.1\r\nHost: t\r\n\r\n" for p in ["/healthz", "/readyz", "/", "/missing"])),
    "chunked-then-pipelined": (BYTES, "GET /healthz HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n" + FOLLOW_UP),
    "chunked-extension-trailer": (ODD, "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
                                       "4\r\nWiki\r\n5;name=value\r\npedia\r\n0\r\nTrailer: x\r\n\r\nGET /next HTTP/1.1\r\nHost: h\r\n\r\n"),
    "content-length-then-pipelined": (ODD, "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello" + FOLLOW_UP),
    "content-length-list-equal": (WHOLE, "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 3, 3\r\n\r\nabc"),
    "content-length-leading-zeros": (WHOLE, "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 0000000003\r\n\r\nabc" + FOLLOW_UP),
    # Refused: versions and methods.
    "version-2": (WHOLE, "GET / HTTP/2.0\r\nHost: h\r\n\r\n"),
    "http2-preface": (WHOLE, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"),
    "unknown-method": (WHOLE, "BREW /healthz HTTP/1.1\r\nHost: t\r\n\r\n"),
    "lower-case-method": (WHOLE, "get / HTTP/1.1\r\nHost: h\r\n\r\n"),
    # Refused: smuggling forms (Tests/Integration/test_http.py SMUGGLING), each with a follow-up.
    "smuggle-cl-te": (WHOLE, "POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + FOLLOW_UP),
    "smuggle-cl-differ": (WHOLE, "POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!" + FOLLOW_UP),
    "smuggle-cl-list-differ": (WHOLE, "POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 5, 6\r\n\r\nhello!" + FOLLOW_UP),
    "smuggle-cl-malformed": (WHOLE, "POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 5x\r\n\r\nhello" + FOLLOW_UP),
    "smuggle-cl-negative": (WHOLE, "POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n" + FOLLOW_UP),
    "smuggle-te-gzip": (WHOLE, "POST /healthz HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n" + FOLLOW_UP),
    "smuggle-te-twice": (WHOLE, "GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n" + FOLLOW_UP),
    "smuggle-te-http10": (WHOLE, "POST /healthz HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + FOLLOW_UP),
    "smuggle-obs-fold": (WHOLE, "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Folded: a\r\n b\r\n\r\n" + FOLLOW_UP),
    "smuggle-space-before-colon": (WHOLE, "GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length : 0\r\n\r\n" + FOLLOW_UP),
    "smuggle-no-host": (WHOLE, "GET /healthz HTTP/1.1\r\nAccept: */*\r\n\r\n" + FOLLOW_UP),
    "smuggle-two-hosts": (WHOLE, "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n" + FOLLOW_UP),
    "smuggle-bare-lf": (WHOLE, "GET /healthz HTTP/1.1\nHost: t\n\n" + FOLLOW_UP),
    # Refused: other malformed heads (Tests/HTTPServerTests/RequestParserTests.swift).
    "control-in-value": (WHOLE, "GET / HTTP/1.1\r\nHost: h\r\nX: a\x01b\r\n\r\n"),
    "double-space": (WHOLE, "GET  / HTTP/1.1\r\nHost: h\r\n\r\n"),
    "space-after-version": (WHOLE, "GET / HTTP/1.1 \r\nHost: h\r\n\r\n"),
    "space-in-target": (WHOLE, "GET /a b HTTP/1.1\r\nHost: h\r\n\r\n"),
    "bad-escape-in-path": (WHOLE, "GET /layouts/ho%zme HTTP/1.1\r\nHost: t\r\n\r\n"),
    "relative-target": (WHOLE, "GET relative HTTP/1.1\r\nHost: h\r\n\r\n"),
    "asterisk-with-get": (WHOLE, "GET * HTTP/1.1\r\nHost: t\r\n\r\n"),
    "empty-field-name": (WHOLE, "GET / HTTP/1.1\r\nHost: h\r\n: empty-name\r\n\r\n"),
    "host-with-userinfo": (WHOLE, "GET /healthz HTTP/1.1\r\nHost: user@h\r\n\r\n"),
    "host-bad-bracket": (WHOLE, "GET /healthz HTTP/1.1\r\nHost: [::1\r\n\r\n"),
    "host-bad-port": (WHOLE, "GET /healthz HTTP/1.1\r\nHost: h:80x\r\n\r\n"),
    "absolute-form-userinfo": (WHOLE, "GET http://user@h/healthz HTTP/1.1\r\nHost: h\r\n\r\n"),
    # Chunked framing errors (Tests/HTTPServerTests/BodyReaderTests.swift).
    "chunk-not-hex": (WHOLE, CHUNKED_HEAD + "x\r\n"),
    "chunk-data-too-long": (WHOLE, CHUNKED_HEAD + "5\r\nhelloXX"),
    "chunk-bare-lf": (WHOLE, CHUNKED_HEAD + "5\nhello\r\n"),
    "chunk-trailer-bare-lf": (BYTES, CHUNKED_HEAD + "0\r\nbad\n\r\n"),
    # Limits at their edges, small (64, 128, 4 fields, 100) and, once, the default 8 KiB line.
    "small-request-line-at-limit": (SMALL_BYTES, "GET /" + "a" * 50 + " HTTP/1.1\r\nHost: h\r\n\r\n"),
    "small-request-line-over": (SMALL, "GET /" + "a" * 51 + " HTTP/1.1\r\nHost: h\r\n\r\n"),
    "small-header-section-at-limit": (SMALL, "GET / HTTP/1.1\r\nHost: h\r\nX: " + "v" * 112 + "\r\n\r\n"),
    "small-five-fields": (SMALL, "GET / HTTP/1.1\r\nHost: h\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n"),
    "small-body-at-limit": (SMALL, "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\n" + "x" * 100 + FOLLOW_UP),
    "small-chunked-over": (SMALL, CHUNKED_HEAD + "32;ext=1\r\n" + "a" * 50 + "\r\n33\r\n" + "b" * 51 + "\r\n0\r\nX-Trailer: t\r\n\r\n"),
    "request-line-over-8k": (WHOLE, "GET /" + "a" * 8184 + " HTTP/1.1\r\nHost: t\r\n\r\n"),
}

QUERIES = {
    "decoded-names-and-flags": "theme=dark&x=a%20b+c&%73eed=7&flag&&empty=",
    "loading-state": "screen=home&scenario=typical&seed=7&at=100",
    "events": "screen=home&seed=3&speed=5",
    "session-wait": "session=djEuaG9tZS50eXBpY2FsLjAuMTAwMC4xNzk1Mzc1OTIwMTk2.XCUb_jyW3ZGjaMqnxtdvUw&wait=5000",
    "escaped-value": "theme=d%61rk",
    "utf8-name": "%C3%A9=yes",
    "utf8-emoji": "%F0%9F%98%80=%E2%9C%93&expand=true",
    "plus-and-escaped-plus": "a+b=1&a%2Bb=2",
    "bad-escape": "theme=%zz",
    "bad-escape-second": "screen=home&seed=%zz&at=5",
    "truncated-escape": "seed=5%",
    "truncated-escape-digit": "x=%4",
    "bad-escape-in-name": "se%zzed=5",
    "not-utf8": "theme=%FF",
    "truncated-utf8": "screen=home&seed=%C3&at=5",
    "not-utf8-name": "%FF=1",
    "not-utf8-pair": "unknown=%FE%FF",
    "not-utf8-prefix": "scenario=%FFslow",
    "overlong-and-surrogate": "a=%C0%AF&b=%ED%A0%80",
    "path-like": "/layout%73/%68ome%2fx%00",
}

TOKENS = [line for line in """
djEuaG9tZS50eXBpY2FsLjAuMTAwMC4xNzk1Mzc1OTIwMTk2.XCUb_jyW3ZGjaMqnxtdvUw
djEuaW5zaWdodHMuc2xvdy43LjEwMDAuMTc5NTM3NTkyMDM4MQ.DfB9l2pvQaRQRJkv0GUyWw
djEuaW5ib3guZXJyb3IuOTAwNzE5OTI1NDc0MDk5MS4xMDAwMDAuMTc5NTM3NTkyMDUxMA.rCRu274JoyswdHCERCqvqQ
djEudGhyZWFkLmluc3RhbnQuMC4xMDAuMTc5NTM3NTkyMDYyMA.r7ck-ikDXFq4-RoQelS3dA
djEubW92aWVzLnRpbWVvdXQuNDIuMjUwMC4xNzk1Mzc1OTIwNzMw.y0WNNt7oySdoMl7y_hKFdQ
""".split() if line]  # from a default server: curl 'http://127.0.0.1:PORT/loading-state?screen=home' and others

SESSIONS = {
    **{f"token-{index}": "0" + token for index, token in enumerate(TOKENS)},
    "token-altered": "0" + TOKENS[0][:10] + ("B" if TOKENS[0][10] != "B" else "C") + TOKENS[0][11:],
    "token-truncated": "0" + TOKENS[1][:-3],
    "token-extra-character": "0" + TOKENS[2] + "A",
    "token-extra-dot": "0" + TOKENS[3] + ".",
    "token-payload-only": "0" + TOKENS[4].split(".")[0],
    "token-padded": "0" + TOKENS[0].split(".")[0] + "==." + TOKENS[0].split(".")[1],
    "payload-home": "1v1.home.typical.0.1000.1795375920196",
    "payload-dotted-screen": "1v1.custom.v2.home.slow.7.1000.1795375920196",
    "payload-signed-seed": "1v1.home.typical.+7.1000.1795375920196",
    "payload-unknown-scenario": "1v1.home.sometimes.0.1000.1795375920196",
    "payload-seed-too-large": "1v1.home.typical.9007199254740992.1000.1795375920196",
    "payload-expired": "1v1.home.typical.0.1000.1",
    "base64-text": "2djEuaG9tZS50eXBpY2FsLjAuMTAwMC4xNzk1Mzc1OTIwMTk2",
    "base64-loose-bits": "2djF",
}

SCREEN_FILE = """{
  "$schema": "http://127.0.0.1:8080/schema/screen.json",
  "id": "home",
  "title": "Home",
  "source": "ContentView (finance app)",
  "assumptions": ["balances load before the feed"],
  "animation": {"preset": "finance", "minimumDisplayMs": 200, "maxConcurrentShimmers": null,
                "shimmer": {"kind": "gradient", "application": "overlay",
                            "stops": [{"token": "gray5", "opacity": 0.3, "location": 0}, {"token": "highlight", "location": 1}],
                            "start": {"from": {"x": -1, "y": 0.5}, "to": {"x": 1, "y": 0.5}},
                            "end": {"from": {"x": 0, "y": 0.5}, "to": {"x": 2, "y": 0.5}},
                            "durationMs": 1500, "curve": "easeInOut", "autoreverses": false},
                "transition": {"skeletonExit": {"opacity": 0, "scale": 0.98}, "contentEnter": {"opacity": 0, "scale": 1.02},
                               "curve": {"type": "spring", "responseMs": 400, "dampingFraction": 0.825}}},
  "stages": [{"id": "fastPath", "title": "accounts ready", "readyMs": {"min": 30, "max": 80},
              "scenarios": {"instant": {"min": 0, "max": 20}, "slow": {"min": 120, "max": 320}}}],
  "layouts": [{"variant": "default",
               "elements": [{"id": "accountsCarousel", "stage": "fastPath", "accessibilityLabel": "Loading accounts",
                             "content": {"accounts": [{"name": "Everyday \\u00e9\\ud83d\\ude00", "balance": -12.5e+3}]}}],
               "root": {"type": "stack", "axis": "vertical", "spacing": 16, "padding": {"top": 8, "leading": 16},
                        "children": [{"type": "block", "id": "accountsCarousel", "height": 120, "cornerRadius": 12, "shimmer": true},
                                     {"type": "repeat", "count": 3, "child": {"type": "text", "lines": 2, "lineHeight": 17, "lastLineFraction": 0.6}},
                                     {"type": "divider", "opacity": 0.5}, {"type": "spacer"}]}}]
}
"""

JSON_DOCUMENTS = {
    "screen-file": SCREEN_FILE.encode(),
    "screen-file-bom-crlf": b"\xef\xbb\xbf" + SCREEN_FILE.replace("\n", "\r\n").encode(),
    "scalars": b"[null, true, false, 0, -0, 1.5, -12.5e+3, 1E2, 1e-2, 123456789012345678901234567890, 9007199254740993, 1e-400]",
    "escapes": rb'"\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\uD83D\uDE00\u0000"',
    "utf8": "\"\u00e9\u20ac\U0001f600\U0010ffff\"".encode(),
    "members-in-order": b'{"b": 1, "a": [true, null, {"c": "d"}], "": {}}',
    "nested-64": b"[" * 64 + b"]" * 64,
    "nested-65": b"[" * 65 + b"]" * 65,
    "nested-objects": b'{"a":' * 63 + b"{}" + b"}" * 63,
    "duplicate-key": b'{"id": 1, "id": 2}',
    "duplicate-key-escaped": b'{"a": 1, "\\u0061": 2}',
    "duplicate-key-canonical": '{"\u00e9": 1, "e\u0301": 2}'.encode(),
    "trailing-comma": b'{"a": [1, 2,], }',
    "comment": b"// comment\n[1] /* more */",
    "nan-infinity-plus": b"[NaN, Infinity, -Infinity, +1]",
    "leading-zero": b"[01, -01, 00]",
    "number-out-of-range": b"[0, -1e400, 1" + b"0" * 400 + b"]",
    "control-character": b'["a\tb", "a\nb"]',
    "unterminated": b'["a", "b',
    "bad-escapes": rb'["\x", "\u12G4", "\uD800", "\uDC00", "\uD800\u0041"]',
    "invalid-utf8": b'["\xc0\x80", "\xe0\x80\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf5", "\xff", "\x80", "\xe2\x82"]',
    "invalid-utf8-outside": b"[1, \xff]",
    "truncated-utf8": b'"a\xe2\x82',
    "multi-line-error": b'{\n  "a": [1,\n    2,,\n  ]\n}',
    "empty": b"",
    "whitespace": b" \t\r\n [ 1 , \"a\" ] \n",
}


def write(target, files):
    directory = os.path.join(ROOT, target)
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    for name, data in files.items():
        assert re.fullmatch(r"[a-z0-9-]+", name), name
        with open(os.path.join(directory, name), "wb") as file:
            file.write(data)


write("request-parser", {name: header + wire.encode("latin-1") for name, (header, wire) in REQUESTS.items()})
write("query", {name: text.encode() for name, text in QUERIES.items()})
write("session-token", {name: text.encode() for name, text in SESSIONS.items()})
write("json-parser", JSON_DOCUMENTS)
