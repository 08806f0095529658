"""Drives `beacon mcp --toolsets all` with the official MCP Python SDK, as an agent host would; exits non-zero on any
surprise.

Every tool that tools/list names is called at least once with realistic arguments, and the check fails if one was
left out, so a new tool cannot be forgotten here. For every tool result that is not an error, the SDK's
`ClientSession.call_tool` validates `structuredContent` against the tool's `outputSchema` and raises on a mismatch.
Geoapify and every domain's upstream are a loopback fake (Scripts/mcp_fixture_server.py), so the check needs no
network and no key. It also reads and subscribes resources (and sees the update a tool call sends), gets a prompt, and
checks the two kinds of tool error (a search that finds nothing, a value out of range).

A domain that can be built in or left out brings its part as one file, Scripts/mcp-checks/<domain>.py: its fake
upstream, the variable that points Beacon at it, the paths it must be asked for, and its checks, found at run time
(`load_domains`); removing the domain removes that file and changes nothing here.

Run through Scripts/mcp-sdk-check.sh, which installs the SDK into a private virtualenv.
"""

import asyncio
import json
import os
import re
import sys
import tempfile
import traceback
import warnings

import mcp.types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from mcp_fixture_server import FixtureServer, load_domains

OSLO = {"lat": 59.9111, "lon": 10.7503}
KEY = "sdk-check-fake-geoapify-key"  # only the loopback fake sees it; no answer may show it
# An OpenStreetMap export (GeoJSON, as `osmium export` writes it): two cafés, a hotel and a bank (not imported).
OSM_EXPORT = """{"type": "FeatureCollection", "features": [
  {"type": "Feature", "id": "node/9001", "properties": {"amenity": "cafe", "name": "Kaffebrenneriet Grønland"},
   "geometry": {"type": "Point", "coordinates": [10.7615, 59.9125]}},
  {"type": "Feature", "id": "node/9002", "properties": {"amenity": "cafe", "name": "Tekoppen"},
   "geometry": {"type": "Point", "coordinates": [10.7532, 59.9139]}},
  {"type": "Feature", "id": "way/9003", "properties": {"tourism": "hotel", "name": "Hotell Vaterland"},
   "geometry": {"type": "Point", "coordinates": [10.7581, 59.9147]}},
  {"type": "Feature", "id": "node/9004", "properties": {"amenity": "bank", "name": "Banken"},
   "geometry": {"type": "Point", "coordinates": [10.7541, 59.9120]}}
]}"""


class Tools:
    """Calls tools through the SDK and remembers which were called; `check_all_called` fails for any left out."""

    def __init__(self, session, listed):
        self.session = session
        self.listed = listed
        self.called = set()

    async def call(self, name, arguments=None):
        """A call that must succeed; the SDK has validated its `structuredContent` against the `outputSchema`."""
        assert name in self.listed, f"{name} is not in tools/list (the SDK could not validate its result)"
        result = await self.session.call_tool(name, arguments or {})
        assert not result.is_error, f"{name} {arguments}: {result.content}"
        assert result.structured_content is not None, f"{name} returned no structuredContent"
        assert result.content and result.content[0].type == "text" and result.content[0].text, f"{name}: no text"
        assert KEY not in str(result), f"{name} shows the API key"
        self.called.add(name)
        return result.structured_content, result.content[0].text

    async def fail(self, name, arguments):
        """A call that must be a tool error (`isError`, no `structuredContent`); returns its text."""
        result = await self.session.call_tool(name, arguments)
        assert result.is_error and result.structured_content is None, f"{name} {arguments} should fail: {result}"
        return result.content[0].text

    async def call_the_rest(self):
        """Calls each tool no check has called with its method's examples in Schemas/openrpc.json (each must
        succeed), so that a new tool is checked without a line here; fails for a tool with no example."""
        examples = openrpc_examples()
        for name in sorted(set(self.listed) - self.called):
            assert examples.get(name), f"{name}: no example in Schemas/openrpc.json to call it with (add a call)"
            for arguments in examples[name]:
                await self.call(name, arguments)

    def check_all_called(self):
        missing = sorted(set(self.listed) - self.called)
        assert not missing, f"tools listed but never called by this check (add a call): {missing}"


def openrpc_examples():
    """The params of every method's examples in Schemas/openrpc.json, by the name of the method's tool
    (`users/setSeed` is `users_set_seed`)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Schemas", "openrpc.json")
    with open(path, encoding="utf-8") as file:
        methods = json.load(file)["methods"]
    tool = lambda method: re.sub(r"([a-z])([A-Z])", r"\1_\2", method).replace("/", "_").lower()  # noqa: E731
    return {
        tool(m["name"]): [{p["name"]: p["value"] for p in example.get("params", [])} for example in m["examples"]]
        for m in methods
    }


async def list_tools(session):
    """Every tool of tools/list, page by page; each must have an outputSchema (else the SDK validates nothing)."""
    tools, cursor = {}, None
    while True:
        page = await session.list_tools(params=types.PaginatedRequestParams(cursor=cursor) if cursor else None)
        tools.update({tool.name: tool for tool in page.tools})
        cursor = page.next_cursor
        if not cursor:
            break
    without = sorted(name for name, tool in tools.items() if not tool.output_schema)
    assert not without, f"tools without an outputSchema: {without}"
    return tools


async def check_places(tools, upstream, directory):
    """Search (brief, full, nothing found), details with and without fields, autocomplete and an import."""
    found, text = await tools.call("places_search", {"category": "restaurant", "center": OSLO, "limit": 12})
    assert found["source"] == "live" and len(found["places"]) == 12, found
    place = found["places"][0]
    assert place["id"] in text and "location" not in place, place  # brief by default, the id in the text
    full, _ = await tools.call("places_search", {"category": "cafe", "center": OSLO, "limit": 3, "detail": "full"})
    assert "location" in full["places"][0], full
    cafe = full["places"][0]
    east_west = [[cafe["location"]["lon"] + dx, cafe["location"]["lat"]] for dx in (-0.002, 0.002)]
    route = {"route": {"type": "LineString", "coordinates": east_west}, "category": "cafe", "corridorMeters": 200}
    along, text = await tools.call("places_search_along_route", route)
    assert any(p["id"] == cafe["id"] for p in along["places"]), along
    assert all(p["detourMeters"] <= 200 for p in along["places"]), along
    nothing = await tools.fail("places_search", {"text": "zzzqqq", "center": OSLO})
    assert "radiusMeters" in nothing, nothing

    known = next(p["id"] for p in found["places"] if upstream.has_details(p["id"]))
    details, text = await tools.call("places_details", {"id": known})
    assert details["place"]["id"] == known and details["place"]["name"] in text, details
    contact, _ = await tools.call("places_details", {"id": known, "fields": ["contact"]})
    assert "openingHours" not in contact["place"] and contact["place"]["id"] == known, contact
    suggestions, _ = await tools.call("places_autocomplete", {"text": "fisk", "center": OSLO, "limit": 5})
    assert suggestions["suggestions"], suggestions

    export = os.path.join(directory, "oslo.geojson")
    with open(export, "w", encoding="utf-8") as file:
        file.write(OSM_EXPORT)
    imported, _ = await tools.call("places_import", {"path": export})
    assert imported["total"] == 3 and imported["imported"]["cafe"] == 2, imported
    return place


async def check_ratings_favourites_and_resources(tools, session, place, updates):
    """Rate, list ratings, favourite (seeing the resource update), read the resources, unfavourite."""
    rated, _ = await tools.call("rating_add", {"placeId": place["id"], "stars": 4, "comment": "God kaffe"})
    assert rated["summary"]["count"] == 1, rated
    out_of_range = await tools.fail("rating_add", {"placeId": place["id"], "stars": 9})
    assert "9" in out_of_range, out_of_range
    ratings, _ = await tools.call("rating_list", {"placeId": place["id"]})
    assert [r["comment"] for r in ratings["ratings"]] == ["God kaffe"], ratings
    summaries, _ = await tools.call("rating_summary", {"placeIds": [place["id"], "osm:node/1"]})
    assert [(s["count"], s["average"]) for s in summaries["summaries"]] == [(1, 4), (0, None)], summaries

    resources = [str(r.uri) for r in (await session.list_resources()).resources]
    assert resources == ["beacon://favorites", "beacon://settings"], resources
    templates = [t.uri_template for t in (await session.list_resource_templates()).resource_templates]
    assert templates == ["beacon://places/{id}"], templates
    with warnings.catch_warnings():  # the SDK marks resources/subscribe as gone in 2026-07-28; Beacon speaks 2025-11-25
        warnings.simplefilter("ignore")
        await session.subscribe_resource("beacon://favorites")
    added, _ = await tools.call("favorites_add", {"placeId": place["id"]})
    assert added["added"], added
    assert "beacon://favorites" in updates, f"no notifications/resources/updated after favorites_add: {updates}"
    favourites = await session.read_resource("beacon://favorites")
    assert place["id"] in favourites.contents[0].text, favourites
    one = await session.read_resource("beacon://places/" + place["id"].replace("/", "%2F"))
    assert place["name"] in one.contents[0].text, one
    listed, _ = await tools.call("favorites_list", {"center": OSLO})
    assert [p["id"] for p in listed["places"]] == [place["id"]], listed
    removed, _ = await tools.call("favorites_remove", {"placeId": place["id"]})
    assert removed["removed"], removed


async def check_settings(tools):
    settings, _ = await tools.call("settings_get")
    updated, _ = await tools.call("settings_update", {"radiusMeters": 2000, "category": "cafe", "sort": "rating"})
    assert updated["radiusMeters"] == 2000 and updated["category"] == "cafe", updated
    reset, _ = await tools.call("settings_reset")
    assert reset["radiusMeters"] == 5000 and reset["radiusMeters"] != updated["radiusMeters"], (settings, reset)


async def check_domain(domain, tools):
    """A domain's own checks (Scripts/mcp-checks/<domain>.py); a failure names the domain and stops the run."""
    try:
        await domain.check(tools)
    except Exception as error:
        raise AssertionError(f"Scripts/mcp-checks/{domain.name}.py: {type(error).__name__}: {error}") from error


async def check_prompts(session):
    prompts = [p.name for p in (await session.list_prompts()).prompts]
    assert prompts == ["find_food_now", "compare_favorites", "plan_visit"], prompts
    prompt = await session.get_prompt("plan_visit", {"placeId": "osm:node/317766538"})
    assert "places_details" in prompt.messages[0].content.text, prompt


def check_every_service_reached(paths, domains):
    """The fake services saw the calls (a tool answered from the demo data or a stale store would not reach them)."""
    expected = ["/v2/places", "/v2/place-details", "/v1/geocode/autocomplete"]
    expected += [path for domain in domains for path in domain.PATHS]
    missing = [path for path in expected if path not in paths]
    assert not missing, f"never asked of the loopback fake services: {missing} (asked: {paths})"


async def main(binary):
    updates = []

    async def on_message(message):
        if isinstance(message, types.ResourceUpdatedNotification):
            updates.append(message.params.uri)
        elif isinstance(message, Exception):
            raise message

    domains = load_domains()
    with tempfile.TemporaryDirectory() as directory, FixtureServer(domains) as upstream:
        env = {k: v for k, v in os.environ.items() if not k.startswith("BEACON_") and k != "GEOAPIFY_API_KEY"}
        env.update({
            "BEACON_STORE": os.path.join(directory, "store.sqlite"), "BEACON_LOCALE": "en",
            "GEOAPIFY_API_KEY": KEY, "BEACON_GEOAPIFY_URL": upstream.url,
        })
        env.update({domain.ENVIRONMENT: upstream.url for domain in domains})
        params = StdioServerParameters(command=binary, args=["mcp", "--toolsets", "all"], env=env)
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write, message_handler=on_message) as session:
                init = await session.initialize()
                assert init.server_info.name == "beacon", init
                tools = Tools(session, await list_tools(session))
                place = await check_places(tools, upstream, directory)
                await check_ratings_favourites_and_resources(tools, session, place, updates)
                await check_settings(tools)
                for domain in domains:
                    await check_domain(domain, tools)
                await check_prompts(session)
                await session.send_ping()
                await tools.call_the_rest()
                tools.check_all_called()
        check_every_service_reached(upstream.requests, domains)
        print(
            f"ok: MCP {init.protocol_version}, all {len(tools.called)} tools called and their structuredContent "
            f"validated, 2 kinds of tool error, resources (list, templates, read, subscribe, update), prompts, ping; "
            f"domains {', '.join(d.name for d in domains) or 'none'} (Scripts/mcp-checks); "
            f"{len(upstream.requests)} requests to the loopback fake services"
        )


def innermost(error):
    """The one failure inside the task groups' exception groups."""
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    return error


if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1]))
    except Exception as error:  # noqa: BLE001 (report the failure itself, not the SDK's task-group wrapping)
        failure = innermost(error)
        traceback.print_exception(failure)
        print(f"FAILED: {type(failure).__name__}: {failure}", file=sys.stderr)
        sys.exit(1)
