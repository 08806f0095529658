import Foundation

/// Where the store lives when nothing says otherwise.
public enum StoreLocation {
  /// `$XDG_DATA_HOME/beacon/beacon.sqlite`, else `~/.local/share/beacon/beacon.sqlite`; on macOS
  /// `~/Library/Application Support/Beacon/beacon.sqlite`.
  public static func defaultPath(environment: [String: String], home: String = NSHomeDirectory()) -> String {
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
