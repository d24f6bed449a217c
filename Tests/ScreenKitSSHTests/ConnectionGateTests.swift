import Testing

@testable import ScreenKitSSH

@Suite struct ConnectionGateTests {
  @Test func anAddressPastItsRateIsRefusedThenClosedAndOthersGoOn() {
    let gate = ConnectionGate(maximumSessions: 100, connectionsPerMinutePerAddress: 3)
    let now = ContinuousClock.now
    let admissions = (0..<7).map { _ in gate.admitConnection(from: "10.0.0.1", at: now) }
    #expect(admissions[0..<3].allSatisfy { $0 == .admitted })
    #expect(admissions[3..<6].allSatisfy { if case .refused = $0 { true } else { false } })
    #expect(admissions[6] == .closed)
    #expect(gate.admitConnection(from: "10.0.0.2", at: now) == .admitted)
    // A minute later the address may come back.
    #expect(gate.admitConnection(from: "10.0.0.1", at: now + .seconds(61)) == .admitted)
  }

  @Test func sessionsPastTheMaximumAreRefusedWithTheReason() {
    let gate = ConnectionGate(maximumSessions: 2, connectionsPerMinutePerAddress: 100)
    #expect(gate.beginSession() == nil)
    #expect(gate.beginSession() == nil)
    let refusal = gate.beginSession()
    #expect(refusal?.contains("the server is full (2 sessions)") == true)
    gate.endSession()
    #expect(gate.beginSession() == nil)
    #expect(gate.sessions == 2)
  }
}
