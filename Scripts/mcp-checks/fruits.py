"""Fruits' part of the MCP SDK check (Scripts/mcp-sdk-check.py): a fake Fruityvice and the fruit tools' checks.

Fruityvice (`/api/fruit/all`, `/api/fruit/{family,genus,order}/{name}`, 404 `{"error": "Not found"}`) from small
bodies in the shape of real answers, with their quirks: Java-style numbers and a family with a leading space.
"""

# The base-URL option pointed at the loopback fake, and the paths the check must have asked of it.
ENVIRONMENT = "BEACON_FRUITYVICE_URL"
PATHS = ["/api/fruit/all"]

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


def fruit_group(kind, name):
    """`/api/fruit/{kind}/{name}`: the fruits of that group (case ignored, spaces not), or None (404)."""
    members = [f for f in FRUITS if f[kind].lower() == name.lower()]
    return members or None


def answer(path, segments, query):
    """The fake Fruityvice's status and body for a GET of `path`, or None for a path that is not Fruityvice's."""
    if segments == ["api", "fruit", "all"]:
        return 200, FRUITS
    if len(segments) == 4 and segments[:2] == ["api", "fruit"] and segments[2] in ("family", "genus", "order"):
        members = fruit_group(segments[2], segments[3])
        return (200, members) if members else (404, {"error": "Not found"})
    return None


async def check(tools):
    """The catalogue, one fruit, its groups, a group, and the log: add, list the days, remove."""
    fruits, _ = await tools.call("fruits_list")
    assert len(fruits["fruits"]) == 6, fruits
    fruit, _ = await tools.call("fruits_get", {"id": 3})
    assert fruit["fruit"]["name"] == "Strawberry", fruit
    groups, _ = await tools.call("fruits_groups")
    assert "Rosaceae" in str(groups), groups
    rosaceae, _ = await tools.call("fruits_by_group", {"kind": "family", "name": "Rosaceae"})
    assert sorted(f["name"] for f in rosaceae["fruits"]) == ["Apple", "Strawberry"], rosaceae
    eaten, _ = await tools.call("fruitlog_add", {"fruitId": 6})
    entry = eaten["entry"]["id"]
    days, _ = await tools.call("fruitlog_days")
    assert str(entry) in str(days), days
    await tools.call("fruitlog_remove", {"entryId": entry})
