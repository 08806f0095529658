import BeaconCore
import Foundation

/// A group of MCP tools a user switches on together (`beacon mcp --toolsets places,ratings`): a ``Feature``'s
/// tools. Every tool belongs to exactly one set, and only the tools of the chosen sets are listed and callable.
///
/// One set per built ``Feature`` that has tools, of the same name: the tools of that feature's methods (see the
/// features' files for what each holds; each declares its set's name, e.g. ``MCPToolSet/places``).
package struct MCPToolSet: Hashable, Sendable, Comparable {
  /// The feature whose tools the set holds.
  package let feature: Feature.Name

  /// The set of `feature`'s tools.
  init(_ feature: Feature.Name) {
    self.feature = feature
  }

  /// The set called `rawValue`, if a built feature's tools go by that name.
  package init?(rawValue: String) {
    guard let set = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = set
  }

  /// The set's name: its feature's.
  package var rawValue: String { feature.rawValue }

  /// Every set, in the order of ``Feature/built``.
  package static var allCases: [MCPToolSet] { Feature.built.compactMap(\.toolSet) }

  /// The sets `beacon mcp` serves when none are named: what a maps agent needs.
  package static var defaultSets: Set<MCPToolSet> {
    Set(Feature.built.filter { $0.toolSetRole == .standard }.compactMap(\.toolSet))
  }

  /// The word that stands for every set.
  package static let allName = "all"

  /// Every name `--toolsets` accepts, in the order help and errors show them.
  package static var validNames: [String] { allCases.map(\.rawValue) + [allName] }

  /// A name that is no tool set.
  package struct UnknownName: Error, Equatable {
    /// The name as given.
    package let name: String
  }

  /// The sets a comma-separated list names (`places,ratings`, `all`); case and spaces around names do not
  /// matter, an empty list means the default sets.
  package static func parse(_ list: String) throws(UnknownName) -> Set<MCPToolSet> {
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

  /// The set the tool called `toolName` belongs to: its method's feature's.
  static func of(tool toolName: String) -> MCPToolSet? {
    MethodDescriptor.all.first { $0.tool?.name == toolName }.flatMap { Feature.named($0.feature) }?.toolSet
  }

  package static func < (lhs: MCPToolSet, rhs: MCPToolSet) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}
