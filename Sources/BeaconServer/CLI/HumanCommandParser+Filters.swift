import BeaconCore
import BeaconJSON

extension HumanCommandParser {
  /// The filter options of `beacon search`.
  static let filterOptions: Set<String> = [
    "--diet", "--cuisine", "--wheelchair", "--outdoor-seating", "--takeaway", "--open-at", "--open-for",
    "--min-rating",
  ]

  /// The option of `beacon search` that gives each param the server may refuse by name (in `data.field`).
  static let optionOfParam: [String: String] = [
    "openAt": "--open-at", "openFor": "--open-for", "cuisine": "--cuisine", "diet": "--diet",
    "wheelchair": "--wheelchair", "minRating": "--min-rating", "text": "--text", "limit": "--limit",
    "radiusMeters": "--radius", "center": "--near", "category": "--category", "sort": "--sort",
  ]

  /// Every value given for `name`, each split at commas (`--diet vegan,halal` or `--diet vegan --diet halal`).
  func listValues(_ name: String) -> [String] {
    options.entries.filter { $0.name == name }.compactMap(\.value)
      .flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() } }
      .filter { !$0.isEmpty }
  }

  /// The `places/search` filter params from the filter options. Fixed choices and numbers are checked here, in
  /// the options' own words; cuisine values and `--open-at` are checked by the server, in the session's language.
  func filterParams() throws(UsageError) -> [String: JSONValue] {
    var params: [String: JSONValue] = [:]
    let diets = listValues("--diet")
    for diet in diets where Diet(rawValue: diet) == nil {
      throw UsageError(.invalidChoice(option: "--diet", value: diet, choices: Diet.allCases.map(\.rawValue)))
    }
    if !diets.isEmpty { params["diet"] = .array(diets.map(JSONValue.string)) }
    let cuisines = listValues("--cuisine")
    if !cuisines.isEmpty { params["cuisine"] = .array(cuisines.map(JSONValue.string)) }
    if let value = last("--wheelchair") {
      let choices = [Wheelchair.yes.rawValue, Wheelchair.limited.rawValue]
      guard choices.contains(value.lowercased()) else {
        throw UsageError(.invalidChoice(option: "--wheelchair", value: value, choices: choices))
      }
      params["wheelchair"] = .string(value.lowercased())
    }
    if has("--outdoor-seating") { params["outdoorSeating"] = true }
    if has("--takeaway") { params["takeaway"] = true }
    if let value = last("--open-at") { params["openAt"] = .string(value.trimmingCharacters(in: .whitespaces)) }
    if let minutes = try integer("--open-for", in: PlaceFilters.openForRange) { params["openFor"] = .int(minutes) }
    if let value = last("--min-rating") {
      guard let rating = Self.decimal(value), rating.isFinite else {
        throw UsageError(.invalidNumber(option: "--min-rating", value: value))
      }
      guard PlaceFilters.ratingRange.contains(rating) else {
        throw UsageError(.outOfRange(option: "--min-rating", lower: "1", upper: "5", value: value, unit: nil))
      }
      params["minRating"] = .double(rating)
    }
    return params
  }
}
