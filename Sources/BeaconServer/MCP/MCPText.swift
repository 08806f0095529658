import BeaconCore

/// What only the MCP layer says, in Norwegian Bokmål, Nynorsk and English. Names stand in single quotes.
enum MCPText: Sendable, Equatable {
  case unknownTool(String)
  case unknownArgument(String, tool: String, known: [String])
  case invalidCursor
  case toolSetOff(tool: String, set: String)

  /// The text in `language`.
  func text(in language: Language) -> String {
    return language.choose(texts)
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
    case .invalidCursor:
      return (
        "Ugyldig 'cursor'; bruk 'nextCursor' fra forrige side",
        "Ugyldig 'cursor'; bruk 'nextCursor' frå førre side",
        "Invalid 'cursor'; use the 'nextCursor' of the previous page"
      )
    }
  }
}
