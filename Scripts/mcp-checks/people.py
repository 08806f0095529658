"""People's part of the MCP SDK check (Scripts/mcp-sdk-check.py): a fake randomuser.me and the user tools' checks.

randomuser.me (`/api/1.4/?results&seed&inc`: the same seed gives the same users, `inc` keeps those fields) from
small bodies in the shape of real answers, with their quirks: coordinates as strings, postcodes as numbers or
strings.
"""

import uuid

# The base-URL option pointed at the loopback fake, and the paths the check must have asked of it.
ENVIRONMENT = "BEACON_RANDOMUSER_URL"
PATHS = ["/api/1.4/"]

PEOPLE = [  # (first, last, gender, nat, city, state, country, postcode, phone, born, latitude, longitude)
    ("Ingrid", "Sæther", "female", "NO", "Tromsø", "Troms", "Norway", "9008", "77 61 23 90",
     "1986-11-27T08:15:42.120Z", "69.6492", "18.9553"),
    ("Eetu", "Kyllönen", "male", "FI", "Jyväskylä", "Central Finland", "Finland", 40100, "04-512-370",
     "1979-04-06T18:29:24.899Z", "-27.8353", "140.6837"),
    ("Amelia", "Pearson", "female", "GB", "Sheffield", "Cumbria", "United Kingdom", "S1 2AB", "016977 4871",
     "1992-07-14T03:02:11.500Z", "53.3811", "-1.4701"),
]


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


def answer(path, segments, query):
    """The fake randomuser.me's status and body for a GET of `path`, or None for a path that is not its."""
    if path in ("/api/1.4/", "/api/1.4"):
        return 200, users(query)
    return None


async def check(tools):
    """The directory: list, one user, an edit, the map, a deletion, and a new seed."""
    people, _ = await tools.call("users_list")
    assert len(people["users"]) == 3, people
    first = people["users"][0]["id"]
    one, _ = await tools.call("users_get", {"id": first})
    assert one["user"]["id"] == first, one
    edited, _ = await tools.call("users_update", {"id": first, "city": "Bodø"})
    assert "Bodø" in str(edited), edited
    await tools.call("users_map", {"id": first})
    await tools.call("users_delete", {"id": people["users"][1]["id"]})
    await tools.call("users_set_seed", {"seed": "beacon-sdk-check"})
