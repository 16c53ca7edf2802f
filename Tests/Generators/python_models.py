"""Decodes the corpus (Tests/Generators/corpus.py) with the models a Python generator made from the
live description, and checks that nothing is lost:
  python-client  openapi-python-client's attrs models: Model.from_dict(doc).to_dict()
  pydantic       datamodel-code-generator's pydantic v2 models: Model.model_validate(doc)
                 .model_dump(mode="json", by_alias=True, exclude_unset=True)
Lossless: the re-encoded document equals the served one (numbers compared as numbers, a boolean
never equal to a number). Forward: each document still decodes after the changes the description
allows within a formatVersion, and re-encodes with its known members equal: an unknown member
"zzFutureMember" added to every object, and, for every open enum (an anyOf/oneOf of a string enum
and a plain string) the document reaches, one value not in it at its first occurrence (the schema
is walked beside the document: a discriminator's mapping picks the branch, else the first branch
the value is valid against). Whether unknown members are kept or dropped is printed. A document
whose response the description does not describe (no response for its status, no default) is a
failure; one whose schema is inline (not a component) has no model and is counted as skipped.
Prints a summary line, then one ERROR line per group of failures (schema, first error, files).
  python python_models.py python-client CORPUS_DIR PACKAGE_DIR   (the generated project)
  python python_models.py pydantic CORPUS_DIR MODELS_FILE
"""
import copy
import glob
import importlib
import importlib.util
import json
import os
import sys
from collections import defaultdict
from functools import cache

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from corpus import Description

UNKNOWN_MEMBER = "zzFutureMember"
UNKNOWN_VALUE = "zzFutureValue"


def python_client(description, package_dir):
    """Component name -> decode function, with the class openapi-python-client names after the
    schema's title, else its name."""
    from openapi_python_client.strings import ClassName

    sys.path.insert(0, package_dir)
    package = os.path.basename(os.path.dirname(glob.glob(os.path.join(package_dir, "*", "models"))[0]))
    models = importlib.import_module(f"{package}.models")
    schemas = description.document["components"]["schemas"]

    def decoder(name):
        model = getattr(models, ClassName(schemas[name].get("title") or name, "field_"), None)
        if not hasattr(model, "from_dict"):
            return None
        return lambda document: model.from_dict(document).to_dict()
    return decoder


def pydantic(description, models_file):
    """Component name -> decode function, with datamodel-code-generator's class of that name."""
    spec = importlib.util.spec_from_file_location("pydantic_models", models_file)
    models = sys.modules["pydantic_models"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(models)

    def decoder(name):
        model = getattr(models, name, None)
        if not hasattr(model, "model_validate"):
            return None
        return lambda document: model.model_validate(document).model_dump(mode="json", by_alias=True, exclude_unset=True)
    return decoder


def difference(expected, actual, at=""):
    """Where actual first differs from expected, or None."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        same = type(expected) is type(actual) and expected == actual
    elif isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        same = expected == actual
    elif isinstance(expected, dict) and isinstance(actual, dict):
        for key in [*expected, *(key for key in actual if key not in expected)]:
            if key not in actual:
                return f"{at}/{key} lost"
            if key not in expected:
                return f"{at}/{key} added: {json.dumps(actual[key])[:80]}"
            found = difference(expected[key], actual[key], f"{at}/{key}")
            if found:
                return found
        return None
    elif isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return next((found for i, (e, a) in enumerate(zip(expected, actual)) if (found := difference(e, a, f"{at}/{i}"))), None)
    else:
        same = type(expected) is type(actual) and expected == actual
    return None if same else f"{at or '/'}: served {json.dumps(expected)[:80]}, re-encoded {json.dumps(actual, default=repr)[:80]}"


def error_text(error):
    errors = getattr(error, "errors", None)
    if callable(errors):
        first = errors()[0]
        location = "/".join(map(str, first["loc"]))
        return f"{type(error).__name__}, first at {location}: {first['msg']}"
    return f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"


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


def has_unknown_member(value):
    if isinstance(value, dict):
        return UNKNOWN_MEMBER in value or any(map(has_unknown_member, value.values()))
    return isinstance(value, list) and any(map(has_unknown_member, value))


class SchemaWalk:
    """Finds where a document's values are open enums, by walking its schema beside it."""

    def __init__(self, description):
        self.description = description
        self.registry = Registry().with_resource("urn:openapi", Resource.from_contents(description.document, default_specification=DRAFT202012))

    def node(self, pointer):
        node = self.description.document
        for part in pointer.split("/")[1:]:
            node = node[int(part) if isinstance(node, list) else part.replace("~1", "/").replace("~0", "~")]
        return node

    @cache
    def validator(self, pointer):
        return Draft202012Validator({"$ref": f"urn:openapi#{pointer}"}, registry=self.registry)

    def is_open_enum(self, schema):
        branches = [self.description.deref(branch) for branch in schema.get("anyOf", schema.get("oneOf", []))]
        closed = [branch for branch in branches if "enum" in branch]
        plain = [branch for branch in branches if branch.get("type") == "string" and not {"enum", "const", "pattern"} & branch.keys()]
        return len(branches) == 2 and len(closed) == 1 and len(plain) == 1

    def open_enums(self, pointer, value, at=()):
        """(enum pointer, document path) of every open enum value in the document."""
        schema = self.node(pointer)
        while "$ref" in schema:
            pointer = schema["$ref"][1:]
            schema = self.node(pointer)
        if self.is_open_enum(schema):
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


def replaced(document, at, value):
    document = copy.deepcopy(document)
    target = document
    for part in at[:-1]:
        target = target[part]
    target[at[-1]] = value
    return document


def main(generator, corpus_dir, models):
    with open(os.path.join(corpus_dir, "openapi.json")) as file:
        description = Description(json.load(file))
    decoder = {"python-client": python_client, "pydantic": pydantic}[generator](description, models)
    walk = SchemaWalk(description)
    with open(os.path.join(corpus_dir, "manifest.json")) as file:
        manifest = json.load(file)
    failures = defaultdict(list)  # (check, schema, first error) -> files
    lossless = forward = total = 0
    skipped, kept = [], defaultdict(set)  # schema -> whether re-encoding kept unknown members
    for entry in manifest:
        with open(os.path.join(corpus_dir, entry["file"])) as file:
            document = json.load(file)
        schema = entry["schema"]
        if schema is None:
            _, response = description.response(description.template(entry["path"]), entry.get("method", "GET"), entry["status"])
            if response is not None:
                skipped.append(entry)
                continue
            total += 1
            problem = f"status {entry['status']} of {entry['operationId']} ({entry.get('method', 'GET')}) is not described: no response, no default"
            failures[("described", None, problem)].append(entry["file"])
            continue
        total += 1
        decode = decoder(schema)
        if decode is None:
            failures[("model", schema, "the generator made no model class for this component")].append(entry["file"])
            continue
        try:
            found = difference(document, decode(document))
        except Exception as error:
            found = error_text(error)
        if found:
            failures[("lossless", schema, found)].append(entry["file"])
        else:
            lossless += 1
        mutations = [("unknown member in every object", with_unknown_members(document))]
        seen = set()
        for enum, at in walk.open_enums(f"/components/schemas/{schema}", document):
            if enum not in seen and at:
                seen.add(enum)
                mutations.append((f"unknown value of open enum {enum} at /{'/'.join(map(str, at))}", replaced(document, at, UNKNOWN_VALUE)))
        for change, mutated in mutations:
            try:
                encoded = decode(mutated)
                if change == mutations[0][0]:
                    kept[schema].add(has_unknown_member(encoded))
                found = difference(without_unknown_members(mutated), without_unknown_members(encoded))
            except Exception as error:
                found = error_text(error)
            if found:
                failures[("forward", schema, f"{change.split(' at /')[0]}: {found}")].append(entry["file"])
                break
        else:
            forward += 1
    print(f"{generator}: decoded {lossless}/{total} documents losslessly; forward: {forward}/{total}")
    for verb, outcome in (("kept (in part at least)", True), ("dropped", False)):
        schemas = sorted(schema for schema, outcomes in kept.items() if outcome in outcomes)
        print(f"{generator}: unknown members {verb} by the models of {', '.join(schemas) or 'none'}")
    if skipped:
        kinds = sorted({f"{entry['operationId']} {entry['status']} {entry['contentType']}" for entry in skipped})
        print(f"{generator}: skipped {len(skipped)} documents whose schema is inline, not a component: {', '.join(kinds)}")
    for (check, schema, problem), files in sorted(failures.items(), key=lambda item: (item[0][0], str(item[0][1]), item[0][2])):
        listed = ", ".join(files[:5]) + (f", ... ({len(files)} documents)" if len(files) > 5 else "")
        print(f"ERROR {generator} {check} {schema}: {problem} [{listed}]")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
