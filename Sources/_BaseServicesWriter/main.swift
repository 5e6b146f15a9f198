// A test-only child process for the base services' cross-process and crash tests. It writes
// through the public API and prints a line for each write only after the write committed.
//
//     _BaseServicesWriter insert PATH TITLE    one todo, then exit
//     _BaseServicesWriter loop PATH            todos "write 1", "write 2", ... until killed
import BaseServices
import Foundation
import SQLiteProvider
import Streams

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

/// Writes a line straight to the standard output (unbuffered), so a line printed is a line sent.
func acknowledge(_ todo: TodoObject) {
    FileHandle.standardOutput.write(Data("ack \(todo.id) \(todo.title)\n".utf8))
}

func create(_ title: String) -> TodoObject {
    let outcome = SanitizerVisibleMutex<Result<TodoObject, DatabaseError>?>(nil)
    _ = TodosBaseService.shared.create(title: title, notes: "", due: nil).subscribe(onNext: { result in
        outcome.withLock { $0 = result }
    })
    switch outcome.withLock({ $0 }) {
    case .success(let todo): return todo
    case .failure(let error): fail("write failed: \(error)")
    case nil: fail("write sent nothing")
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: _BaseServicesWriter insert PATH TITLE | loop PATH") }
do {
    try configureBaseServices(BaseServicesConfiguration(database: .file(arguments[2]), environment: .production))
} catch {
    fail("cannot open: \(error)")
}
switch arguments[1] {
case "insert" where arguments.count == 4:
    acknowledge(create(arguments[3]))
case "loop":
    var index = 1
    while true {
        acknowledge(create("write \(index)"))
        index += 1
    }
default:
    fail("unknown command \(arguments[1])")
}
