import Foundation
import JSONRPC
import Testing

/// `Documentation/Protocol.md` summarizes `Schemas/openrpc.json` for people: its method table must list
/// exactly the methods of the document, each once.
@Suite struct ProtocolDocumentationTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let schemaFile = packageRoot.appendingPathComponent("Schemas/openrpc.json")
  static let protocolFile = packageRoot.appendingPathComponent("Documentation/Protocol.md")

  /// The method names in `openrpc.json`, in document order.
  static func documentedMethods() throws -> [String] {
    let document = try JSONParser.parse(Array(try Data(contentsOf: schemaFile)))
    return (document["methods"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
  }

  /// The method names in the first column of the table under `## Methods` in `Protocol.md`, in table order.
  ///
  /// A row's first cell must be the method name in backticks, e.g. `` | `places/search` | … | ``.
  static func tabulatedMethods() throws -> [String] {
    let text = try String(contentsOf: protocolFile, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard let heading = lines.firstIndex(of: "## Methods") else { return [] }
    var rows: [String] = []
    var inTable = false
    for line in lines[(heading + 1)...] {
      if line.hasPrefix("#") { break }
      if line.hasPrefix("|") {
        inTable = true
        rows.append(line)
      } else if inTable {
        break  // The first table under the heading has ended.
      }
    }
    // Drop the header row and the `|---|` separator.
    return rows.dropFirst(2).compactMap { row in
      let firstCell = row.dropFirst().prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces)
      guard firstCell.count > 2, firstCell.hasPrefix("`"), firstCell.hasSuffix("`") else { return firstCell }
      return String(firstCell.dropFirst().dropLast())
    }
  }

  @Test func theMethodTableListsExactlyTheMethodsOfTheOpenRPCDocument() throws {
    let documented = try Self.documentedMethods()
    let tabulated = try Self.tabulatedMethods()
    #expect(!documented.isEmpty, "no methods in \(Self.schemaFile.path)")
    #expect(!tabulated.isEmpty, "no method table under '## Methods' in \(Self.protocolFile.path)")

    let missingFromTable = Set(documented).subtracting(tabulated)
    let missingFromDocument = Set(tabulated).subtracting(documented)
    #expect(missingFromTable.isEmpty, "in openrpc.json but not in Protocol.md's table: \(missingFromTable.sorted())")
    #expect(
      missingFromDocument.isEmpty,
      "in Protocol.md's table but not in openrpc.json: \(missingFromDocument.sorted())"
    )
  }

  @Test func theMethodTableListsEachMethodOnce() throws {
    let tabulated = try Self.tabulatedMethods()
    let duplicates = Dictionary(grouping: tabulated, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    #expect(duplicates.isEmpty, "listed more than once in Protocol.md's table: \(duplicates)")
  }
}
