// libFuzzer target: a message body → EnvelopeScanner, against JSONParser + IncomingMessage (the general path of
// `Dispatcher.receive(_:)`), differentially.
//
// The first input byte is a control byte; the rest is the body:
// - `control % 4` picks the depth limit (1, 2, 3 or the default), so the limit paths are reachable with small inputs.
//
// Checked on every input (a failed check is a crash, which libFuzzer reports and saves): whenever the scanner reads
// a body (returns a message), the parser reads the same body as one object and `IncomingMessage` classifies it as
// exactly that message; a body the parser refuses is never read by the scanner.
//
// Built by Scripts/fuzz.sh; not part of the package.

import BeaconJSON
import JSONRPC

private let exactNumberKeys: Set<String> = ["id", "requestId"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvelope(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let maxDepth = [1, 2, 3, JSONParser.defaultMaxDepth][Int(data[0]) % 4]
  let body = UnsafeBufferPointer(start: data + 1, count: size - 1)
  let scanner = EnvelopeScanner(maxDepth: maxDepth, exactNumberKeys: exactNumberKeys)
  guard let found = scanner.scan(body) else { return 0 }
  let value: JSONValue
  do {
    value = try JSONParser.parse(Array(body), maxDepth: maxDepth, exactNumberKeys: exactNumberKeys)
  } catch {
    preconditionFailure("the scanner read \(found) from a body the parser refuses: \(error)")
  }
  guard case .object = value else { preconditionFailure("the scanner read \(found) from \(value)") }
  let expected = IncomingMessage(value)
  precondition(found == expected, "the scanner read \(found), the general path \(expected)")
  return 0
}
