import BeaconCore
import BeaconPostgres
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// A whole PostgreSQL cluster stopped and started again under a running `beacon serve --store postgresql://…`
/// session (a cluster of the test's own, `Scripts/pg-cluster.sh down`/`up`): the request in flight fails as lost,
/// while the server is down every request answers a typed, localized error at once, when it is back the next request
/// connects again; acknowledged writes survive an administrator's shutdown and a crash-like one; the process never
/// dies and never prints the password.
extension EndToEnd {
  @Suite(.enabled(if: PostgresPrivateCluster.enabled(tls: false), PostgresPrivateCluster.skipReason(tls: false)))
  struct PostgresRestartEndToEndTests {
    static let placeId = "osm:node/27"

    /// Waits until a session on `cluster` waits for a lock (the request in flight has reached the server).
    static func waitForALockWait(on cluster: PostgresPrivateCluster) throws {
      let watcher = try PostgresConnection(PostgresConnectionString(cluster.url))
      let deadline = Date(timeIntervalSinceNow: 20)
      while Date() < deadline {
        let waiting = try watcher.query(
          "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%rating%'"
        )
        if waiting.first?.int(0) ?? 0 > 0 { return }
        usleep(50_000)
      }
      throw HarnessError("no request waited for the lock on rating within 20 s")
    }

    @Test func aRestartedClusterCostsAtMostOneRequestAndLosesNoAcknowledgedWrite() async throws {
      let cluster = try PostgresPrivateCluster(tls: false)
      let password = try #require(cluster.password)
      let seed = try PostgresStore.open(PostgresConnectionString(cluster.url), user: "seed")
      try await seed.upsert(
        [
          Place(
            id: Self.placeId,
            name: "Kaffebrenneriet Grünerløkka",
            category: .cafe,
            location: Coordinate(lat: 59.9225, lon: 10.7590),
            source: "test"
          )
        ],
        replacing: true
      )
      let beacon = try BeaconProcess(
        arguments: ["serve", "--store", cluster.url, "--user", "ola"],
        environment: ["BEACON_OFFLINE": "1", "BEACON_LOG": "debug"]
      )
      try beacon.initialize()
      var next = 0
      var acknowledged: [Int] = []
      /// Sends `method` and returns its answer and how long it took.
      func ask(_ method: String, _ params: JSONValue? = nil) throws -> (answer: JSONValue, seconds: Double) {
        next += 1
        let started = Date()
        beacon.request(method, id: .int(next), params: params)
        let answer = try beacon.response(id: .int(next), timeout: 40)
        return (answer, Date().timeIntervalSince(started))
      }
      func rate(_ stars: Int) throws -> JSONValue {
        let (answer, _) = try ask("rating/add", ["placeId": .string(Self.placeId), "stars": .int(stars)])
        if answer["result"] != nil { acknowledged.append(stars) }
        return answer
      }

      // An acknowledged write.
      #expect(try rate(5)["result"]?["summary"]?["count"] == 1)

      // A request in flight when the administrator stops the cluster (fast shutdown): a rating waiting for a lock
      // the test holds fails as lost, in the user's language (nb).
      let holder = try PostgresConnection(PostgresConnectionString(cluster.url))
      try holder.query("BEGIN")
      try holder.query("LOCK TABLE rating IN ACCESS EXCLUSIVE MODE")
      next += 1
      let inFlight = next
      beacon.request("rating/add", id: .int(inFlight), params: ["placeId": .string(Self.placeId), "stars": 1])
      try Self.waitForALockWait(on: cluster)
      try cluster.down("fast")
      var lost = try beacon.response(id: .int(inFlight), timeout: 40)["error"]
      if lost == nil {
        // The shutdown ended the lock holder's session first and the waiting write committed before its own
        // session ended: acknowledged, so it must be kept. The next request then meets the broken connection.
        acknowledged.append(1)
        lost = try ask("rating/summary", ["placeIds": [.string(Self.placeId)]]).answer["error"]
      }
      #expect(lost?["data"]?["kind"] == "storageFailure", "\(String(describing: lost))")
      let lostMessage = lost?["message"]?.stringValue ?? ""
      #expect(lostMessage.contains("ble brutt; forespørselen ble ikke fullført"), "\(lostMessage)")
      #expect(!lostMessage.contains(password))

      // The cluster stays down for a while: each request fails at once as not connected, in nb, no password.
      let whileDown: [(String, JSONValue?)] = [
        ("rating/add", ["placeId": .string(Self.placeId), "stars": 1]),
        ("rating/summary", ["placeIds": [.string(Self.placeId)]]),
        ("favorites/list", nil),
      ]
      for (method, params) in whileDown {
        let (answer, seconds) = try ask(method, params)
        let error = answer["error"]
        let message = error?["message"]?.stringValue ?? ""
        #expect(error?["data"]?["kind"] == "storeUnavailable", "\(method): \(answer)")
        #expect(error?["data"]?["reason"] == "reconnecting", "\(method): \(answer)")
        #expect(
          message.hasPrefix("Forbindelsen til PostgreSQL-lageret 'postgresql://beacon:***@127.0.0.1:"),
          "\(message)"
        )
        #expect(message.contains("er brutt og kunne ikke kobles opp igjen"), "\(message)")
        #expect(message.hasSuffix("neste forespørsel prøver på nytt"), "\(message)")
        #expect(!message.contains(password))
        #expect(seconds < Double(PostgresConnectionString.defaultConnectTimeout), "\(method) took \(seconds) s")
        #expect(beacon.process.isRunning)
      }
      try await Task.sleep(for: .seconds(2))

      // Back on the same port: the next request connects again and works.
      try cluster.up()
      let back = try rate(4)
      #expect(back["result"]?["summary"]?["count"] == .int(acknowledged.count), "\(back)")

      // A crash-like stop (immediate: no checkpoint, the server recovers from its log) and a start between two
      // requests: the next one fails as lost or succeeds, the one after succeeds.
      try cluster.down("immediate")
      try cluster.up()
      let first = try rate(3)
      if first["result"] == nil {
        #expect(first["error"]?["data"]?["kind"] == "storageFailure", "\(first)")
      }
      #expect(try rate(2)["result"] != nil)
      #expect(beacon.process.isRunning)
      #expect(try beacon.shutdownAndExit() == .exited(0))
      try beacon.waitForOutputEnd()
      #expect(!(beacon.stdout.text + beacon.stderr.text).contains(password))

      // Every acknowledged rating is on the server, once, and nothing else: as a new process lists them.
      let reader = try BeaconProcess(
        arguments: ["serve", "--store", cluster.url, "--user", "per"],
        environment: ["BEACON_OFFLINE": "1"]
      )
      try reader.initialize()
      reader.request("rating/list", id: 1, params: ["placeId": .string(Self.placeId)])
      let listed = try reader.response(id: 1)["result"]?["ratings"]?.arrayValue ?? []
      #expect(listed.map { $0["stars"]?.intValue } == acknowledged.reversed(), "\(listed)")
      #expect(try reader.shutdownAndExit() == .exited(0))
    }
  }
}
