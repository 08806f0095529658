import BeaconCore
import Foundation

/// A group of MCP tools a user switches on together (`beacon mcp --toolsets places,ratings`); every tool
/// belongs to exactly one set, and only the tools of the chosen sets are listed and callable.
public enum MCPToolSet: String, CaseIterable, Sendable, Comparable {
  /// Searching, details, autocomplete and import of places.
  case places
  /// The user's star ratings.
  case ratings
  /// The user's favourite places ("Mine steder").
  case favorites
  /// The user's stored settings.
  case settings
  /// Searching along a route (not a default set: the default tool list has no room for it).
  case routes
  /// Fruityvice's fruit catalogue and the user's fruit log.
  case fruits
  /// The directory of random users.
  case people
  /// CoinLore's cryptocurrency prices.
  case crypto

  /// The sets `beacon mcp` serves when none are named: what a maps agent needs.
  public static let defaultSets: Set<MCPToolSet> = [.places, .ratings, .favorites, .settings]

  /// The word that stands for every set.
  public static let allName = "all"

  /// Every name `--toolsets` accepts, in the order help and errors show them.
  public static var validNames: [String] { allCases.map(\.rawValue) + [allName] }

  /// A name that is no tool set.
  public struct UnknownName: Error, Equatable {
    /// The name as given.
    public let name: String
  }

  /// The sets a comma-separated list names (`places,ratings`, `all`); case and spaces around names do not
  /// matter, an empty list means the default sets.
  public static func parse(_ list: String) throws(UnknownName) -> Set<MCPToolSet> {
    var sets: Set<MCPToolSet> = []
    let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    for name in names where !name.isEmpty {
      if name == allName {
        sets.formUnion(allCases)
      } else if let set = MCPToolSet(rawValue: name) {
        sets.insert(set)
      } else {
        throw UnknownName(name: String(name.prefix(64)))
      }
    }
    return sets.isEmpty ? defaultSets : sets
  }

  /// The set the tool called `toolName` belongs to.
  static func of(tool toolName: String) -> MCPToolSet? {
    if MCPToolCatalogue.routeTools.contains(where: { $0.name == toolName }) { return .routes }
    let prefix = toolName.prefix { $0 != "_" }
    switch prefix {
    case "places": return .places
    case "rating": return .ratings
    case "favorites": return .favorites
    case "settings": return .settings
    case "fruits", "fruitlog": return .fruits
    case "users": return .people
    case "crypto": return .crypto
    default: return nil
    }
  }

  public static func < (lhs: MCPToolSet, rhs: MCPToolSet) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}
