import BeaconCore
import JSONRPC

/// Lists the user directory: 100 users of the stored seed (`ios` by default) and the edited users kept from
/// earlier seeds; works offline after the first fetch.
package struct ListUsersRequest: RequestType, Encodable, Equatable {
  package static let method = "users/list"
  package typealias Response = UserListResult

  /// Fetch from randomuser.me again instead of reading the stored users (edits and deletions still hold).
  package var refresh: Bool?

  package init(refresh: Bool? = nil) {
    self.refresh = refresh
  }
}

/// Shows one user's profile, with the birthday celebration when the birthday falls in this week.
package struct GetUserRequest: RequestType, Encodable, Equatable {
  package static let method = "users/get"
  package typealias Response = UserDetailsResult

  /// The user's id from `users/list`.
  package var id: String

  package init(id: String) {
    self.id = id
  }
}

/// Map pins for every user, or only one user with the map centred on them.
package struct UserMapRequest: RequestType, Encodable, Equatable {
  package static let method = "users/map"
  package typealias Response = UserMapResult

  /// The user to centre on; every user when left out.
  package var id: String?

  package init(id: String? = nil) {
    self.id = id
  }
}
