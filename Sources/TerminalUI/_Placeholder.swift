/// Keeps the target non-empty until its sources land.
public enum _Placeholder {}
