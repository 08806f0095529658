/// A framing fault (`data.reason` of a `framingError`) said for people, from the figures the error carries.
package struct FramingFaultMessage: Sendable, Equatable {
  /// The fault's stable name, e.g. `messageTooLarge`.
  package var reason: String
  /// The declared `Content-Length` (`messageTooLarge`).
  package var length: Int?
  /// The limit in force.
  package var limit: Int?
  /// What the client sent (an invalid length, a header line, a charset).
  package var value: String?

  /// A message for the fault `reason` with its figures.
  package init(reason: String, length: Int? = nil, limit: Int? = nil, value: String? = nil) {
    self.reason = reason
    self.length = length
    self.limit = limit
    self.value = value
  }

  /// The fragment in `language`, or `nil` for a fault this version does not know.
  package func text(in language: Language) -> String? {
    texts.map { language.choose($0) }
  }

  /// The (nb, nn, en) fragments: lower-case, to follow a colon.
  var texts: (String, String, String)? {
    let value = value ?? ""
    let length = length ?? 0
    let limit = limit ?? 0
    switch reason {
    case "missingContentLength":
      return (
        "meldingshodet mangler Content-Length", "meldingshovudet manglar Content-Length",
        "the header has no Content-Length"
      )
    case "duplicateContentLength":
      return (
        "meldingshodet har mer enn én Content-Length", "meldingshovudet har meir enn éin Content-Length",
        "the header has more than one Content-Length"
      )
    case "invalidContentLength":
      return (
        "ugyldig Content-Length '\(value)'", "ugyldig Content-Length '\(value)'", "invalid Content-Length '\(value)'"
      )
    case "zeroContentLength":
      return ("Content-Length er 0", "Content-Length er 0", "Content-Length is 0")
    case "messageTooLarge":
      return (
        "meldingen på \(length) byte er større enn grensen på \(limit) byte",
        "meldinga på \(length) byte er større enn grensa på \(limit) byte",
        "the message of \(length) bytes is larger than the limit of \(limit) bytes"
      )
    case "headerLineTooLong":
      return (
        "en linje i meldingshodet er lengre enn \(limit) byte",
        "ei linje i meldingshovudet er lengre enn \(limit) byte",
        "a header line is longer than \(limit) bytes"
      )
    case "tooManyHeaderFields":
      return (
        "meldingshodet har mer enn \(limit) felt", "meldingshovudet har meir enn \(limit) felt",
        "the header has more than \(limit) fields"
      )
    case "malformedHeaderLine":
      return (
        "linjen '\(value)' i meldingshodet mangler ':'", "linja '\(value)' i meldingshovudet manglar ':'",
        "the header line '\(value)' has no ':'"
      )
    case "unsupportedCharset":
      return (
        "tegnsettet '\(value)' støttes ikke, bare utf-8", "teiknsettet '\(value)' er ikkje støtta, berre utf-8",
        "the charset '\(value)' is not supported, only utf-8"
      )
    case "truncatedMessage":
      return (
        "inndataene sluttet midt i en melding", "inndata slutta midt i ei melding",
        "the input ended in the middle of a message"
      )
    default:
      return nil
    }
  }
}
