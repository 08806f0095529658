import BeaconCore
import Foundation

/// Text for the MCP tools whose results the command line has no view of.
enum MCPToolText {
  /// One line per suggestion: name, address, distance, kind, and the coordinates to search around.
  static func suggestions(_ suggestions: [Suggestion], output: HumanOutput) -> [String] {
    guard !suggestions.isEmpty else { return [output.text(.core(.noResults))] }
    return suggestions.enumerated().map { index, suggestion in
      let parts = [
        HumanOutput.singleLine(suggestion.name),
        suggestion.address.map(HumanOutput.singleLine),
        output.distance(suggestion.distanceMeters),
        suggestion.kind,
        output.coordinate(suggestion.location),
      ]
      return "\(index + 1). " + parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
    }
  }

  /// The average, then one line per rating: stars, date and comment.
  static func ratings(_ result: ListRatingsRequest.Response, output: HumanOutput) -> [String] {
    guard let summary = result.summary else { return [output.text(.noRatings)] }
    let lines = result.ratings.map { rating in
      let filled = min(max(rating.stars, 0), 5)
      let stars = String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
      let comment = rating.comment.map { " " + HumanOutput.singleLine($0) } ?? ""
      return "\(stars) \(output.date(rating.createdAt))\(comment)"
    }
    // An agent reads the text: it must know the list goes on, and how to get the rest.
    let more = result.nextCursor.map { ["… cursor: \($0)"] } ?? []
    return [output.rating(summary)] + lines + more
  }
}
