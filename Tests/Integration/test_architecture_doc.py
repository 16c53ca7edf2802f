"""docs/architecture.md names the code it describes; every name it gives in backticks must exist.

A type (`ConnectionHandler`), a member of one (`ConnectionHandler.sweep`, `RequestParser.Scratch`),
a method or case by its base name (`flushOutput`, `drainBegan(hasPendingInput:)`) and a file
(`Router.swift`) are looked up in the repository's Swift sources; a module in `Package.swift`.
Names the document gives of other code (HTTP fields, the standard library, AsyncHTTPClient,
Linux) are listed below, so that a name that stops existing here fails, not one that never did."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"

# Not this repository's code: HTTP fields, the standard library, Linux, the state machine of
# AsyncHTTPClient the document compares with, and the placeholder in `Parameters.x.name`.
FOREIGN = {"Allow", "Date", "Vary", "Codable", "Decodable", "Encodable", "Equatable", "Sendable", "EPOLLEXCLUSIVE", "FIONREAD",
           "HTTP1ConnectionStateMachine", "Parameters.x.name"}

SWIFT = "\n".join(path.read_text() for folder in ("Sources", "Tests", "Plugins", "Benchmarks")
                  for path in (ROOT / folder).rglob("*.swift"))
FILES = {path.name for folder in ("Sources", "Tests", "Plugins") for path in (ROOT / folder).rglob("*")}
FILES |= {"Package.swift", "EmbeddedFiles.swift"}  # the second written by the EmbedFiles plugin at build time
MODULES = set(re.findall(r'name: "(\w+)"', (ROOT / "Package.swift").read_text()))


def declares(name):
    """A declaration of `name` as a type, member, case or function anywhere in the Swift sources."""
    keyword = r"(?:class|struct|enum|protocol|actor|typealias|extension|func|var|let|case|init)"
    return re.search(rf"\b{keyword}\s+(?:[\w.]*\.)?{re.escape(name)}\b", SWIFT) is not None \
        or re.search(rf"\bcase\s[^\n]*\b{re.escape(name)}\b", SWIFT) is not None


def names():
    text = DOC.read_text()
    types = set(re.findall(r"`([A-Z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*)`", text))
    members = set(re.findall(r"`([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(?:\([^`]*\))?`", text))
    files = set(re.findall(r"`([A-Za-z0-9+]+\.swift)`", text))
    return {name for name in types if not name.endswith(".swift")} - FOREIGN, members, files


def test_every_type_and_member_it_names_is_declared():
    types, members, _ = names()
    assert len(types) > 40 and len(members) > 15, "the document names less code than it did: the pattern broke"
    missing = [name for name in sorted(types)
               if name not in MODULES and not all(declares(part) for part in name.split("."))]
    missing += [name for name in sorted(members) if not declares(name)]
    assert missing == [], f"docs/architecture.md names code that does not exist: {missing}"


def test_every_file_it_names_exists():
    _, _, files = names()
    assert files, "the document names no file: the pattern broke"
    assert sorted(files - FILES) == [], "docs/architecture.md names files that do not exist"


def test_a_name_that_does_not_exist_is_found():
    """The check itself: the name the document gave before it was corrected is not declared."""
    assert not declares("nextRequest")
    assert declares("process") and declares("Scratch")
