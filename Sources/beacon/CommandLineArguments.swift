import BeaconCore

/// What the command line asks for: one command plus the global options.
struct CommandLineArguments: Equatable {
  /// A command `beacon` runs.
  enum Command: Equatable {
    case serve
    case call(method: String, params: String?)
    case help
    case version
  }

  /// A command line that cannot be run.
  struct UsageError: Error, Equatable {
    let message: LocalizedMessage
  }

  var command: Command
  var flags = BeaconOptions()

  /// Parses the arguments after the program name.
  ///
  /// Global options (`--store PATH`, `--offline`, `--locale TAG`, also as `--name=value`) may stand
  /// before or after the command. `beacon --stdio` is `beacon serve`.
  init(_ arguments: [String]) throws(UsageError) {
    var positional: [String] = []
    var flags = BeaconOptions()
    var wantsHelp = false
    var wantsVersion = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard index < arguments.count else { throw UsageError(message: .missingValue(name)) }
        index += 1
        return arguments[index - 1]
      }
      switch name {
      case "--store": flags.storePath = try value()
      case "--locale": flags.locale = try value()
      case "--offline": flags.offline = true
      case "--stdio": if positional.isEmpty { positional.append("serve") }
      case "--help", "-h": wantsHelp = true
      case "--version": wantsVersion = true
      case "--": positional.append(contentsOf: arguments[index...]); index = arguments.count
      default:
        if argument.hasPrefix("-") && argument.count > 1 && !(positional.first == "call" && positional.count >= 2) {
          throw UsageError(message: .unknownOption(argument))
        }
        positional.append(argument)
      }
    }
    self.flags = flags
    if wantsHelp {
      command = .help
      return
    }
    if wantsVersion {
      command = .version
      return
    }
    switch positional.first {
    case nil, "help": command = .help
    case "version": command = .version
    case "serve":
      guard positional.count == 1 else { throw UsageError(message: .unknownCommand(positional[1])) }
      command = .serve
    case "call":
      guard positional.count >= 2 else { throw UsageError(message: .missingArgument("METHOD")) }
      guard positional.count <= 3 else { throw UsageError(message: .unknownCommand(positional[3])) }
      command = .call(method: positional[1], params: positional.count == 3 ? positional[2] : nil)
    case let other?:
      throw UsageError(message: .unknownCommand(other))
    }
  }

  /// The help text.
  static let usage = """
    beacon \(BeaconVersion.current): finn restauranter, kafeer og hoteller nær et punkt.

    Bruk:
      beacon serve [--stdio]            JSON-RPC 2.0-tjener på stdin/stdout (Content-Length eller NDJSON)
      beacon call METODE [PARAMS_JSON]  kjør én forespørsel og skriv resultatet som JSON
      beacon --help | --version

    Globale valg:
      --store STI        SQLite-fil (ellers BEACON_STORE, eller standardplassen)
      --offline          bruk bare lagrede data, aldri nettet
      --locale nb|nn|en  språk for meldinger (standard nb)

    Miljø:
      GEOAPIFY_API_KEY     nøkkel til Geoapify (vises aldri i utdata)
      BEACON_GEOAPIFY_URL  annen adresse til Geoapify (f.eks. en testtjener)
      BEACON_STORE         SQLite-fil
      BEACON_LOCALE        språk, som --locale
      BEACON_LOG           loggnivå på stderr: debug, info, warning (standard), error

    Forrang: valg på kommandolinjen > initializationOptions > miljø > standard.
    """
}
