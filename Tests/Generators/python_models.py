"""Decodes the corpus (Tests/Generators/corpus.py) with the models a Python generator made from the
live description, and checks that nothing is lost:
  python-client  openapi-python-client's attrs models: Model.from_dict(doc).to_dict()
  pydantic       datamodel-code-generator's pydantic v2 models: Model.model_validate(doc)
                 .model_dump(mode="json", by_alias=True, exclude_unset=True)
Lossless: the re-encoded document equals the served one (numbers compared as numbers, a boolean
never equal to a number). Forward: the same document of CORPUS_DIR/forward (unknown members and
unknown values of open enumerations added, forward.py) decodes and re-encodes equal to it, the
unknown members aside; whether they were kept or dropped is printed. A document whose response
the description does not describe (no response for its status, no default) is a failure; one
whose schema is inline (not a component) has no model and is counted as skipped.
Prints a summary line, then one ERROR line per group of failures (schema, first error, files).
  python python_models.py python-client CORPUS_DIR PACKAGE_DIR   (the generated project)
  python python_models.py pydantic CORPUS_DIR MODELS_FILE
"""
import glob
import importlib
import importlib.util
import json
import os
import sys
from collections import defaultdict

from corpus import Description
from forward import UNKNOWN_MEMBER, without_unknown_members


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


def has_unknown_member(value):
    if isinstance(value, dict):
        return UNKNOWN_MEMBER in value or any(map(has_unknown_member, value.values()))
    return isinstance(value, list) and any(map(has_unknown_member, value))


def main(generator, corpus_dir, models):
    with open(os.path.join(corpus_dir, "openapi.json")) as file:
        description = Description(json.load(file))
    decoder = {"python-client": python_client, "pydantic": pydantic}[generator](description, models)
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
        with open(os.path.join(corpus_dir, "forward", entry["file"])) as file:
            mutated = json.load(file)
        try:
            encoded = decode(mutated)
            kept[schema].add(has_unknown_member(encoded))
            found = difference(without_unknown_members(mutated), without_unknown_members(encoded))
        except Exception as error:
            found = error_text(error)
        if found:
            failures[("forward", schema, found)].append(entry["file"])
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
