import SQLiteProvider
import Testing

@Suite struct SQLTests {
    @Test func interpolatedValuesBecomeBoundParameters() {
        let name = "Robert'); DROP TABLE habit;--"
        let sql: SQL = "INSERT INTO habit (name, streak) VALUES (\(name), \(3))"
        #expect(sql.text == "INSERT INTO habit (name, streak) VALUES (?, ?)")
        #expect(sql.arguments == [.text(name), .integer(3)])
    }

    @Test func anOptionalWithoutValueBindsNull() {
        let due: Int64? = nil
        let sql: SQL = "UPDATE habit SET due = \(due)"
        #expect(sql.text == "UPDATE habit SET due = ?")
        #expect(sql.arguments == [.null])
    }

    @Test func fragmentsComposeWithTheirValues() {
        let filter: SQL = " WHERE streak > \(2)"
        let sql: SQL = "SELECT name FROM habit\(filter) LIMIT \(10)"
        #expect(sql.text == "SELECT name FROM habit WHERE streak > ? LIMIT ?")
        #expect(sql.arguments == [.integer(2), .integer(10)])
        #expect((SQL("SELECT 1") + filter).arguments == [.integer(2)])
    }

    @Test func identifiersAreQuotedNotBound() {
        let sql: SQL = "SELECT * FROM \(identifier: "odd \"name\"")"
        #expect(sql.text == "SELECT * FROM \"odd \"\"name\"\"\"")
        #expect(sql.arguments.isEmpty)
    }
}
