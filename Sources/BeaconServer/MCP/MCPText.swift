import BeaconCore

/// What only the MCP layer says, in Norwegian Bokmål, Nynorsk and English. Names stand in single quotes.
enum MCPText: Sendable, Equatable {
  case unknownTool(String)
  case unknownArgument(String, tool: String, known: [String])
  case invalidCursor
  case invalidDetail
  case invalidFields
  case toolSetOff(tool: String, set: String)
  case resourceNotFound(uri: String)
  case unknownPrompt(String)
  case promptArgument(String, prompt: String, known: [String])
  case missingPromptArgument(String, prompt: String)
  /// A search found nothing; the arguments that could change that.
  case nothingFound([Change])

  /// An argument change that may make a search find something.
  enum Change: Sendable, Equatable {
    case widerRadius(maximum: Int)
    case fewerWords
    case withoutOpenNow
    case allPlaces
    case otherCategory
    case otherCenter

    var texts: (String, String, String) {
      switch self {
      case .widerRadius(let maximum):
        (
          "en større 'radiusMeters' (høyst \(maximum))", "ein større 'radiusMeters' (høgst \(maximum))",
          "a larger 'radiusMeters' (at most \(maximum))"
        )
      case .fewerWords: ("færre ord i 'text'", "færre ord i 'text'", "fewer words in 'text'")
      case .withoutOpenNow: ("uten 'openNow'", "utan 'openNow'", "no 'openNow'")
      case .allPlaces: ("'scope': 'all'", "'scope': 'all'", "'scope': 'all'")
      case .otherCategory: ("en annen 'category'", "ein annan 'category'", "another 'category'")
      case .otherCenter: ("et annet 'center'", "eit anna 'center'", "another 'center'")
      }
    }
  }

  /// The text in `language`.
  func text(in language: Language) -> String {
    return language.choose(texts)
  }

  /// `items` as `a, b or c`.
  private static func alternatives(_ items: [String], or: String) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(or) " + last
  }

  /// A name from the client, cut to 64 characters so that a message never echoes unbounded input.
  static func shortened(_ name: String) -> String {
    name.count <= 64 ? name : name.prefix(63) + "…"
  }

  private var texts: (String, String, String) {
    switch self {
    case .unknownTool(let name):
      let shown = Self.shortened(name)
      return ("Ukjent verktøy '\(shown)'", "Ukjend verktøy '\(shown)'", "Unknown tool '\(shown)'")
    case .unknownArgument(let name, let tool, let known):
      let shown = Self.shortened(name)
      let list = known.isEmpty ? "–" : known.joined(separator: ", ")
      return (
        "Verktøyet '\(tool)' har ikke argumentet '\(shown)'; gyldige argumenter: \(list)",
        "Verktøyet '\(tool)' har ikkje argumentet '\(shown)'; gyldige argument: \(list)",
        "The tool '\(tool)' has no argument '\(shown)'; valid arguments: \(list)"
      )
    case .toolSetOff(let tool, let set):
      return (
        "Verktøyet '\(tool)' hører til verktøysettet '\(set)', som ikke er slått på; "
          + "start 'beacon mcp' med '--toolsets' som tar det med",
        "Verktøyet '\(tool)' høyrer til verktøysettet '\(set)', som ikkje er slått på; "
          + "start 'beacon mcp' med '--toolsets' som tek det med",
        "The tool '\(tool)' belongs to the tool set '\(set)', which is not switched on; "
          + "start 'beacon mcp' with '--toolsets' including it"
      )
    case .nothingFound(let changes):
      let (nb, nn, en) = (
        changes.map { $0.texts.0 }, changes.map { $0.texts.1 }, changes.map { $0.texts.2 }
      )
      return (
        "Ingenting funnet med disse argumentene; prøv \(Self.alternatives(nb, or: "eller"))",
        "Ingenting funne med desse argumenta; prøv \(Self.alternatives(nn, or: "eller"))",
        "Nothing found with these arguments; try \(Self.alternatives(en, or: "or"))"
      )
    case .invalidDetail:
      return (
        "'detail' må være 'brief' eller 'full'", "'detail' må vere 'brief' eller 'full'",
        "'detail' must be 'brief' or 'full'"
      )
    case .resourceNotFound(let uri):
      return (
        "Fant ingen ressurs '\(uri)'; se 'resources/list' og malen 'beacon://places/{id}'",
        "Fann ingen ressurs '\(uri)'; sjå 'resources/list' og malen 'beacon://places/{id}'",
        "No resource '\(uri)'; see 'resources/list' and the template 'beacon://places/{id}'"
      )
    case .unknownPrompt(let name):
      return (
        "Ukjent prompt '\(name)'; se 'prompts/list'", "Ukjend prompt '\(name)'; sjå 'prompts/list'",
        "Unknown prompt '\(name)'; see 'prompts/list'"
      )
    case .promptArgument(let name, let prompt, let known):
      let list = known.isEmpty ? "–" : known.joined(separator: ", ")
      return (
        "Prompten '\(prompt)' har ikke tekstargumentet '\(name)'; gyldige argumenter: \(list)",
        "Prompten '\(prompt)' har ikkje tekstargumentet '\(name)'; gyldige argument: \(list)",
        "The prompt '\(prompt)' has no text argument '\(name)'; valid arguments: \(list)"
      )
    case .missingPromptArgument(let name, let prompt):
      return (
        "Prompten '\(prompt)' trenger argumentet '\(name)'", "Prompten '\(prompt)' treng argumentet '\(name)'",
        "The prompt '\(prompt)' needs the argument '\(name)'"
      )
    case .invalidFields:
      let groups = MCPPlaceFields.allCases.map(\.rawValue).joined(separator: ", ")
      return (
        "'fields' må være en liste med noen av \(groups)", "'fields' må vere ei liste med nokre av \(groups)",
        "'fields' must be a list of some of \(groups)"
      )
    case .invalidCursor:
      return (
        "Ugyldig 'cursor'; bruk 'nextCursor' fra forrige side",
        "Ugyldig 'cursor'; bruk 'nextCursor' frå førre side",
        "Invalid 'cursor'; use the 'nextCursor' of the previous page"
      )
    }
  }
}
