import BeaconCore
import BeaconCrypto
import BeaconFruits
import BeaconJSON
import BeaconPeople
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// Every response is written by `JSONStreamEncoder` (issue 26): for each result in the schema's examples, decoded
/// into its method's response type, the streamed text is the text the tree encoder and writer make, and nothing
/// falls back.
@Suite struct StreamedResponseTests {
  /// Decodes each example result of `method` as `R.Response` and compares both encodings; returns how many.
  static func check<R: RequestType>(_ type: R.Type, in methods: [String: JSONValue]) throws -> Int
  where R.Response: Decodable {
    let examples = methods[R.method]?["examples"]?.arrayValue ?? []
    var checked = 0
    for example in examples {
      guard let value = example["result"]?["value"] else { continue }
      let response = try JSONValueDecoder().decode(R.Response.self, from: value)
      let tree = JSONWriter.serialize(try JSONValueEncoder().encode(response))
      var streamed: [UInt8] = []
      #expect(try JSONStreamEncoder().encode(response, into: &streamed), "\(R.method)")
      #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: tree, as: UTF8.self), "\(R.method)")
      checked += 1
    }
    return checked
  }

  @Test func everyExampleResultStreamsIdentically() throws {
    let methods = OpenRPCContractTests.methods(try OpenRPCContractTests.document())
    var checked = 0
    checked += try Self.check(SearchPlacesRequest.self, in: methods)
    checked += try Self.check(SearchAlongRouteRequest.self, in: methods)
    checked += try Self.check(ListFavoritesRequest.self, in: methods)
    checked += try Self.check(PlaceDetailsRequest.self, in: methods)
    checked += try Self.check(AutocompleteRequest.self, in: methods)
    checked += try Self.check(ImportPlacesRequest.self, in: methods)
    checked += try Self.check(InitializeRequest.self, in: methods)
    checked += try Self.check(PingRequest.self, in: methods)
    checked += try Self.check(AddRatingRequest.self, in: methods)
    checked += try Self.check(ListRatingsRequest.self, in: methods)
    checked += try Self.check(RatingSummaryRequest.self, in: methods)
    checked += try Self.check(AddFavoriteRequest.self, in: methods)
    checked += try Self.check(RemoveFavoriteRequest.self, in: methods)
    checked += try Self.check(FavoriteStatusRequest.self, in: methods)
    checked += try Self.check(GetSettingsRequest.self, in: methods)
    checked += try Self.check(UpdateSettingsRequest.self, in: methods)
    checked += try Self.check(ResetSettingsRequest.self, in: methods)
    checked += try Self.check(CryptoGlobalRequest.self, in: methods)
    checked += try Self.check(CryptoTickersRequest.self, in: methods)
    checked += try Self.check(CryptoTickerRequest.self, in: methods)
    checked += try Self.check(CryptoStatsRequest.self, in: methods)
    checked += try Self.check(GetCryptoSettingsRequest.self, in: methods)
    checked += try Self.check(UpdateCryptoSettingsRequest.self, in: methods)
    checked += try Self.check(ListFruitsRequest.self, in: methods)
    checked += try Self.check(GetFruitRequest.self, in: methods)
    checked += try Self.check(FruitGroupsRequest.self, in: methods)
    checked += try Self.check(FruitsByGroupRequest.self, in: methods)
    checked += try Self.check(AddFruitLogRequest.self, in: methods)
    checked += try Self.check(RemoveFruitLogRequest.self, in: methods)
    checked += try Self.check(FruitLogDaysRequest.self, in: methods)
    checked += try Self.check(ListUsersRequest.self, in: methods)
    checked += try Self.check(GetUserRequest.self, in: methods)
    checked += try Self.check(UserMapRequest.self, in: methods)
    checked += try Self.check(UpdateUserRequest.self, in: methods)
    checked += try Self.check(DeleteUserRequest.self, in: methods)
    checked += try Self.check(SetUserSeedRequest.self, in: methods)
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
