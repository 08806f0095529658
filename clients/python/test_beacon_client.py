"""Tests of beacon_client.py against the real ``beacon`` binary.

The binary comes from env ``BEACON_BINARY``, else ``../../.build/debug/beacon`` relative to this file
(build it with ``swift build``). A missing binary fails the tests with a message saying so: nothing
is skipped. Every test runs offline on a fresh temporary store, with ``GEOAPIFY_API_KEY`` removed
from the server's environment, so the answers come from Beacon's embedded Helsinki demo data.

    python3 -m unittest discover -s clients/python -v
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import threading
import time
import unittest
from typing import Any, Dict, List, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from beacon_client import (  # noqa: E402
    BeaconClient,
    BeaconConnectionError,
    BeaconError,
    BeaconTimeout,
    FrameParser,
    FramingError,
    encode_frame,
)

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BINARY = os.path.normpath(os.path.join(HERE, "..", "..", ".build", "debug", "beacon"))

# Environment variables that would change what the server does; removed from its environment.
SCRUBBED_ENV = ("GEOAPIFY_API_KEY", "BEACON_STORE", "BEACON_OFFLINE", "BEACON_LOCALE", "BEACON_GEOAPIFY_URL")

# A small OpenStreetMap export (GeoJSON): a restaurant, two cafés and a hotel, plus a nameless place.
OSM_EXPORT = {
    "type": "FeatureCollection",
    "features": [
        {"type": "Feature", "id": "node/101", "properties": {"amenity": "restaurant", "name": "Fjellstua Bistro"},
         "geometry": {"type": "Point", "coordinates": [10.76, 59.92]}},
        {"type": "Feature", "id": "node/102", "properties": {"amenity": "cafe", "name": "Kaffekoppen"},
         "geometry": {"type": "Point", "coordinates": [10.761, 59.921]}},
        {"type": "Feature", "id": "node/103", "properties": {"tourism": "hotel", "name": "Hotell Nord"},
         "geometry": {"type": "Point", "coordinates": [10.762, 59.922]}},
        {"type": "Feature", "id": "node/104", "properties": {"amenity": "cafe", "name": "Kafé Sør"},
         "geometry": {"type": "Point", "coordinates": [10.763, 59.923]}},
        {"type": "Feature", "id": "node/105", "properties": {"amenity": "restaurant"},
         "geometry": {"type": "Point", "coordinates": [10.764, 59.924]}},
    ],
}


def beacon_binary() -> str:
    """The binary under test: env BEACON_BINARY, else ../../.build/debug/beacon."""
    return os.environ.get("BEACON_BINARY") or DEFAULT_BINARY


# --------------------------------------------------------------------------------------------------
# Framing, without a server
# --------------------------------------------------------------------------------------------------


class FrameParserTests(unittest.TestCase):
    """The client's framer on its own: byte-exact, split anywhere."""

    MESSAGES = [
        {"jsonrpc": "2.0", "id": 1, "result": {"name": "Café Æøå", "emoji": "☕😀"}},
        {"jsonrpc": "2.0", "method": "$/progress", "params": {"token": "t", "value": {"kind": "begin"}}},
        {"jsonrpc": "2.0", "id": 2, "result": None},
    ]

    def stream(self) -> bytes:
        """Three frames, with the header variants the server may legally use."""
        first, second, third = (json.dumps(m, ensure_ascii=False).encode("utf-8") for m in self.MESSAGES)
        return (
            b"Content-Length: %d\r\n\r\n" % len(first) + first
            + b"content-length:%d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" % len(second)
            + second
            + b"CONTENT-LENGTH:  %d  \n\n" % len(third) + third
        )

    def expected(self) -> List[bytes]:
        return [json.dumps(m, ensure_ascii=False).encode("utf-8") for m in self.MESSAGES]

    def test_content_length_counts_bytes_not_characters(self) -> None:
        frame = encode_frame({"text": "Smørbrød æøå 😀"})
        header, _, body = frame.partition(b"\r\n\r\n")
        self.assertEqual(header, b"Content-Length: %d" % len(body))
        self.assertGreater(len(body), len('{"text":"Smørbrød æøå 😀"}'))
        self.assertEqual(json.loads(body.decode("utf-8")), {"text": "Smørbrød æøå 😀"})
        self.assertEqual(FrameParser().feed(frame), [body])

    def test_whole_stream_at_once(self) -> None:
        self.assertEqual(FrameParser().feed(self.stream()), self.expected())

    def test_split_at_every_position(self) -> None:
        data = self.stream()
        for position in range(len(data) + 1):
            with self.subTest(position=position):
                parser = FrameParser()
                bodies = parser.feed(data[:position]) + parser.feed(data[position:])
                self.assertEqual(bodies, self.expected())
                self.assertEqual(parser.buffered, 0)

    def test_split_at_every_pair_of_positions(self) -> None:
        data = encode_frame(self.MESSAGES[0]) + encode_frame(self.MESSAGES[2])
        expected = [encode_frame(m).partition(b"\r\n\r\n")[2] for m in (self.MESSAGES[0], self.MESSAGES[2])]
        for first in range(len(data) + 1):
            for second in range(first, len(data) + 1):
                parser = FrameParser()
                bodies = parser.feed(data[:first]) + parser.feed(data[first:second]) + parser.feed(data[second:])
                if bodies != expected:
                    self.fail(f"split at {first} and {second}: {bodies!r}")

    def test_one_byte_at_a_time(self) -> None:
        parser = FrameParser()
        bodies: List[bytes] = []
        for index in range(len(self.stream())):
            bodies += parser.feed(self.stream()[index:index + 1])
        self.assertEqual(bodies, self.expected())

    def test_incomplete_frame_waits(self) -> None:
        parser = FrameParser()
        self.assertEqual(parser.feed(b"Content-Length: 10\r\n\r\n{\"a\":"), [])
        self.assertEqual(parser.feed(b"12345"), [b'{"a":12345'])

    def test_zero_length_body(self) -> None:
        self.assertEqual(FrameParser().feed(b"Content-Length: 0\r\n\r\n"), [b""])

    def test_malformed_headers_raise_and_the_parser_recovers(self) -> None:
        for bad in (
            b"Content-Type: application/json\r\n\r\n{}",
            b"Content-Length: -1\r\n\r\n",
            b"Content-Length: abc\r\n\r\n",
            b"no colon here\r\n\r\n",
            b"Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
        ):
            with self.subTest(bad=bad):
                parser = FrameParser()
                with self.assertRaises(FramingError):
                    parser.feed(bad)
                self.assertEqual(parser.feed(b"Content-Length: 2\r\n\r\n{}"), [b"{}"])

    def test_oversized_length_is_refused(self) -> None:
        with self.assertRaises(FramingError):
            FrameParser(max_content_length=10).feed(b"Content-Length: 11\r\n\r\n")


# --------------------------------------------------------------------------------------------------
# Against the real binary
# --------------------------------------------------------------------------------------------------


class BeaconTestCase(unittest.TestCase):
    """Starts each test with a fresh temporary store; fails (never skips) without the binary."""

    binary: str

    def setUp(self) -> None:
        self.binary = beacon_binary()
        if not (os.path.isfile(self.binary) and os.access(self.binary, os.X_OK)):
            self.fail(
                f"beacon binary not found or not executable at {self.binary!r}: build it with "
                "`swift build` (it lands in .build/debug/beacon) or set BEACON_BINARY to its path"
            )
        self.directory = tempfile.mkdtemp(prefix="beacon-pyclient-")
        self.addCleanup(shutil.rmtree, self.directory, True)
        self.store = os.path.join(self.directory, "beacon.sqlite")
        self.notifications: List[Tuple[str, Any]] = []
        self.notifications_lock = threading.Lock()

    def start(self, **options: Any) -> BeaconClient:
        """A client on this test's store, without a Geoapify key; closed at the end of the test."""
        env: Dict[str, Optional[str]] = {name: None for name in SCRUBBED_ENV}
        env.update(options.pop("env", {}))
        options.setdefault("store", self.store)
        options.setdefault("timeout", 60.0)
        options.setdefault("on_notification", self.record_notification)
        client = BeaconClient(self.binary, env=env, **options)
        self.addCleanup(client.close)
        return client

    def record_notification(self, method: str, params: Any) -> None:
        with self.notifications_lock:
            self.notifications.append((method, params))

    def first_place(self, client: BeaconClient) -> Dict[str, Any]:
        places = client.search()["places"]
        self.assertTrue(places, "the offline demo search returned no places")
        return places[0]


class LifecycleTests(BeaconTestCase):
    def test_initialize_runs_on_start(self) -> None:
        client = self.start(locale="en")
        self.assertEqual(client.server_info["name"], "beacon")
        self.assertEqual(client.initialize_result["locale"], "en")
        self.assertIn("places/search", client.capabilities["methods"])
        configuration = client.initialize_result["configuration"]
        self.assertFalse(configuration["geoapifyAPIKeyConfigured"])
        self.assertEqual(configuration["storePath"], self.store)

    def test_initialization_options_and_manual_initialize(self) -> None:
        client = self.start(initialize=False)
        self.assertIsNone(client.initialize_result)
        with self.assertRaises(BeaconError) as caught:
            client.ping()
        self.assertEqual(caught.exception.code, -32002)
        self.assertEqual(caught.exception.kind, "serverNotInitialized")
        result = client.initialize(locale="nn", initializationOptions={"offline": True})
        self.assertEqual(result["locale"], "nn")
        self.assertTrue(result["configuration"]["offline"])
        self.assertEqual(client.ping(), {})
        with self.assertRaises(BeaconError) as again:
            client.initialize()
        self.assertEqual(again.exception.code, -32600)

    def test_close_returns_zero_and_is_idempotent(self) -> None:
        client = self.start()
        self.assertEqual(client.ping(), {})
        self.assertEqual(client.close(), 0)
        self.assertEqual(client.close(), 0)
        self.assertEqual(client.returncode, 0)
        with self.assertRaises(BeaconConnectionError):
            client.ping()

    def test_context_manager_shuts_down(self) -> None:
        with self.start() as client:
            self.assertEqual(client.ping(), {})
        self.assertTrue(client.closed)
        self.assertEqual(client.returncode, 0)

    def test_exit_without_shutdown_is_code_1_and_later_requests_fail(self) -> None:
        client = self.start()
        client.notify("exit")
        deadline = time.monotonic() + 10
        while client.returncode is None and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual(client.process.wait(timeout=10), 1)
        with self.assertRaises(BeaconConnectionError):
            client.request("ping", timeout=10)

    def test_a_missing_binary_raises(self) -> None:
        with self.assertRaises(FileNotFoundError):
            BeaconClient(os.path.join(self.directory, "no-such-beacon"))

    def test_binary_from_environment(self) -> None:
        previous = os.environ.get("BEACON_BINARY")
        os.environ["BEACON_BINARY"] = self.binary
        try:
            client = BeaconClient(store=self.store, env={name: None for name in SCRUBBED_ENV})
            self.addCleanup(client.close)
            self.assertEqual(client.command[0], self.binary)
            self.assertEqual(client.ping(), {})
            self.assertEqual(client.close(), 0)
        finally:
            if previous is None:
                os.environ.pop("BEACON_BINARY", None)
            else:
                os.environ["BEACON_BINARY"] = previous


class PlacesTests(BeaconTestCase):
    def test_search_returns_offline_demo_data(self) -> None:
        client = self.start()
        result = client.search(limit=20)
        self.assertEqual(result["source"], "offline")
        self.assertGreaterEqual(len(result["places"]), 10)
        for place in result["places"]:
            self.assertTrue(place["id"])
            self.assertTrue(place["name"])
            self.assertIn(place["category"], ("restaurant", "cafe", "hotel"))
        self.assertIn("OpenStreetMap", result["attribution"])

    def test_search_also_works_with_offline_flag(self) -> None:
        client = self.start(offline=True)
        self.assertTrue(client.initialize_result["configuration"]["offline"])
        result = client.search(category="cafe", limit=10)
        self.assertEqual(result["source"], "offline")
        self.assertEqual(len(result["places"]), 10)
        self.assertTrue(all(place["category"] == "cafe" for place in result["places"]))

    def test_search_along_a_route_in_route_order(self) -> None:
        client = self.start(offline=True)
        walk = {"type": "LineString", "coordinates": [[24.9414, 60.1713], [24.9440, 60.1675]]}
        result = client.search_along_route(walk, corridorMeters=100, category="cafe", limit=100)
        self.assertEqual(result["source"], "offline")
        alongs = [place["alongRouteMeters"] for place in result["places"]]
        self.assertGreaterEqual(len(alongs), 3)
        self.assertEqual(alongs, sorted(alongs))
        self.assertTrue(all(place["detourMeters"] <= 100 for place in result["places"]))
        with self.assertRaises(BeaconError) as raised:
            client.search_along_route({"polyline": "_p~i"})
        self.assertEqual(raised.exception.code, -32602)

    def test_details_of_the_first_place(self) -> None:
        client = self.start()
        place = self.first_place(client)
        details = client.details(place["id"])
        self.assertEqual(details["place"]["id"], place["id"])
        self.assertEqual(details["place"]["name"], place["name"])
        self.assertTrue(details["place"]["name"])
        links = details["place"]["links"]
        self.assertTrue(links["geo"].startswith("geo:"), links)
        self.assertTrue(links["appleMaps"].startswith("https://"), links)

    def test_details_of_an_unknown_place(self) -> None:
        client = self.start()
        with self.assertRaises(BeaconError) as caught:
            client.details("osm:node/0")
        self.assertEqual(caught.exception.code, -33001)
        self.assertEqual(caught.exception.kind, "notFound")

    def test_rating_shows_in_search(self) -> None:
        client = self.start()
        place = self.first_place(client)
        added = client.rate(place["id"], 4)
        self.assertEqual(added["rating"]["stars"], 4)
        self.assertEqual(added["summary"]["count"], 1)
        found = {p["id"]: p for p in client.search()["places"]}
        self.assertIn(place["id"], found)
        self.assertEqual(found[place["id"]]["rating"]["stars"], 4)
        self.assertEqual(client.ratings(place["id"])["ratings"][0]["stars"], 4)

    def test_ratings_come_in_pages(self) -> None:
        client = self.start()
        place = self.first_place(client)
        for stars in (1, 2, 3):
            client.rate(place["id"], stars)
        first = client.ratings(place["id"], limit=2)
        self.assertEqual([r["stars"] for r in first["ratings"]], [3, 2])
        self.assertEqual(first["summary"]["count"], 3)
        rest = client.ratings(place["id"], limit=2, cursor=first["nextCursor"])
        self.assertEqual([r["stars"] for r in rest["ratings"]], [1])
        self.assertNotIn("nextCursor", rest)

    def test_favorites_add_list_remove(self) -> None:
        client = self.start()
        place = self.first_place(client)
        self.assertEqual(client.favorites()["places"], [])
        added = client.add_favorite(place["id"])
        self.assertTrue(added["added"])
        self.assertEqual(added["favorite"]["id"], place["id"])
        self.assertFalse(client.add_favorite(place["id"])["added"])
        self.assertEqual([p["id"] for p in client.favorites()["places"]], [place["id"]])
        self.assertTrue(client.details(place["id"])["place"]["isFavorite"])
        self.assertTrue(client.remove_favorite(place["id"])["removed"])
        self.assertEqual(client.favorites()["places"], [])
        self.assertFalse(client.remove_favorite(place["id"])["removed"])

    def test_settings_update_and_get(self) -> None:
        client = self.start()
        updated = client.update_settings(radiusMeters=2000)
        self.assertEqual(updated["radiusMeters"], 2000)
        settings = client.settings()
        self.assertEqual(settings["radiusMeters"], 2000)
        for field in ("center", "category", "sort", "locale"):
            self.assertIn(field, settings)
        self.assertEqual(client.reset_settings()["radiusMeters"], 5000)

    def test_settings_survive_a_restart(self) -> None:
        client = self.start()
        client.update_settings(radiusMeters=2000)
        self.assertEqual(client.close(), 0)
        self.assertEqual(self.start().settings()["radiusMeters"], 2000)

    def test_autocomplete_without_a_key_fails_with_missing_api_key(self) -> None:
        client = self.start()
        with self.assertRaises(BeaconError) as caught:
            client.autocomplete("Caf", limit=3)
        self.assertEqual(caught.exception.kind, "missingApiKey")

    def test_import_file_with_progress(self) -> None:
        client = self.start()
        path = os.path.join(self.directory, "oslo.geojson")
        with open(path, "w", encoding="utf-8") as file:
            json.dump(OSM_EXPORT, file, ensure_ascii=False)
        result = client.import_file(path, work_done_token="import-1")
        self.assertEqual(result["total"], 4)
        self.assertEqual(result["imported"], {"restaurant": 1, "cafe": 2, "hotel": 1})
        self.assertEqual(result["skipped"].get("nameless"), 1)
        cafes = client.search(center={"lat": 59.92, "lon": 10.76}, category="cafe")["places"]
        self.assertEqual({p["name"] for p in cafes} >= {"Kaffekoppen", "Kafé Sør"}, True, cafes)
        self.wait_for(lambda: any(
            method == "$/progress" and params.get("token") == "import-1" and params["value"].get("kind") == "end"
            for method, params in self.notifications
        ), "no $/progress end for the import")

    def test_discover(self) -> None:
        client = self.start()
        try:
            document = client.discover()
        except BeaconError as error:  # rpc.discover is not in every server yet
            self.assertEqual(error.code, -32601, error)
        else:
            self.assertIsInstance(document, dict)
            self.assertIn("methods", document)

    def wait_for(self, condition: Any, message: str, seconds: float = 10.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with self.notifications_lock:
                if condition():
                    return
            time.sleep(0.02)
        self.fail(f"{message}; notifications: {self.notifications!r}")


class ErrorTests(BeaconTestCase):
    def test_invalid_params(self) -> None:
        client = self.start()
        place = self.first_place(client)
        with self.assertRaises(BeaconError) as caught:
            client.rate(place["id"], 9)
        error = caught.exception
        self.assertEqual(error.code, -32602)
        self.assertEqual(error.kind, "invalidParams")
        self.assertEqual(error.data["field"], "stars")
        self.assertTrue(error.message)
        self.assertEqual(error.method, "rating/add")

    def test_unknown_method(self) -> None:
        client = self.start()
        with self.assertRaises(BeaconError) as caught:
            client.request("nope/x")
        self.assertEqual(caught.exception.code, -32601)
        self.assertEqual(caught.exception.kind, "methodNotFound")
        self.assertEqual(caught.exception.data["method"], "nope/x")
        self.assertEqual(client.ping(), {}, "the session goes on after an error")

    def test_messages_follow_the_locale(self) -> None:
        client = self.start(locale="en")
        with self.assertRaises(BeaconError) as caught:
            client.request("nope/x")
        self.assertIn("nope/x", caught.exception.message)
        self.assertIn("nope/x", str(caught.exception))
        self.assertIn("-32601", str(caught.exception))


class UnicodeTests(BeaconTestCase):
    def test_comment_round_trips(self) -> None:
        client = self.start()
        place = self.first_place(client)
        comment = "Smørbrød æøå 😀"
        self.assertEqual(client.rate(place["id"], 5, comment)["rating"]["comment"], comment)
        self.assertEqual(client.ratings(place["id"])["ratings"][0]["comment"], comment)

    def test_search_text_cafe(self) -> None:
        client = self.start()
        result = client.search(text="Café", category="cafe", limit=20)
        self.assertEqual(result["source"], "offline")
        self.assertTrue(result["places"], result)
        for place in result["places"]:
            self.assertEqual(place["category"], "cafe")


class ConcurrencyTests(BeaconTestCase):
    def test_four_threads_get_their_own_answers(self) -> None:
        client = self.start()
        client.search()  # loads the demo data once
        categories = ["restaurant", "cafe", "hotel", "restaurant"]
        errors: List[str] = []
        barrier = threading.Barrier(4)

        def work(index: int) -> None:
            try:
                barrier.wait(timeout=10)
                for round_ in range(5):
                    limit = index + 1 + round_
                    result = client.search(category=categories[index], limit=limit)
                    if result["category"] != categories[index] or len(result["places"]) != limit:
                        errors.append(f"thread {index} round {round_}: {result['category']} {len(result['places'])}")
                    if any(p["category"] != categories[index] for p in result["places"]):
                        errors.append(f"thread {index} round {round_}: a place of another category")
                    if client.ping() != {}:
                        errors.append(f"thread {index}: ping")
            except Exception as error:  # collected for the main thread
                errors.append(f"thread {index}: {error!r}")

        threads = [threading.Thread(target=work, args=(index,)) for index in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        self.assertFalse(any(thread.is_alive() for thread in threads), "a thread hung")
        self.assertEqual(errors, [])

    def test_pending_requests_resolve_out_of_order(self) -> None:
        client = self.start(env={"BEACON_TEST_METHODS": "1"})
        slow = client.send_request("test/sleep", {"milliseconds": 800})
        fast = client.send_request("ping")
        self.assertEqual(fast.result(), {})
        self.assertFalse(slow.done())
        self.assertEqual(slow.result(), {})


class CancellationTests(BeaconTestCase):
    """Uses the server's test-only method ``test/sleep`` (enabled by BEACON_TEST_METHODS=1)."""

    def test_cancel(self) -> None:
        client = self.start(env={"BEACON_TEST_METHODS": "1"})
        pending = client.send_request("test/sleep", {"milliseconds": 20000})
        time.sleep(0.1)
        client.cancel(pending.id)
        started = time.monotonic()
        with self.assertRaises(BeaconError) as caught:
            pending.result(timeout=10)
        self.assertEqual(caught.exception.code, -32800)
        self.assertEqual(caught.exception.kind, "requestCancelled")
        self.assertLess(time.monotonic() - started, 10)

    def test_timeout_cancels_the_request(self) -> None:
        client = self.start(env={"BEACON_TEST_METHODS": "1"})
        with self.assertRaises(BeaconTimeout):
            client.request("test/sleep", {"milliseconds": 20000}, timeout=0.3)
        self.assertEqual(client.ping(), {}, "the session goes on after a timeout")
        self.assertEqual(client.close(timeout=15), 0)

    def test_progress_notifications_reach_the_callback(self) -> None:
        client = self.start(env={"BEACON_TEST_METHODS": "1"})
        self.assertEqual(client.request("test/sleep", {"milliseconds": 40, "workDoneToken": "sleep-1"}), {})
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with self.notifications_lock:
                kinds = [p["value"]["kind"] for m, p in self.notifications if m == "$/progress"]
            if "end" in kinds:
                break
            time.sleep(0.02)
        self.assertEqual(kinds[0], "begin")
        self.assertEqual(kinds[-1], "end")
        with self.notifications_lock:
            self.assertTrue(all(p["token"] == "sleep-1" for m, p in self.notifications if m == "$/progress"))


if __name__ == "__main__":
    unittest.main()
