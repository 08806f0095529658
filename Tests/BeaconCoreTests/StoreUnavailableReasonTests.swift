import Foundation
import Testing

@testable import BeaconCore

/// Why a store cannot be opened is said in the user's language: the system's refusals by their error number, never
/// the C library's English words inside a Norwegian sentence.
@Suite struct StoreUnavailableReasonTests {
  static func failure(opening path: String) -> BeaconError? {
    do {
      _ = try Store.open(path: path)
      return nil
    } catch {
      return error
    }
  }

  #if os(Linux)
  @Test(arguments: [
    (
      "/dev/null/beacon.sqlite", ENOTDIR,
      [
        "Kan ikke åpne databasen '/dev/null/beacon.sqlite': en del av stien er ikke en mappe",
        "Kan ikkje opne databasen '/dev/null/beacon.sqlite': ein del av stien er ikkje ei mappe",
        "Cannot open the database '/dev/null/beacon.sqlite': a part of the path is not a folder",
      ]
    ),
    (
      "/proc/beacon.sqlite", ENOENT,
      [
        "Kan ikke åpne databasen '/proc/beacon.sqlite': filen eller en mappe på veien dit finnes ikke",
        "Kan ikkje opne databasen '/proc/beacon.sqlite': fila eller ei mappe på vegen dit finst ikkje",
        "Cannot open the database '/proc/beacon.sqlite': the file or a folder on the way to it does not exist",
      ]
    ),
  ])
  func theSystemsRefusalIsSaidInEveryLanguage(path: String, number: Int32, sentences: [String]) throws {
    let error = try #require(Self.failure(opening: path))
    #expect(error == .storeUnavailable(path: path, reason: .system(number)))
    #expect(Language.allCases.map(error.message(in:)) == sentences)
  }
  #endif

  @Test func everyReasonOfBeaconsOwnIsSaidInThreeLanguages() {
    let reasons: [StoreUnavailableReason] =
      [
        .noSuchFile, .outputExists, .unreadable,
        .readOnlyNeedsUpgrade(readOnly: "the file is write-protected", version: 3, latest: 14),
      ]
      + [ENOENT, ENOTDIR, EISDIR, EACCES, EROFS, ENOSPC, ENAMETOOLONG, ELOOP].map(StoreUnavailableReason.system)
    for reason in reasons {
      let (nb, nn, en) = reason.texts
      #expect(Set([nb, nn, en]).count >= 2, "\(reason)")
      #expect(nb != String(cString: strerror(EACCES)))
    }
    #expect(
      LocalizedMessage.storeUnavailable(path: "/a.sqlite", reason: reasons[3]).text(in: .nb)
        == "Kan ikke åpne databasen '/a.sqlite': filen er skrivebeskyttet, og skjemaet (versjon 3) må oppgraderes "
        + "til versjon 14, noe som ikke kan skrives"
    )
  }

  /// An error number without a sentence of Beacon's, and another program's words, are shown as they are.
  @Test func otherWordsStayAsTheyAre() {
    #expect(StoreUnavailableReason.system(EMLINK).texts.0 == String(cString: strerror(EMLINK)))
    #expect(
      StoreUnavailableReason(SQLiteError(code: 26, message: "file is not a database"))
        == .said("file is not a database")
    )
    #expect(StoreUnavailableReason(SQLiteError(code: 14, message: "x", systemErrno: EROFS)) == .system(EROFS))
  }
}
