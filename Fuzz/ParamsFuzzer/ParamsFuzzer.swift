// libFuzzer target: the params of every request type Beacon registers (JSON-RPC and MCP), decoded from a
// JSONValue by `Dispatcher.decodeParams` (JSONValueDecoder), as the dispatcher does before a handler runs.
//
// Input: the method's name (`rating/add`; MCP's own methods as `mcp:tools/call`), a NUL byte, then the params as
// JSON text. Seeds name their method, so adding a method re-aims none of them; an input whose name is no method
// (libFuzzer mutates names too) is skipped. Inputs that are not JSON, or whose params are not an object, an array
// or null, never reach decoding (IncomingMessage rejects them) and are skipped.
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

/// Every request type registered by `BeaconServer` (``MethodDescriptor/all``) and `MCPServer` (test-only methods
/// excluded), by the name a seed gives.
private let requestTypes: [String: any (RequestType & Encodable & Equatable).Type] = {
  var types: [String: any (RequestType & Encodable & Equatable).Type] = [:]
  for descriptor in MethodDescriptor.all { types[descriptor.method] = descriptor.requestType }
  let mcp: [any (RequestType & Encodable & Equatable).Type] = [
    MCPInitializeRequest.self, ListToolsRequest.self, CallToolRequest.self, SetLogLevelRequest.self,
  ]
  for type in mcp { types["mcp:" + type.method] = type }
  return types
}()

/// Once, before fuzzing: every method of the contract (`Schemas/openrpc.json`, read from the working directory,
/// which Scripts/fuzz.sh sets to the repository) must have its request type in `requestTypes`, that is a descriptor.
@_cdecl("LLVMFuzzerInitialize")
public func initializeParamsFuzzer(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
  guard let data = FileManager.default.contents(atPath: "Schemas/openrpc.json"),
    let document = try? JSONParser.parse(Array(data)), let methods = document["methods"]?.arrayValue
  else {
    preconditionFailure("Schemas/openrpc.json not found: run from the repository (Scripts/fuzz.sh)")
  }
  let covered = Set(requestTypes.keys).union([Dispatcher.shutdownMethod])
  let missing = methods.compactMap { $0["name"]?.stringValue }.filter { !covered.contains($0) }
  precondition(missing.isEmpty, "methods of the contract without a MethodDescriptor: \(missing)")
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParams(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let input = UnsafeBufferPointer(start: data, count: size)
  guard let separator = input.firstIndex(of: 0),
    let type = requestTypes[String(decoding: input[..<separator], as: UTF8.self)]
  else { return 0 }
  let text = Array(input[(separator + 1)...])
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
