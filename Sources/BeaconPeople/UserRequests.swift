import BeaconCore
import JSONRPC

/// Lists the user directory: 100 users of the stored seed (`ios` by default) and the edited users kept from
/// earlier seeds; works offline after the first fetch.
public struct ListUsersRequest: RequestType, Encodable, Equatable {
  public static let method = "users/list"
  public typealias Response = UserListResult

  /// Fetch from randomuser.me again instead of reading the stored users (edits and deletions still hold).
  public var refresh: Bool?

  public init(refresh: Bool? = nil) {
    self.refresh = refresh
  }
}

/// Shows one user's profile, with the birthday celebration when the birthday falls in this week.
public struct GetUserRequest: RequestType, Encodable, Equatable {
  public static let method = "users/get"
  public typealias Response = UserDetailsResult

  /// The user's id from `users/list`.
  public var id: String

  public init(id: String) {
    self.id = id
  }
}

/// Map pins for every user, or only one user with the map centred on them.
public struct UserMapRequest: RequestType, Encodable, Equatable {
  public static let method = "users/map"
  public typealias Response = UserMapResult

  /// The user to centre on; every user when left out.
  public var id: String?

  public init(id: String? = nil) {
    self.id = id
  }
}
