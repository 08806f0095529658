import BeaconCore
import BeaconPeople
import JSONRPC

extension Feature.Name {
  /// The people feature's name, and its tool set's.
  package static let people = Self(rawValue: "people")
}

extension MCPToolSet {
  /// The tools of the people feature.
  package static let people = Self(.people)
}

extension Feature {
  /// The directory of random users.
  package static let people = Feature(
    .people,
    toolSet: .optional,
    service: { peopleService(store: $0.store, configuration: $0.configuration, options: $0.options) },
    sharedService: { peopleService(store: $0.store, configuration: $0.configuration, options: $0.options) },
    serviceURL: .randomUser,
    migrations: PeopleSchema.migrations,
    sharedMigrations: PeopleSchema.postgresMigrations,
    sharedShapes: ["User"],
    agentSummary: "a directory of random users that the user can edit (users_*)",
    verbs: [.users],
    copier: PeopleCopier()
  )

  /// `users/list`, `users/get`, `users/update`, `users/delete`, `users/map` and `users/setSeed`.
  static let peopleMethods: [MethodDescriptor] = [
    MethodDescriptor(ListUsersRequest.self, feature: .people, tool: usersListTool) { server, request, _ in
      try await server.run(.people) { (people: PeopleService) throws(BeaconError) in
        try await people.list(refresh: request.refresh ?? false)
      }
    },
    MethodDescriptor(GetUserRequest.self, feature: .people, tool: usersGetTool) { server, request, _ in
      let language = server.language
      return try await server.run(.people) { (people: PeopleService) throws(BeaconError) in
        try await people.user(id: request.id, language: language)
      }
    },
    MethodDescriptor(UpdateUserRequest.self, feature: .people, tool: usersUpdateTool) { server, request, _ in
      let user = try await server.run(.people) { (people: PeopleService) throws(BeaconError) in
        try await people.update(id: request.id, with: request.update)
      }
      return UserUpdateResult(user: user)
    },
    MethodDescriptor(DeleteUserRequest.self, feature: .people, tool: usersDeleteTool) { server, request, _ in
      let deleted = try await server.run(.people) { (people: PeopleService) throws(BeaconError) in
        try await people.delete(id: request.id)
      }
      return UserDeleteResult(deleted: deleted)
    },
    MethodDescriptor(UserMapRequest.self, feature: .people, tool: usersMapTool) { server, request, _ in
      try await server.run(.people) { (people: PeopleService) throws(BeaconError) in
        try await people.map(focus: request.id)
      }
    },
    MethodDescriptor(SetUserSeedRequest.self, feature: .people, tool: usersSetSeedTool) { server, request, _ in
      try await server.run(.people) { (people: PeopleService) throws(BeaconError) in
        try await people.setSeed(request.seed)
      }
    },
  ]

  /// The people service on `store` (SQLite, or PostgreSQL with the team's directory): randomuser.me at the
  /// configured base URL.
  static func peopleService(
    store: any PeopleStorage,
    configuration: BeaconConfiguration,
    options: ServerOptions
  ) -> PeopleService {
    PeopleService(
      store: store,
      client: RandomUserClient(
        baseURL: configuration.serviceURL(.randomUser),
        transport: URLSessionTransport(maxResponseBytes: options.maxUpstreamBytes)
      ),
      offline: configuration.offline,
      timeZone: configuration.timeZone,
      now: options.now
    )
  }

  private static let usersListTool = MCPTool(
    ListUsersRequest.self,
    name: "users_list",
    title: .init(nb: "Alle brukere", nn: "Alle brukarar", en: "All users"),
    description: """
      The user directory: 100 random users from randomuser.me fetched with the stored seed ("ios" unless \
      users_set_seed changed it), plus edited users kept from earlier seeds, each with id, first and last name, \
      city, email, phone, birth date, age, picture URLs, location and whether the user edited them. Works \
      offline once fetched; `refresh: true` fetches again (edits and deletions still hold). Use a user's `id` \
      with users_get, users_update, users_delete and users_map.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true)
  ) { result, _, output in output.userList(result) }

  private static let usersGetTool = MCPTool(
    GetUserRequest.self,
    name: "users_get",
    title: .init(nb: "Brukerprofil", nn: "Brukarprofil", en: "User profile"),
    description: """
      One user's profile by `id` from users_list: name, city, email, phone, birth date and age, picture and \
      location, and `birthdayThisWeek` (the birthday falls in the current Monday–Sunday week on the user's \
      calendar) with the day, a notice and the celebration to show.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true)
  ) { result, _, output in output.userProfile(result) }

  private static let usersUpdateTool = MCPTool(
    UpdateUserRequest.self,
    name: "users_update",
    title: .init(nb: "Rediger bruker", nn: "Rediger brukar", en: "Edit user"),
    description: """
      Change some fields of a user (`id` from users_list): firstName, lastName, city, email (name@domain.tld), \
      phone, birthDate (YYYY-MM-DD, not in the future; the age follows). The new values win over randomuser.me's \
      data from now on; fields left out keep showing the API's. An edited user is kept when the seed changes. \
      Only edit when the user asked to.
      """,
    annotations: .init(readOnly: false, idempotent: true)
  ) { result, _, output in output.userUpdated(result) }

  private static let usersDeleteTool = MCPTool(
    DeleteUserRequest.self,
    name: "users_delete",
    title: .init(nb: "Slett bruker", nn: "Slett brukar", en: "Delete user"),
    description: """
      Delete a user (`id` from users_list) for good: they never show again, even when randomuser.me lists them \
      again. Deleting a user that is not there changes nothing. Only delete when the user asked to.
      """,
    annotations: .init(readOnly: false, destructive: true, idempotent: true)
  ) { result, arguments, output in
    let id = HumanOutput.singleLine(arguments["id"]?.stringValue ?? "")
    return [output.userText(result.deleted ? .deleted(id) : .notThere(id))]
  }

  private static let usersMapTool = MCPTool(
    UserMapRequest.self,
    name: "users_map",
    title: .init(nb: "Brukere på kartet", nn: "Brukarar på kartet", en: "Users on the map"),
    description: """
      Map pins (id, name, location, picture URLs) for every user with a location and the region that shows \
      them all; with `id`, only that user's pin and a region centred on them.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true)
  ) { result, _, output in output.userMap(result) }

  private static let usersSetSeedTool = MCPTool(
    SetUserSeedRequest.self,
    name: "users_set_seed",
    title: .init(nb: "Bytt seed", nn: "Byt seed", en: "Change seed"),
    description: """
      Change the seed the directory is fetched with (any text, e.g. "android"): every user the user has not \
      edited is deleted, 100 users of the new seed are fetched, edited users stay (1 edited + 100 new = 101). \
      The seed is kept for later fetches. Needs randomuser.me; when it cannot be reached nothing changes. Only \
      change the seed when the user asked to.
      """,
    annotations: .init(readOnly: false, destructive: true, idempotent: true, openWorld: true)
  ) { result, _, output in output.userSeedChanged(result) }
}
