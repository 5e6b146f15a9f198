import Foundation
import Requests
import RequestsTesting
import Streams
import Testing

@Suite struct StubResponseTests {
    private struct Note: Codable, Equatable, Sendable {
        var title: String
    }

    private struct Unencodable: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "never"))
        }
    }

    @Test func aJSONAnswerCarriesItsBodyAndContentType() {
        guard case .respond(let status, let headers, let body) = StubResponse.json(Note(title: "Milk")) else {
            Issue.record("expected a response")
            return
        }
        #expect(status == 200)
        #expect(headers == ["Content-Type": "application/json"])
        #expect((try? JSONDecoder().decode(Note.self, from: body)) == Note(title: "Milk"))
    }

    @Test func aValueThatDoesNotEncodeAnswersAFailureThatSaysSo() {
        guard case .fail(.transport(let sentence)) = StubResponse.json(Unencodable()) else {
            Issue.record("expected a failure")
            return
        }
        #expect(sentence.hasPrefix("the stubbed JSON answer could not be encoded"))
    }

    @Test func okTextIsUTF8() {
        guard case .respond(200, _, let body) = StubResponse.ok("héllo") else {
            Issue.record("expected a 200")
            return
        }
        #expect(body == Data("héllo".utf8))
    }
}
