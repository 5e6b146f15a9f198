import Domain
import Testing

@Test func anExpressionReadsEveryTermAndWritesItBackTheSame() throws {
    let text = #"unread title~rust text~"world cup" feed:3 tag:Tech/Rust -tag:old -read"#
    let expression = try FeedItemExpression.parse(text)
    #expect(
        expression.conditions == [
            .init(.isUnread(true)), .init(.titleContains("rust")), .init(.textContains("world cup")), .init(.feed(3)),
            .init(.tag("Tech/Rust")), .init(.tag("old"), isNegated: true), .init(.isUnread(false), isNegated: true),
        ])
    #expect(expression.description == text)
    #expect(try FeedItemExpression.parse(expression.description) == expression)
    #expect(expression.testsReadState)
    #expect(try !FeedItemExpression.parse("title~x").testsReadState)
}

@Test func aBadExpressionGetsOneSentenceNamingTheBadPart() {
    let cases = [
        (
            "unread titel~rust",
            "'titel~rust' is not a term: use unread, read, title~WORD, text~WORD, feed:ID or tag:NAME"
        ),
        ("title~", "'title~' needs a word after '~'"),
        ("feed:-2", "'feed:-2': a feed ID is a positive whole number"),
        ("tag:", "'tag:' needs a tag name after 'tag:'"),
        (#"title~"rain"#, #"the quote in 'title~"rain' is never closed"#),
        ("   ", "the expression is empty: write terms such as unread, title~WORD, text~WORD, feed:ID or tag:NAME"),
    ]
    for (text, message) in cases {
        #expect(throws: FeedItemExpressionError(message), "\(text)") { try FeedItemExpression.parse(text) }
        #expect(!message.contains("\n"))
    }
}
