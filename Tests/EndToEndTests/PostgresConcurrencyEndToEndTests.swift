import BeaconCore
import BeaconPostgres
import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Eight `beacon serve` processes (several machines) against one PostgreSQL server rate, favourite and search at
/// once for `BEACON_CONCURRENCY_SECONDS` (default 30 under `CI=true`, as `.ci/run` runs it, else 8 for a quick local
/// `swift test`; `Benchmarks/run --only pg_concurrency` runs 30), and two of them are
/// killed with SIGKILL halfway. Afterwards every acknowledged rating is stored exactly once, nothing else is
/// stored but the one request each killed process had in flight, the survivors saw no error, and the team's and
/// each user's summaries and favourites are exactly what was acknowledged.
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct PostgresConcurrencyEndToEndTests {
    static let center = Coordinate(lat: 59.9139, lon: 10.7522)
    static let places = (0..<4).map { index in
      Place(
        id: "osm:node/\(900 + index)",
        name: "Lunsjsted \(index)",
        category: .restaurant,
        location: Coordinate(lat: center.lat + Double(index) / 1_000, lon: center.lon),
        source: "test"
      )
    }

    /// How long the writers run.
    static let seconds: Double = {
      let environment = ProcessInfo.processInfo.environment
      let configured = environment["BEACON_CONCURRENCY_SECONDS"].flatMap(Double.init)
      return max(2, configured ?? (environment["CI"] == "true" ? 30 : 8))
    }()

    /// A write sent and not (yet) answered.
    enum Pending: Equatable {
      case rating(placeId: String, stars: Int)
      case favorite(placeId: String, added: Bool)
    }

    /// What one process had acknowledged, and what it had in flight when it died.
    final class Writer: @unchecked Sendable {
      // `@unchecked Sendable`: its thread writes everything before `done` is signalled; the test reads after.
      let user: String
      let seed: Int
      let beacon: BeaconProcess
      var ratings: [(id: Int, placeId: String, stars: Int)] = []
      var favorites: Set<String> = []
      var pending: Pending?
      var errors: [String] = []
      var searches = 0
      var ended = false
      let done = DispatchSemaphore(value: 0)

      init(user: String, seed: Int, url: String) throws {
        self.user = user
        self.seed = seed
        beacon = try BeaconProcess(
          arguments: ["serve", "--store", url, "--user", user],
          environment: ["BEACON_OFFLINE": "1"]
        )
        try beacon.initialize(["locale": "en"])
      }

      /// Sends one request and waits for its answer; `nil` once the process is gone.
      func call(_ method: String, _ id: Int, _ params: JSONValue) -> JSONValue? {
        beacon.request(method, id: .int(id), params: params)
        guard let response = try? beacon.response(id: .int(id), timeout: 60) else {
          ended = true
          return nil
        }
        if let error = response["error"] { errors.append("\(method): \(error)") }
        return response["result"]
      }

      /// Rates, favourites and searches until `deadline` or until the process dies.
      func run(until deadline: Date) {
        defer { done.signal() }
        var round = 0
        let expected = Set(PostgresConcurrencyEndToEndTests.places.map { JSONValue.string($0.id) })
        while Date() < deadline && !ended {
          let places = PostgresConcurrencyEndToEndTests.places
          let place = places[(seed + round) % places.count].id
          let stars = (seed * 7 + round) % 5 + 1
          pending = .rating(placeId: place, stars: stars)
          let params: JSONValue = ["placeId": .string(place), "stars": .int(stars)]
          guard let added = call("rating/add", round * 3, params) else { return }
          if let id = added["rating"]?["id"]?.intValue { ratings.append((id, place, stars)) }
          pending = nil
          if round % 3 == 0 {
            let adding = !favorites.contains(place)
            pending = .favorite(placeId: place, added: adding)
            let method = adding ? "favorites/add" : "favorites/remove"
            guard let result = call(method, round * 3 + 1, ["placeId": .string(place)]) else { return }
            if result[adding ? "added" : "removed"] != nil {
              if adding { favorites.insert(place) } else { favorites.remove(place) }
            }
            pending = nil
          }
          let center: JSONValue = [
            "lat": .double(PostgresConcurrencyEndToEndTests.center.lat),
            "lon": .double(PostgresConcurrencyEndToEndTests.center.lon),
          ]
          let search: JSONValue = ["center": center, "category": "restaurant", "text": "lunsj", "limit": 10]
          guard let found = call("places/search", round * 3 + 2, search) else { return }
          let ids = found["places"]?.arrayValue.map { Set($0.map { $0["id"] ?? .null }) }
          if ids != expected { errors.append("places/search found \(String(describing: ids))") }
          searches += 1
          round += 1
        }
      }
    }

    @Test func eightProcessesRateFavouriteAndSearchAtOnceAndKilledOnesLoseNothingAcknowledged() async throws {
      let url = try PostgresEndToEnd.freshSchema()
      let setup = try PostgresStore.open(PostgresConnectionString(url), user: "setup")
      try await setup.upsert(Self.places, replacing: true)

      let writers = try (0..<8).map { try Writer(user: "user\($0)", seed: $0, url: url) }
      let killed = Set(["user0", "user1"])
      let deadline = Date(timeIntervalSinceNow: Self.seconds)
      for writer in writers {
        let thread = Thread { writer.run(until: deadline) }
        thread.stackSize = 1 << 20
        thread.start()
      }
      // Halfway, two processes die with whatever they had in flight.
      try await Task.sleep(for: .seconds(Self.seconds / 2))
      for writer in writers where killed.contains(writer.user) { kill(writer.beacon.pid, SIGKILL) }
      for writer in writers { writer.done.wait() }

      for writer in writers {
        if killed.contains(writer.user) {
          #expect(writer.ended, "\(writer.user) was killed but went on")
        } else {
          #expect(writer.errors.isEmpty, "\(writer.user): \(writer.errors.prefix(3))")
          #expect(writer.searches > 0)
          #expect(try writer.beacon.shutdownAndExit() == .exited(0))
        }
        #expect(!writer.ratings.isEmpty, "\(writer.user) had no rating acknowledged")
      }

      // Every acknowledged rating is stored once, as acknowledged; nothing else but a killed process's last one.
      var stored: [Int: (author: String, placeId: String, stars: Int)] = [:]
      for place in Self.places {
        for (author, rating) in try await setup.authoredRatings(placeId: place.id).ratings {
          #expect(stored[rating.id] == nil, "rating \(rating.id) listed twice")
          stored[rating.id] = (author, place.id, rating.stars)
        }
      }
      let acknowledged = writers.flatMap { writer in writer.ratings.map { (writer.user, $0) } }
      #expect(Set(acknowledged.map(\.1.id)).count == acknowledged.count, "a rating id was acknowledged twice")
      for (user, rating) in acknowledged {
        let row = stored[rating.id]
        #expect(row?.author == user && row?.placeId == rating.placeId && row?.stars == rating.stars)
      }
      let acknowledgedIDs = Set(acknowledged.map(\.1.id))
      for (id, row) in stored where !acknowledgedIDs.contains(id) {
        let writer = writers.first { $0.user == row.author }
        #expect(killed.contains(row.author), "rating \(id) by \(row.author) stored but never acknowledged")
        #expect(writer?.pending == .rating(placeId: row.placeId, stars: row.stars), "rating \(id)")
      }
      #expect(stored.count - acknowledged.count <= killed.count)

      // The team's and each user's summaries and favourites, asked through a new process per user.
      let placeIds: JSONValue = .array(Self.places.map { .string($0.id) })
      for writer in writers {
        let beacon = try BeaconProcess(
          arguments: ["serve", "--store", url, "--user", writer.user],
          environment: ["BEACON_OFFLINE": "1"]
        )
        try beacon.initialize()
        beacon.request("rating/summary", id: 1, params: ["placeIds": placeIds])
        let summaries = try beacon.response(id: 1)["result"]?["summaries"]?.arrayValue ?? []
        beacon.request("favorites/status", id: 2, params: ["placeIds": placeIds])
        let statuses = try beacon.response(id: 2)["result"]?["statuses"]?.arrayValue ?? []
        for (index, place) in Self.places.enumerated() {
          let team = stored.values.filter { $0.placeId == place.id }.map(\.stars)
          let own = stored.values.filter { $0.placeId == place.id && $0.author == writer.user }.map(\.stars)
          let summary = summaries.count > index ? summaries[index] : .null
          #expect(summary["count"]?.intValue == team.count)
          #expect(summary["average"]?.doubleValue == RatingSummary(stars: team)?.average)
          #expect(summary["ownCount"]?.intValue == own.count, "\(writer.user) \(place.id)")
          #expect(summary["ownAverage"]?.doubleValue == RatingSummary(stars: own)?.average)
          var favourite = writer.favorites.contains(place.id)
          let isFavourite = statuses.count > index ? statuses[index]["favorite"]?.boolValue : nil
          if killed.contains(writer.user), case .favorite(place.id, let added) = writer.pending,
            isFavourite == added
          {
            favourite = added  // The favourite in flight when the process died may have been stored.
          }
          #expect(isFavourite == favourite, "\(writer.user) \(place.id)")
        }
        #expect(try beacon.shutdownAndExit() == .exited(0))
      }
    }
  }
}
