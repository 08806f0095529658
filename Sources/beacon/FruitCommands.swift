import BeaconCore
import BeaconFruits
import BeaconServer
import JSONRPC

/// What `beacon fruits …` does.
enum FruitCommand: Equatable {
  /// `beacon fruits`: `fruits/list`.
  case list(refresh: Bool)
  /// `beacon fruits show ID`: `fruits/get`.
  case show(id: Int)
  /// `beacon fruits groups`: `fruits/groups`.
  case groups(refresh: Bool)
  /// `beacon fruits family|genus|order NAME`: `fruits/byGroup`.
  case group(kind: FruitGroupKind, name: String, refresh: Bool)
  /// `beacon fruits eat ID [--at TIME]`: `fruitlog/add`.
  case eat(id: Int, at: String?)
  /// `beacon fruits log [--from DATE] [--to DATE]`: `fruitlog/days`.
  case log(from: String?, to: String?)
  /// `beacon fruits log remove ENTRY_ID`: `fruitlog/remove`.
  case removeEntry(id: Int)
}

extension HumanCommandParser {
  /// `beacon fruits [show ID | groups | family|genus|order NAME | eat ID | log [remove ENTRY_ID]]`.
  func parseFruits() throws(UsageError) -> Command {
    func integer(_ value: String, name: String) throws(UsageError) -> Int {
      guard let number = Int(value) else { throw UsageError(.invalidInteger(name: name, value: value)) }
      return number
    }
    let command: FruitCommand
    switch arguments.first {
    case nil, "list":
      command = .list(refresh: try listing())
    case "show":
      try allow([])
      command = .show(id: try integer(try expect(arguments: ["ID"], after: 1)[0], name: "ID"))
    case "groups":
      try allow(["--refresh"])
      try expect(arguments: [], after: 1)
      command = .groups(refresh: has("--refresh"))
    case let kind? where FruitGroupKind(rawValue: kind) != nil:
      try allow(["--refresh"])
      let name = try expect(arguments: ["NAME"], after: 1)[0]
      command = .group(kind: FruitGroupKind(rawValue: kind) ?? .family, name: name, refresh: has("--refresh"))
    case "eat":
      try allow(["--at"])
      command = .eat(id: try integer(try expect(arguments: ["ID"], after: 1)[0], name: "ID"), at: last("--at"))
    case "log" where arguments.dropFirst().first == "remove":
      try allow([])
      let id = try expect(arguments: ["ENTRY_ID"], after: 2)[0]
      command = .removeEntry(id: try integer(id, name: "ENTRY_ID"))
    case "log":
      try allow(["--from", "--to"])
      try expect(arguments: [], after: 1)
      command = .log(from: last("--from"), to: last("--to"))
    case let other?:
      throw UsageError(message: .unknownCommand("fruits \(other)"))
    }
    return .fruits(command, format: try format())
  }
}

/// `beacon fruits …`: the fruit methods as tables and labelled lines, or their JSON with `--json`.
enum FruitsCommand {
  static func run(_ command: FruitCommand, format: OutputFormat, options: ServerOptions, logger: Logger) async -> Int32
  {
    guard let session = await CommandSession.start(options: options, logger: logger) else { return 1 }
    func refreshing(_ refresh: Bool) -> JSONValue { refresh ? ["refresh": true] : [:] }
    switch command {
    case .list(let refresh):
      return await session.show(ListFruitsRequest.method, refreshing(refresh), format)
    case .show(let id):
      return await session.show(GetFruitRequest.method, ["id": .int(id)], format)
    case .groups(let refresh):
      return await session.show(FruitGroupsRequest.method, refreshing(refresh), format)
    case .group(let kind, let name, let refresh):
      var params: [String: JSONValue] = ["kind": .string(kind.rawValue), "name": .string(name)]
      if refresh { params["refresh"] = true }
      return await session.show(FruitsByGroupRequest.method, .object(params), format)
    case .eat(let id, let at):
      var params: [String: JSONValue] = ["fruitId": .int(id)]
      if let at { params["eatenAt"] = .string(at) }
      return await session.show(AddFruitLogRequest.method, .object(params), format)
    case .log(let from, let to):
      var params: [String: JSONValue] = [:]
      if let from { params["from"] = .string(from) }
      if let to { params["to"] = .string(to) }
      return await session.show(FruitLogDaysRequest.method, .object(params), format)
    case .removeEntry(let id):
      return await session.show(RemoveFruitLogRequest.method, ["entryId": .int(id)], format)
    }
  }
}
