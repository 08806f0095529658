import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The peak resident set size of a process in bytes, where the platform tells (Linux `/proc`).
func peakResidentBytes(of pid: Int32) -> Int? {
  statusBytes("VmHWM:", of: pid)
}

/// The resident set size of `pid` now, from `/proc/<pid>/status` (`VmRSS`), or `nil` where there is no `/proc`.
func residentBytes(of pid: Int32) -> Int? {
  statusBytes("VmRSS:", of: pid)
}

/// A `… kB` field of `/proc/<pid>/status`, in bytes.
private func statusBytes(_ field: String, of pid: Int32) -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
  for line in status.split(separator: "\n") where line.hasPrefix(field) {
    let fields = line.split(separator: " ")
    guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
    return kilobytes * 1024
  }
  return nil
}
