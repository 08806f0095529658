import JSONRPC

/// Starts a session: the first request a client sends.
///
/// Reads `locale` (BCP 47: `nb` default, `nn`, `en`) and `initializationOptions` (`storePath`,
/// `offline`, `geoapify {apiKey, baseURL}`, `fruityvice {baseURL}`, `coinlore {baseURL}`, `randomUser {baseURL}`).
/// When `processId` names a process that dies, the server exits.
public struct InitializeRequest: RequestType, Encodable, Equatable {
  public static let method = "initialize"
  public typealias Response = InitializeResult

  /// The client's process id; the server exits when that process is gone.
  public var processId: Int?
  /// Who the client is.
  public var clientInfo: ClientInfo?
  /// The language the client shows, as a BCP 47 tag.
  public var locale: String?
  /// Beacon's own settings.
  public var initializationOptions: InitializationOptions?
  /// The client's capabilities (read for future use; nothing depends on them yet).
  public var capabilities: JSONValue?

  /// Creates the request.
  public init(
    processId: Int? = nil,
    clientInfo: ClientInfo? = nil,
    locale: String? = nil,
    initializationOptions: InitializationOptions? = nil,
    capabilities: JSONValue? = nil
  ) {
    self.processId = processId
    self.clientInfo = clientInfo
    self.locale = locale
    self.initializationOptions = initializationOptions
    self.capabilities = capabilities
  }

  /// The name and version of a client.
  public struct ClientInfo: Codable, Sendable, Equatable {
    public var name: String
    public var version: String?
  }

  /// Beacon's settings in `initialize`; flags win over these, these win over the environment.
  public struct InitializationOptions: Codable, Sendable, Equatable {
    /// The SQLite store file.
    public var storePath: String?
    /// Work from the store only.
    public var offline: Bool?
    /// Geoapify access.
    public var geoapify: Geoapify?
    /// Fruityvice access.
    public var fruityvice: Fruityvice?
    /// The IANA time zone for places without one of their own (default Europe/Oslo).
    public var timeZone: String?
    /// CoinLore access.
    public var coinlore: CoinLore?
    /// randomuser.me access.
    public var randomUser: RandomUser?

    /// Creates options.
    public init(
      storePath: String? = nil,
      offline: Bool? = nil,
      geoapify: Geoapify? = nil,
      fruityvice: Fruityvice? = nil,
      timeZone: String? = nil,
      coinlore: CoinLore? = nil,
      randomUser: RandomUser? = nil
    ) {
      self.storePath = storePath
      self.offline = offline
      self.geoapify = geoapify
      self.fruityvice = fruityvice
      self.timeZone = timeZone
      self.coinlore = coinlore
      self.randomUser = randomUser
    }

    /// randomuser.me access settings.
    public struct RandomUser: Codable, Sendable, Equatable {
      /// The API's base URL, e.g. a local test server.
      public var baseURL: String?

      /// Creates settings.
      public init(baseURL: String? = nil) {
        self.baseURL = baseURL
      }
    }

    /// Fruityvice access settings.
    public struct Fruityvice: Codable, Sendable, Equatable {
      /// The API's base URL, e.g. a local test server.
      public var baseURL: String?

      /// Creates settings.
      public init(baseURL: String? = nil) {
        self.baseURL = baseURL
      }
    }

    /// CoinLore access settings.
    public struct CoinLore: Codable, Sendable, Equatable {
      /// The API's base URL, e.g. a local test server.
      public var baseURL: String?

      /// Creates settings.
      public init(baseURL: String? = nil) {
        self.baseURL = baseURL
      }
    }

    /// Geoapify access settings.
    public struct Geoapify: Codable, Sendable, Equatable {
      /// The API key; never echoed, logged or stored.
      public var apiKey: String?
      /// The API's base URL, e.g. a local test server.
      public var baseURL: String?

      /// Creates settings.
      public init(apiKey: String? = nil, baseURL: String? = nil) {
        self.apiKey = apiKey
        self.baseURL = baseURL
      }
    }
  }
}

/// What `initialize` answers.
public struct InitializeResult: Codable, Sendable, Equatable {
  /// `{name: "beacon", version}`.
  public var serverInfo: ServerInfo
  /// What this server can do.
  public var capabilities: ServerCapabilities
  /// The language the session speaks (`nb`, `nn` or `en`).
  public var locale: String
  /// The settings in force, without secrets.
  public var configuration: ConfigurationSummary

  /// The server's name and version.
  public struct ServerInfo: Codable, Sendable, Equatable {
    public var name: String
    public var version: String
  }

  /// The server's capabilities.
  public struct ServerCapabilities: Codable, Sendable, Equatable {
    /// Every request method served, sorted.
    public var methods: [String]
    /// `$/cancelRequest` is honoured.
    public var cancelRequest: Bool
    /// `$/progress` is sent for requests that carry a `workDoneToken`.
    public var workDoneProgress: Bool
    /// JSON-RPC batches are accepted.
    public var batches: Bool
    /// The languages messages come in.
    public var locales: [String]
  }

  /// The resolved settings, with the API key reduced to whether one is set.
  public struct ConfigurationSummary: Codable, Sendable, Equatable {
    public var storePath: String?
    /// Whether the store could only be opened for reading (reads answer, writes fail with `reason: "readOnly"`).
    public var storeReadOnly: Bool
    public var offline: Bool
    public var geoapifyBaseURL: String
    public var geoapifyAPIKeyConfigured: Bool
    public var fruityviceBaseURL: String
    /// The zone opening hours are read in for places without one of their own.
    public var timeZone: String
    public var coinloreBaseURL: String
    /// randomuser.me's base URL.
    public var randomUserBaseURL: String
  }
}
