import Testing

@testable import Requests

@Suite struct AddressPolicyTests {
    private typealias Hop = AddressPolicy.Hop

    /// The decision on its own: address, how the request came to it, and whether it may go.
    @Test(arguments: [
        // Never fetched, typed or not, in any form.
        ("169.254.169.254", Hop.requested, false),
        ("2852039166", .requested, false),
        ("0xa9fea9fe", .requested, false),
        ("0251.0376.0251.0376", .requested, false),
        ("::ffff:169.254.169.254", .requested, false),
        ("fe80::1", .requested, false),
        ("0.0.0.0", .requested, false),
        ("0", .requested, false),
        ("::", .requested, false),
        ("169.254.169.254", .redirect(from: .loopback), false),
        ("fe80::1", .redirect(from: .privateNetwork), false),
        ("224.0.0.1", .requested, false),
        // What a person names themselves stays allowed: this machine, their own network.
        ("127.0.0.1", .requested, true),
        ("0x7f000001", .requested, true),
        ("::1", .requested, true),
        ("10.0.0.5", .requested, true),
        ("192.168.1.10", .requested, true),
        ("100.64.1.1", .requested, true),
        ("fd00::5", .requested, true),
        ("8.8.8.8", .requested, true),
        // A redirect from the internet never leads inside.
        ("127.0.0.1", .redirect(from: .public), false),
        ("2130706433", .redirect(from: .public), false),
        ("::1", .redirect(from: .public), false),
        ("::ffff:127.0.0.1", .redirect(from: .public), false),
        ("10.0.0.1", .redirect(from: .public), false),
        ("172.16.5.4", .redirect(from: .public), false),
        ("192.168.0.1", .redirect(from: .public), false),
        ("100.64.0.1", .redirect(from: .public), false),
        ("fc00::1", .redirect(from: .public), false),
        ("::ffff:192.168.0.1", .redirect(from: .public), false),
        // Redirects elsewhere are followed.
        ("8.8.8.8", .redirect(from: .public), true),
        ("8.8.8.8", .redirect(from: .loopback), true),
        ("127.0.0.1", .redirect(from: .loopback), true),
        ("192.168.0.2", .redirect(from: .privateNetwork), true),
        ("127.0.0.1", .redirect(from: .privateNetwork), true),
    ])
    func standardPolicyDecides(address: String, hop: AddressPolicy.Hop, allowed: Bool) throws {
        let parsed = try #require(IPAddress(address))
        let refusal = AddressPolicy.standard.refusal(of: parsed, host: address, on: hop)
        #expect((refusal == nil) == allowed, "\(address) on \(hop): \(refusal?.description ?? "allowed")")
    }

    @Test func aRefusalNamesTheAddressAndTheRule() throws {
        let metadata = try #require(IPAddress("169.254.169.254"))
        let refusal = try #require(AddressPolicy.standard.refusal(of: metadata, host: "0xa9fea9fe", on: .requested))
        #expect(refusal.description.contains("0xa9fea9fe (169.254.169.254)"))
        #expect(refusal.description.contains("link-local"))
        let router = try #require(IPAddress("192.168.1.1"))
        let redirect = try #require(
            AddressPolicy.standard.refusal(of: router, host: "router.lan", on: .redirect(from: .public)))
        #expect(redirect.description.contains("router.lan (192.168.1.1)"))
        #expect(redirect.description.contains("redirect from a public address"))
    }

    @Test func oneRefusedAddressAmongSeveralRefusesTheHost() throws {
        let addresses = try ["8.8.8.8", "169.254.169.254"].map { try #require(IPAddress($0)) }
        let refusal = AddressPolicy.standard.refusal(of: addresses, host: "mixed.example", on: .requested)
        #expect(refusal?.address.description == "169.254.169.254")
    }

    @Test func aRedirectComesFromThePublicWhenAnyAddressOfItsHostIsPublic() throws {
        let addresses = try ["10.0.0.1", "8.8.8.8"].map { try #require(IPAddress($0)) }
        #expect(AddressPolicy.origin(of: addresses) == .public)
        #expect(AddressPolicy.origin(of: [try #require(IPAddress("10.0.0.1"))]) == .privateNetwork)
    }

    @Test func theUnrestrictedPolicyRefusesNothing() throws {
        let metadata = try #require(IPAddress("169.254.169.254"))
        #expect(AddressPolicy.unrestricted.refusal(of: metadata, host: "x", on: .redirect(from: .public)) == nil)
    }

    @Test func theResolverReadsNumericHostsWithoutTheNetwork() {
        #expect(_HostResolver.addresses(of: "0x7f000001") == .success([IPAddress("127.0.0.1")].compactMap { $0 }))
        #expect(_HostResolver.addresses(of: "[::1]") == .success([IPAddress("::1")].compactMap { $0 }))
    }
}
