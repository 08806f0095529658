import BeaconTestSupport
import JSONRPC

/// People's part of the contract session (`OpenRPCContractTests`): a fake randomuser.me, and the directory read,
/// edited and fetched again with another seed.
enum PeopleContractSession: FeatureContractSession {
  static func upstreams() throws -> ContractUpstreams {
    let randomUser = try RandomUserFixtures.server()
    return ContractUpstreams(servers: [randomUser], serviceURLs: ["randomUser": randomUser.baseURL.absoluteString])
  }

  static let script: [(String, JSONValue?)] = [
    ("users/list", nil),
    ("users/get", ["id": .string(RandomUserFixtures.uuid(seed: "ios", index: 0))]),
    ("users/update", ["id": .string(RandomUserFixtures.uuid(seed: "ios", index: 3)), "lastName": "Moksnes"]),
    ("users/map", nil),
    ("users/map", ["id": .string(RandomUserFixtures.uuid(seed: "ios", index: 3))]),
    ("users/delete", ["id": .string(RandomUserFixtures.uuid(seed: "ios", index: 4))]),
    ("users/setSeed", ["seed": "android"]),
    ("users/list", ["refresh": true]),
  ]
}
