import CooktimerAPNs
import CooktimerTestSupport
import Testing

@Suite("Token cache: one JWT for 20 to 60 minutes")
struct TokenCacheTests {
  static let t0: Int64 = 1_700_000_000
  let key: APNsSigningKey

  init() throws {
    key = try APNsSigningKey(contentsOfFile: TestKeyPair().privateKeyFile)
  }

  func cache(refreshAge: Int64 = APNsTokenCache.defaultRefreshAge) throws -> APNsTokenCache {
    try APNsTokenCache(key: key, keyID: "KEYID12345", teamID: "TEAMID6789", refreshAge: refreshAge)
  }

  @Test func reusedUntilFiftyMinutesThenRenewed() throws {
    var cache = try cache()
    let first = try cache.token(at: Self.t0)
    #expect(cache.current?.issuedAt == Self.t0)
    #expect(try cache.token(at: Self.t0 + 1) == first)
    #expect(try cache.token(at: Self.t0 + 2999) == first)
    let second = try cache.token(at: Self.t0 + 3000)
    #expect(second != first)
    #expect(cache.current?.issuedAt == Self.t0 + 3000)
    #expect(try cache.token(at: Self.t0 + 5999) == second)
    #expect(try cache.token(at: Self.t0 + 6000) != second)
  }

  @Test(arguments: [Int64(1200), 1800, 3600])
  func refreshAgeIsHonoured(age: Int64) throws {
    var cache = try cache(refreshAge: age)
    let first = try cache.token(at: Self.t0)
    #expect(try cache.token(at: Self.t0 + age - 1) == first)
    #expect(try cache.token(at: Self.t0 + age) != first)
    #expect(cache.current?.issuedAt == Self.t0 + age)
  }

  @Test(arguments: [Int64(0), 1199, 3601])
  func refreshAgeOutsideTwentyToSixtyMinutesIsRefused(age: Int64) {
    #expect(
      throws: APNsError.settings(
        "APNs token refresh age \(age) s is outside 1200...3600 s (20 to 60 minutes)")
    ) { try cache(refreshAge: age) }
  }

  @Test func invalidateAfterExpiredProviderTokenMakesANewOneAtOnce() throws {
    var cache = try cache()
    let first = try cache.token(at: Self.t0)
    cache.invalidate()
    let second = try cache.token(at: Self.t0 + 10)
    #expect(second != first)
    #expect(cache.current?.issuedAt == Self.t0 + 10)
    #expect(try cache.token(at: Self.t0 + 11) == second)
  }

  @Test func noNewTokenWithinTwentyMinutesAfterTooManyUpdates() throws {
    var cache = try cache()
    let first = try cache.token(at: Self.t0)
    let throttled = Self.t0 + 2900
    cache.noteTooManyTokenUpdates(at: throttled)
    cache.invalidate()
    // Past the refresh age and invalidated, yet held until throttled + 1200.
    #expect(try cache.token(at: Self.t0 + 3000) == first)
    #expect(try cache.token(at: throttled + 1199) == first)
    let second = try cache.token(at: throttled + 1200)
    #expect(second != first)
    #expect(cache.current?.issuedAt == throttled + 1200)
  }

  @Test func aClockThatWentBackGetsANewToken() throws {
    var cache = try cache()
    let first = try cache.token(at: Self.t0)
    #expect(try cache.token(at: Self.t0 - 1) != first)
    #expect(cache.current?.issuedAt == Self.t0 - 1)
  }
}
