"""The forward-compatibility corpus every decoder check reads: each corpus document changed as the
description allows within a formatVersion. corpus.py writes it to OUTDIR/forward/ (the same
manifest.json and file names as OUTDIR); python_models.py, swift6-check, typescript-consumer and
apple-openapi decode it. A document's changes:
- an unknown member, UNKNOWN_MEMBER: "x", added to every object;
- for every open enumeration (a schema with x-extensible-enum) the document reaches, UNKNOWN_VALUE
  in place of the value at its first occurrence. The component schema is walked beside the
  document: a discriminator's mapping picks a union's branch, else the first branch the value is
  valid against. Discriminator values (consts) and closed enums are never changed.
A decoder passes a document when it decodes and, re-encoded, equals it once UNKNOWN_MEMBER is
removed on both sides: unknown members may be dropped or kept, unknown values come back as they were.
"""
import copy
import json
import os
from functools import cache

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

UNKNOWN_MEMBER = "zzFutureMember"
UNKNOWN_VALUE = "zzFutureValue"


def with_unknown_members(value):
    if isinstance(value, dict):
        return {**{key: with_unknown_members(item) for key, item in value.items()}, UNKNOWN_MEMBER: "x"}
    if isinstance(value, list):
        return [with_unknown_members(item) for item in value]
    return value


def without_unknown_members(value):
    if isinstance(value, dict):
        return {key: without_unknown_members(item) for key, item in value.items() if key != UNKNOWN_MEMBER}
    if isinstance(value, list):
        return [without_unknown_members(item) for item in value]
    return value


class SchemaWalk:
    """Finds where a document's values are open enumerations, by walking its schema beside it."""

    def __init__(self, document):
        self.document = document
        self.registry = Registry().with_resource("urn:openapi", Resource.from_contents(document, default_specification=DRAFT202012))

    def node(self, pointer):
        node = self.document
        for part in pointer.split("/")[1:]:
            node = node[int(part) if isinstance(node, list) else part.replace("~1", "/").replace("~0", "~")]
        return node

    @cache
    def validator(self, pointer):
        return Draft202012Validator({"$ref": f"urn:openapi#{pointer}"}, registry=self.registry)

    def open_enums(self, pointer, value, at=()):
        """(enumeration pointer, document path) of every open enumeration value in the document."""
        schema = self.node(pointer)
        while "$ref" in schema:
            pointer = schema["$ref"][1:]
            schema = self.node(pointer)
        if "x-extensible-enum" in schema:
            assert UNKNOWN_VALUE not in schema["x-extensible-enum"], pointer
            yield pointer, at
            return
        for index in range(len(schema.get("allOf", []))):
            yield from self.open_enums(f"{pointer}/allOf/{index}", value, at)
        for union in ("oneOf", "anyOf"):
            if union in schema:
                yield from self.open_enums(self.branch(pointer, schema, union, value), value, at)
        if isinstance(value, dict):
            properties = schema.get("properties", {})
            for key, item in value.items():
                if key in properties:
                    yield from self.open_enums(f"{pointer}/properties/{key.replace('~', '~0').replace('/', '~1')}", item, at + (key,))
                elif isinstance(schema.get("additionalProperties"), dict):
                    yield from self.open_enums(f"{pointer}/additionalProperties", item, at + (key,))
        if isinstance(value, list) and "items" in schema:
            for index, item in enumerate(value):
                yield from self.open_enums(f"{pointer}/items", item, at + (index,))

    def branch(self, pointer, schema, union, value):
        mapping = schema.get("discriminator", {}).get("mapping", {})
        tag = value.get(schema["discriminator"]["propertyName"]) if mapping and isinstance(value, dict) else None
        if tag in mapping:
            return mapping[tag][1:]
        branches = [f"{pointer}/{union}/{index}" for index in range(len(schema[union]))]
        return next((branch for branch in branches if self.validator(branch).is_valid(value)), branches[0])


def mutated(walk, schema, document):
    """The document with its changes, and the open enumerations changed in it."""
    document = copy.deepcopy(document)
    changed = []
    for enum, at in walk.open_enums(f"/components/schemas/{schema}", document) if schema else ():
        if at and enum not in changed:
            changed.append(enum)
            target = document
            for part in at[:-1]:
                target = target[part]
            target[at[-1]] = UNKNOWN_VALUE
    return with_unknown_members(document), changed


def write(description, manifest, corpus_dir):
    """Writes corpus_dir/forward/: the manifest and each entry's changed document. Prints which
    open enumerations the corpus changes, and which of the description's it never reaches."""
    out = os.path.join(corpus_dir, "forward")
    os.makedirs(out, exist_ok=True)
    walk = SchemaWalk(description)
    reached = {}
    for entry in manifest:
        with open(os.path.join(corpus_dir, entry["file"])) as file:
            document, changed = mutated(walk, entry["schema"], json.load(file))
        with open(os.path.join(out, entry["file"]), "w") as file:
            json.dump(document, file)
        for enum in changed:
            reached[enum] = reached.get(enum, 0) + 1
    with open(os.path.join(out, "manifest.json"), "w") as file:
        json.dump(manifest, file, indent=1)
    declared = []

    def find(node, pointer):
        if isinstance(node, dict):
            if "x-extensible-enum" in node:
                declared.append(pointer)
            for key, item in node.items():
                find(item, f"{pointer}/{key.replace('~', '~0').replace('/', '~1')}")
        elif isinstance(node, list):
            for index, item in enumerate(node):
                find(item, f"{pointer}/{index}")
    find(description.get("components", {}), "/components")
    print(f"forward: {len(manifest)} documents in {out}, {UNKNOWN_MEMBER} in every object; {UNKNOWN_VALUE} in "
          f"{len(reached)} of the description's {len(declared)} open enumerations (documents):")
    for enum in declared:
        print(f"  {enum}: {reached.get(enum, 'not reached')}")
