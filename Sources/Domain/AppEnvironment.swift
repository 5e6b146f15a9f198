/// Which world the app runs in, as `--environment` names it: the composition root, the command
/// line and the base services all read this one type.
public enum AppEnvironment: String, Sendable, Hashable, CaseIterable {
    /// The real database, every commit synced to disk.
    case production
    /// The real database, synced at checkpoints only (a process crash loses nothing; a power
    /// loss may lose the latest commits).
    case development
    /// A private in-memory database filled with fixtures, whatever the location says.
    case fake
}
