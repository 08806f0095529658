import BeaconCore
import JSONRPC

/// Lists every fruit of Fruityvice's catalogue, sorted by id, each with its family's colour.
public struct ListFruitsRequest: RequestType, Encodable, Equatable {
  public static let method = "fruits/list"
  public typealias Response = FruitListResult

  /// Fetch the catalogue again instead of reading the stored copy.
  public var refresh: Bool?

  public init(refresh: Bool? = nil) {
    self.refresh = refresh
  }
}

/// Shows everything about one fruit, with the sugar notice, background pulse and fruit rain.
public struct GetFruitRequest: RequestType, Encodable, Equatable {
  public static let method = "fruits/get"
  public typealias Response = FruitDetailsResult

  /// Fruityvice's id of the fruit.
  public var id: Int

  public init(id: Int) {
    self.id = id
  }
}

/// Lists the distinct families, genera and orders of the catalogue.
public struct FruitGroupsRequest: RequestType, Encodable, Equatable {
  public static let method = "fruits/groups"
  public typealias Response = FruitGroupsResult

  /// Fetch the catalogue again instead of reading the stored copy.
  public var refresh: Bool?

  public init(refresh: Bool? = nil) {
    self.refresh = refresh
  }
}

/// Lists the fruits of one family, genus or order from its own Fruityvice endpoint.
public struct FruitsByGroupRequest: RequestType, Encodable, Equatable {
  public static let method = "fruits/byGroup"
  public typealias Response = FruitGroupResult

  /// `family`, `genus` or `order`.
  public var kind: FruitGroupKind
  /// The group's name as `fruits/groups` lists it, e.g. `Rosaceae`.
  public var name: String
  /// Skip the cache.
  public var refresh: Bool?

  public init(kind: FruitGroupKind, name: String, refresh: Bool? = nil) {
    self.kind = kind
    self.name = name
    self.refresh = refresh
  }
}
