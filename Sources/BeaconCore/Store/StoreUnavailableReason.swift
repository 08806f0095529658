import Foundation

/// Why a store cannot be opened or made, said in the user's language; only another program's own words (SQLite's,
/// libpq's, an error number Beacon has no sentence for) stay as that program says them.
package enum StoreUnavailableReason: Sendable, Equatable {
  /// There is no file at the path.
  case noSuchFile
  /// The output of a copy or recovery exists already (nothing is overwritten).
  case outputExists
  /// Nothing in the file can be read as a database (`store recover` of a file that is none).
  case unreadable
  /// The system refused (an `errno` value: no such directory, no permission, a read-only file system, …).
  case system(Int32)
  /// The store can only be read (`readOnly`: why, in SQLite's or the system's words) and its schema `version` needs
  /// an upgrade to `latest`, which cannot be written.
  case readOnlyNeedsUpgrade(readOnly: String, version: Int, latest: Int)
  /// Another program's words (SQLite's, libpq's), as it said them.
  case said(String)

  /// The reason of a failed open: the system's error number when SQLite or Beacon had one, else SQLite's words.
  package init(_ error: any Error) {
    if let error = error as? SQLiteError {
      self = error.systemErrno.map(Self.system) ?? .said(error.message)
    } else {
      self = .said("\(error)")
    }
  }

  /// The reason in nb, nn and en.
  var texts: (String, String, String) {
    switch self {
    case .noSuchFile:
      ("filen finnes ikke", "fila finst ikkje", "there is no such file")
    case .outputExists:
      (
        "filen finnes fra før; velg en annen --output", "fila finst frå før; vel ein annan --output",
        "the file exists already; choose another --output"
      )
    case .unreadable:
      (
        "ingenting i filen kan leses som en database, så ingenting kan reddes fra den",
        "ingenting i fila kan lesast som ein database, så ingenting kan reddast frå henne",
        "nothing in the file can be read as a database, so nothing can be recovered from it"
      )
    case .system(let number):
      Self.systemTexts(number)
    case .readOnlyNeedsUpgrade(let readOnly, let version, let latest):
      {
        let (nb, nn, en) = LocalizedMessage.readOnlyReason(readOnly)
        return (
          "\(nb), og skjemaet (versjon \(version)) må oppgraderes til versjon \(latest), noe som ikke kan skrives",
          "\(nn), og skjemaet (versjon \(version)) må oppgraderast til versjon \(latest), noko som ikkje kan skrivast",
          "\(en), and its schema (version \(version)) needs an upgrade to version \(latest), which cannot be written"
        )
      }()
    case .said(let words):
      (words, words, words)
    }
  }

  /// The usual error numbers of opening or creating a file, in nb, nn and en; another as the system says it.
  static func systemTexts(_ number: Int32) -> (String, String, String) {
    switch number {
    case ENOENT:
      (
        "filen eller en mappe på veien dit finnes ikke", "fila eller ei mappe på vegen dit finst ikkje",
        "the file or a folder on the way to it does not exist"
      )
    case ENOTDIR:
      ("en del av stien er ikke en mappe", "ein del av stien er ikkje ei mappe", "a part of the path is not a folder")
    case EISDIR:
      ("stien er en mappe, ikke en fil", "stien er ei mappe, ikkje ei fil", "the path is a folder, not a file")
    case EACCES, EPERM:
      ("mangler tilgang", "manglar tilgang", "permission denied")
    case EROFS:
      ("filsystemet er skrivebeskyttet", "filsystemet er skriveverna", "the file system is read-only")
    case ENOSPC, EDQUOT:
      ("disken er full", "disken er full", "the disk is full")
    case ENAMETOOLONG:
      ("stien er for lang", "stien er for lang", "the path is too long")
    case ELOOP:
      (
        "stien har for mange symbolske lenker", "stien har for mange symbolske lenkjer",
        "the path has too many symbolic links"
      )
    default:
      {
        let words = String(cString: strerror(number))
        return (words, words, words)
      }()
    }
  }
}
