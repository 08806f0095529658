import BeaconCore

/// The user's crypto settings (the settings tab): a krone rate that switches every price to NOK, and the change
/// in percent above which the statistics rain 💰.
package struct CryptoSettings: Sendable, Equatable, Codable {
  /// The alert threshold when none was chosen: 10 %.
  package static let defaultAlertThreshold = 10.0
  /// The thresholds a user may choose.
  package static let alertThresholdRange = 0.0...100.0

  /// Kroner per US dollar; `nil` shows US dollars.
  package var nokRate: Double?
  /// A change (up or down) larger than this many percent sets off the alert.
  package var alertThreshold: Double

  /// The settings nobody changed: dollars, 10 %.
  package static let defaults = CryptoSettings(nokRate: nil, alertThreshold: defaultAlertThreshold)

  /// Creates settings.
  package init(nokRate: Double?, alertThreshold: Double) {
    self.nokRate = nokRate
    self.alertThreshold = alertThreshold
  }

  /// How money is written with these settings.
  package var money: MoneyFormat { MoneyFormat(nokRate: nokRate) }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    nokRate = try container.decodeIfPresent(Double.self, forKey: .nokRate)
    alertThreshold = try container.decode(Double.self, forKey: .alertThreshold)
  }

  /// `nokRate` is written as `null` when unset, so clients see that it can be set.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if let nokRate {
      try container.encode(nokRate, forKey: .nokRate)
    } else {
      try container.encodeNil(forKey: .nokRate)
    }
    try container.encode(alertThreshold, forKey: .alertThreshold)
  }

  private enum CodingKeys: String, CodingKey {
    case nokRate, alertThreshold
  }
}

/// A partial change of ``CryptoSettings``: fields left out stay; `nokRate: null` goes back to US dollars.
package struct CryptoSettingsUpdate: Sendable, Equatable, Codable {
  /// `nil`: leave the rate; `.some(nil)`: clear it; `.some(rate)`: set it.
  package var nokRate: Double??
  package var alertThreshold: Double?

  /// Creates an update.
  package init(nokRate: Double?? = nil, alertThreshold: Double? = nil) {
    self.nokRate = nokRate
    self.alertThreshold = alertThreshold
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.nokRate) {
      nokRate = .some(
        try container.decodeNil(forKey: .nokRate) ? nil : try container.decode(Double.self, forKey: .nokRate)
      )
    }
    alertThreshold = try container.decodeIfPresent(Double.self, forKey: .alertThreshold)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch nokRate {
    case .some(.some(let rate)): try container.encode(rate, forKey: .nokRate)
    case .some(.none): try container.encodeNil(forKey: .nokRate)
    case .none: break
    }
    try container.encodeIfPresent(alertThreshold, forKey: .alertThreshold)
  }

  private enum CodingKeys: String, CodingKey {
    case nokRate, alertThreshold
  }

  /// Checks every given field.
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` naming the first bad field.
  package func validate() throws(BeaconError) {
    if case .some(.some(let rate)) = nokRate, !(rate > 0 && rate.isFinite) {
      throw .invalidArgument(field: "nokRate", message: .crypto(.invalidNokRate))
    }
    if let alertThreshold, !(alertThreshold.isFinite && CryptoSettings.alertThresholdRange.contains(alertThreshold)) {
      throw .invalidArgument(field: "alertThreshold", message: .crypto(.thresholdOutOfRange))
    }
  }

  /// `settings` with this change applied.
  package func applied(to settings: CryptoSettings) -> CryptoSettings {
    var result = settings
    if let nokRate { result.nokRate = nokRate }
    if let alertThreshold { result.alertThreshold = alertThreshold }
    return result
  }
}
