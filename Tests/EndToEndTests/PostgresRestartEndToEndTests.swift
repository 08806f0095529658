import BeaconCore
import BeaconPostgres
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// A whole PostgreSQL cluster stopped and started again under a running `beacon serve --store postgresql://…`
/// session (a cluster of the test's own, `Scripts/pg-cluster.sh down`/`up`): while it is down every request answers
/// a typed, localized error at once; when it is back the next request connects again; acknowledged writes survive
/// an administrator's shutdown and a crash-like one; the process never dies and never prints the password.
extension EndToEnd {
  @Suite(.enabled(if: PostgresPrivateCluster.enabled(tls: false), PostgresPrivateCluster.skipReason(tls: false)))
  struct PostgresRestartEndToEndTests {
    static let placeId = "osm:node/27"

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

      // The administrator stops the cluster (fast shutdown) and it stays down for a while: the request that meets
      // the broken connection fails as lost, the ones after it as not connected; each at once, in the user's
      // language (nb), none with the password.
      try cluster.down("fast")
      let whileDown: [(String, JSONValue?)] = [
        ("rating/add", ["placeId": .string(Self.placeId), "stars": 1]),
        ("rating/summary", ["placeIds": [.string(Self.placeId)]]),
        ("favorites/list", nil),
      ]
      for (index, (method, params)) in whileDown.enumerated() {
        let (answer, seconds) = try ask(method, params)
        let error = answer["error"]
        let message = error?["message"]?.stringValue ?? ""
        if index == 0 {
          #expect(error?["data"]?["kind"] == "storageFailure", "\(method): \(answer)")
          #expect(message.contains("ble brutt; forespørselen ble ikke fullført"), "\(message)")
        } else {
          #expect(error?["data"]?["kind"] == "storeUnavailable", "\(method): \(answer)")
          #expect(message.hasPrefix("Kan ikke åpne databasen 'postgresql://beacon:***@127.0.0.1:"), "\(message)")
        }
        #expect(!message.contains(password))
        #expect(seconds < Double(PostgresConnectionString.defaultConnectTimeout), "\(method) took \(seconds) s")
        #expect(beacon.process.isRunning)
      }
      try await Task.sleep(for: .seconds(2))

      // Back on the same port: the next request connects again and works.
      try cluster.up()
      #expect(try rate(4)["result"]?["summary"]?["count"] == 2)

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
