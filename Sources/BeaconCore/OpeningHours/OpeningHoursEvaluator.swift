/// Works out a schedule's hours day by day for one evaluation, remembering each day it has worked out.
struct OpeningHoursEvaluator {
  /// Open, closed or unknown.
  enum Availability: Sendable, Equatable {
    /// Open.
    case open
    /// Closed.
    case closed
    /// The hours cannot tell.
    case unknown
  }

  /// A piece of one day's own hours, in minutes after its midnight; `end` may pass 24:00 into the next day.
  struct Span: Sendable, Equatable {
    /// Minutes after the day's midnight.
    var start: Int
    /// Minutes after the day's midnight, up to 2880 (48:00).
    var end: Int
    /// Open, or (when `false`) unknown; closed times have no span.
    var isOpen: Bool
    /// The comment of the rule that gave the span.
    var comment: String?
  }

  /// What holds at one moment, with the deciding rule's comment.
  struct State: Sendable, Equatable {
    /// Open, closed or unknown.
    var availability: Availability
    /// The deciding rule's comment, if it has one.
    var comment: String?
  }

  /// The schedule evaluated.
  private let schedule: OpeningHoursSchedule
  /// Which days are holidays, if known.
  private let holidays: HolidayCalendar?
  /// Each day's variants by day number, as worked out so far.
  private var cache: [Int: [[Span]]] = [:]

  /// An evaluator of `schedule` with `holidays` (or none).
  init(schedule: OpeningHoursSchedule, holidays: HolidayCalendar?) {
    self.schedule = schedule
    self.holidays = holidays
  }

  /// The day's own spans for every holiday status it might have: one variant when its holidays are known or do
  /// not matter, up to four otherwise. The first variant is the ordinary day (no holiday where not known).
  mutating func variants(on day: CivilDate) -> [[Span]] {
    if let known = cache[day.dayNumber] { return known }
    func statuses(_ uses: Bool, _ known: Bool?) -> [Bool] {
      guard uses else { return [false] }
      return known.map { [$0] } ?? [false, true]
    }
    let publicHoliday = statuses(schedule.usesPublicHolidays, holidays?.isPublicHoliday(day))
    let schoolHoliday = statuses(schedule.usesSchoolHolidays, holidays?.isSchoolHoliday(day))
    var variants: [[Span]] = []
    for isPublicHoliday in publicHoliday {
      for isSchoolHoliday in schoolHoliday {
        let spans = Self.spans(of: schedule, on: day, publicHoliday: isPublicHoliday, schoolHoliday: isSchoolHoliday)
        if !variants.contains(spans) { variants.append(spans) }
      }
    }
    cache[day.dayNumber] = variants
    return variants
  }

  /// What holds at `clock`: the day's own spans and the previous day's spans past midnight, for every
  /// holiday variant of both days; when the variants disagree, unknown.
  mutating func state(at clock: WallClock) -> State {
    let today = variants(on: clock.day)
    let yesterday = variants(on: clock.day.adding(days: -1))
    var result: State?
    for own in today {
      for previous in yesterday {
        let state = Self.state(at: clock.minute, own: own, previous: previous)
        guard let earlier = result else {
          result = state
          continue
        }
        if earlier.availability != state.availability { return State(availability: .unknown) }
      }
    }
    return result ?? State(availability: .closed)
  }

  /// The first moment after `clock`, within `days` days, at which something other than `availability` holds.
  mutating func nextChange(
    after clock: WallClock,
    from availability: Availability,
    days: Int = 366
  ) -> (clock: WallClock, availability: Availability)? {
    for offset in 0...days {
      let day = clock.day.adding(days: offset)
      for minute in breakpoints(on: day) where offset > 0 || minute > clock.minute {
        let moment = WallClock(day: day, minute: minute)
        let state = state(at: moment)
        if state.availability != availability { return (moment, state.availability) }
      }
    }
    return nil
  }

  /// The minutes of `day` at which what holds may change: midnight, and every start and end of its own spans
  /// and of the previous day's spans past midnight.
  private mutating func breakpoints(on day: CivilDate) -> [Int] {
    var minutes: Set<Int> = [0]
    for spans in variants(on: day) {
      for span in spans {
        minutes.insert(span.start)
        if span.end < 1_440 { minutes.insert(span.end) }
      }
    }
    for spans in variants(on: day.adding(days: -1)) {
      for span in spans where span.end > 1_440 {
        minutes.insert(span.end - 1_440)
      }
    }
    return minutes.sorted()
  }

  /// What holds `minute` minutes into a day with spans `own` after a day with spans `previous`: open if any
  /// covering span is open, else unknown if any covers, else closed.
  private static func state(at minute: Int, own: [Span], previous: [Span]) -> State {
    let covering =
      own.filter { $0.start <= minute && minute < $0.end }
      + previous.filter { $0.start <= minute + 1_440 && minute + 1_440 < $0.end }
    if let open = covering.first(where: \.isOpen) { return State(availability: .open, comment: open.comment) }
    if let unknown = covering.first { return State(availability: .unknown, comment: unknown.comment) }
    return State(availability: .closed)
  }

  /// The spans the rules give `day` when its holiday status is as given.
  static func spans(
    of schedule: OpeningHoursSchedule,
    on day: CivilDate,
    publicHoliday: Bool,
    schoolHoliday: Bool
  ) -> [Span] {
    var spans: [Span] = []
    // The times some rule spoke about (open, closed or unknown): a fallback rule fills only the rest.
    var covered: [Range<Int>] = []
    for rule in schedule.rules where rule.selects(day, publicHoliday: publicHoliday, schoolHoliday: schoolHoliday) {
      var ranges = (rule.times ?? [OpeningHoursRule.TimeSpan(start: 0, end: 1_440)]).map { $0.start..<$0.end }
      switch rule.kind {
      case .normal:
        spans = []
        covered = []
      case .additional:
        break
      case .fallback:
        ranges = covered.reduce(ranges) { remaining, used in remaining.flatMap { subtract(used, from: $0) } }
      }
      let isOpen = rule.state == .open && rule.times?.contains(where: \.openEnd) != true
      for range in ranges {
        spans = spans.flatMap { span in
          subtract(range, from: span.start..<span.end).map {
            Span(start: $0.lowerBound, end: $0.upperBound, isOpen: span.isOpen, comment: span.comment)
          }
        }
        covered.append(range)
        if rule.state != .closed {
          spans.append(Span(start: range.lowerBound, end: range.upperBound, isOpen: isOpen, comment: rule.comment))
        }
      }
    }
    return merged(spans)
  }

  /// `range` minus `removed`: nothing, one piece or two.
  private static func subtract(_ removed: Range<Int>, from range: Range<Int>) -> [Range<Int>] {
    guard removed.overlaps(range) else { return [range] }
    var pieces: [Range<Int>] = []
    if range.lowerBound < removed.lowerBound { pieces.append(range.lowerBound..<removed.lowerBound) }
    if removed.upperBound < range.upperBound { pieces.append(removed.upperBound..<range.upperBound) }
    return pieces
  }

  /// Sorted, with touching or overlapping spans of the same kind joined (`08:00-12:00,12:00-16:00` is one).
  private static func merged(_ spans: [Span]) -> [Span] {
    var result: [Span] = []
    for span in spans.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
      if var last = result.last, last.isOpen == span.isOpen, last.comment == span.comment, span.start <= last.end {
        last.end = max(last.end, span.end)
        result[result.count - 1] = last
      } else {
        result.append(span)
      }
    }
    return result
  }
}
