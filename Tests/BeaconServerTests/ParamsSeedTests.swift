import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// The params fuzzer's seeds (`Fuzz/Corpus/params`) name their method: `name`, a NUL byte, then the params. A seed
/// whose name is no method would be skipped by the fuzzer without a word, so every name must be a method's.
@Suite struct ParamsSeedTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/params")

  /// The names the fuzzer knows: every descriptor's method, and MCP's own methods as `mcp:…`.
  static let names = Set(MethodDescriptor.all.map(\.method)).union(
    [MCPInitializeRequest.method, ListToolsRequest.method, CallToolRequest.method, SetLogLevelRequest.method].map {
      "mcp:" + $0
    }
  )

  @Test func everySeedNamesAMethodAndEveryDescriptorHasASeed() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
    #expect(files.count > 100)
    var seeded: Set<String> = []
    for file in files {
      let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(file)))
      let separator = try #require(bytes.firstIndex(of: 0), "\(file): no NUL after the method's name")
      let name = String(decoding: bytes[..<separator], as: UTF8.self)
      #expect(Self.names.contains(name), "\(file): '\(name)' is no method")
      seeded.insert(name)
    }
    #expect(
      Self.names.subtracting(seeded).isEmpty,
      "methods without a seed: \(Self.names.subtracting(seeded).sorted())"
    )
  }
}
