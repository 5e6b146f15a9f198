/// The app's version, as `rivulet --version` prints it and as its requests name it to servers.
public enum AppVersion {
    /// The version number.
    public static let number = "0.1.0"

    /// The `User-Agent` of the app's requests: `Rivulet/0.1.0`, so that a server's operator can
    /// tell the app and its version apart from other clients.
    public static let userAgent = "Rivulet/\(number)"
}
