import BeaconCore
import JSONRPC

extension BeaconServer {
  /// Registers `users/list`, `users/get`, `users/map`, `users/update`, `users/delete` and `users/setSeed`.
  func registerPeopleMethods() {
    dispatcher.register(ListUsersRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withPeople { people throws(BeaconError) in
        try await people.list(refresh: request.refresh ?? false)
      }
    }
    dispatcher.register(GetUserRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      let language = language
      return try await withPeople { people throws(BeaconError) in
        try await people.user(id: request.id, language: language)
      }
    }
    dispatcher.register(UserMapRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withPeople { people throws(BeaconError) in
        try await people.map(focus: request.id)
      }
    }
    dispatcher.register(UpdateUserRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      let user = try await withPeople { people throws(BeaconError) in
        try await people.update(id: request.id, with: request.update)
      }
      return UserUpdateResult(user: user)
    }
    dispatcher.register(DeleteUserRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      let deleted = try await withPeople { people throws(BeaconError) in
        try await people.delete(id: request.id)
      }
      return UserDeleteResult(deleted: deleted)
    }
    dispatcher.register(SetUserSeedRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withPeople { people throws(BeaconError) in
        try await people.setSeed(request.seed)
      }
    }
  }
}
