/// How a live search splits its filters: what Geoapify applies (`conditions`, cuisine subcategories) and what
/// Beacon applies to the answers.
struct LiveFilterPlan: Sendable, Equatable {
  /// Geoapify's `conditions`, comma-joined (all must hold), when any.
  var conditions: [String]
  /// Geoapify's `categories`: the search's category, or its cuisine subcategories (any may hold).
  var categories: [String]
  /// The filters left to apply locally.
  var local: PlaceFilters

  /// Cuisine subcategories Geoapify has under `catering.restaurant` (those its documentation names and the
  /// common ones seen in its answers); other cuisines are filtered locally.
  static let restaurantCuisines: Set<String> = [
    "pizza", "burger", "regional", "italian", "chinese", "sushi", "indian", "japanese", "mexican", "thai",
    "french", "greek", "turkish", "vietnamese", "korean", "spanish", "seafood", "kebab", "asian", "american",
    "german", "steak_house", "international", "lebanese", "danish", "swedish",
  ]
  /// The subcategories of `catering.cafe`.
  static let cafeCuisines: Set<String> = [
    "waffle", "ice_cream", "coffee_shop", "donut", "crepe", "bubble_tea", "cake", "frozen_yogurt", "dessert",
    "coffee", "tea",
  ]

  /// The plan for `filters` in a search of `category`.
  init(filters: PlaceFilters, category: PlaceCategory) {
    local = filters
    conditions = []
    categories = [category.geoapifyKey]
    // Geoapify's conditions must all hold, so of several diets (any of which will do) none can go upstream.
    if filters.diet.count == 1, let diet = filters.diet.first {
      conditions.append(diet.rawValue)  // `vegan` includes `vegan.only`.
      local.diet = []
    }
    if let wheelchair = filters.wheelchair {
      conditions.append(wheelchair == .yes ? "wheelchair.yes" : "wheelchair")  // `wheelchair`: yes or limited.
      local.wheelchair = nil
    }
    let known: Set<String> =
      switch category {
      case .restaurant: Self.restaurantCuisines
      case .cafe: Self.cafeCuisines
      case .hotel: []
      }
    if !filters.cuisine.isEmpty, filters.cuisine.isSubset(of: known) {
      categories = filters.cuisine.sorted().map { category.geoapifyKey + "." + $0 }
      local.cuisine = []
    }
  }
}
