"""A loopback stand-in for the web services Beacon calls, for Scripts/mcp-sdk-check.py.

`FixtureServer` listens on 127.0.0.1 at a random port and answers like

- Geoapify (`/v2/places`, `/v2/place-details`, `/v1/geocode/autocomplete`, `/v1/ipinfo`) from the recorded-style
  responses in Tests/Fixtures/geoapify (see the README there): Places by `categories`, filtered by `name` and cut
  to `limit` as Geoapify does; details for the ids those files describe, an empty collection for any other;
- each domain's upstream as its own file in Scripts/mcp-checks says (`answer`; see `load_domains`), from small
  bodies written there in the shape of real answers.

Any other path is a 404.
"""

import copy
import importlib.util
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

SCRIPTS = Path(__file__).resolve().parent
GEOAPIFY = SCRIPTS.parent / "Tests" / "Fixtures" / "geoapify"
DOMAINS = SCRIPTS / "mcp-checks"
PLACES_BY_CATEGORY = {
    "catering.restaurant": "places-oslo-restaurants.json",
    "catering.cafe": "places-oslo-cafes.json",
    "accommodation.hotel": "places-oslo-hotels.json",
}


def load_domains():
    """The domains' parts of the check, one module per `Scripts/mcp-checks/<domain>.py`, by file name.

    Each has `ENVIRONMENT` (the base-URL variable pointed at this server), `PATHS` (what the check must have asked
    of its fake), `answer(path, segments, query)` (its fake's status and body, or None for a path not its own) and
    `async check(tools)`. Removing a domain removes its file; nothing else here names it.
    """
    domains = []
    for path in sorted(DOMAINS.glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"mcp_checks_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        missing = [name for name in ("ENVIRONMENT", "PATHS", "answer", "check") if not hasattr(module, name)]
        assert not missing, f"{path}: no {', '.join(missing)}"
        module.name = path.stem
        domains.append(module)
    return domains


def geoapify(name):
    """A fixture of Tests/Fixtures/geoapify, parsed."""
    return json.loads((GEOAPIFY / name).read_text(encoding="utf-8"))


def place_details():
    """The Place Details fixtures by the `place_id` they describe."""
    answers = {}
    for path in sorted(GEOAPIFY.glob("place-details-*.json")):
        body = json.loads(path.read_text(encoding="utf-8"))
        answers[body["features"][0]["properties"]["place_id"]] = body
    return answers


def places(query):
    """`/v2/places`: the category's features whose name contains `name`, at most `limit`."""
    body = geoapify(PLACES_BY_CATEGORY.get(query.get("categories", ""), "places-empty.json"))
    text = query.get("name", "").casefold()
    features = [f for f in body["features"] if text in (f["properties"].get("name") or "").casefold()]
    body["features"] = features[: int(query.get("limit", "20"))]
    return body


class FixtureServer:
    """The fake services on 127.0.0.1; `with FixtureServer(domains) as server:` serves until the block ends."""

    def __init__(self, domains):
        self.domains = domains
        self.details = place_details()
        self.requests = []  # every path asked for, in order
        fixtures = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (the standard library's name)
                parts = urlsplit(self.path)
                fixtures.requests.append(parts.path)
                query = {k: v[0] for k, v in parse_qs(parts.query).items()}
                status, body = fixtures.answer(unquote(parts.path), query)
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass  # quiet: stdout and stderr belong to the check

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def has_details(self, place_id):
        """Whether a Place Details fixture describes this Beacon place id (`geoapify:…` or the bare id)."""
        return place_id.split(":", 1)[-1] in self.details

    def answer(self, path, query):
        """The status and JSON body for a GET of `path` with `query`."""
        segments = [s for s in path.split("/") if s]
        if path == "/v2/places":
            return 200, places(query)
        if path == "/v2/place-details":
            return 200, copy.deepcopy(self.details.get(query.get("id"), {"type": "FeatureCollection", "features": []}))
        if path == "/v1/geocode/autocomplete":
            return 200, geoapify("autocomplete-oslo-geojson.json")
        if path == "/v1/ipinfo":
            return 200, geoapify("ipinfo-oslo.json")
        for domain in self.domains:
            answered = domain.answer(path, segments, query)
            if answered is not None:
                return answered
        return 404, {"error": "Not found"}

    def __enter__(self):
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
