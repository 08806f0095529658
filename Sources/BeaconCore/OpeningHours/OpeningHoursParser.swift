/// Reads the rules of an OpenStreetMap `opening_hours` value: the parts of the syntax real data uses.
///
/// Supported: `24/7`; years (`2026`, `2025-2026`); dates and months (`Dec 24-26`, `Jan-Mar`, `Nov 15-Feb 15`);
/// ISO weeks (`week 01-10/2`); weekday ranges and lists (`Mo-Fr`, `Fr,Sa`, `Su-Tu`, `Su[-1]`); `PH` and `SH`;
/// time spans, several per rule and past midnight (`11:00-15:00,17:00-02:00`, up to `48:00`) and open ends
/// (`18:00+`); `open`, `closed`, `off`, `unknown`; comments in double quotes; rules joined by `;`, `,` and
/// `||`. Leniently also: lowercase or three-letter weekdays (`Mo-su`, `Mon`), single-digit hours (`8:00`),
/// a colon after the weekdays (`Mo-Fr: 08:00-16:00`) and a missing `;` before a new weekday.
///
/// Not supported (the value is then unreadable): sunrise and sunset, easter, holiday and day offsets,
/// repeating times (`10:00-16:00/01:00`), times without a colon or with am/pm.
struct OpeningHoursParser {
  /// A token.
  private typealias Token = OpeningHoursLexer.Token
  /// A rule.
  private typealias Rule = OpeningHoursRule

  /// The tokens of the value.
  private let tokens: [Token]
  /// The value's length in characters (where "unexpected end" is).
  private let length: Int
  /// The next token to read.
  private var index = 0

  /// Weekday names, OSM's and English three-letter ones, to 0 (Monday) … 6.
  private static let weekdayNames: [String: Int] = [
    "mo": 0, "tu": 1, "we": 2, "th": 3, "fr": 4, "sa": 5, "su": 6,
    "mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6,
  ]
  /// Month names, January first.
  private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
  /// Times that move with the sun, which Beacon does not compute.
  private static let variableTimes: Set<String> = ["sunrise", "sunset", "dawn", "dusk"]
  /// Rule modifiers.
  private static let states: [String: Rule.State] = [
    "open": .open, "closed": .closed, "off": .closed, "unknown": .unknown,
  ]

  /// The rules of `text`, in order.
  static func rules(_ text: String) throws(OpeningHoursSyntaxError) -> [OpeningHoursRule] {
    var parser = OpeningHoursParser(tokens: try OpeningHoursLexer.tokens(text), length: text.count)
    return try parser.parseRules()
  }

  /// A parser at the first of `tokens`.
  private init(tokens: [Token], length: Int) {
    self.tokens = tokens
    self.length = length
  }

  // MARK: - Rules

  /// Every rule, with the separators between them.
  private mutating func parseRules() throws(OpeningHoursSyntaxError) -> [Rule] {
    var rules: [Rule] = []
    var kind = Rule.Kind.normal
    while let token = peek() {
      if token.kind == .symbol(";") {
        index += 1
        kind = .normal
        continue
      }
      rules.append(try parseRule(kind))
      guard let next = peek() else { break }
      switch next.kind {
      case .symbol(";"): kind = .normal
      case .symbol(","): kind = .additional
      case .fallback: kind = .fallback
      case .word where Self.isWeekday(next) || Self.isHoliday(next) || Self.monthNumber(next) != nil:
        kind = .normal  // A forgotten `;` before the next rule's days.
        continue
      default: throw unexpected(next)
      }
      index += 1
    }
    guard !rules.isEmpty else { throw OpeningHoursSyntaxError("no rules", at: 0) }
    return rules
  }

  /// One rule: selectors, times, modifier and comment, each optional but not all.
  private mutating func parseRule(_ kind: Rule.Kind) throws(OpeningHoursSyntaxError) -> Rule {
    var rule = Rule(kind: kind)
    let start = index
    if isTwentyFourSeven() {
      index += 3
    } else {
      if case .number(let year, digits: 4)? = peek()?.kind, (1900...2199).contains(year) {
        rule.years = try parseYears()
      }
      if let token = peek(), Self.monthNumber(token) != nil || Self.word(token) == "easter" {
        rule.dates = try parseDates()
      }
      if let token = peek(), Self.word(token) == "week" { rule.weeks = try parseWeeks() }
      if let token = peek(), Self.isWeekday(token) || Self.isHoliday(token) { try parseDays(into: &rule) }
      if peek()?.kind == .symbol(":"), case .number? = peek(1)?.kind, index > start { index += 1 }
      if let token = peek(), token.isNumber || Self.word(token).map(Self.variableTimes.contains) == true {
        rule.times = try parseTimes()
      }
    }
    let hasSelectors = index > start
    if let token = peek(), let state = Self.word(token).flatMap({ Self.states[$0] }) {
      rule.state = state
      index += 1
    } else if let token = peek(), case .comment(let text) = token.kind, !hasSelectors {
      // A rule that is only a comment (`"by appointment"`) says nothing certain.
      rule.state = .unknown
      rule.comment = text
      index += 1
    }
    if let token = peek(), case .comment(let text) = token.kind {
      rule.comment = text
      index += 1
    }
    guard index > start else { throw peek().map(unexpected) ?? endOfInput() }
    if rule.times?.contains(where: \.openEnd) == true, rule.state == .closed {
      throw OpeningHoursSyntaxError("an open end that is closed", at: tokens[start].offset)
    }
    return rule
  }

  // MARK: - Wide ranges

  /// `2026`, `2025-2026`, `2025,2027`.
  private mutating func parseYears() throws(OpeningHoursSyntaxError) -> [Rule.NumberRange] {
    var ranges: [Rule.NumberRange] = []
    repeat {
      let first = try number(in: 1900...2199, what: "a year")
      var range = Rule.NumberRange(first: first, last: first)
      if peek()?.kind == .symbol("-") {
        index += 1
        range.last = try number(in: first...2199, what: "a year")
      }
      ranges.append(range)
    } while continuesList(where: { next, after in next.isNumber && after?.kind != .symbol(":") })
    return ranges
  }

  /// `Jan`, `Jan-Mar`, `Dec 24`, `Dec 24-26`, `Dec 24-Jan 02`, and lists of them.
  private mutating func parseDates() throws(OpeningHoursSyntaxError) -> [Rule.DateRange] {
    var ranges: [Rule.DateRange] = []
    repeat {
      guard let token = peek(), let month = Self.monthNumber(token) else {
        if let token = peek(), Self.word(token) == "easter" {
          throw OpeningHoursSyntaxError("easter is not supported", at: token.offset)
        }
        throw peek().map(unexpected) ?? endOfInput()
      }
      index += 1
      var range = Rule.DateRange(start: (month, 1), end: (month, 31))
      if let day = try dayOfMonth() { range = Rule.DateRange(start: (month, day), end: (month, day)) }
      if peek()?.kind == .symbol("-") {
        if let next = peek(1), let endMonth = Self.monthNumber(next) {
          index += 2
          range.end = (endMonth, try dayOfMonth() ?? 31)
        } else if range.start.day != 1 || range.end.day != 31 {
          index += 1
          guard let day = try dayOfMonth() else { throw peek().map(unexpected) ?? endOfInput() }
          range.end = (month, day)
        }
      }
      ranges.append(range)
    } while continuesList(where: { next, _ in Self.monthNumber(next) != nil })
    return ranges
  }

  /// A day of the month after a month name: a number that is not the hour of a time.
  private mutating func dayOfMonth() throws(OpeningHoursSyntaxError) -> Int? {
    guard case .number(let day, let digits)? = peek()?.kind, digits <= 2, peek(1)?.kind != .symbol(":") else {
      return nil
    }
    guard (1...31).contains(day) else { throw OpeningHoursSyntaxError("no day \(day) in a month", at: offset()) }
    index += 1
    return day
  }

  /// `week 01`, `week 01-10`, `week 02-52/2`, and lists of them.
  private mutating func parseWeeks() throws(OpeningHoursSyntaxError) -> [Rule.NumberRange] {
    index += 1
    var ranges: [Rule.NumberRange] = []
    repeat {
      let first = try number(in: 1...53, what: "a week")
      var range = Rule.NumberRange(first: first, last: first)
      if peek()?.kind == .symbol("-") {
        index += 1
        range.last = try number(in: first...53, what: "a week")
        if peek()?.kind == .symbol("/") {
          index += 1
          range.step = try number(in: 1...53, what: "a step")
        }
      }
      ranges.append(range)
    } while continuesList(where: { next, after in next.isNumber && after?.kind != .symbol(":") })
    return ranges
  }

  // MARK: - Days of the week and holidays

  /// Weekdays and holidays: `Mo-Fr,PH`, or `SH Mo-Fr` (both at once).
  private mutating func parseDays(into rule: inout Rule) throws(OpeningHoursSyntaxError) {
    try parseDayList(into: &rule)
    if rule.weekdays.isEmpty, let token = peek(), Self.isWeekday(token) {
      // `SH Mo-Fr`: school holidays that are also weekdays.
      rule.holidaysAndWeekdays = true
      try parseDayList(into: &rule)
    }
  }

  /// A comma-separated list of weekday ranges and holidays.
  private mutating func parseDayList(into rule: inout Rule) throws(OpeningHoursSyntaxError) {
    repeat {
      guard let token = peek() else { throw endOfInput() }
      if Self.isHoliday(token) {
        index += 1
        rule.holidays.append(Self.word(token) == "ph" ? .publicHoliday : .schoolHoliday)
      } else if let first = Self.word(token).flatMap({ Self.weekdayNames[$0] }) {
        index += 1
        var range = Rule.WeekdayRange(first: first, last: first)
        if peek()?.kind == .symbol("-"), let next = peek(1),
          let last = Self.word(next).flatMap({ Self.weekdayNames[$0] })
        {
          index += 2
          range.last = last
        }
        if peek()?.kind == .symbol("[") { range.nth = try parseNth() }
        rule.weekdays.append(range)
      } else {
        throw unexpected(token)
      }
      if let token = peek(), token.kind == .symbol("+") || (token.kind == .symbol("-") && peek(1)?.isNumber == true) {
        throw OpeningHoursSyntaxError("day offsets are not supported", at: token.offset)
      }
    } while continuesList(where: { next, _ in Self.isWeekday(next) || Self.isHoliday(next) })
  }

  /// `[1]`, `[-1]`, `[1,3]`, `[1-2]`: which of the month's weekdays of that name.
  private mutating func parseNth() throws(OpeningHoursSyntaxError) -> [Int] {
    index += 1
    var values: [Int] = []
    /// `1` or `-1`.
    func signed(_ parser: inout OpeningHoursParser) throws(OpeningHoursSyntaxError) -> Int {
      let negative = parser.peek()?.kind == .symbol("-")
      if negative { parser.index += 1 }
      let value = try parser.number(in: 1...5, what: "a week of the month")
      return negative ? -value : value
    }
    repeat {
      let first = try signed(&self)
      if peek()?.kind == .symbol("-"), peek(1)?.isNumber == true {
        index += 1
        let last = try signed(&self)
        guard first > 0, last >= first else {
          throw OpeningHoursSyntaxError("a backwards week-of-month range", at: offset())
        }
        values += Array(first...last)
      } else {
        values.append(first)
      }
    } while continuesList(where: { next, _ in next.isNumber || next.kind == .symbol("-") })
    guard peek()?.kind == .symbol("]") else { throw peek().map(unexpected) ?? endOfInput() }
    index += 1
    return values
  }

  // MARK: - Times

  /// `08:00-16:00`, `22:00-02:00`, `18:00+`, and comma-separated lists of them.
  private mutating func parseTimes() throws(OpeningHoursSyntaxError) -> [Rule.TimeSpan] {
    var spans: [Rule.TimeSpan] = []
    repeat {
      let startOffset = offset()
      let start = try time()
      guard start < 1_440 else { throw OpeningHoursSyntaxError("a span starting at 24:00 or later", at: startOffset) }
      if peek()?.kind == .symbol("+") {
        index += 1
        spans.append(Rule.TimeSpan(start: start, end: 1_440, openEnd: true))
        continue
      }
      guard peek()?.kind == .symbol("-") else {
        throw OpeningHoursSyntaxError("a time without an end (single times are not supported)", at: offset())
      }
      index += 1
      var end = try time()
      if let token = peek(), token.kind == .symbol("+") || token.kind == .symbol("/") {
        throw OpeningHoursSyntaxError("open ends after a span and repeating times are not supported", at: token.offset)
      }
      if end <= start { end += 1_440 }
      guard end <= 2_880 else { throw OpeningHoursSyntaxError("a span longer than 48:00", at: startOffset) }
      spans.append(Rule.TimeSpan(start: start, end: end))
    } while continuesList(where: { next, after in next.isNumber && after?.kind == .symbol(":") })
    return spans
  }

  /// `08:00` (also `8:00`; hours up to 48) as minutes after midnight.
  private mutating func time() throws(OpeningHoursSyntaxError) -> Int {
    guard let token = peek() else { throw endOfInput() }
    if let name = Self.word(token), Self.variableTimes.contains(name) {
      throw OpeningHoursSyntaxError("sunrise and sunset times are not supported", at: token.offset)
    }
    guard case .number(let hour, let digits) = token.kind, digits <= 2, hour <= 48 else { throw unexpected(token) }
    index += 1
    guard peek()?.kind == .symbol(":") else {
      if let next = peek(), let name = Self.word(next), ["am", "pm"].contains(name) {
        throw OpeningHoursSyntaxError("12-hour times (am/pm) are not supported", at: next.offset)
      }
      throw OpeningHoursSyntaxError("a time without minutes (write 08:00)", at: offset())
    }
    index += 1
    guard case .number(let minute, digits: 2)? = peek()?.kind, minute < 60 else {
      throw peek().map(unexpected) ?? endOfInput()
    }
    index += 1
    let value = hour * 60 + minute
    guard value <= 2_880 else { throw OpeningHoursSyntaxError("a time after 48:00", at: token.offset) }
    return value
  }

  // MARK: - Tokens

  /// The token `ahead` places after the next one, if there is one.
  private func peek(_ ahead: Int = 0) -> Token? {
    index + ahead < tokens.count ? tokens[index + ahead] : nil
  }

  /// Where the next token starts, or the end.
  private func offset() -> Int { peek()?.offset ?? length }

  /// Consumes a `,` when the token after it (and the one after that) continue the current list.
  private mutating func continuesList(where continues: (Token, Token?) -> Bool) -> Bool {
    guard peek()?.kind == .symbol(","), let next = peek(1), continues(next, peek(2)) else { return false }
    index += 1
    return true
  }

  /// Reads a number in `range`, which is `what` (for the message otherwise).
  private mutating func number(in range: ClosedRange<Int>, what: String) throws(OpeningHoursSyntaxError) -> Int {
    guard let token = peek() else { throw endOfInput() }
    guard case .number(let value, _) = token.kind else { throw unexpected(token) }
    guard range.contains(value) else { throw OpeningHoursSyntaxError("\(value) is not \(what) here", at: token.offset) }
    index += 1
    return value
  }

  /// The token's letters in lowercase, if it is a word.
  private static func word(_ token: Token) -> String? {
    if case .word(let text) = token.kind { return text.lowercased() }
    return nil
  }

  /// Whether the token names a weekday.
  private static func isWeekday(_ token: Token) -> Bool {
    Self.word(token).map { Self.weekdayNames[$0] != nil } ?? false
  }

  /// Whether the token is `PH` or `SH`.
  private static func isHoliday(_ token: Token) -> Bool { Self.word(token) == "ph" || Self.word(token) == "sh" }

  /// The month (1…12) the token names, if any.
  private static func monthNumber(_ token: Token) -> Int? {
    Self.word(token).flatMap { Self.monthNames.firstIndex(of: $0) }.map { $0 + 1 }
  }

  /// Whether `24/7` comes next.
  private func isTwentyFourSeven() -> Bool {
    peek()?.kind == .number(24, digits: 2) && peek(1)?.kind == .symbol("/") && peek(2)?.kind == .number(7, digits: 1)
  }

  /// "unexpected 'x'" at the token.
  private func unexpected(_ token: Token) -> OpeningHoursSyntaxError {
    let text: String
    switch token.kind {
    case .number(let value, _): text = String(value)
    case .word(let word): text = word
    case .comment(let comment): text = "\"\(comment)\""
    case .fallback: text = "||"
    case .symbol(let symbol): text = String(symbol)
    }
    return OpeningHoursSyntaxError("unexpected '\(text)'", at: token.offset)
  }

  /// "unexpected end" at the end.
  private func endOfInput() -> OpeningHoursSyntaxError {
    OpeningHoursSyntaxError("unexpected end", at: length)
  }
}

extension OpeningHoursLexer.Token {
  /// Whether the token is a number.
  fileprivate var isNumber: Bool {
    if case .number = kind { return true }
    return false
  }
}
