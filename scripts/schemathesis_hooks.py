"""schemathesis hooks for scripts/schemathesis: the combinations of GET /loading-state's query.

The OpenAPI description states each query parameter on its own (what code generators need) and
the forms they combine into in the operation's text, which no parameter schema can say:

- `session=TOKEN`, optionally with `wait`, and nothing else;
- `screen=` (with `scenario`, `seed`, and `speed` or `wait`) to start a load now;
- `screen=` with `at=` (and `scenario`, `seed`) for the state at a virtual time.

The server answers any other mix with a 400 naming the parameter. So that every check, with its
default expected statuses, holds the server to the forms, the positive requests schemathesis
makes are kept to them; its negative requests are left as they are.
"""

import schemathesis

SESSION_FORM = {"session", "wait"}
SCREEN_FORMS = ({"screen", "scenario", "seed", "speed", "wait"}, {"screen", "scenario", "seed", "at"})


def follows_a_form(query: dict) -> bool:
    given = set(query)
    if "session" in given:
        return given <= SESSION_FORM
    return "screen" in given and any(given <= form for form in SCREEN_FORMS)


@schemathesis.hook
def filter_case(context, case):
    if case.operation.method.upper() != "GET" or case.operation.path != "/loading-state":
        return True
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return True
    return follows_a_form(case.query or {})
