"""A reference model of skeleton-server's loading simulation and sample content.

Written from the rules in docs/spec.md §4-5 and Appendix A (sample content: its word lists and
the poster's template are read from the spec's text at import) and the doc comments of
`SplitMix64`, `StageTiming`, `Schedule` and `LoadingState` (`Sources/SkeletonDomain`), not from
their code, so that `Tests/Integration/test_reference.py` can hold the server to those rules. Where
a doc comment leaves a detail open, the Swift code decided it and a comment here says so.

    python3 Tests/Reference/loading_model.py movies error 7   # the stage summary
"""
import calendar
import datetime
import json
import os
import re
import sys

MASK = (1 << 64) - 1
MINIMUM_DISPLAY_MS = 200  # docs/spec.md §4: every built-in screen (seed 002)
TIMEOUT_MS = 10000
FORMAT_VERSION = 2
SCENARIOS = ("typical", "instant", "slow", "timeout", "error")


def fnv1a64(text):
    value = 0xCBF29CE484222325
    for byte in text.encode():
        value = ((value ^ byte) * 0x100000001B3) & MASK
    return value


class SplitMix64:
    """Steele, Lea and Flood (2014); an integer in lo..hi is lo + next() % width (bias kept)."""

    def __init__(self, key, seed):
        self.state = (seed & MASK) ^ fnv1a64(key)  # key: "screen/scenario" or "screen/element"

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def int(self, lo, hi):
        return lo + self.next() % (hi - lo + 1)

    def pick(self, items):
        return items[self.int(0, len(items) - 1)]

    def distinct(self, count, items):
        """A partial Fisher-Yates shuffle: position i swaps with a drawn one in i..end."""
        pool = list(items)
        for i in range(count):
            j = self.int(i, len(pool) - 1)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:count]


# Stages: (id, typical range in ms, anchor the range counts from); elements: (id, stage), in
# the screen's (default layout's) order. Ranges: docs/spec.md §5.
POSTERS = [f"poster[{i}]" for i in range(6)]
SCREENS = {
    "home": ([("fastPath", (30, 80), None), ("fullyInitialized", (1000, 3000), None)],
             [("accountsCarousel", "fastPath"), ("transactionsSummary", "fullyInitialized"),
              ("subscriptions", "fullyInitialized"), ("categories", "fastPath")]),
    "insights": ([("insightsLoaded", (400, 1200), None)],
                 [(e, "insightsLoaded") for e in ("summaryHeader", "filterCarousel", "sectionHeader", "insightCards")]),
    "inbox": ([("conversations", (300, 1500), None)], [("conversationList", "conversations")]),
    "thread": ([("messages", (200, 1000), None)], [("messages", "messages")]),
    "movies": ([("trending", (300, 900), None), ("popular", (400, 1200), None)]
               + [(p, (100, 1500), "popular") for p in POSTERS],
               [("hero", "trending"), ("popular", "popular"), ("compactList", "popular")] + [(p, p) for p in POSTERS]),
}
# A load's elements are its layout variant's: home's `fullscreen` variant has one element of its
# own, bound to fastPath; its stages are the screen's. (screen, variant) -> [(element, stage)].
VARIANTS = {(screen, "default"): elements for screen, (_, elements) in SCREENS.items()}
VARIANTS[("home", "fullscreen")] = [("homeSkeleton", "fastPath")]
# `/data` answers the elements of a load's layout variant: (element, variant) pairs.
DATA_ELEMENTS = {screen: [(e, v) for (s, v), elements in VARIANTS.items() if s == screen for e, _ in elements]
                 for screen in SCREENS}


def stage_times(screen, scenario, generator):
    """One draw per stage, in order: `instant` 0..20 from the start (anchors ignored), `slow` the
    range's ends times 4, else the typical range, counted from the anchor's drawn time."""
    times = {}
    for stage, (lo, hi), anchor in SCREENS[screen][0]:
        if scenario == "instant":
            lo, hi, anchor = 0, 20, None
        elif scenario == "slow":
            lo, hi = 4 * lo, 4 * hi
        times[stage] = (times[anchor] if anchor else 0) + generator.int(lo, hi)
    return times


def schedule(screen, scenario, seed):
    """Each stage's final (status, atMs, error code or None), in `stages` order."""
    generator = SplitMix64(f"{screen}/{scenario}", seed)
    times = stage_times(screen, scenario, generator)
    ids = list(times)
    # `timeout`: the latest drawn time, ties to the later stage.
    never = max(range(len(ids)), key=lambda i: (times[ids[i]], i)) if scenario == "timeout" else None
    # `error`: one more draw after the stages' (the docs say "next() % stageCount").
    erred = generator.next() % len(ids) if scenario == "error" else None
    result = {}
    for i, stage in enumerate(ids):
        # Past the timeout is strictly later than it: a stage drawn at exactly 10000 is ready
        # (Swift: `time > timeoutMs`); a stage past it fails so even when it is the erred one.
        if times[stage] > TIMEOUT_MS or i == never:
            result[stage] = ("failed", TIMEOUT_MS, "timeout")
        elif i == erred:
            result[stage] = ("failed", times[stage], "error")
        else:
            result[stage] = ("ready", times[stage], None)
    return result


def summary(screen, scenario, seed):
    """`id status atMs [code]`, joined by ", " (the form ScheduleTests pins)."""
    return ", ".join(" ".join(str(part) for part in (stage, *final) if part is not None)
                     for stage, final in schedule(screen, scenario, seed).items())


def stage_object(stage, final, known=True):
    status, at, _ = final
    if not known:
        return {"id": stage, "status": "loading"}
    return {"id": stage, "status": status, ("readyAtMs" if status == "ready" else "failedAtMs"): at}


def element_object(element, stage, final, known=True):
    status, at, code = final
    if not known:
        return {"id": element, "stage": stage, "status": "loading"}
    body = {"id": element, "stage": stage, "status": status,
            ("readyAtMs" if status == "ready" else "failedAtMs"): at, "revealAtMs": max(at, MINIMUM_DISPLAY_MS)}
    if code:  # the messages are the Swift code's; docs/spec.md names only the codes
        message = (f"{stage} did not arrive within {TIMEOUT_MS} ms" if code == "timeout"
                   else f"{stage} failed to load (simulated error)")
        body["error"] = {"code": code, "message": message, "retryable": True}
    return body


def timeline(screen, scenario, seed, variant="default"):
    """The body of `/loading-state/timeline`."""
    finals = schedule(screen, scenario, seed)
    return {"formatVersion": FORMAT_VERSION, "screen": screen, "variant": variant, "scenario": scenario, "seed": seed,
            "stages": [{"id": s, "status": f[0], "atMs": f[1]} for s, f in finals.items()],
            "elements": [element_object(e, s, finals[s]) for e, s in VARIANTS[(screen, variant)]]}


def state_at(screen, scenario, seed, at, variant="default", session=None):
    """The body of `/loading-state?...&at=MS` (and, with its `session`, of a load's state at
    `elapsedMs` `at`): a status is known from its time on (at == atMs is known); `complete` once
    every element of the variant is (its other stages may still load); `pollAfterMs` 100 until
    then (Swift's value)."""
    finals = schedule(screen, scenario, seed)
    elements = [element_object(e, s, finals[s], finals[s][1] <= at) for e, s in VARIANTS[(screen, variant)]]
    complete = all(e["status"] != "loading" for e in elements)
    return {"formatVersion": FORMAT_VERSION, "session": session, "screen": screen, "variant": variant,
            "scenario": scenario, "seed": seed, "elapsedMs": at, "complete": complete,
            "stages": [stage_object(s, f, f[1] <= at) for s, f in finals.items()],
            "elements": elements, "pollAfterMs": None if complete else 100}


def change_times(screen, scenario, seed, variant="default"):
    """The instants at which an element of the variant changes, ascending."""
    finals = schedule(screen, scenario, seed)
    return sorted({finals[s][1] for _, s in VARIANTS[(screen, variant)]})


def events(screen, scenario, seed, session, start, variant="default"):
    """A load's event stream (docs/spec.md §5) opened at `elapsedMs` `start`, as (id, event, data)
    triples: `snapshot` (the state at `start`, its time as its id), one `element` per later element
    change with the time as its id, in time order and then the layout's order, then `complete`
    with the last change's time as its `elapsedMs` (its id the last event's: the snapshot's when
    nothing was left to change)."""
    finals = schedule(screen, scenario, seed)
    stream = [(start, "snapshot", state_at(screen, scenario, seed, start, variant, session))]
    changes = sorted(((finals[s][1], n, e, s) for n, (e, s) in enumerate(VARIANTS[(screen, variant)])))
    for at, _, element, stage in changes:
        if at > start:
            stream.append((at, "element", {"formatVersion": FORMAT_VERSION, **element_object(element, stage, finals[stage])}))
    last = changes[-1][0]
    return stream + [(max(last, start), "complete", {"formatVersion": FORMAT_VERSION, "elapsedMs": last})]


def speed_thousandths(speed):
    """`speed` (0.1-100, at most three decimals) as the session token carries it."""
    thousandths = round(float(speed) * 1000)
    assert 100 <= thousandths <= 100_000 and abs(float(speed) * 1000 - thousandths) < 1e-6, speed
    return thousandths


def token_payload(screen, scenario, seed, speed, variant="default"):
    """A session token's payload before its start time (docs/spec.md §5): v1, or v2 naming the variant."""
    head = f"v1.{screen}" if variant == "default" else f"v2.{screen}.{variant}"
    return f"{head}.{scenario}.{seed}.{speed_thousandths(speed)}."


def encode(value):
    """JSONWriter's bytes: compact, members in order, UTF-8 unescaped, integral doubles as integers."""
    def plain(v):
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        return [plain(x) for x in v] if isinstance(v, list) else v
    return json.dumps(plain(value), separators=(",", ":"), ensure_ascii=False).encode()


# Sample content (`/data/{screen}/{element}`): each element draws from SplitMix64 keyed by
# "screen/element"; the sample today is 2026-01-01 plus a draw of 0..364 keyed "sample/today".
EPOCH = datetime.date(2026, 1, 1)


def draws(screen, element, seed):
    return SplitMix64(f"{screen}/{element}", seed)


def today(seed):
    return EPOCH + datetime.timedelta(days=draws("sample", "today", seed).int(0, 364))


def amount(cents):
    return cents / 100


def day(date, days=0):
    return (date + datetime.timedelta(days=days)).isoformat()


# Every word list and the poster's template, read from docs/spec.md Appendix A (its `text
# sample:NAME` blocks; a row's columns are separated by " | "): the model holds no list of its own.
SPEC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "spec.md")


def spec_blocks(path=SPEC):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    blocks = {}
    for name, body in re.findall(r"(?ms)^```text sample:(\w+)[^\n]*\n(.*?)^```$", text):
        blocks[name] = body.rstrip("\n").split("\n")
    return blocks


def rows(lines):
    """One tuple per line (numbers as ints), or the line itself when it has one column."""
    def value(cell):
        return int(cell) if re.fullmatch(r"-?\d+", cell) else cell
    split = [tuple(value(c) for c in line.split(" | ")) for line in lines]
    return [r[0] if len(r) == 1 else r for r in split]


_SPEC = spec_blocks()
ACCOUNTS, MERCHANTS, SERVICES, CATEGORIES = (rows(_SPEC[n]) for n in ("accountNames", "merchants", "services",
                                                                      "spendingCategories"))
FILTERS, SECTION_TITLES, CARD_TOPICS = (rows(_SPEC[n]) for n in ("filterChoices", "sectionTitles", "cardTopics"))
FIRST_NAMES, LAST_NAMES, SENT, RECEIVED = (rows(_SPEC[n]) for n in ("firstNames", "lastNames", "sentTexts",
                                                                   "receivedTexts"))
TITLES, GENRES, TAGLINES = (rows(_SPEC[n]) for n in ("titles", "genres", "taglines"))
POSTER_HEAD, POSTER_RECT, POSTER_TEXT, POSTER_LINE, POSTER_END = _SPEC["posterTemplate"]


def home(element, seed):
    d, now = draws("home", element, seed), today(seed)
    if element == "accountsCarousel":
        return {"accounts": [{"id": f"account-{i + 1}", "name": name, "number": f"**** {d.int(1000, 9999)}",
                              "balance": amount(d.int(5000, 1250000)), "currency": d.pick(["USD", "USD", "EUR", "GBP"])}
                             for i, name in enumerate(d.distinct(3, ACCOUNTS))]}
    if element == "transactionsSummary":
        body = {"month": now.isoformat()[:7], "count": d.int(18, 64), "totalSpent": amount(d.int(80000, 420000)),
                "currency": "USD", "recent": []}
        date = now  # newest first: each next transaction is 0..2 days older
        for merchant, category in d.distinct(4, MERCHANTS):
            body["recent"].append({"merchant": merchant, "category": category,
                                   "amount": amount(d.int(250, 18000)), "date": day(date)})
            date -= datetime.timedelta(days=d.int(0, 2))
        return body
    if element == "subscriptions":
        count = d.int(3, 5)
        chosen = sorted(((d.int(1, 30), name, cents) for name, cents in d.distinct(count, SERVICES)))
        return {"monthlyTotal": amount(sum(c for _, _, c in chosen)), "currency": "USD",
                "subscriptions": [{"name": n, "monthlyPrice": amount(c), "nextCharge": day(now, days)}
                                  for days, n, c in chosen]}
    if element == "categories":
        chosen = [(name, icon, d.int(2000, 90000)) for name, icon in d.distinct(5, CATEGORIES)]
        chosen.sort(key=lambda c: (-c[2], c[0]))  # largest first, ties by name
        total = sum(c for _, _, c in chosen)
        # Shares in thousandths, rounded down, the last taking the rest so they add up to 1.
        shares = [c * 1000 // total for _, _, c in chosen[:-1]]
        shares.append(1000 - sum(shares))
        return {"month": now.isoformat()[:7], "total": amount(total), "currency": "USD",
                "categories": [{"name": n, "icon": i, "amount": amount(c), "share": s / 1000}
                               for (n, i, c), s in zip(chosen, shares)]}
    if element == "homeSkeleton":
        return {e: home(e, seed) for e in ("accountsCarousel", "transactionsSummary", "subscriptions", "categories")}


def insights(element, seed):
    d, now = draws("insights", element, seed), today(seed)
    if element == "summaryHeader":
        income = d.int(300000, 900000)
        expenses = income * d.int(55, 95) // 100
        last = calendar.monthrange(now.year, now.month)[1]
        return {"currency": "USD", "columns": [
                    {"id": "income", "title": "Income", "amount": amount(income)},
                    {"id": "expenses", "title": "Expenses", "amount": amount(expenses)},
                    {"id": "savings", "title": "Savings", "amount": amount(income - expenses)}],
                "period": {"label": f"{calendar.month_name[now.month]} {now.year}", "start": day(now.replace(day=1)),
                           "end": day(now.replace(day=last)), "savingsRate": (income - expenses) * 100 // income / 100}}
    if element == "filterCarousel":
        return {"filters": [{"id": i, "title": t, "isSelected": n == 0}
                            for n, (i, t) in enumerate([("all", "All")] + d.distinct(3, FILTERS))]}
    if element == "sectionHeader":
        return {"title": d.pick(SECTION_TITLES)}
    if element == "insightCards":
        cards = []
        for n, (icon, title, lo, hi) in enumerate(d.distinct(3, CARD_TOPICS)):
            series = [d.int(lo, hi) for _ in range(7)]
            change = d.int(-40, 40)
            cards.append({"id": f"insight-{n + 1}", "icon": icon, "title": title,
                          "subtitle": f"Down {-change}% on last week" if change < 0 else f"Up {change}% on last week",
                          "value": amount(sum(series)), "series": [amount(c) for c in series]})
        return {"currency": "USD", "cards": cards}


def minutes_before_end_of_day(now, minutes):
    """The UTC timestamp `minutes` before 23:59 of `now`, on whichever day it falls (a floored
    division: the Swift's truncating `(m - 1439) / 1440` for negative m comes to the same)."""
    days, minute = divmod(1439 - minutes, 1440)
    return f"{day(now, days)}T{minute // 60:02}:{minute % 60:02}:00Z"


def chat(screen, element, seed):
    d, now = draws(screen, element, seed), today(seed)
    if (screen, element) == ("inbox", "conversationList"):
        rows, ago = [], 0
        for n, first in enumerate(d.distinct(8, FIRST_NAMES)):
            ago += d.int(3, 900)
            rows.append({"id": f"conversation-{n + 1}", "name": f"{first} {d.pick(LAST_NAMES)}",
                         "preview": d.pick(RECEIVED), "timestamp": minutes_before_end_of_day(now, ago),
                         "unreadCount": d.pick([0, 0, 0, 1, 1, 2, 3, 5])})
        return {"conversations": rows}
    if (screen, element) == ("thread", "messages"):
        sent, received = d.distinct(4, SENT), d.distinct(6, RECEIVED)
        ago = d.int(60, 600) + 200
        body = {"contact": f"{d.pick(FIRST_NAMES)} {d.pick(LAST_NAMES)}", "messages": []}
        for n in range(10):  # every third message (n % 3 == 0) is the user's
            ago -= d.int(1, 20)
            body["messages"].append({"id": f"message-{n + 1}", "isSent": n % 3 == 0,
                                     "text": sent[n // 3] if n % 3 == 0 else received[n - n // 3 - 1],
                                     "timestamp": minutes_before_end_of_day(now, ago)})
        return body


def movie(title, d):
    genre, year, minutes, rating = d.pick(GENRES), d.int(2012, 2026), d.int(84, 168), d.int(55, 92) / 10
    runtime = f"{minutes // 60}h" + (f" {minutes % 60}m" if minutes % 60 else "")
    return {"title": title, "genre": genre, "year": year, "runtime": runtime, "rating": rating}


def popular_movies(seed):
    d = draws("movies", "popular", seed)
    return [movie(title, d) for title in d.distinct(6, TITLES)]


def movies(element, seed):
    d = draws("movies", element, seed)
    if element == "hero":
        m = movie(d.pick(TITLES), d)
        return {"title": m["title"], "subtitle": f"{m['genre']} · {m['year']} · {m['runtime']}",
                "genre": m["genre"], "year": m["year"], "rating": m["rating"]}
    if element == "popular":
        return {"movies": [{"title": m["title"], "year": m["year"], "genre": m["genre"], "rating": m["rating"],
                            "poster": f"poster[{i}]"} for i, m in enumerate(popular_movies(seed))]}
    if element == "compactList":  # four movies not in the popular row
        popular = {m["title"] for m in popular_movies(seed)}
        taglines = d.distinct(4, TAGLINES)
        chosen = [movie(t, d) for t in d.distinct(4, [t for t in TITLES if t not in popular])]
        return {"movies": [{"title": m["title"], "subtitle": f"{m['year']} · {m['genre']} · {m['runtime']}",
                            "detail": tagline} for m, tagline in zip(chosen, taglines)]}


def hsv(hue, saturation, value):
    """`#RRGGBB` by the integer HSV formula (saturation, value 0..255), as PosterImage documents."""
    f = (hue % 60) * 255 // 60
    p, q = value * (255 - saturation) // 255, value * (255 - saturation * f // 255) // 255
    t = value * (255 - saturation * (255 - f) // 255) // 255
    rgb = [(value, t, p), (q, value, p), (p, value, t), (p, q, value), (t, p, value), (value, p, q)][hue // 60]
    return "#" + "".join(f"{c:02X}" for c in rgb)


def escaped(text):
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def fill(template, d, **values):
    """The template with `{name}` from `values` and each `{int(lo...hi)}` drawn from `d`, left to right."""
    def one(match):
        name, lo, hi = match.groups()
        return str(d.int(int(lo), int(hi))) if name is None else str(values[name])
    return re.sub(r"\{(?:(\w+)|int\((-?\d+)\.\.\.(-?\d+)\))\}", one, template)


def poster(index, seed):
    """The SVG of `poster[index]` (Appendix A): its movie is the popular row's at that index."""
    title, d = popular_movies(seed)[index]["title"], draws("movies", f"poster[{index}]", seed)
    hue = d.int(0, 359)
    light, dark = hsv(hue, 150, 225), hsv((hue + d.int(30, 90)) % 360, 200, 90)
    svg = fill(POSTER_HEAD, d, title=escaped(title), i=index, light=light, dark=dark,
               accent=hsv((hue + 180) % 360, 120, 245))
    svg += "".join(fill(POSTER_RECT, d) for _ in range(d.int(1, 3)))
    lines = []  # words in lines of at most 14 characters; a longer word alone
    for word in title.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= 14:
            lines[-1] += " " + word
        else:
            lines.append(word)
    svg += POSTER_TEXT
    svg += "".join(fill(POSTER_LINE, d, y=166 - 16 * (len(lines) - 1 - n), line=escaped(line))
                   for n, line in enumerate(lines))
    return svg + POSTER_END


def sample_content(screen, element, seed):
    """The content object of a built-in screen's element: a poster's carries its SVG as text."""
    if screen == "movies" and element in POSTERS:
        index = POSTERS.index(element)
        return {"title": popular_movies(seed)[index]["title"], "mediaType": "image/svg+xml",
                "width": 135, "height": 178, "svg": poster(index, seed)}
    return {"home": home, "insights": insights, "movies": movies}.get(screen, lambda e, s: chat(screen, e, s))(element, seed)


def data_body(screen, element, seed):
    """The bytes of `/data/{screen}/{element}` once the element has loaded: its envelope."""
    stage = "fastPath" if element == "homeSkeleton" else dict(SCREENS[screen][1])[element]
    return encode({"formatVersion": FORMAT_VERSION, "screen": screen, "element": element, "stage": stage, "seed": seed,
                   "content": sample_content(screen, element, seed)})


if __name__ == "__main__":
    print(summary(sys.argv[1], sys.argv[2], int(sys.argv[3])))
