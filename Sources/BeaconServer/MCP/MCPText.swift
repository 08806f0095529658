import BeaconCore

/// What only the MCP layer says, in Norwegian Bokmål, Nynorsk and English. Names stand in single quotes.
enum MCPText: Sendable, Equatable {
  case unknownTool(String)
  case unknownArgument(String, tool: String, known: [String])
  case invalidCursor

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
    case .invalidCursor:
      return (
        "Ugyldig 'cursor'; bruk 'nextCursor' fra forrige side",
        "Ugyldig 'cursor'; bruk 'nextCursor' frå førre side",
        "Invalid 'cursor'; use the 'nextCursor' of the previous page"
      )
    }
  }
}
