import Foundation

/// A process's memory as Linux reports it in `/proc/PID/status`.
struct ProcessMemory: Sendable, CustomStringConvertible {
    /// The resident set now, in KiB (`VmRSS`).
    let residentKiB: Int
    /// The peak resident set so far, in KiB (`VmHWM`).
    let peakResidentKiB: Int

    /// The memory of process `pid`, or nil when it is gone (or is a zombie, which has none).
    static func of(_ pid: pid_t) -> ProcessMemory? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else {
                return nil
            }
            return line.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.first
        }
        guard let resident = field("VmRSS"), let peak = field("VmHWM") else { return nil }
        return ProcessMemory(residentKiB: resident, peakResidentKiB: peak)
    }

    var description: String {
        "RSS \(Self.megabytes(residentKiB)) (peak \(Self.megabytes(peakResidentKiB)))"
    }

    static func megabytes(_ kibibytes: Int) -> String {
        String(format: "%.1f MB", Double(kibibytes) / 1024)
    }
}
