// libFuzzer target: the params of every request type Beacon registers (JSON-RPC and MCP), decoded from a
// JSONValue by `Dispatcher.decodeParams` (JSONValueDecoder), as the dispatcher does before a handler runs.
//
// Input: a control byte choosing the request type (`control % requestTypes.count`, in the order of
// `requestTypes` below), then the params as JSON text. Inputs that are not JSON, or whose params are
// not an object, an array or null, never reach decoding (IncomingMessage rejects them) and are skipped.
//
// Checked on every input (a failed check is a crash, which libFuzzer reports and saves):
// - the request's ordering can be decided from the raw params;
// - decoding either succeeds or throws an error the dispatcher answers with -32602 (a `DecodingError`
//   or a `ResponseError`); anything else would become -32603 `internalError`;
// - the -32602 answer is valid JSON that reads back the same;
// - a decoded request encodes (JSONValueEncoder, as InProcessClient sends it) to params that decode to
//   an equal request.
//
// Built by Scripts/fuzz.sh against the SwiftPM-built modules (with -enable-testing); not part of the package.

import BeaconServer
import Foundation

@testable import JSONRPC

/// Every request type registered by `BeaconServer` and `MCPServer` (test-only methods excluded).
/// Keep in step with Fuzz/Corpus/params (the seeds' first byte is an index into this list).
private let requestTypes: [any (RequestType & Encodable & Equatable).Type] = [
  InitializeRequest.self, PingRequest.self, DiscoverRequest.self,
  AddRatingRequest.self, ListRatingsRequest.self, AddFavoriteRequest.self, RemoveFavoriteRequest.self,
  ListFavoritesRequest.self, GetSettingsRequest.self, UpdateSettingsRequest.self, ResetSettingsRequest.self,
  SearchPlacesRequest.self, PlaceDetailsRequest.self, AutocompleteRequest.self, ImportPlacesRequest.self,
  ListFruitsRequest.self, GetFruitRequest.self, FruitGroupsRequest.self, FruitsByGroupRequest.self,
  AddFruitLogRequest.self, RemoveFruitLogRequest.self, FruitLogDaysRequest.self,
  CryptoGlobalRequest.self, CryptoTickersRequest.self, CryptoTickerRequest.self, CryptoStatsRequest.self,
  GetCryptoSettingsRequest.self, UpdateCryptoSettingsRequest.self,
  ListUsersRequest.self, GetUserRequest.self, UserMapRequest.self, UpdateUserRequest.self,
  DeleteUserRequest.self, SetUserSeedRequest.self,
  MCPInitializeRequest.self, ListToolsRequest.self, CallToolRequest.self, SetLogLevelRequest.self,
]

/// Once, before fuzzing: every method of the contract (`Schemas/openrpc.json`, read from the working directory,
/// which Scripts/fuzz.sh sets to the repository) must have its request type in `requestTypes`.
@_cdecl("LLVMFuzzerInitialize")
public func initializeParamsFuzzer(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
  guard let data = FileManager.default.contents(atPath: "Schemas/openrpc.json"),
    let document = try? JSONParser.parse(Array(data)), let methods = document["methods"]?.arrayValue
  else {
    preconditionFailure("Schemas/openrpc.json not found: run from the repository (Scripts/fuzz.sh)")
  }
  let covered = Set(requestTypes.map { $0.method }).union([Dispatcher.shutdownMethod])
  let missing = methods.compactMap { $0["name"]?.stringValue }.filter { !covered.contains($0) }
  precondition(missing.isEmpty, "request types missing from Fuzz/ParamsFuzzer: \(missing)")
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParams(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let type = requestTypes[Int(data[0]) % requestTypes.count]
  let text = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let params: JSONValue?
  switch try? JSONParser.parse(text) {
  case .object(let members)?: params = .object(members)
  case .array(let elements)?: params = .array(elements)
  case .null?: params = nil
  default: return 0
  }
  check(type, params: params)
  return 0
}

private func check<Request: RequestType & Encodable & Equatable>(_ type: Request.Type, params: JSONValue?) {
  _ = Request.ordering(for: params)
  let request: Request
  do {
    request = try Dispatcher.decodeParams(Request.self, from: params)
  } catch let error as DecodingError {
    checkAnswer(Dispatcher.invalidParams(error))
    return
  } catch let error as ResponseError {
    checkAnswer(error)
    return
  } catch {
    preconditionFailure("\(Request.method): decoding threw \(error), which would be answered as internalError")
  }
  let encoded: JSONValue
  do {
    encoded = try JSONValueEncoder().encode(request)
  } catch {
    preconditionFailure("\(Request.method): a decoded request does not encode: \(error)")
  }
  do {
    let again = try Dispatcher.decodeParams(Request.self, from: encoded)
    precondition(again == request, "\(Request.method): re-decoded \(again) differs from \(request)")
  } catch {
    preconditionFailure("\(Request.method): encoded params \(encoded) do not decode: \(error)")
  }
}

/// The -32602 answer must be valid JSON that reads back as the same error.
private func checkAnswer(_ error: ResponseError) {
  let text = JSONWriter.serialize(["jsonrpc": "2.0", "id": 1, "error": error.jsonValue])
  do {
    let answer = try JSONParser.parse(text)
    precondition(answer["error"]?["message"] == .string(error.message), "the answer lost its message")
  } catch {
    preconditionFailure("the answer is not valid JSON: \(error)")
  }
}
