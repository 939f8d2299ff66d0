"""The plugin host: entry points, the plugin manager, the registry of contributions, clashes, content folders."""
