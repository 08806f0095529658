import BeaconCore
import Testing

@testable import BeaconServer

/// `beacon store copy`'s counts agree with their number in Norwegian: one "ny" (a place "nytt"), "oppdatert" and
/// "uendret"; other numbers "nye", "oppdaterte" and "uendrede" (Nynorsk "uendra" for any number).
@Suite struct StoreCopyTextTests {
  @Test func oneAndManyAgreeInEveryLanguage() {
    let cases: [(StoreCopyText, [Language: String])] = [
      (
        .places(added: 1, updated: 1, unchanged: 1),
        [
          .nb: "  steder: 1 nytt, 1 oppdatert, 1 uendret", .nn: "  stader: 1 ny, 1 oppdatert, 1 uendra",
          .en: "  places: 1 added, 1 updated, 1 unchanged",
        ]
      ),
      (
        .places(added: 2, updated: 0, unchanged: 3),
        [.nb: "  steder: 2 nye, 0 oppdaterte, 3 uendrede", .nn: "  stader: 2 nye, 0 oppdaterte, 3 uendra"]
      ),
      (.ratings(added: 1, present: 0, renumbered: 0), [.nb: "  vurderinger: 1 ny, 0 fantes fra før"]),
      (.favorites(added: 1), [.nb: "  favoritter: 1 ny", .nn: "  favorittar: 1 ny"]),
      (.favorites(added: 5), [.nb: "  favoritter: 5 nye"]),
    ]
    for (text, expected) in cases {
      for (language, line) in expected { #expect(text.text(in: language) == line) }
    }
  }
}
