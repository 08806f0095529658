import BeaconCore
import JSONRPC

extension Feature.Name {
  /// The settings feature's name, and its tool set's.
  package static let settings = Self(rawValue: "settings")
}

extension MCPToolSet {
  /// The tools of the settings feature.
  package static let settings = Self(.settings)
}

extension Feature {
  /// The user's stored settings.
  package static let settings = Feature(
    .settings,
    toolSet: .standard,
    service: { $0.store },
    sharedShapes: ["Settings"]
  )

  /// `settings/get`, `settings/update` and `settings/reset`.
  static let settingsMethods: [MethodDescriptor] = [
    MethodDescriptor(GetSettingsRequest.self, feature: .settings, tool: settingsGetTool) { server, _, _ in
      try await server.run(.settings) { (store: any UserDataStore) throws(BeaconError) in try await store.settings() }
    },
    MethodDescriptor(UpdateSettingsRequest.self, feature: .settings, tool: settingsUpdateTool) { server, request, _ in
      let settings = try await server.run(.settings) { (store: any UserDataStore) throws(BeaconError) in
        try await store.updateSettings(request.update)
      }
      if let locale = request.update.locale, server.configuration?.isLanguageExplicit != true {
        server.setLanguage(locale)
      }
      return settings
    },
    MethodDescriptor(ResetSettingsRequest.self, feature: .settings, tool: settingsResetTool) { server, _, _ in
      let settings = try await server.run(.settings) { (store: any UserDataStore) throws(BeaconError) in
        try await store.resetSettings()
      }
      if server.configuration?.isLanguageExplicit != true { server.setLanguage(settings.locale) }
      return settings
    },
  ]

  private static let settingsGetTool = MCPTool(
    GetSettingsRequest.self,
    name: "settings_get",
    title: .init(nb: "Vis innstillinger", nn: "Vis innstillingar", en: "Show settings"),
    description: """
      The user's settings, which places_search uses for every argument left out.
      """,
    annotations: .init(readOnly: true, idempotent: true)
  ) { result, _, output in output.settings(result) }

  private static let settingsUpdateTool = MCPTool(
    UpdateSettingsRequest.self,
    name: "settings_update",
    title: .init(nb: "Endre innstillinger", nn: "Endre innstillingar", en: "Change settings"),
    description: """
      Change some of the user's settings; the rest stay. A new `locale` also changes Beacon's language; the other \
      values are as in places_search.
      """,
    annotations: .init(readOnly: false, idempotent: true),
    arguments: [
      "category": "",
      "center": "Where searches start.",
      "locale": "",
      "radiusMeters": "",
      "sort": "",
    ]
  ) { result, _, output in output.settings(result) }
  .sharingArguments(["category", "center", "radiusMeters", "sort"], with: "places_search")

  private static let settingsResetTool = MCPTool(
    ResetSettingsRequest.self,
    name: "settings_reset",
    title: .init(nb: "Tilbakestill innstillinger", nn: "Tilbakestill innstillingar", en: "Reset settings"),
    description: """
      Put every setting back to its default (Oslo S, 5000 m, restaurants, by distance, Bokmål).
      """,
    annotations: .init(readOnly: false, destructive: true, idempotent: true)
  ) { result, _, output in [output.text(.settingsReset)] + output.settings(result) }
}
