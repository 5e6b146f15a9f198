import Streams
public import StreamsTesting

/// The marble parser's promises for one diagram.
public enum MarbleCheck {
    /// The first byte chooses the kind of diagram, the rest is its text. A mistake must name a
    /// column inside the text (or just after it); a diagram that parses must draw back to a
    /// diagram with the same events (or the same subscription).
    public static func check(_ input: [UInt8]) {
        guard let selector = input.first else { return }
        let text = String(decoding: input.dropFirst(), as: UTF8.self)
        let kinds: [MarbleDiagram.Kind] = [.events, .hot, .subscription]
        check(text, kind: kinds[Int(selector) % kinds.count])
    }

    /// Checks one diagram of one kind.
    public static func check(_ text: String, kind: MarbleDiagram.Kind) {
        let diagram: MarbleDiagram
        do {
            diagram = try MarbleDiagram(text, kind: kind)
        } catch {
            guard (1...(text.unicodeScalars.count + 1)).contains(error.column), !error.description.isEmpty else {
                violation("error at column \(error.column) for \(text.debugDescription): \(error.message)")
            }
            return
        }
        switch kind {
        case .subscription:
            guard let subscription = try? diagram.subscription() else { return }
            let drawn = MarbleDiagram.render(subscription)
            let again = Result { () throws(MarbleSyntaxError) in
                try MarbleDiagram(drawn, kind: .subscription).subscription()
            }
            guard case .success(subscription) = again else {
                violation("\(text.debugDescription) drew as \(drawn.debugDescription), which reads as \(again)")
            }
        case .events, .hot:
            checkEvents(diagram, kind: kind)
        }
    }

    private static func checkEvents(_ diagram: MarbleDiagram, kind: MarbleDiagram.Kind) {
        var keys: [String] = []
        var names: [String] = []
        for token in diagram.tokens {
            switch token.marble {
            case .value(let key): keys.append(key)
            case .error(let name?): names.append(name)
            default: break
            }
        }
        let values = Dictionary(keys.map { ($0, $0) }, uniquingKeysWith: { first, _ in first })
        let errors = Dictionary(names.map { ($0, TestError($0) as any Error) }, uniquingKeysWith: { first, _ in first })
        let events: [Recorded<Event<String>>]
        do {
            events = try diagram.events(values: values, errors: errors)
        } catch {
            violation("\(diagram.text.debugDescription) has a key missing from its own keys: \(error.message)")
        }
        let drawn = MarbleDiagram.render(events, values: values, errors: errors)
        let again = Result { () throws(MarbleSyntaxError) in
            try MarbleDiagram(drawn, kind: kind).events(values: values, errors: errors)
        }
        guard case .success(events) = again else {
            violation("\(diagram.text.debugDescription) drew as \(drawn.debugDescription), which reads as \(again)")
        }
    }
}
