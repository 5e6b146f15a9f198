/// Starts the services: configures the base services once, shapes the data as the
/// configuration asks, and returns the builders of every scene's service.
public enum ServicesBootstrap {}
