extension String {
  /// At most `limit` characters: the text itself, or its first `limit` characters and `…` — for echoing text
  /// that came from a client (a method name, an id, a path) without echoing an unbounded amount of it.
  package func clipped(to limit: Int) -> String {
    guard count > limit else { return self }
    return String(prefix(max(limit, 0))) + "…"
  }
}

extension JSONValue {
  /// This value with every string in it (keys excepted) clipped to `limit` characters, down to `depth` levels.
  package func clippingStrings(to limit: Int, depth: Int = 8) -> JSONValue {
    switch self {
    case .string(let text): return .string(text.clipped(to: limit))
    case .array(let items) where depth > 0: return .array(items.map { $0.clippingStrings(to: limit, depth: depth - 1) })
    case .object(let members) where depth > 0:
      return .object(members.mapValues { $0.clippingStrings(to: limit, depth: depth - 1) })
    default: return self
    }
  }
}
