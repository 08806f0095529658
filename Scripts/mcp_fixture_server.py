"""A loopback stand-in for the four web services Beacon calls, for Scripts/mcp-sdk-check.py.

`FixtureServer` listens on 127.0.0.1 at a random port and answers like

- Geoapify (`/v2/places`, `/v2/place-details`, `/v1/geocode/autocomplete`, `/v1/ipinfo`) from the recorded-style
  responses in Tests/Fixtures/geoapify (see the README there): Places by `categories`, filtered by `name` and cut
  to `limit` as Geoapify does; details for the ids those files describe, an empty collection for any other;
- Fruityvice (`/api/fruit/all`, `/api/fruit/{family,genus,order}/{name}`, 404 `{"error": "Not found"}`),
- CoinLore (`/api/global/`, `/api/tickers/?start&limit`, `/api/ticker/?id=…`) and
- randomuser.me (`/api/1.4/?results&seed&inc`: the same seed gives the same users, `inc` keeps those fields)

from small bodies written here in the shape of real answers, with their quirks: Fruityvice's Java-style numbers
and a family with a leading space, CoinLore's numbers as strings and `volume24` a number on `/tickers/` but a
string on `/ticker/`, randomuser.me's coordinates as strings and postcodes as numbers or strings.
"""

import copy
import json
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

GEOAPIFY = Path(__file__).resolve().parent.parent / "Tests" / "Fixtures" / "geoapify"
PLACES_BY_CATEGORY = {
    "catering.restaurant": "places-oslo-restaurants.json",
    "catering.cafe": "places-oslo-cafes.json",
    "accommodation.hotel": "places-oslo-hotels.json",
}

FRUITS = [
    {"name": "Persimmon", "id": 52, "family": "Ebenaceae", "order": "Rosales", "genus": "Diospyros",
     "nutritions": {"calories": 81, "fat": 0.0, "sugar": 18.0, "carbohydrates": 18.0, "protein": 0.0}},
    {"name": "Strawberry", "id": 3, "family": "Rosaceae", "order": "Rosales", "genus": "Fragaria",
     "nutritions": {"calories": 29, "fat": 0.4, "sugar": 5.4, "carbohydrates": 5.5, "protein": 0.8}},
    {"name": "Banana", "id": 1, "family": "Musaceae", "order": "Zingiberales", "genus": "Musa",
     "nutritions": {"calories": 96, "fat": 0.2, "sugar": 17.2, "carbohydrates": 22.0, "protein": 1.0}},
    {"name": "Apple", "id": 6, "family": "Rosaceae", "order": "Rosales", "genus": "Malus",
     "nutritions": {"calories": 52, "fat": 0.4, "sugar": 10.3, "carbohydrates": 11.4, "protein": 0.3}},
    {"name": "Lemon", "id": 26, "family": "Rutaceae", "order": "Sapindales", "genus": "Citrus",
     "nutritions": {"calories": 29, "fat": 0.3, "sugar": 2.5, "carbohydrates": 9.0, "protein": 1.1}},
    {"name": "Japanese Persimmon", "id": 101, "family": " Ebenaceae", "order": " Ericales", "genus": "Diospyros",
     "nutritions": {"calories": 70, "fat": 0.2, "sugar": 13.0, "carbohydrates": 19.0, "protein": 0.6}},
]

COINLORE_GLOBAL = [{
    "coins_count": 6812, "active_markets": 18044, "total_mcap": 2610441873022.512, "total_volume": 98177305411.2087,
    "btc_d": "56.12", "eth_d": "12.40", "mcap_change": "1.08", "volume_change": "-6.31", "avg_change_percent": "0.42",
    "volume_ath": 344187126190825200, "mcap_ath": 3701553291818.4714,
}]

COINS = [
    {"id": "90", "symbol": "BTC", "name": "Bitcoin", "nameid": "bitcoin", "rank": 1, "price_usd": "87311.40",
     "percent_change_24h": "0.84", "percent_change_1h": "-0.12", "percent_change_7d": "-3.05", "price_btc": "1.00",
     "market_cap_usd": "1738561127461.33", "volume24": 41853664528.12, "volume24a": 45127765310.02,
     "csupply": "19912218.00", "tsupply": "19912218", "msupply": "21000000"},
    {"id": "80", "symbol": "ETH", "name": "Ethereum", "nameid": "ethereum", "rank": 2, "price_usd": "2957.66",
     "percent_change_24h": "-1.71", "percent_change_1h": "0.31", "percent_change_7d": "-6.48",
     "price_btc": "0.033875", "market_cap_usd": "356993618772.41", "volume24": 19820233477.9,
     "volume24a": 21002911803.51, "csupply": "120700812.00", "tsupply": "120700812", "msupply": ""},
    {"id": "518", "symbol": "USDT", "name": "Tether", "nameid": "tether", "rank": 3, "price_usd": "1.00",
     "percent_change_24h": "0.01", "percent_change_1h": "0.00", "percent_change_7d": "-0.02",
     "price_btc": "0.000011", "market_cap_usd": "184276018112.06", "volume24": 88713902266.4,
     "volume24a": 93555091711.3, "csupply": "184239017556.00", "tsupply": "187013301733.89", "msupply": None},
    {"id": "45088", "symbol": "SHIB", "name": "Shiba Inu", "nameid": "shiba-inu", "rank": 19,
     "price_usd": "0.00000871", "percent_change_24h": "4.20", "percent_change_1h": "0.52", "percent_change_7d": "9.87",
     "price_btc": "9.97E-11", "market_cap_usd": "5132482231.55", "volume24": 158340712.6, "volume24a": 171208833.1,
     "csupply": "589260140338910.00", "tsupply": "5.8926014033891E+14", "msupply": ""},
]

PEOPLE = [  # (first, last, gender, nat, city, state, country, postcode, phone, born, latitude, longitude)
    ("Ingrid", "Sæther", "female", "NO", "Tromsø", "Troms", "Norway", "9008", "77 61 23 90",
     "1986-11-27T08:15:42.120Z", "69.6492", "18.9553"),
    ("Eetu", "Kyllönen", "male", "FI", "Jyväskylä", "Central Finland", "Finland", 40100, "04-512-370",
     "1979-04-06T18:29:24.899Z", "-27.8353", "140.6837"),
    ("Amelia", "Pearson", "female", "GB", "Sheffield", "Cumbria", "United Kingdom", "S1 2AB", "016977 4871",
     "1992-07-14T03:02:11.500Z", "53.3811", "-1.4701"),
]


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


def fruit_group(kind, name):
    """`/api/fruit/{kind}/{name}`: the fruits of that group (case ignored, spaces not), or None (404)."""
    members = [f for f in FRUITS if f[kind].lower() == name.lower()]
    return members or None


def ticker(coin):
    """A coin in `/api/ticker/`'s shape: `volume24` a string, `volume24_native` instead of `volume24a`."""
    shaped = {k: v for k, v in coin.items() if k != "volume24a"}
    shaped["volume24"] = f"{coin['volume24']:.2f}"
    shaped["volume24_native"] = f"{coin['volume24'] / float(coin['price_usd']):.2f}"
    return shaped


def user(seed, index):
    """User `index` of `seed` in randomuser.me 1.4's shape (the same seed always gives the same user)."""
    first, last, gender, nat, city, state, country, postcode, phone, born, lat, lon = PEOPLE[index % len(PEOPLE)]
    folder = "women" if gender == "female" else "men"
    return {
        "gender": gender,
        "name": {"title": "Ms" if gender == "female" else "Mr", "first": first, "last": last},
        "location": {
            "street": {"number": 17 + index, "name": "Storgata"}, "city": city, "state": state, "country": country,
            "postcode": postcode, "coordinates": {"latitude": lat, "longitude": lon},
            "timezone": {"offset": "+1:00", "description": "Brussels, Copenhagen, Madrid, Paris"},
        },
        "email": f"{first.lower()}.{index}@example.com",
        "login": {"uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, f"randomuser:{seed}:{index}")),
                  "username": f"quietfish{index}", "password": "hunter2", "salt": "eYZm3b4S"},
        "dob": {"date": born, "age": 2026 - int(born[:4])},
        "registered": {"date": "2010-08-25T17:31:06.746Z", "age": 16},
        "phone": phone,
        "cell": phone,
        "id": {"name": "", "value": None},
        "picture": {size: f"https://randomuser.me/api/portraits/{prefix}{folder}/{index}.jpg"
                    for size, prefix in (("large", ""), ("medium", "med/"), ("thumbnail", "thumb/"))},
        "nat": nat,
    }


def users(query):
    """`/api/1.4/`: `results` users of `seed` (at most the few written here), with only the `inc` fields."""
    seed = query.get("seed", "0f1e2d3c4b5a6978")
    count = min(int(query.get("results", "1")), len(PEOPLE))
    include = set(query["inc"].split(",")) if "inc" in query else None
    results = [{k: v for k, v in user(seed, i).items() if include is None or k in include} for i in range(count)]
    return {"results": results, "info": {"seed": seed, "results": count, "page": 1, "version": "1.4"}}


class FixtureServer:
    """The fake services on 127.0.0.1; `with FixtureServer() as server:` serves until the block ends."""

    def __init__(self):
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
        if segments == ["api", "fruit", "all"]:
            return 200, FRUITS
        if len(segments) == 4 and segments[:2] == ["api", "fruit"] and segments[2] in ("family", "genus", "order"):
            members = fruit_group(segments[2], segments[3])
            return (200, members) if members else (404, {"error": "Not found"})
        if path == "/api/global/":
            return 200, COINLORE_GLOBAL
        if path == "/api/tickers/":
            start, limit = int(query.get("start", "0")), int(query.get("limit", "100"))
            return 200, {"data": COINS[start: start + limit], "info": {"coins_num": 13877, "time": 1795608000}}
        if path == "/api/ticker/":
            ids = query.get("id", "").split(",")
            return 200, [ticker(c) for i in ids for c in COINS if c["id"] == i.strip()]
        if path in ("/api/1.4/", "/api/1.4"):
            return 200, users(query)
        return 404, {"error": "Not found"}

    def __enter__(self):
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
