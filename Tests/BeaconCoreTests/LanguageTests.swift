import Testing

@testable import BeaconCore

@Suite struct LanguageTests {
  @Test(arguments: [
    ("nb", Language.nb), ("nb-NO", .nb), ("no", .nb), ("NO_no", .nb), ("nn", .nn), ("nn-NO", .nn),
    ("en", .en), ("en-GB", .en), ("EN_us", .en),
  ])
  func readsBCP47Tags(tag: String, expected: Language) {
    #expect(Language(bcp47: tag) == expected)
  }

  @Test(arguments: ["", "de", "sv-SE", "klingon", "-"])
  func rejectsOtherLanguages(tag: String) {
    #expect(Language(bcp47: tag) == nil)
  }

  @Test func defaultsToBokmal() {
    #expect(Language.defaultLanguage == .nb)
  }
}
