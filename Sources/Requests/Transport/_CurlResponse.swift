#if !canImport(Darwin)
    import Foundation

    /// The heads of one hop's answer, read line by line from libcurl's header callback, with what
    /// a server may send there bounded: a head of 64 KB, 8 interim answers, trailer fields
    /// counted against the body's limit.
    struct _CurlResponse {
        /// What a line did.
        enum Step {
            /// More lines follow.
            case more
            /// The final answer's head is complete.
            case finalHead
            /// The answer breaks a bound.
            case failed(RequestError.Reason)
        }

        /// The status of the head being read, or of the final answer.
        private(set) var status = 0
        /// The header fields, each once, as the server named it; repeated ones joined with ", ".
        private(set) var fields: [String: String] = [:]
        /// The `Location` of a final answer that redirects.
        private(set) var redirect: String?
        /// Why the hop failed, when a callback stopped it.
        var failure: RequestError.Reason?
        /// The bytes of a redirect's body, dropped.
        var droppedBytes = 0
        private var headBytes = 0
        private var interimAnswers = 0
        private var hasFinalHead = false
        private var trailerBytes = 0

        /// Takes one line, its line break included.
        mutating func take(line bytes: UnsafeRawBufferPointer, limit: Int) -> Step {
            if hasFinalHead {
                trailerBytes += bytes.count
                return trailerBytes > limit ? .failed(.bodyTooLarge(limit: limit)) : .more
            }
            headBytes += bytes.count
            if headBytes > _CurlTransfer.longestHead {
                return .failed(
                    .transport("the server's answer has headers longer than 64 KB; check the address"))
            }
            var line = Substring(String(decoding: bytes, as: UTF8.self))
            while line.last == "\n" || line.last == "\r" || line.last == "\r\n" { line.removeLast() }
            if line.hasPrefix("HTTP/") {
                let parts = line.split(separator: " ", maxSplits: 2)
                status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
                fields = [:]
                return .more
            }
            if line.isEmpty { return endOfHead() }
            guard let colon = line.firstIndex(of: ":") else { return .more }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if let existing = fields.keys.first(where: { $0.lowercased() == name.lowercased() }) {
                fields[existing] = fields[existing].map { "\($0), \(value)" } ?? value
            } else {
                fields[name] = value
            }
            return .more
        }

        private mutating func endOfHead() -> Step {
            headBytes = 0
            if (100..<200).contains(status), status != 101 {
                interimAnswers += 1
                if interimAnswers > Self.mostInterimAnswers {
                    return .failed(
                        .transport(
                            "the server sent more than \(Self.mostInterimAnswers) interim answers and no final one; "
                                + "check the address"))
                }
                return .more
            }
            hasFinalHead = true
            if [301, 302, 303, 307, 308].contains(status) {
                redirect = fields.first { $0.key.lowercased() == "location" }?.value
            }
            return .finalHead
        }

        private static var mostInterimAnswers: Int { _CurlTransfer.mostInterimAnswers }
    }
#endif
