import BeaconTestSupport
import JSONRPC

/// Fruits' part of the contract session (`OpenRPCContractTests`): a fake Fruityvice, and the fruit log written,
/// read and trimmed.
enum FruitsContractSession: FeatureContractSession {
  static func upstreams() throws -> ContractUpstreams {
    let fruityvice = try FruityviceFixtures.server()
    return ContractUpstreams(servers: [fruityvice], serviceURLs: ["fruityvice": fruityvice.baseURL.absoluteString])
  }

  static let script: [(String, JSONValue?)] = [
    ("fruits/list", nil),
    ("fruits/get", ["id": 1]),
    ("fruits/get", ["id": 3]),
    ("fruits/groups", ["refresh": false]),
    ("fruits/byGroup", ["kind": "family", "name": "Rosaceae"]),
    ("fruitlog/add", ["fruitId": 1]),
    ("fruitlog/add", ["fruitId": 3, "eatenAt": "2026-03-29T08:30:00+02:00"]),
    ("fruitlog/days", nil),
    ("fruitlog/days", ["from": "2026-03-01", "to": "2026-03-31", "timeZone": "Europe/Oslo"]),
    ("fruitlog/remove", ["entryId": 1]),
  ]
}
