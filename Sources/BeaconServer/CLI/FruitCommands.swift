import BeaconCore
import BeaconFruits
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
    return await CommandSession.run(options: options, logger: logger) { session in
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
}

extension FeatureVerb {
  /// `beacon fruits …`.
  static let fruits = FeatureVerb(
    name: "fruits",
    valueOptions: ["--at", "--from", "--to"],
    parse: { parser throws(CommandLineArguments.UsageError) in try parser.parseFruits() },
    help: LocalizedLines(nb: FruitsHelp.nb, nn: FruitsHelp.nn, en: FruitsHelp.en),
    environment: LocalizedLines(
      nb: FruitsHelp.nbEnvironment,
      nn: FruitsHelp.nnEnvironment,
      en: FruitsHelp.enEnvironment
    )
  )
}

extension CommandLineArguments.Command {
  /// `beacon fruits …`, parsed.
  static func fruits(_ command: FruitCommand, format: OutputFormat) -> Self {
    .feature(
      FeatureCommand("fruits \(command) \(format)") { options, logger in
        await FruitsCommand.run(command, format: format, options: options, logger: logger)
      }
    )
  }
}

/// `beacon fruits`'s lines in `beacon --help`, in Bokmål, Nynorsk and English.
private enum FruitsHelp {
  static let nb = """
      beacon fruits [list] [--refresh] [--json]       alle frukter fra Fruityvice, med familiens farge
      beacon fruits show ID [--json]                  alt om én frukt (sukkernivå, fruktregn)
      beacon fruits groups [--refresh] [--json]       alle familier, slekter og ordener
      beacon fruits family|genus|order NAVN [--refresh] [--json]
                                                      fruktene i én familie, slekt eller orden
      beacon fruits eat ID [--at TIDSPUNKT] [--json]  loggfør at du spiste en frukt (standard: nå)
      beacon fruits log [--from DATO] [--to DATO] [--json]   loggen per dag med næringsinnhold
      beacon fruits log remove LOGG-ID [--json]       fjern en loggføring
    """
  static let nn = """
      beacon fruits [list] [--refresh] [--json]       alle fruktene frå Fruityvice, med fargen til familien
      beacon fruits show ID [--json]                  alt om éi frukt (sukkernivå, fruktregn)
      beacon fruits groups [--refresh] [--json]       alle familiar, slekter og ordenar
      beacon fruits family|genus|order NAMN [--refresh] [--json]
                                                      fruktene i éin familie, slekt eller orden
      beacon fruits eat ID [--at TIDSPUNKT] [--json]  loggfør at du åt ei frukt (standard: no)
      beacon fruits log [--from DATO] [--to DATO] [--json]   loggen per dag med næringsinnhald
      beacon fruits log remove LOGG-ID [--json]       fjern ei loggføring
    """
  static let en = """
      beacon fruits [list] [--refresh] [--json]       every fruit from Fruityvice, with its family's colour
      beacon fruits show ID [--json]                  everything about one fruit (sugar level, fruit rain)
      beacon fruits groups [--refresh] [--json]       every family, genus and order
      beacon fruits family|genus|order NAME [--refresh] [--json]
                                                      the fruits of one family, genus or order
      beacon fruits eat ID [--at TIME] [--json]       log that you ate a fruit (default: now)
      beacon fruits log [--from DATE] [--to DATE] [--json]   the log per day with nutrition
      beacon fruits log remove ENTRY-ID [--json]      remove a log entry
    """
  static let nbEnvironment = """
      BEACON_FRUITYVICE_URL  annen adresse til Fruityvice (standard https://www.fruityvice.com)
    """
  static let nnEnvironment = """
      BEACON_FRUITYVICE_URL  anna adresse til Fruityvice (standard https://www.fruityvice.com)
    """
  static let enEnvironment = """
      BEACON_FRUITYVICE_URL  another address for Fruityvice (default https://www.fruityvice.com)
    """
}
