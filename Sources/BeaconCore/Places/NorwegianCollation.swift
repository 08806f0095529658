import Foundation

/// Sort keys for the Norwegian alphabet: A–Z, then Æ, Ø, Å; case and other accents ignored.
///
/// Written out rather than left to the platform's collator so the order is the same on every machine.
package enum NorwegianCollation {
  /// A key that sorts `text` in Norwegian order when compared with `<`.
  package static func key(_ text: String) -> String {
    var key = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      switch scalar {
      case "æ", "ä": key.append("{")  // The three code points after "z".
      case "ø", "ö": key.append("|")
      case "å": key.append("}")
      case _ where scalar.isASCII:
        key.append(scalar)  // Nothing to fold (and folding through Foundation costs microseconds a letter).
      default:
        let folded = String(scalar).folding(options: [.diacriticInsensitive], locale: nil)
        key.append(contentsOf: folded.unicodeScalars)
      }
    }
    return String(key)
  }
}
