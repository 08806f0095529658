"""Drives `beacon mcp` with the official MCP Python SDK, as an agent host would; exits non-zero on any surprise.

Run through Scripts/mcp-sdk-check.sh, which installs the SDK into a private virtualenv.
"""

import asyncio
import os
import sys
import tempfile

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def main(binary: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("BEACON_") and k != "GEOAPIFY_API_KEY"}
    with tempfile.TemporaryDirectory() as directory:
        env["BEACON_STORE"] = os.path.join(directory, "store.sqlite")
        params = StdioServerParameters(command=binary, args=["mcp"], env=env)
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                init = await session.initialize()
                assert init.server_info.name == "beacon", init
                tools = {tool.name: tool for tool in (await session.list_tools()).tools}
                assert "places_search" in tools and "favorites_add" in tools, sorted(tools)
                # The SDK validates structured content against each tool's outputSchema.
                search = await session.call_tool("places_search", {"category": "cafe", "limit": 2})
                assert not search.is_error, search
                place = search.structured_content["places"][0]
                assert place["id"] in search.content[0].text
                assert "location" not in place, place  # brief by default
                full = await session.call_tool("places_search", {"category": "cafe", "limit": 2, "detail": "full"})
                assert not full.is_error and "location" in full.structured_content["places"][0], full
                nothing = await session.call_tool("places_search", {"text": "zzzqqq"})
                assert nothing.is_error and "radiusMeters" in nothing.content[0].text, nothing
                added = await session.call_tool("favorites_add", {"placeId": place["id"]})
                assert not added.is_error and added.structured_content["added"], added
                listed = await session.call_tool("favorites_list", {})
                assert [p["id"] for p in listed.structured_content["places"]] == [place["id"]], listed
                bad = await session.call_tool("rating_add", {"placeId": place["id"], "stars": 9})
                assert bad.is_error and "9" in bad.content[0].text, bad
                details = await session.call_tool("places_details", {"id": place["id"], "fields": ["contact"]})
                assert not details.is_error and place["id"] in str(details.structured_content), details
                resources = [str(r.uri) for r in (await session.list_resources()).resources]
                assert "beacon://favorites" in resources and "beacon://settings" in resources, resources
                templates = [t.uri_template for t in (await session.list_resource_templates()).resource_templates]
                assert "beacon://places/{id}" in templates, templates
                favourites = await session.read_resource("beacon://favorites")
                assert place["id"] in favourites.contents[0].text, favourites
                await session.subscribe_resource("beacon://favorites")
                prompts = [p.name for p in (await session.list_prompts()).prompts]
                assert "compare_favorites" in prompts, prompts
                prompt = await session.get_prompt("compare_favorites")
                assert "favorites_list" in prompt.messages[0].content.text, prompt
                await session.send_ping()
                print(
                    f"ok: MCP {init.protocol_version}, {len(tools)} tools, search (brief, full, nothing found)/"
                    "favourites/details/error, resources (list, templates, read, subscribe), prompts, ping through the SDK"
                )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
