import Testing

@testable import Requests

@Suite struct IPAddressTests {
    /// Every numeric form the resolver accepts, and the address it means.
    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1"),
        ("2130706433", "127.0.0.1"),
        ("0x7f000001", "127.0.0.1"),
        ("0X7F.0.0.1", "127.0.0.1"),
        ("017700000001", "127.0.0.1"),
        ("0177.0.0.01", "127.0.0.1"),
        ("127.1", "127.0.0.1"),
        ("127.0.1", "127.0.0.1"),
        ("169.254.169.254", "169.254.169.254"),
        ("2852039166", "169.254.169.254"),
        ("0xa9fea9fe", "169.254.169.254"),
        ("0251.0376.0251.0376", "169.254.169.254"),
        ("0xa9.0xfe.0xa9fe", "169.254.169.254"),
        ("0", "0.0.0.0"),
        ("10.1", "10.0.0.1"),
        ("::1", "::1"),
        ("[::1]", "::1"),
        ("::", "::"),
        ("fe80::1%eth0", "fe80::1"),
        ("[fe80::1%25eth0]", "fe80::1"),
        ("::ffff:169.254.169.254", "::ffff:169.254.169.254"),
        ("::ffff:a9fe:a9fe", "::ffff:169.254.169.254"),
        ("0:0:0:0:0:ffff:7f00:1", "::ffff:127.0.0.1"),
        ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),
        ("FD00::ABCD", "fd00::abcd"),
    ])
    func numericFormsParseToTheAddressTheyMean(text: String, expected: String) {
        #expect(IPAddress(text)?.description == expected)
    }

    @Test(arguments: [
        "example.com", "localhost", "", "256.0.0.1", "1.2.3.4.5", "0x100000000", "09.0.0.1", "1..2", "::1::",
        "1:2:3:4:5:6:7:8:9", "12345::", "::ffff:1.2.3", "fe80::g", "127.0.0.1.",
    ])
    func namesAndMalformedTextAreNotAddresses(text: String) {
        #expect(IPAddress(text) == nil)
    }

    @Test func anIPv6AddressCarryingAnIPv4OneHasItsScope() {
        #expect(IPAddress("::ffff:10.0.0.1")?.scope == .privateNetwork)
        #expect(IPAddress("::ffff:127.0.0.1")?.scope == .loopback)
        #expect(IPAddress("::169.254.169.254")?.scope == .linkLocal)
        #expect(IPAddress("64:ff9b::169.254.169.254")?.scope == .linkLocal)
        #expect(IPAddress("::ffff:8.8.8.8")?.scope == .public)
    }

    @Test(arguments: [
        ("0.0.0.0", IPAddress.Scope.unspecified), ("0.1.2.3", .unspecified), ("::", .unspecified),
        ("127.0.0.1", .loopback), ("127.255.255.254", .loopback), ("::1", .loopback),
        ("169.254.0.1", .linkLocal), ("169.254.169.254", .linkLocal), ("fe80::1", .linkLocal),
        ("febf::1", .linkLocal),
        ("10.0.0.1", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("192.168.1.1", .privateNetwork), ("100.64.0.1", .privateNetwork), ("100.127.255.255", .privateNetwork),
        ("fc00::1", .uniqueLocal), ("fd12:3456::1", .uniqueLocal),
        ("224.0.0.1", .notUnicast), ("255.255.255.255", .notUnicast), ("240.0.0.1", .notUnicast),
        ("ff02::1", .notUnicast),
        ("8.8.8.8", .public), ("172.32.0.1", .public), ("172.15.255.255", .public), ("100.128.0.1", .public),
        ("169.253.0.1", .public), ("192.169.0.1", .public), ("2606:4700::1111", .public),
    ])
    func everyRangeHasItsScope(text: String, scope: IPAddress.Scope) {
        #expect(IPAddress(text)?.scope == scope)
    }
}
