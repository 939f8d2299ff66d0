"""A plugin that cannot be imported: the host must skip it with one warning."""

import lifepath_module_that_does_not_exist  # noqa: F401
