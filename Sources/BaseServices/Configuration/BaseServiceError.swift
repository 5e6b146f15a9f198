public import SQLiteProvider

/// Why a base service's operation failed: the provider's typed error, under the name the
/// layers above use, so they need not import the provider.
public typealias BaseServiceError = DatabaseError
