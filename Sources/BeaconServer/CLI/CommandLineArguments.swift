import BeaconCore
import BeaconJSON

/// What the command line asks for: one command plus the global options.
package struct CommandLineArguments: Equatable {
  /// A command `beacon` runs.
  package enum Command: Equatable {
    case serve
    /// `beacon mcp`; `toolSets` when `--toolsets` names them.
    case mcp(toolSets: Set<MCPToolSet>?)
    case call(method: String, params: String?)
    /// `beacon --help`, or the help of one command (`beacon search --help`, `beacon help search`).
    case help(topic: String?)
    case version
    case search(SearchOptions)
    case route(RouteOptions)
    case details(id: String, refresh: Bool, format: OutputFormat)
    case rate(id: String, stars: Int, comment: String?, format: OutputFormat)
    case favorites(FavoritesAction, format: OutputFormat)
    case settings(SettingsAction, format: OutputFormat)
    case importFile(path: String, format: OutputFormat)
    /// A feature's verb (``FeatureVerb``), parsed.
    case feature(FeatureCommand)
    case store(StoreAction)
  }

  /// What `beacon favorites` does.
  package enum FavoritesAction: Equatable {
    /// `filters` are the filter params, as ``SearchOptions/filters``.
    case list(openNow: Bool, filters: [String: JSONValue] = [:])
    case add(id: String)
    case remove(id: String)
  }

  /// What `beacon settings` does.
  package enum SettingsAction: Equatable {
    case show
    case reset
  }

  /// A command line that cannot be run.
  package struct UsageError: Error, Equatable {
    package let message: CLIText

    init(_ message: CLIText) { self.message = message }
    init(message: LocalizedMessage) { self.message = .core(message) }
  }

  package var command: Command
  package var flags = BeaconOptions()

  /// Options that take a value, whichever command they belong to (a feature's verb brings its own).
  static let valueOptions = Set([
    "--store", "--user", "--locale", "--time-zone", "--category", "--near", "--radius", "--text", "--sort", "--limit",
    "--comment", "--from", "--to", "--output", "--toolsets", "--diet", "--cuisine", "--wheelchair", "--open-at",
    "--open-for", "--min-rating", "--corridor",
  ]).union(FeatureVerb.all.flatMap(\.valueOptions))

  /// Options of the human commands that take no value.
  static let switchOptions: Set<String> = [
    "--favorites", "--json", "--geojson", "--refresh", "--open-now", "--demo", "--outdoor-seating", "--takeaway",
  ]

  /// Every option `beacon` knows, for "did you mean" suggestions.
  static var allOptions: Set<String> {
    valueOptions.union(switchOptions).union(["--offline", "--help", "--version", "--stdio"])
  }

  /// The commands `beacon` knows, for "did you mean" suggestions.
  static let commandNames =
    [
      "search", "route", "details", "rate", "favorites", "settings", "import",
    ] + FeatureVerb.all.map(\.name) + ["store", "serve", "mcp", "call", "help", "version"]

  /// Parses the arguments after the program name.
  ///
  /// Global options (`--store PATH`, `--offline`, `--locale TAG`, also as `--name=value`) may stand
  /// before or after the command; so may a command's own options. `beacon --stdio` is `beacon serve`.
  package init(_ arguments: [String]) throws(UsageError) {
    var positional: [String] = []
    var local = CommandOptions()
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
      let isCallArgument = positional.first == "call" && positional.count >= 2
      switch name {
      case "--store": flags.storePath = try value()
      case "--user":
        flags.user = try value()
        if flags.user?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true {
          throw UsageError(message: .emptyUser)
        }
      case "--locale": flags.locale = try value()
      case "--time-zone": flags.timeZone = try value()
      case "--offline": flags.offline = true
      case "--stdio": if positional.isEmpty { positional.append("serve") }
      case "--help", "-h": wantsHelp = true
      case "--version": wantsVersion = true
      case "--": positional.append(contentsOf: arguments[index...]); index = arguments.count
      case _ where !isCallArgument && Self.valueOptions.contains(name):
        local.append(name, try value())
      case _ where !isCallArgument && Self.switchOptions.contains(name):
        guard inlineValue == nil else { throw UsageError(.unknownOption(argument, suggestion: nil)) }
        local.append(name, nil)
      default:
        if Self.isOption(argument) && !isCallArgument {
          throw UsageError(.unknownOption(argument, suggestion: CLIText.closest(to: name, among: Self.allOptions)))
        }
        positional.append(argument)
      }
    }
    self.flags = flags
    if wantsHelp {
      command = .help(topic: positional.first == "help" ? positional.dropFirst().first : positional.first)
      return
    }
    if wantsVersion {
      command = .version
      return
    }
    command = try Self.command(positional, options: local)
  }

  /// Whether `argument` looks like an option rather than a value (`-1` and `-3.5` are values).
  static func isOption(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), argument.count > 1 else { return false }
    let second = argument[argument.index(after: argument.startIndex)]
    return !(second.isASCII && (second.isNumber || second == "."))
  }

  /// The command the positional arguments and command options name.
  private static func command(_ positional: [String], options: CommandOptions) throws(UsageError) -> Command {
    let name = positional.first
    let arguments = Array(positional.dropFirst())
    func requireNoOptions() throws(UsageError) {
      if let first = options.names.first {
        throw UsageError(.optionNotAllowed(option: first, command: name ?? ""))
      }
    }
    switch name {
    case nil, "help":
      try requireNoOptions()
      return .help(topic: positional.dropFirst().first)
    case "version":
      try requireNoOptions()
      return .version
    case "serve":
      try requireNoOptions()
      guard arguments.isEmpty else { throw UsageError(message: .unknownCommand(arguments[0])) }
      return .serve
    case "mcp":
      if let other = options.names.first(where: { $0 != "--toolsets" }) {
        throw UsageError(.optionNotAllowed(option: other, command: "mcp"))
      }
      guard arguments.isEmpty else { throw UsageError(message: .unknownCommand(arguments[0])) }
      guard let list = options.entries.last(where: { $0.name == "--toolsets" })?.value else {
        return .mcp(toolSets: nil)
      }
      return .mcp(toolSets: try toolSets(list))
    case "call":
      try requireNoOptions()
      guard let method = arguments.first else { throw UsageError(message: .missingArgument("METHOD")) }
      guard arguments.count <= 2 else { throw UsageError(message: .unknownCommand(arguments[2])) }
      return .call(method: method, params: arguments.count == 2 ? arguments[1] : nil)
    case let other?:
      return try HumanCommandParser(command: other, arguments: arguments, options: options).parse()
    }
  }

  /// The tool sets a `--toolsets` list (or `BEACON_MCP_TOOLSETS`) names.
  package static func toolSets(_ list: String) throws(UsageError) -> Set<MCPToolSet> {
    do {
      return try MCPToolSet.parse(list)
    } catch {
      throw UsageError(.unknownToolSet(error.name, valid: MCPToolSet.validNames))
    }
  }

  /// The language to complain in when the command line cannot be parsed: `--locale` if it is there.
  package static func requestedLocale(in arguments: [String]) -> String? {
    requestedValue(of: "--locale", in: arguments)
  }

  /// The `--store` of `arguments` (the last), read as ``requestedLocale(in:)`` is.
  package static func requestedStorePath(in arguments: [String]) -> String? {
    requestedValue(of: "--store", in: arguments)
  }

  private static func requestedValue(of flag: String, in arguments: [String]) -> String? {
    var value: String?
    for (index, argument) in arguments.enumerated() {
      if argument == flag, index + 1 < arguments.count {
        value = arguments[index + 1]
      } else if argument.hasPrefix(flag + "=") {
        value = String(argument.dropFirst(flag.count + 1))
      }
    }
    return value
  }

  /// The help text.
  static let usage = """
    beacon \(BeaconVersion.current): finn restauranter, kafeer og hoteller nær et punkt.

    Bruk:
      beacon search [VALG]              søk etter steder og vis dem i en tabell
          --category restaurant|cafe|hotel   hva du leter etter (standard: lagret innstilling)
          --near BREDDE,LENGDE               midtpunkt, f.eks. 59.9111,10.7503 (blir lagret)
          --radius KM                        søkeradius i km, 1–10 (f.eks. 1,5)
          --text TEKST                       ord som må finnes i navn, adresse eller kjøkken
          --sort distance|rating|name|best   rekkefølge (navn sorteres norsk: æ, ø, å til slutt; best: nær,
                                             godt vurdert, favoritt, åpen nå)
          --favorites                        søk bare blant favorittene
          --open-now                         bare steder som er åpne nå (i stedets egen tidssone)
          --diet vegan|vegetarian|gluten_free|halal|kosher   bare steder med en av diettene (flere: vegan,halal)
          --cuisine KJØKKEN                  bare steder med et av kjøkkenene, OSM-verdier som pizza, sushi
          --wheelchair yes|limited           trinnfri adkomst (limited: minst delvis)
          --outdoor-seating                  bare steder med uteservering
          --takeaway                         bare steder med mat å ta med
          --open-at TIDSPUNKT                åpne på lokal tid, f.eks. 2026-11-25T19:00 (i stedets tidssone)
          --open-for MINUTTER                og fortsatt åpne så lenge (uten --open-at: fra nå)
          --min-rating N                     bare steder du selv har gitt minst N stjerner i snitt (1–5)
          --demo                             ta med demodataene (Helsinki) også etter at du har importert egne steder
          --limit N                          høyst N treff (1–100, standard 10)
          --refresh                          hent på nytt fra Geoapify, ikke fra hurtiglageret
          --json | --geojson                 skriv resultatet som JSON eller GeoJSON
      beacon route [FIL] [VALG]         steder langs en rute, i rekkefølge langs den
          FIL                                en GeoJSON LineString (Feature eller geometri)
          --from BREDDE,LENGDE --to BREDDE,LENGDE   eller en rett linje mellom to punkter
          --corridor METER                   hvor langt fra ruten, 50–2000 (standard 500)
          --category restaurant|cafe|hotel   hva du leter etter (standard: lagret innstilling)
          --sort distance|rating|name|best   rekkefølge (distance: langs ruten)
          --open-now, --diet, --cuisine, --wheelchair, --outdoor-seating, --takeaway, --open-at, --open-for,
          --min-rating                       de samme filtrene som i search
          --demo, --refresh                  som i search
          --limit N                          høyst N treff (1–100, standard 20)
          --json | --geojson                 skriv resultatet som JSON eller GeoJSON (med ruten)
      beacon details ID [--refresh] [--json]          alt om ett sted, med lenker til kart
      beacon rate ID STJERNER [--comment TEKST] [--json]   gi et sted 1–5 stjerner
      beacon favorites [--open-now] [--json|--geojson]   list favorittene (--open-now: bare de som er åpne nå)
          --diet, --cuisine, --wheelchair, --outdoor-seating, --takeaway, --open-at, --open-for, --min-rating
                                                  de samme filtrene som i search
      beacon favorites add|remove ID [--json]         legg til eller fjern en favoritt
      beacon settings [--json]                        vis innstillingene
      beacon settings reset [--json]                  tilbakestill innstillingene
      beacon import FIL|- [--json]                    importer steder fra et OSM-utdrag (.osm.pbf) eller en eksport
                                                      (GeoJSON, GeoJSONSeq, Overpass JSON); - leser standard inn
    \(FeatureVerb.helpLines(in: .nb))
      beacon store check                              prøv om databasefilen er hel, og se hva som kan leses
      beacon store recover [--output FIL]             kopier det som kan leses fra en skadet database til en ny
                                                      fil (standard: ved siden av, med «-recovered-» i navnet)
      beacon store copy FRA TIL [--user NAVN]         kopier et helt lager mellom SQLite og PostgreSQL (begge veier,
                                                      i én transaksjon; en ny kjøring endrer ingenting)
      beacon serve [--stdio]            JSON-RPC 2.0-tjener på stdin/stdout (Content-Length eller NDJSON)
      beacon mcp [--toolsets SETT,…]    MCP-tjener (Model Context Protocol) på stdin/stdout for KI-agenter
          verktøysett: \(HelpText.toolSets(standard: "standard", or: "eller"));
          ellers BEACON_MCP_TOOLSETS
      beacon call METODE [PARAMS_JSON]  kjør én forespørsel og skriv resultatet som JSON
      beacon [KOMMANDO] --help | --version   hjelpen (til én kommando: beacon search --help) eller versjonen

    Globale valg:
      --store STI        SQLite-fil (ellers BEACON_STORE, eller standardplassen); mappen må finnes, bare
                         standardplassens mapper lages; eller postgresql://… for et delt PostgreSQL-lager
                         (vurderinger, favoritter, innstillinger, søk etter steder og detaljer)
      --user NAVN        brukeren på et PostgreSQL-lager (ellers BEACON_USER, eller kontonavnet)
      --offline          bruk bare lagrede data, aldri nettet
      --locale nb|nn|en  språk for meldinger og utdata (standard nb)
      --time-zone SONE   tidssone for fruktloggens dager, brukernes bursdagsuke og alder, og for åpningstider
                         der stedet ikke har sin egen (standard Europe/Oslo)

    Miljø:
      GEOAPIFY_API_KEY       nøkkel til Geoapify (vises aldri i utdata)
      BEACON_GEOAPIFY_URL    annen adresse til Geoapify (f.eks. en testtjener)
    \(FeatureVerb.environmentLines(in: .nb))
      BEACON_STORE           SQLite-fil
      BEACON_LOCALE          språk, som --locale
      BEACON_TIME_ZONE       tidssone, som --time-zone
      BEACON_LOG             loggnivå på stderr: debug, info, warning (standard), error

    Forrang: valg på kommandolinjen > initializationOptions > miljø > standard.
    Feil gir avslutningskode 1, en ugyldig kommandolinje 64.
    """
}
