import BeaconCore
import BeaconPeople
import Foundation
import JSONRPC

/// What `beacon users …` does.
enum UserCommand: Equatable {
  /// `beacon users [list] [--refresh]`: `users/list`.
  case list(refresh: Bool)
  /// `beacon users show ID`: `users/get`.
  case show(id: String)
  /// `beacon users edit ID [--first-name T] …`: `users/update`.
  case edit(id: String, fields: [String: String])
  /// `beacon users delete ID`: `users/delete`.
  case delete(id: String)
  /// `beacon users map [ID]`: `users/map`.
  case map(id: String?)
  /// `beacon users seed SEED`: `users/setSeed`.
  case seed(String)

  /// The options of `beacon users edit` and the params they set.
  static let editOptions: [(option: String, param: String)] = [
    ("--first-name", "firstName"), ("--last-name", "lastName"), ("--city", "city"), ("--email", "email"),
    ("--phone", "phone"), ("--birth-date", "birthDate"),
  ]
}

extension HumanCommandParser {
  /// `beacon users [list | show ID | edit ID OPTIONS | delete ID | map [ID] | seed SEED]`.
  func parseUsers() throws(UsageError) -> Command {
    let command: UserCommand
    var allowsGeoJSON = false
    switch arguments.first {
    case nil, "list":
      command = .list(refresh: try listing())
    case "show":
      try allow([])
      command = .show(id: try expect(arguments: ["ID"], after: 1)[0])
    case "edit":
      try allow(Set(UserCommand.editOptions.map(\.option)))
      let id = try expect(arguments: ["ID"], after: 1)[0]
      var fields: [String: String] = [:]
      for (option, param) in UserCommand.editOptions {
        if let value = last(option) { fields[param] = param == "birthDate" ? Self.isoDay(value) : value }
      }
      guard !fields.isEmpty else {
        throw UsageError(message: .missingArgument(UserCommand.editOptions.map(\.option).joined(separator: "|")))
      }
      command = .edit(id: id, fields: fields)
    case "delete":
      try allow([])
      command = .delete(id: try expect(arguments: ["ID"], after: 1)[0])
    case "map":
      try allow([])
      allowsGeoJSON = true
      if arguments.count > 2 { throw UsageError(.unexpectedArgument(arguments[2])) }
      command = .map(id: arguments.count == 2 ? arguments[1] : nil)
    case "seed":
      try allow([])
      command = .seed(try expect(arguments: ["SEED"], after: 1)[0])
    case let other?:
      throw UsageError(message: .unknownCommand("users \(other)"))
    }
    return .users(command, format: try format(geoJSON: allowsGeoJSON))
  }

  /// A birth date as people here write it (`15.06.1995`) in the form the server reads (`1995-06-15`); anything
  /// else is passed on for the server to judge.
  static func isoDay(_ text: String) -> String {
    let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let day = Int(parts[0]), let month = Int(parts[1]), let year = Int(parts[2]),
      parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4
    else { return text }
    return String(format: "%04d-%02d-%02d", year, month, day)
  }
}

/// `beacon users …`: the user methods as tables and labelled lines, or their JSON with `--json` (and the map's
/// pins as GeoJSON with `--geojson`).
enum UsersCommand {
  static func run(_ command: UserCommand, format: OutputFormat, options: ServerOptions, logger: Logger) async -> Int32 {
    return await CommandSession.run(options: options, logger: logger) { session in
      let output = session.output
      switch command {
      case .list(let refresh):
        let params: JSONValue = refresh ? ["refresh": true] : [:]
        return await session.show(ListUsersRequest.method, params, format)
      case .show(let id):
        return await session.show(GetUserRequest.method, ["id": .string(id)], format)
      case .edit(let id, let fields):
        var params: [String: JSONValue] = ["id": .string(id)]
        for (name, value) in fields { params[name] = .string(value) }
        return await session.show(UpdateUserRequest.method, .object(params), format)
      case .delete(let id):
        return await session.show(DeleteUserRequest.method, ["id": .string(id)], format) {
          (result: UserDeleteResult) in [output.userText(result.deleted ? .deleted(id) : .notThere(id))]
        }
      case .map(let id):
        let params: JSONValue = id.map { ["id": .string($0)] } ?? [:]
        if format == .geojson {
          guard let result = await session.call(UserMapRequest.method, params) else { return 1 }
          StandardOutput.writeJSON(featureCollection(pins: result["pins"]?.arrayValue ?? []))
          return 0
        }
        return await session.show(UserMapRequest.method, params, format)
      case .seed(let seed):
        return await session.show(SetUserSeedRequest.method, ["seed": .string(seed)], format)
      }
    }
  }

  /// One RFC 7946 `Feature` per pin: a `Point` at `[lon, lat]` with `id`, `name` and the picture URLs.
  static func featureCollection(pins: [JSONValue]) -> JSONValue {
    let features = pins.map { pin -> JSONValue in
      let location = pin["location"]
      return [
        "type": "Feature",
        "id": pin["id"] ?? .null,
        "geometry": ["type": "Point", "coordinates": [location?["lon"] ?? .null, location?["lat"] ?? .null]],
        "properties": ["id": pin["id"] ?? .null, "name": pin["name"] ?? .null, "picture": pin["picture"] ?? .null],
      ]
    }
    return ["type": "FeatureCollection", "features": .array(features)]
  }
}

extension FeatureVerb {
  /// `beacon users …`.
  static let users = FeatureVerb(
    name: "users",
    valueOptions: ["--first-name", "--last-name", "--city", "--email", "--phone", "--birth-date"],
    parse: { parser throws(CommandLineArguments.UsageError) in try parser.parseUsers() },
    help: LocalizedLines(nb: UsersHelp.nb, nn: UsersHelp.nn, en: UsersHelp.en),
    environment: LocalizedLines(nb: UsersHelp.nbEnvironment, nn: UsersHelp.nnEnvironment, en: UsersHelp.enEnvironment)
  )
}

extension CommandLineArguments.Command {
  /// `beacon users …`, parsed.
  static func users(_ command: UserCommand, format: OutputFormat) -> Self {
    .feature(
      FeatureCommand("users \(command) \(format)") { options, logger in
        await UsersCommand.run(command, format: format, options: options, logger: logger)
      }
    )
  }
}

/// `beacon users`'s lines in `beacon --help`, in Bokmål, Nynorsk and English.
private enum UsersHelp {
  static let nb = """
      beacon users [list] [--refresh] [--json]        100 brukere fra randomuser.me (lagret seed, standard ios)
      beacon users show ID [--json]                   profilen, med bursdag denne uken 🎉
      beacon users edit ID [VALG] [--json]            rediger; endringene vinner over API-dataene
          --first-name T  --last-name T  --city T  --email T  --phone T
          --birth-date DATO                  1995-06-15 eller 15.06.1995; ikke i fremtiden
      beacon users delete ID [--json]                 slett en bruker for godt
      beacon users map [ID] [--json|--geojson]        alle brukere på kartet, eller sentrert på én
      beacon users seed SEED [--json]                 nytt seed: sletter uendrede brukere og henter 100 nye
    """
  static let nn = """
      beacon users [list] [--refresh] [--json]        100 brukarar frå randomuser.me (lagra seed, standard ios)
      beacon users show ID [--json]                   profilen, med bursdag denne veka 🎉
      beacon users edit ID [VAL] [--json]             rediger; endringane vinn over API-dataa
          --first-name T  --last-name T  --city T  --email T  --phone T
          --birth-date DATO                  1995-06-15 eller 15.06.1995; ikkje i framtida
      beacon users delete ID [--json]                 slett ein brukar for godt
      beacon users map [ID] [--json|--geojson]        alle brukarar på kartet, eller sentrert på éin
      beacon users seed SEED [--json]                 nytt seed: slettar uendra brukarar og hentar 100 nye
    """
  static let en = """
      beacon users [list] [--refresh] [--json]        100 users from randomuser.me (stored seed, default ios)
      beacon users show ID [--json]                   the profile, with a birthday this week 🎉
      beacon users edit ID [OPTIONS] [--json]         edit; your changes win over the API's data
          --first-name T  --last-name T  --city T  --email T  --phone T
          --birth-date DATE                  1995-06-15 or 15.06.1995; not in the future
      beacon users delete ID [--json]                 delete a user for good
      beacon users map [ID] [--json|--geojson]        every user on the map, or centred on one
      beacon users seed SEED [--json]                 new seed: deletes unedited users and fetches 100 new ones
    """
  static let nbEnvironment = """
      BEACON_RANDOMUSER_URL  annen adresse til randomuser.me (standard https://randomuser.me)
    """
  static let nnEnvironment = """
      BEACON_RANDOMUSER_URL  anna adresse til randomuser.me (standard https://randomuser.me)
    """
  static let enEnvironment = """
      BEACON_RANDOMUSER_URL  another address for randomuser.me (default https://randomuser.me)
    """
}
