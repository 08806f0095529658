import BeaconCore
import BeaconFruits
import JSONRPC

extension Feature.Name {
  /// The fruits feature's name, and its tool set's.
  package static let fruits = Self(rawValue: "fruits")
}

extension MCPToolSet {
  /// The tools of the fruits feature.
  package static let fruits = Self(.fruits)
}

extension Feature {
  /// Fruityvice's fruit catalogue and the user's fruit log.
  package static let fruits = Feature(
    .fruits,
    toolSet: .optional,
    service: { fruitsService(store: $0.store, configuration: $0.configuration, options: $0.options) },
    sharedService: { fruitsService(store: $0.store, configuration: $0.configuration, options: $0.options) },
    serviceURL: .fruityvice,
    migrations: FruitsSchema.migrations,
    sharedMigrations: FruitsSchema.postgresMigrations,
    sharedShapes: ["FruitSummary", "FruitLogEntry"],
    agentSummary: "Fruityvice's fruit catalogue and the user's log of eaten fruit (fruits_*, fruitlog_*)",
    verbs: [.fruits],
    copier: FruitLogCopier()
  )

  /// `fruits/list`, `fruits/get`, `fruits/groups`, `fruits/byGroup` and `fruitlog/add`, `fruitlog/remove`,
  /// `fruitlog/days`.
  static let fruitsMethods: [MethodDescriptor] = [
    MethodDescriptor(ListFruitsRequest.self, feature: .fruits, tool: fruitsListTool) { server, request, _ in
      try await server.run(.fruits) { (fruits: FruitsService) throws(BeaconError) in
        try await fruits.list(refresh: request.refresh ?? false)
      }
    },
    MethodDescriptor(GetFruitRequest.self, feature: .fruits, tool: fruitsGetTool) { server, request, _ in
      let language = server.language
      return try await server.run(.fruits) { (fruits: FruitsService) throws(BeaconError) in
        try await fruits.fruit(id: request.id, language: language)
      }
    },
    MethodDescriptor(FruitGroupsRequest.self, feature: .fruits, tool: fruitsGroupsTool) { server, request, _ in
      try await server.run(.fruits) { (fruits: FruitsService) throws(BeaconError) in
        try await fruits.groups(refresh: request.refresh ?? false)
      }
    },
    MethodDescriptor(FruitsByGroupRequest.self, feature: .fruits, tool: fruitsByGroupTool) { server, request, _ in
      try await server.run(.fruits) { (fruits: FruitsService) throws(BeaconError) in
        try await fruits.fruits(in: request.kind, named: request.name, refresh: request.refresh ?? false)
      }
    },
    MethodDescriptor(AddFruitLogRequest.self, feature: .fruits, tool: fruitlogAddTool) { server, request, _ in
      let entry = try await server.run(.fruits) { (fruits: FruitsService) throws(BeaconError) in
        let eatenAt = try request.eatenAt.map { (text) throws(BeaconError) in
          try FruitsService.instant(text, field: "eatenAt")
        }
        return try await fruits.logFruit(id: request.fruitId, eatenAt: eatenAt)
      }
      return FruitLogAddResult(entry: entry)
    },
    MethodDescriptor(RemoveFruitLogRequest.self, feature: .fruits, tool: fruitlogRemoveTool) { server, request, _ in
      let removed = try await server.run(.fruits) { (fruits: FruitsService) throws(BeaconError) in
        try await fruits.removeLogEntry(id: request.entryId)
      }
      return FruitLogRemoveResult(removed: removed)
    },
    MethodDescriptor(FruitLogDaysRequest.self, feature: .fruits, tool: fruitlogDaysTool) { server, request, _ in
      try await server.run(.fruits) { (fruits: FruitsService) throws(BeaconError) in
        let from = try request.from.map { (text) throws(BeaconError) in try FruitsService.day(text, field: "from") }
        let to = try request.to.map { (text) throws(BeaconError) in try FruitsService.day(text, field: "to") }
        let zone = try request.timeZone.map { (name) throws(BeaconError) in
          try FruitsService.zone(name, field: "timeZone")
        }
        return try await fruits.logDays(from: from, to: to, in: zone)
      }
    },
  ]

  /// The fruits service on `store` (SQLite, or PostgreSQL with a log per user): Fruityvice at the configured base URL.
  static func fruitsService(
    store: any FruitStorage,
    configuration: BeaconConfiguration,
    options: ServerOptions
  ) -> FruitsService {
    FruitsService(
      store: store,
      client: FruityviceClient(
        baseURL: configuration.serviceURL(.fruityvice),
        transport: URLSessionTransport(maxResponseBytes: options.maxUpstreamBytes)
      ),
      offline: configuration.offline,
      timeZone: configuration.timeZone,
      now: options.now
    )
  }

  private static let fruitsListTool = MCPTool(
    ListFruitsRequest.self,
    name: "fruits_list",
    title: .init(nb: "Alle frukter", nn: "Alle frukter", en: "All fruits"),
    description: """
      Every fruit in the Fruityvice catalogue, sorted by id: name, family, genus, order, nutrition per 100 g \
      (calories, fat, sugar, carbohydrates, protein) and `color`, a hex colour shared by all fruits of one \
      family. Works offline once the catalogue has been fetched; `refresh: true` fetches it again. Use a \
      fruit's `id` with fruits_get and fruitlog_add.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true)
  ) { result, _, output in output.fruitList(result) }

  private static let fruitsGetTool = MCPTool(
    GetFruitRequest.self,
    name: "fruits_get",
    title: .init(nb: "Om en frukt", nn: "Om ei frukt", en: "Fruit details"),
    description: """
      Everything about one fruit by its `id` from fruits_list: taxonomy and nutrition per 100 g, `highSugar` \
      (more than 10 g sugar) with a notice, and `rain.count`, how many times the user logged eating it in the \
      last 30 days.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true)
  ) { result, _, output in output.fruitDetails(result) }

  private static let fruitsGroupsTool = MCPTool(
    FruitGroupsRequest.self,
    name: "fruits_groups",
    title: .init(nb: "Fruktgrupper", nn: "Fruktgrupper", en: "Fruit groups"),
    description: """
      The distinct botanical families, genera and orders of all fruits, each sorted by name with how many \
      fruits it has. Pass a kind and a name to fruits_by_group to list the fruits of one group.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true)
  ) { result, _, output in output.fruitGroups(result) }

  private static let fruitsByGroupTool = MCPTool(
    FruitsByGroupRequest.self,
    name: "fruits_by_group",
    title: .init(nb: "Frukter i en gruppe", nn: "Frukter i ei gruppe", en: "Fruits in a group"),
    description: """
      The fruits of one family, genus or order (`kind`) named `name` as fruits_groups lists it, e.g. \
      `{"kind": "family", "name": "Rosaceae"}`, in the shape of fruits_list. An unknown group is an error.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true)
  ) { result, _, output in output.fruitGroup(result) }

  private static let fruitlogAddTool = MCPTool(
    AddFruitLogRequest.self,
    name: "fruitlog_add",
    title: .init(nb: "Spis denne frukten", nn: "Et denne frukta", en: "Log an eaten fruit"),
    description: """
      Log that the user ate a fruit (`fruitId` from fruits_list), at `eatenAt` (RFC 3339 with an offset, e.g. \
      `2026-03-29T08:30:00+02:00`) or now when left out; times in the future are refused. Only log when the \
      user said they ate it. Returns the entry with its `id` for fruitlog_remove.
      """,
    // The fruit is looked up in Fruityvice's catalogue, which is fetched when none is stored.
    annotations: .init(readOnly: false, openWorld: true)
  ) { result, _, output in [output.fruitLogged(result.entry)] }

  private static let fruitlogRemoveTool = MCPTool(
    RemoveFruitLogRequest.self,
    name: "fruitlog_remove",
    title: .init(nb: "Fjern loggføring", nn: "Fjern loggføring", en: "Remove a log entry"),
    description: """
      Remove one entry (`entryId` from fruitlog_add or fruitlog_days) from the user's log of eaten fruit. \
      Removing an entry that is not there changes nothing.
      """,
    annotations: .init(readOnly: false, destructive: true, idempotent: true)
  ) { result, arguments, output in
    let id = arguments["entryId"]?.intValue ?? 0
    return [output.fruitText(result.removed ? .entryRemoved(id) : .entryNotThere(id))]
  }

  private static let fruitlogDaysTool = MCPTool(
    FruitLogDaysRequest.self,
    name: "fruitlog_days",
    title: .init(nb: "Logg", nn: "Logg", en: "Log"),
    description: """
      The fruit the user ate, grouped by calendar day (newest day first, Europe/Oslo unless `timeZone` says \
      otherwise), each day with the sum of calories, fat, sugar, carbohydrates and protein. `from` and `to` \
      (YYYY-MM-DD, inclusive) narrow it.
      """,
    annotations: .init(readOnly: true, idempotent: true)
  ) { result, _, output in output.fruitLogDays(result) }
}

extension MCPToolCatalogue {
  /// The tools of the fruits feature.
  static var fruitTools: [MCPTool] { Feature.fruits.methods.compactMap(\.tool) }
}
