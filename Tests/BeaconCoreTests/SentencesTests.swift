import Testing

@testable import BeaconCore

/// Sentences shown together never run into each other.
@Suite struct SentencesTests {
  @Test func aSingleSentenceIsLeftAsItIs() {
    #expect(Sentences.join(["Ingen treff"]) == "Ingen treff")
    #expect(Sentences.join([nil, "Ingen treff", "  "]) == "Ingen treff")
    #expect(Sentences.join([nil, ""]) == nil)
  }

  @Test func severalSentencesEachEndWithAFullStopUnlessTheyHavePunctuation() {
    #expect(
      Sentences.join(["Ingen treff", "Uten nøkkel søker Beacon lokalt"])
        == "Ingen treff. Uten nøkkel søker Beacon lokalt."
    )
    #expect(Sentences.join(["Mente du '--limit'?", "Søker …", "Ferdig."]) == "Mente du '--limit'? Søker … Ferdig.")
    #expect(Sentences.join([" Først ", nil, "så\n"]) == "Først. så.")
  }

  @Test func everyLanguagesSearchNoticeJoinsAsTwoSentences() {
    for language in Language.allCases {
      let joined = Sentences.join([
        LocalizedMessage.noResults.text(in: language), LocalizedMessage.offlineWithoutKey.text(in: language),
      ])
      #expect(joined?.contains(LocalizedMessage.noResults.text(in: language) + ". ") == true, "\(language)")
      #expect(joined?.hasSuffix(".") == true, "\(language)")
    }
  }
}
