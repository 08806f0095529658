import BeaconCore
import JSONRPC

/// Lists every fruit of Fruityvice's catalogue, sorted by id, each with its family's colour.
package struct ListFruitsRequest: RequestType, Encodable, Equatable {
  package static let method = "fruits/list"
  package typealias Response = FruitListResult

  /// Fetch the catalogue again instead of reading the stored copy.
  package var refresh: Bool?

  package init(refresh: Bool? = nil) {
    self.refresh = refresh
  }
}

/// Shows everything about one fruit, with the sugar notice, background pulse and fruit rain.
package struct GetFruitRequest: RequestType, Encodable, Equatable {
  package static let method = "fruits/get"
  package typealias Response = FruitDetailsResult

  /// Fruityvice's id of the fruit.
  package var id: Int

  package init(id: Int) {
    self.id = id
  }
}

/// Lists the distinct families, genera and orders of the catalogue.
package struct FruitGroupsRequest: RequestType, Encodable, Equatable {
  package static let method = "fruits/groups"
  package typealias Response = FruitGroupsResult

  /// Fetch the catalogue again instead of reading the stored copy.
  package var refresh: Bool?

  package init(refresh: Bool? = nil) {
    self.refresh = refresh
  }
}

/// Lists the fruits of one family, genus or order from its own Fruityvice endpoint.
package struct FruitsByGroupRequest: RequestType, Encodable, Equatable {
  package static let method = "fruits/byGroup"
  package typealias Response = FruitGroupResult

  /// `family`, `genus` or `order`.
  package var kind: FruitGroupKind
  /// The group's name as `fruits/groups` lists it, e.g. `Rosaceae`.
  package var name: String
  /// Skip the cache.
  package var refresh: Bool?

  package init(kind: FruitGroupKind, name: String, refresh: Bool? = nil) {
    self.kind = kind
    self.name = name
    self.refresh = refresh
  }
}
