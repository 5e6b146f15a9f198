import Foundation

/// A one-paragraph description of the machine, for the table's heading.
func machineDescription() -> String {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let cpu =
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    let os =
        (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }?
        .dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) ?? "unknown OS"
    #if compiler(>=6.4)
        let swift = "6.4 or later"
    #elseif compiler(>=6.3)
        let swift = "6.3"
    #else
        let swift = "before 6.3"
    #endif
    return "machine: \(cores) cores (nproc), \(cpu), \(os), Swift \(swift), release build"
}
