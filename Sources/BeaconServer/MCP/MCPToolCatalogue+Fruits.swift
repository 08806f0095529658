import BeaconCore

extension MCPToolCatalogue {
  /// The Fruityvice tools, after the places tools.
  static let fruitTools: [MCPTool] = [
    MCPTool(
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
    ) { result, _, output in output.fruitList(result) },
    MCPTool(
      GetFruitRequest.self,
      name: "fruits_get",
      title: .init(nb: "Om en frukt", nn: "Om ei frukt", en: "Fruit details"),
      description: """
        Everything about one fruit by its `id` from fruits_list: taxonomy and nutrition per 100 g, `highSugar` \
        (more than 10 g sugar) with a notice, and `rain.count`, how many times the user logged eating it in the \
        last 30 days.
        """,
      annotations: .init(readOnly: true, idempotent: true, openWorld: true)
    ) { result, _, output in output.fruitDetails(result) },
    MCPTool(
      FruitGroupsRequest.self,
      name: "fruits_groups",
      title: .init(nb: "Fruktgrupper", nn: "Fruktgrupper", en: "Fruit groups"),
      description: """
        The distinct botanical families, genera and orders of all fruits, each sorted by name with how many \
        fruits it has. Pass a kind and a name to fruits_by_group to list the fruits of one group.
        """,
      annotations: .init(readOnly: true, idempotent: true, openWorld: true)
    ) { result, _, output in output.fruitGroups(result) },
    MCPTool(
      FruitsByGroupRequest.self,
      name: "fruits_by_group",
      title: .init(nb: "Frukter i en gruppe", nn: "Frukter i ei gruppe", en: "Fruits in a group"),
      description: """
        The fruits of one family, genus or order (`kind`) named `name` as fruits_groups lists it, e.g. \
        `{"kind": "family", "name": "Rosaceae"}`, in the shape of fruits_list. An unknown group is an error.
        """,
      annotations: .init(readOnly: true, idempotent: true, openWorld: true)
    ) { result, _, output in output.fruitGroup(result) },
    MCPTool(
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
    ) { result, _, output in [output.fruitLogged(result.entry)] },
    MCPTool(
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
    },
    MCPTool(
      FruitLogDaysRequest.self,
      name: "fruitlog_days",
      title: .init(nb: "Logg", nn: "Logg", en: "Log"),
      description: """
        The fruit the user ate, grouped by calendar day (newest day first, Europe/Oslo unless `timeZone` says \
        otherwise), each day with the sum of calories, fat, sugar, carbohydrates and protein. `from` and `to` \
        (YYYY-MM-DD, inclusive) narrow it.
        """,
      annotations: .init(readOnly: true, idempotent: true)
    ) { result, _, output in output.fruitLogDays(result) },
  ]
}
