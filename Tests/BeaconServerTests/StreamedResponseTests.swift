import BeaconCore
import BeaconJSON
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// Every response is written by `JSONStreamEncoder`: for each result in the schema's examples, decoded
/// into its method's response type, the streamed text is the text the tree encoder and writer make, and nothing
/// falls back.
@Suite struct StreamedResponseTests {
  /// Decodes each example result of `method` as its request type's `Response` and compares both encodings; returns how
  /// many.
  static func check<R: RequestType>(_ type: R.Type, in methods: [String: JSONValue]) throws -> Int {
    guard let response = R.Response.self as? any Decodable.Type else {
      Issue.record("\(R.method): its result cannot be decoded")
      return 0
    }
    return try check(R.self, as: response, in: methods)
  }

  private static func check<R: RequestType, Response: Decodable>(
    _ type: R.Type,
    as response: Response.Type,
    in methods: [String: JSONValue]
  ) throws -> Int {
    let examples = methods[R.method]?["examples"]?.arrayValue ?? []
    var checked = 0
    for example in examples {
      guard let value = example["result"]?["value"] else { continue }
      guard let response = try JSONValueDecoder().decode(Response.self, from: value) as? R.Response else { continue }
      let tree = JSONWriter.serialize(try JSONValueEncoder().encode(response))
      var streamed: [UInt8] = []
      #expect(try JSONStreamEncoder().encode(response, into: &streamed), "\(R.method)")
      #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: tree, as: UTF8.self), "\(R.method)")
      checked += 1
    }
    return checked
  }

  /// Every method's (``MethodDescriptor/all``) example results, each with at least one.
  @Test func everyExampleResultStreamsIdentically() throws {
    let methods = OpenRPCContractTests.methods(try OpenRPCContractTests.document())
    var checked = 0
    for descriptor in MethodDescriptor.all {
      let count = try Self.check(descriptor.requestType, in: methods)
      #expect(count >= 1, "\(descriptor.method): no example result")
      checked += count
    }
    #expect(checked >= 36)
  }

  /// The hand-written writers (`JSONWritable`) give each example's `Codable` text: the search's result itself, and
  /// the summaries in the results of the along-route search and the favourites.
  @Test func everyExampleSummaryWritesAsItsCodableConformance() throws {
    let methods = OpenRPCContractTests.methods(try OpenRPCContractTests.document())
    var checked = 0
    for method in [SearchPlacesRequest.method, SearchAlongRouteRequest.method, ListFavoritesRequest.method] {
      for example in methods[method]?["examples"]?.arrayValue ?? [] {
        guard let value = example["result"]?["value"] else { continue }
        var writables: [any JSONWritable] = []
        if method == SearchPlacesRequest.method {
          writables.append(try JSONValueDecoder().decode(PlaceSearchResult.self, from: value))
        }
        let places = try JSONValueDecoder().decode([PlaceSummary].self, from: value["places"] ?? .array([]))
        writables += places.map { $0 as any JSONWritable }
        writables.append(places)
        for writable in writables {
          var written: [UInt8] = []
          writable.writeJSON(into: &written)
          let tree = JSONWriter.serialize(try JSONValueEncoder().encode(writable))
          #expect(String(decoding: written, as: UTF8.self) == String(decoding: tree, as: UTF8.self), "\(method)")
          checked += 1
        }
      }
    }
    #expect(checked >= 6)
  }

  /// A search result with every optional member present, and with none.
  @Test func searchResultsWithAndWithoutOptionalMembersStreamIdentically() throws {
    let methods = OpenRPCContractTests.methods(try OpenRPCContractTests.document())
    let examples = methods[SearchPlacesRequest.method]?["examples"]?.arrayValue ?? []
    let value = try #require(examples.first?["result"]?["value"])
    var full = try JSONValueDecoder().decode(PlaceSearchResult.self, from: value)
    full.message = "Ingen treff i \"nærleiken\"\n\u{1}"
    full.centerSource = "ip"
    full.city = "Tromsø 🧭"
    full.excludedUnknown = ["wheelchair": 2, "open": 0]
    full.fetchedAt = Date(timeIntervalSince1970: 1_795_639_815.5)
    var bare = full
    bare.message = nil
    bare.centerSource = nil
    bare.city = nil
    bare.excludedUnknown = nil
    bare.places = []
    for result in [full, bare] {
      let tree = JSONWriter.serialize(try JSONValueEncoder().encode(result))
      var streamed: [UInt8] = []
      #expect(try JSONStreamEncoder().encode(result, into: &streamed))
      #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: tree, as: UTF8.self))
    }
  }
}
