import Foundation
import JSONRPC
import Testing

extension EndToEnd {
  /// `beacon call rpc.discover` prints the OpenRPC contract, and it holds together.
  @Suite struct DiscoverEndToEndTests {
    static func references(in value: JSONValue) -> [String] {
      switch value {
      case .object(let members):
        return (members["$ref"]?.stringValue.map { [$0] } ?? []) + members.values.flatMap(references(in:))
      case .array(let elements):
        return elements.flatMap(references(in:))
      default:
        return []
      }
    }

    static func resolves(_ reference: String, in document: JSONValue) -> Bool {
      guard reference.hasPrefix("#/") else { return false }
      var node: JSONValue? = document
      for token in reference.dropFirst(2).split(separator: "/") {
        node = node?[token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")]
      }
      return node != nil
    }

    @Test func theCLIPrintsAStructurallyValidOpenRPCDocument() throws {
      let result = try BeaconProcess.run(["call", "rpc.discover"])
      #expect(result.termination == .exited(0), "\(result.stderr)")
      let document = try JSONParser.parse(Array(result.stdout.utf8))
      #expect(document["openrpc"]?.stringValue?.hasPrefix("1.3.") == true)
      #expect(document["info"]?["title"] == "Beacon")
      #expect(document["info"]?["version"]?.stringValue?.isEmpty == false)
      let names = (document["methods"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
      #expect(names.count >= 16)
      #expect(Set(names).count == names.count)
      #expect(names.contains("places/search") && names.contains("rpc.discover"))
      let unresolved = Self.references(in: document).filter { !Self.resolves($0, in: document) }
      #expect(unresolved.isEmpty, "\(unresolved)")
      for method in document["methods"]?.arrayValue ?? [] {
        #expect(method["params"]?.arrayValue != nil)
        #expect(method["result"]?["schema"] != nil)
      }
    }
  }
}
