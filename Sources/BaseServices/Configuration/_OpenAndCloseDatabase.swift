public import Domain
public import SQLiteProvider

/// Opens the database file at `path` the way ``configureBaseServices(_:)`` does (the same checks,
/// migrations and welcome list for a new file), then closes it again, leaving the shared services
/// unconfigured. The fuzzing harness calls it thousands of times in one process.
///
/// - Returns: whether the file was created.
/// - Throws: ``DatabaseError`` for every file that cannot be used, as ``configureBaseServices(_:)``.
@_spi(Fuzzing)
@discardableResult
public func _openAndCloseDatabase(atPath path: String, environment: AppEnvironment) throws(DatabaseError) -> Bool {
    let configuration = BaseServicesConfiguration(database: .file(path), environment: environment)
    let (context, report) = try BaseServicesRegistry.open(configuration)
    context.database.close()
    return report.wasCreated
}
