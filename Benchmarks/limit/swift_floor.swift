// The floor of a Swift program on this machine: link what Beacon links, answer one framed request, exit.
// Built twice by Benchmarks/run: with -DNETWORKING (Foundation + FoundationNetworking, as `beacon`) and
// without (Foundation only). Reads one Content-Length frame from stdin, writes a canned answer, then waits
// for the end of input, so the harness can time spawn → answer and read the idle RSS like Beacon's.
import Foundation

#if NETWORKING
  import FoundationNetworking
  // Touch the networking library so that it is loaded and initialized as in `beacon`.
  let request = URLRequest(url: URL(fileURLWithPath: "/"))
  let touched = request.httpMethod ?? ""
#else
  let touched = ""
#endif

var input: [UInt8] = []
var buffer = [UInt8](repeating: 0, count: 4096)
let separator: [UInt8] = [13, 10, 13, 10]
var answered = false
while true {
  let count = read(0, &buffer, buffer.count)
  if count <= 0 { break }
  input.append(contentsOf: buffer[0..<count])
  if !answered, input.count >= 4, (0...(input.count - 4)).contains(where: { Array(input[$0..<$0 + 4]) == separator }) {
    let body = #"{"jsonrpc":"2.0","id":1,"result":{}}"# + (touched.isEmpty ? "" : " ")
    let frame = Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    _ = frame.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    answered = true
  }
}
