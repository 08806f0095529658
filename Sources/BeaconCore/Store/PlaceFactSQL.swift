/// The SQL that works out a place's `place_fact` row from its stored details and its cuisine, by the same rules as
/// `PlaceFacts` in Swift: written once here for the migration that adds the table (its backfill and its triggers)
/// and for an import's bulk fill (``DeferredFacts``).
enum PlaceFactSQL {
  /// The six fact columns (`diet`, `diet_known`, `cuisine`, `wheelchair`, `outdoor_seating`, `takeaway`),
  /// aggregated over rows `(k, v)` of a place's tags and Geoapify conditions; `cuisine` is the SQL of the place's
  /// own cuisine column (`max(c)` in a grouped query, `new.cuisine` in a trigger).
  static func facts(cuisine: String) -> String {
    """
        coalesce((CASE WHEN max(k = 'diet:vegan') THEN max(k = 'diet:vegan' AND v IN ('yes', 'only'))
          ELSE max(k = '#condition' AND v IN ('vegan', 'vegan.only')) END) * 1 +
        (CASE WHEN max(k = 'diet:vegetarian') THEN max(k = 'diet:vegetarian' AND v IN ('yes', 'only'))
          ELSE max(k = '#condition' AND v IN ('vegetarian', 'vegetarian.only')) END) * 2 +
        (CASE WHEN max(k = 'diet:gluten_free') THEN max(k = 'diet:gluten_free' AND v IN ('yes', 'only'))
          ELSE max(k = '#condition' AND v IN ('gluten_free', 'gluten_free.only')) END) * 4 +
        (CASE WHEN max(k = 'diet:halal') THEN max(k = 'diet:halal' AND v IN ('yes', 'only'))
          ELSE max(k = '#condition' AND v IN ('halal', 'halal.only')) END) * 8 +
        (CASE WHEN max(k = 'diet:kosher') THEN max(k = 'diet:kosher' AND v IN ('yes', 'only'))
          ELSE max(k = '#condition' AND v IN ('kosher', 'kosher.only')) END) * 16, 0),
        coalesce(max(k = 'diet:vegan' OR (k = '#condition' AND v IN ('vegan', 'vegan.only'))) * 1 +
        max(k = 'diet:vegetarian' OR (k = '#condition' AND v IN ('vegetarian', 'vegetarian.only'))) * 2 +
        max(k = 'diet:gluten_free' OR (k = '#condition' AND v IN ('gluten_free', 'gluten_free.only'))) * 4 +
        max(k = 'diet:halal' OR (k = '#condition' AND v IN ('halal', 'halal.only'))) * 8 +
        max(k = 'diet:kosher' OR (k = '#condition' AND v IN ('kosher', 'kosher.only'))) * 16, 0),
        coalesce(
          max(CASE WHEN k = 'cuisine' AND v <> '' THEN ';' || replace(replace(v, ' ;', ';'), '; ', ';') || ';' END),
          ';' || replace(replace(lower(nullif(trim(\(cuisine)), '')), ' ;', ';'), '; ', ';') || ';'),
        coalesce(
          max(CASE WHEN k = 'wheelchair' THEN CASE v WHEN 'designated' THEN 'yes' WHEN 'yes' THEN 'yes'
            WHEN 'limited' THEN 'limited' WHEN 'no' THEN 'no' END END),
          max(CASE WHEN k = '#condition' AND v = 'wheelchair.yes' THEN 'yes' END),
          max(CASE WHEN k = '#condition' AND v = 'wheelchair.limited' THEN 'limited' END)),
        max(CASE WHEN k = 'outdoor_seating' THEN CASE v WHEN 'yes' THEN 1 WHEN 'only' THEN 1 WHEN 'no' THEN 0 END END),
        max(CASE WHEN k = 'takeaway' THEN CASE v WHEN 'yes' THEN 1 WHEN 'only' THEN 1 WHEN 'no' THEN 0 END END)
    """
  }

  /// A trigger's rows `(k, v)` for `new` and the condition for it to have a fact row at all.
  static let triggerSource = """
      FROM (
        SELECT key AS k, lower(trim(value)) AS v
          FROM json_each(CASE WHEN json_valid(new.details) THEN new.details END, '$.properties.datasource.raw')
          WHERE key IN ('cuisine', 'wheelchair', 'outdoor_seating', 'takeaway', 'diet:vegan', 'diet:vegetarian', 'diet:gluten_free',
            'diet:halal', 'diet:kosher')
        UNION ALL
        SELECT '#condition', lower(trim(value))
          FROM json_each(CASE WHEN json_valid(new.details) THEN new.details END, '$.properties.categories')
          WHERE lower(trim(value)) IN ('vegan', 'vegan.only', 'vegetarian', 'vegetarian.only', 'gluten_free', 'gluten_free.only', 'halal',
            'halal.only', 'kosher', 'kosher.only', 'wheelchair.yes', 'wheelchair.limited')
      )
      HAVING count(*) > 0 OR nullif(trim(new.cuisine), '') IS NOT NULL;
    """
}
