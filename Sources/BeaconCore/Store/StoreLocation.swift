import Foundation

/// Where the store lives when nothing says otherwise.
package enum StoreLocation {
  /// `$XDG_DATA_HOME/beacon/beacon.sqlite`, else `~/.local/share/beacon/beacon.sqlite`; on macOS
  /// `~/Library/Application Support/Beacon/beacon.sqlite`. The home directory is `$HOME` when set
  /// (as users and sandboxes expect), else the account's.
  package static func defaultPath(environment: [String: String], home: String? = nil) -> String {
    let home = home ?? environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    #if os(macOS)
    return home + "/Library/Application Support/Beacon/beacon.sqlite"
    #else
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return dataHome + "/beacon/beacon.sqlite"
    }
    return home + "/.local/share/beacon/beacon.sqlite"
    #endif
  }
}
